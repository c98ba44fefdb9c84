import type { CollectionEntry } from 'astro:content';
import { fromPrice, packagesFromCity, tierOffer, type PackageFacts } from '@/lib/catalogue';
import { factText } from '@/lib/fact-lookup';
import { nightsRangeLabel } from '@/lib/format';

/** The home page's city cards: featured cities with their package count and lowest price. */
export function cityHighlights(
  cities: readonly CollectionEntry<'cities'>[],
  packages: readonly CollectionEntry<'packages'>[],
) {
  return cities
    .filter((city) => city.data.featuredOnHome)
    .map((city) => {
      const fromCity = packagesFromCity(packages, city.id);
      return { city, fromPrice: fromPrice(fromCity), count: fromCity.length };
    });
}

/** A tier as the home page shows it, with its "from" price and nights read from its packages. */
export interface TierSummary {
  id: string;
  data: CollectionEntry<'tiers'>['data'];
  fromPrice: number;
  nights: string;
  /** The shortest and longest stay, for pages that write "nights" in another language. */
  minNights: number;
  maxNights: number;
  /** The tier's airport transfers, from the facts settings (`transfers.<tier>`). */
  transfers: string;
}

/**
 * The tiers in their order, each priced from the catalogue, so the home cards and the comparison
 * table cannot disagree. A tier without packages fails the build.
 */
export function tierSummaries(
  tiers: readonly Pick<CollectionEntry<'tiers'>, 'id' | 'data'>[],
  packages: readonly PackageFacts[],
): TierSummary[] {
  return [...tiers]
    .sort((a, b) => a.data.order - b.data.order)
    .map((tier) => {
      const offer = tierOffer(packages, tier.id);
      if (!offer) throw new Error(`src/content/tiers/${tier.id}.yaml: no package has "tier: ${tier.id}"`);
      const transfers = factText(`transfers.${tier.id}`);
      if (!transfers)
        throw new Error(`src/content/tiers/${tier.id}.yaml: no fact transfers.${tier.id} in src/lib/facts.ts`);
      return {
        id: tier.id,
        data: tier.data,
        fromPrice: offer.fromPrice,
        nights: nightsRangeLabel(offer.minNights, offer.maxNights),
        minNights: offer.minNights,
        maxNights: offer.maxNights,
        transfers,
      };
    });
}

/** One holiday trip per country, the cheapest, in the tab order of the holidays page. */
export function holidayHighlights(holidays: readonly CollectionEntry<'holidays'>[]) {
  return (['turkey', 'jordan', 'uae', 'egypt'] as const).flatMap((country) => {
    const trips = holidays.filter((trip) => trip.data.country === country).sort((a, b) => a.data.price - b.data.price);
    return trips.slice(0, 1);
  });
}

/** The six guides the home page features, as the current site does. */
export const HOME_GUIDE_IDS = [
  'complete-umrah-guide-step-by-step',
  'what-to-pack-for-umrah-checklist-2024',
  'umrah-visa-requirements-us-citizens-2024',
  'best-time-to-perform-umrah-seasonal-guide',
  'makkah-madinah-hotels-accommodation-guide',
  'umrah-for-families-guide-with-children',
] as const;
