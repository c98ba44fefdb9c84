import type { CollectionEntry } from 'astro:content';
import { fromPrice, packagesFromCity } from '@/lib/catalogue';

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
