import type { FactsInput, Season, SeasonName } from './facts-schema.ts';

/** Said after every expected date. */
export const seasonNote = 'expected, subject to moon sighting and Saudi announcements';

/**
 * The coming seasons, with Gregorian dates computed from the Hijri calendar (Umm al-Qura
 * approximation): pages, titles and the Hajj form read them, so the next season is one edit here.
 * Validated with the other facts in `facts.ts`; this file stays free of zod for the form's script.
 */
/** Eid al-Fitr 1448 (1 Shawwal): Ramadan's end and, on the 1447 pattern, the last day Umrah visas are issued. */
const eidAlFitr = { from: '2027-03-09', to: '2027-03-10' };

export const seasons = {
  // Hajj 1448: 8-13 Dhul Hijjah; Umm al-Qura approximation, sighting may move it a day.
  hajj: {
    name: 'Hajj',
    hijriYear: 1448,
    hijriDays: '8-13 Dhul Hijjah',
    start: '2027-05-14',
    end: '2027-05-19',
    days: { arafah: { from: '2027-05-15' }, eid: { from: '2027-05-16' } },
  },
  // Ramadan 1448: the month, its last ten nights and Eid al-Fitr.
  ramadan: {
    name: 'Ramadan',
    hijriYear: 1448,
    // 29 or 30 days: it ends the day before Eid (8 March if Eid is on the 9th).
    start: '2027-02-08',
    end: '2027-03-08',
    days: { lastTenNights: { from: '2027-02-27' }, eid: eidAlFitr },
  },
  // The pre-Hajj pause of Umrah visas, on the 1447 pattern: visas issued until 1 Shawwal, last entry
  // 15 Shawwal, departure by 1 Dhul Qa'dah, reopening after Hajj.
  umrahPause: {
    name: 'the pre-Hajj pause of Umrah visas',
    hijriYear: 1448,
    start: '2027-03-24',
    end: '2027-05-21',
    days: {
      lastIssue: eidAlFitr,
      lastEntry: { from: '2027-03-23', to: '2027-03-24' },
      departBy: { from: '2027-04-07', to: '2027-04-08' },
      reopens: { from: '2027-05-21' },
    },
  },
} satisfies FactsInput['seasons'];

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** Day, month name and year of an ISO day, read in UTC so no zone moves it. */
function longDay(iso: string): { day: number; month: string; year: number } {
  const date = new Date(`${iso}T00:00:00Z`);
  return { day: date.getUTCDate(), month: monthName.format(date), year: date.getUTCFullYear() };
}

/** "14–19 May 2027", "27 February – 9 March 2027" or "15 May 2027". */
export function formatDayRange(from: string, to?: string): string {
  const a = longDay(from);
  if (!to || to === from) return `${a.day} ${a.month} ${a.year}`;
  const b = longDay(to);
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  return `${a.day}–${b.day} ${b.month} ${b.year}`;
}

/** The text one view of a season prints, or undefined for an unknown view. */
function seasonView(season: Season, show: string): string | undefined {
  const year = season.start.slice(0, 4);
  switch (show) {
    case 'label':
      return `${season.name} ${year} (${season.hijriYear} AH)`;
    case 'year':
      return year;
    case 'hijri':
      return `${season.hijriYear} AH`;
    case 'hijriYear':
      return String(season.hijriYear);
    case 'hijriDays':
      return season.hijriDays;
    case 'dates':
      return `about ${formatDayRange(season.start, season.end)}`;
    case 'note':
      return seasonNote;
  }
  const day = (season.days as Season['days'])[show];
  return day && `about ${formatDayRange(day.from, day.to)}`;
}

/** A season's text (`seasonText('hajj', 'year')` is "2027"), or undefined when either name is unknown. */
export function seasonText(name: string, show: string): string | undefined {
  if (!Object.hasOwn(seasons, name)) return undefined;
  return seasonView(seasons[name as SeasonName] as Season, show);
}

/** Every season whose expected dates ended before `today`, for the content check's reminder. */
export function pastSeasons(today: Date): { name: string; end: string }[] {
  const day = today.toISOString().slice(0, 10);
  return Object.entries(seasons)
    .filter(([, season]) => season.end < day)
    .map(([name, season]) => ({ name, end: season.end }));
}
