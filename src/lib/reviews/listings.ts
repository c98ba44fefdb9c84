/**
 * Which listing pages show a package's published reviews in their average, and what a listing's
 * packages add up to. Said once here: the internal route that draws a listing's part reads it to
 * pick the listing's packages, and the package's route to tell the refresh which listings to draw again.
 */
import { cityUrl } from '../urls.ts';

/** The tier listings by catalogue category. Hajj is set and paid on Nusuk, never booked with us: no reviews. */
const TIER_PAGES: Readonly<Record<string, string>> = {
  umrah: '/umrah-packages',
  ramadan: '/ramadan-umrah',
  december: '/december-umrah',
  'without-flight': '/umrah-without-flight',
};

/** The listing pages (their paths) whose average a package's published reviews count in: its tier's and its city's (a city package has only its city's). */
export function listingPagesOf(entry: { data: { category?: string; city?: { id: string } | undefined } }): string[] {
  const tier = entry.data.category === undefined ? undefined : TIER_PAGES[entry.data.category];
  return [...(tier ? [tier] : []), ...(entry.data.city ? [cityUrl(entry.data.city.id)] : [])];
}

/** A listing's reviews: how many, and the average of every rating among them (so weighted by each package's count); null when none. */
export function listingRating(ratings: readonly number[]): { count: number; average: number } | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return { count: ratings.length, average: Math.round((sum / ratings.length) * 10) / 10 };
}
