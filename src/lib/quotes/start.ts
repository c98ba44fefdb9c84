/**
 * Where a new quote starts: the enquiry's package, any catalogue package or holiday trip, or nothing.
 * A package gives the hotels (as "or similar"), what is included, the departure airport and the
 * length of the trip; staff type the prices, which the catalogue does not hold by room sharing.
 *
 * Hajj packages are never a start: a Hajj package is chosen and paid only on Nusuk Hajj, and the
 * terms ("Deposits and installment plans") exclude Hajj from deposits and instalments.
 */
import { isCalendarDay } from '../dates.ts';
import { PACKAGE_ID_FIELD, PACKAGE_NAME_FIELD } from '../forms/constants.ts';
import { addDays } from '../agency-time.ts';
import { defaultValidUntil } from './schedule.ts';
import { withBlankRows, type QuoteForm } from './editor-form.ts';

interface Stay {
  nights: number;
  hotel: string;
}

/** The fields of a catalogue entry a start reads: an Umrah or Hajj package, or a holiday trip. */
export type CatalogueStartEntry =
  | {
      id: string;
      data: {
        title: string;
        category: string;
        nights: number;
        price: number;
        bookedOn?: string | undefined;
        makkah: Stay;
        madinah?: Stay | undefined;
        inclusions: string[];
        departureAirport?: string | undefined;
      };
    }
  | { id: string; data: { title: string; days: number; price: number; inclusions: string[] } };

/** A catalogue package as a quote may start from it. */
export interface PackageStart {
  slug: string;
  title: string;
  /** Chosen and paid only on Nusuk Hajj: never offered as a start. */
  hajj: boolean;
  nights: number;
  hotels: { city: 'makkah' | 'madinah'; name: string; nights: number }[];
  inclusions: string[];
  /** The three-letter code of the airport it flies from, '' when it names none. */
  airport: string;
  landOnly: boolean;
  /** The catalogue's "from" price per person in dollars, shown beside the prices staff type. */
  priceFrom: number;
}

/** What a quote takes from a catalogue entry. */
export function packageStartOf(entry: CatalogueStartEntry): PackageStart {
  const { data } = entry;
  const base = { slug: entry.id, title: data.title, inclusions: [...data.inclusions], priceFrom: data.price };
  if (!('category' in data)) {
    // A holiday trip of N days has N - 1 nights and no stay in Makkah or Madinah.
    return { ...base, hajj: false, nights: Math.max(1, data.days - 1), hotels: [], airport: '', landOnly: false };
  }
  const stays = [
    { city: 'makkah' as const, stay: data.makkah },
    { city: 'madinah' as const, stay: data.madinah },
  ].flatMap(({ city, stay }) => (stay && stay.nights > 0 ? [{ city, name: stay.hotel, nights: stay.nights }] : []));
  return {
    ...base,
    hajj: data.bookedOn === 'nusuk-hajj' || data.category.startsWith('hajj'),
    nights: data.nights,
    hotels: stays,
    airport: /\(([A-Z]{3})\)\s*$/.exec(data.departureAirport ?? '')?.[1] ?? '',
    landOnly: data.category === 'without-flight',
  };
}

/** The catalogue package an enquiry was sent about: the booking form's `package_id`, else a `package_name` that is a title. */
export function leadPackageSlug(
  fields: Readonly<Record<string, string>>,
  starts: readonly PackageStart[],
): string | undefined {
  const id = fields[PACKAGE_ID_FIELD]?.trim();
  const name = fields[PACKAGE_NAME_FIELD]?.trim();
  return (
    starts.find((start) => id !== undefined && start.slug === id)?.slug ??
    starts.find((start) => name !== undefined && name !== '' && start.title === name)?.slug
  );
}

export interface StartChoice {
  /** What the new quote starts from; null for an empty quote. */
  start: PackageStart | null;
  /** A Hajj package asked for, or the enquiry's, that the page says it cannot quote. */
  hajj: PackageStart | undefined;
}

/** The start staff asked for (`?from=<slug>` or `none`), else the enquiry's package; a Hajj package starts an empty quote and is named. */
export function chooseStart(
  starts: readonly PackageStart[],
  asked: string | null,
  leadSlug: string | undefined,
): StartChoice {
  if (asked === 'none') return { start: null, hajj: undefined };
  const found = starts.find((start) => start.slug === (asked ?? leadSlug));
  if (!found) return { start: null, hajj: undefined };
  return found.hajj ? { start: null, hajj: found } : { start: found, hajj: undefined };
}

/** The editor's fields for a new quote: the package's parts, the enquiry's travel date if still ahead, valid until from the setting. */
export function startingForm(
  start: PackageStart | null,
  context: { today: string; validForDays: number; travelDate: string },
): QuoteForm {
  const departureOn = isCalendarDay(context.travelDate) && context.travelDate > context.today ? context.travelDate : '';
  const validUntil = departureOn
    ? defaultValidUntil(context.today, context.validForDays, departureOn)
    : addDays(context.today, context.validForDays);
  return withBlankRows({
    packageSlug: start?.slug ?? '',
    departureOn,
    returnOn: departureOn && start ? addDays(departureOn, start.nights) : '',
    airport: start?.airport ?? '',
    landOnly: start?.landOnly ?? false,
    hotels: (start?.hotels ?? []).map((hotel) => ({ ...hotel, nights: String(hotel.nights), confirmed: false })),
    lines: [],
    discountLabel: '',
    discountAmount: '',
    included: (start?.inclusions ?? []).join('\n'),
    note: '',
    validUntil,
    schedule: [],
    payerState: '',
  });
}
