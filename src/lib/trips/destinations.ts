/**
 * Where a booked trip goes, for its checklist: a stay in Saudi Arabia, a holiday country, or both.
 * The scheduled reminders run in plain Node, where the catalogue's content collections cannot be
 * read, so the holiday trips' countries are listed here by catalogue id; a unit test holds this list
 * to every file in src/content/holidays, so a trip added there without its country here fails.
 */
import type { HolidayCountry } from './checklist.ts';
import { tripSpeech, type TripSpeech } from './speech.ts';

/** Each catalogue holiday trip (its file name) and its country, as src/content/holidays says. */
export const HOLIDAY_TRIP_COUNTRIES: Readonly<Record<string, HolidayCountry>> = {
  'amman-3-days-package': 'jordan',
  'amman-petra-5-days-package': 'jordan',
  'amman-petra-wadi-rum-aqaba-7-days-package': 'jordan',
  'cairo-4-days-package': 'egypt',
  'cairo-giza-2-days-package': 'egypt',
  'cairo-giza-3-day-package': 'egypt',
  'cappadocia-3-day-package': 'turkey',
  'dubai-3-days-package': 'uae',
  'dubai-sharjah-5-days-package': 'uae',
  'dubai-sharjah-abu-dhabi-7-days-package': 'uae',
  'istanbul-3-days-package': 'turkey',
  'istanbul-5-days-package': 'turkey',
  'istanbul-cappadocia-6-day-package': 'turkey',
};

/** The quote's draft as far as where it goes: the catalogue entry it started from and its Saudi hotels. */
export interface DraftPlace {
  packageSlug?: string | null | undefined;
  hotels?: readonly unknown[] | undefined;
}

/**
 * Where a quote's trip goes: a holiday trip's country, and whether it stays in Saudi Arabia (every
 * trip that is not a holiday, and a holiday to which staff added a Makkah or Madinah hotel).
 */
export function tripPlace(draft: DraftPlace): { holiday: HolidayCountry | null; saudi: boolean } {
  const slug = draft.packageSlug ?? '';
  const holiday = Object.hasOwn(HOLIDAY_TRIP_COUNTRIES, slug) ? HOLIDAY_TRIP_COUNTRIES[slug]! : null;
  return { holiday, saudi: holiday === null || (draft.hotels?.length ?? 0) > 0 };
}

const COUNTRY_NAMES: Record<HolidayCountry, string> = {
  turkey: 'Turkey',
  jordan: 'Jordan',
  uae: 'the UAE',
  egypt: 'Egypt',
};

/** The country's name in a sentence: "Turkey", "the UAE". */
export function countryName(country: HolidayCountry): string {
  return COUNTRY_NAMES[country];
}

/** What the trip is, in words for its emails and calendar: "Umrah trip", "Holiday in Egypt", "Holiday in Jordan and Umrah". */
export function tripName(
  trip: { holiday: HolidayCountry | null; saudi: boolean },
  say: TripSpeech = tripSpeech('en'),
): string {
  if (!trip.holiday) return say.words.umrahTrip;
  return trip.saudi ? say.words.holidayAndUmrah(trip.holiday) : say.words.holidayIn(trip.holiday);
}
