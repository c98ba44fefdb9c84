import type { CollectionEntry } from 'astro:content';
import { daysLabel, nightsLabel } from '@/lib/format';

export type CatalogueEntry = CollectionEntry<'packages'> | CollectionEntry<'holidays'>;

/** A fact row on a package page: "Makkah" -> "4 nights · 4-star hotel in Ajyad or similar". */
export interface Fact {
  label: string;
  value: string;
}

/** True for holiday trips, which count days and have no Makkah or Madinah stay. */
export function isHoliday(entry: CatalogueEntry): entry is CollectionEntry<'holidays'> {
  return entry.collection === 'holidays';
}

/** Schema.org serviceType for the package's kind. */
export function serviceType(entry: CatalogueEntry): string {
  if (isHoliday(entry)) return 'Islamic Holiday Package';
  return entry.data.category.startsWith('hajj') ? 'Hajj Package' : 'Umrah Package';
}

/** A hotel as the catalogue describes it: never a promise of that exact hotel. */
export function hotelLabel(hotel: string): string {
  return `${hotel} or similar`;
}

/** A distance band as a pilgrim reads it: "400 - 800 m from the mosque" or "next to the mosque". */
export function distanceLabel(band: string): string {
  return band === 'adjacent' ? 'next to the mosque' : `${band} from the mosque`;
}

/** The facts table of a package page, in the order a pilgrim compares them. */
export function packageFacts(entry: CatalogueEntry): Fact[] {
  if (isHoliday(entry)) {
    return [{ label: 'Duration', value: daysLabel(entry.data.days) }];
  }
  const { data } = entry;
  const stay = (place: { nights: number; hotel: string; distance: string }) =>
    `${nightsLabel(place.nights)} · ${hotelLabel(place.hotel)}, ${distanceLabel(place.distance)}`;
  return [
    { label: 'Duration', value: nightsLabel(data.nights) },
    { label: 'Hotels', value: `${data.stars} star${data.deluxe ? ', deluxe' : ''}` },
    { label: 'Makkah', value: stay(data.makkah) },
    ...(data.madinah ? [{ label: 'Madinah', value: stay(data.madinah) }] : []),
    ...(data.departureAirport ? [{ label: 'Departs from', value: data.departureAirport }] : []),
    ...(data.groupSize ? [{ label: 'Group size', value: data.groupSize }] : []),
  ];
}

const LISTINGS: Record<string, { name: string; path: string }> = {
  umrah: { name: 'Umrah Packages', path: '/umrah-packages' },
  ramadan: { name: 'Ramadan Umrah', path: '/ramadan-umrah' },
  december: { name: 'December Umrah', path: '/december-umrah' },
  'without-flight': { name: 'Umrah Without Flight', path: '/umrah-without-flight' },
  'hajj-shifting': { name: 'Shifting Hajj', path: '/shifting-hajj' },
  'hajj-non-shifting': { name: 'Non-Shifting Hajj', path: '/non-shifting-hajj' },
  holiday: { name: 'Islamic Holidays', path: '/islamic-holidays' },
};

/** The listing page a package belongs to, for its breadcrumb (city packages: their city page). */
export function parentListing(entry: CatalogueEntry, cityName?: string): { name: string; path: string } {
  if (isHoliday(entry)) return LISTINGS['holiday']!;
  if (entry.data.category === 'city' && entry.data.city && cityName) {
    return { name: `${cityName} Umrah Packages`, path: `/${entry.data.city.id}-umrah` };
  }
  return LISTINGS[entry.data.category] ?? LISTINGS['umrah']!;
}

/** The one line under a package's title: "per person · 7 Nights · 5 star". */
export function summaryLine(entry: CatalogueEntry): string {
  if (isHoliday(entry)) return `per person · ${daysLabel(entry.data.days)}`;
  return `${priceUnit(entry.data.bookedOn)} · ${nightsLabel(entry.data.nights)} · ${entry.data.stars} star${entry.data.deluxe ? ' deluxe' : ''}`;
}

/** The unit after a price: ours "per person", or indicative and paid on Nusuk Hajj, so no Hajj price reads as ours. */
export function priceUnit(bookedOn: 'nusuk-hajj' | undefined): string {
  return bookedOn === 'nusuk-hajj' ? 'per person, indicative: set and paid on Nusuk Hajj' : 'per person';
}
