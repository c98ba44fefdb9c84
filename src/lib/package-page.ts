import type { CollectionEntry } from 'astro:content';
import { facts } from '@/lib/facts';
import { daysLabel, nightsLabel } from '@/lib/format';
import type { FormId } from '@/lib/forms/definitions';
import type { PackageOffer } from '@/lib/json-ld';
import type { PublishedReview } from '@/lib/reviews/summary';
import { seasons } from '@/lib/seasons';
import { packageUrl } from '@/lib/urls';

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
    { label: 'Duration', value: durationText(data) },
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
  return `${priceUnit(entry.data.bookedOn)} · ${durationText(entry.data)} · ${entry.data.stars} star${entry.data.deluxe ? ' deluxe' : ''}`;
}

/**
 * The unit after a price: ours "per person"; a Hajj figure says what it is (our former list price,
 * which no one paid on Nusuk Hajj) and how Nusuk Hajj prices relate to it, from the two facts.
 */
export function priceUnit(bookedOn: 'nusuk-hajj' | undefined): string {
  if (bookedOn !== 'nusuk-hajj') return 'per person';
  const { indicativePrices, nusukPrices } = facts.hajj;
  return `per person, ${indicativePrices.label}; ${nusukPrices.text}, and the ${seasons.hajj.hijriYear} AH price is set and paid on Nusuk Hajj`;
}

/** "7 Nights", or the package's own description of a stay the nights alone would hide ("Aziziyah, then 4 Nights"). */
export function durationText(data: { nights: number; durationNote?: string | undefined }): string {
  return data.durationNote ? `${data.durationNote}, then ${nightsLabel(data.nights)}` : nightsLabel(data.nights);
}

/**
 * The enquiry form a package page carries: a Hajj package asks for interest in the coming season
 * through its Hajj page's form (Hajj is booked only on Nusuk Hajj); every other package, the booking form.
 */
export function packageFormId(category: string): FormId {
  if (category === 'hajj-shifting') return 'shifting-hajj';
  if (category === 'hajj-non-shifting') return 'non-shifting-hajj';
  return 'booking';
}

/**
 * The package's Service block as its built page and the server's later drawing of it both state it,
 * with the published reviews the page shows in full.
 */
export function packageOfferOf(entry: CatalogueEntry, reviews: readonly PublishedReview[] = []): PackageOffer {
  return {
    name: entry.data.title,
    description: entry.data.description,
    path: packageUrl(entry.id),
    price: entry.data.price,
    image: entry.data.images[0]!.src.src,
    serviceType: serviceType(entry),
    bookedOn: entry.collection === 'packages' ? entry.data.bookedOn : undefined,
    reviews,
  };
}

/** Each package's and holiday trip's title by its slug, for a review's "on <package>" line. */
export function packageTitles(entries: readonly CatalogueEntry[]): Map<string, string> {
  return new Map(entries.map((entry) => [entry.id, entry.data.title]));
}

/** Reviews come only from trips booked with us: a package chosen and paid on Nusuk Hajj never has any. */
export function takesReviews(entry: CatalogueEntry): boolean {
  return isHoliday(entry) || !entry.data.bookedOn;
}
