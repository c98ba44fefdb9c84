/**
 * Plain functions over catalogue entries: sorting, grouping, "from" prices and related
 * packages. They take the entries as arguments, so unit tests run them without Astro.
 */

export interface PackageFacts {
  id: string;
  data: {
    category: string;
    stars: 3 | 4 | 5;
    nights: number;
    deluxe: boolean;
    price: number;
    city?: { id: string } | undefined;
    tier?: string | undefined;
    ashra?: boolean | undefined;
  };
}

/** Listing order: star rating, then nights, the deluxe version after the standard one. */
export function sortPackages<T extends PackageFacts>(packages: readonly T[]): T[] {
  return [...packages].sort(
    (a, b) =>
      a.data.stars - b.data.stars ||
      a.data.nights - b.data.nights ||
      Number(a.data.deluxe) - Number(b.data.deluxe) ||
      a.data.price - b.data.price,
  );
}

/** The lowest price among some packages: the honest "from" figure. Undefined for none. */
export function fromPrice(packages: readonly { data: { price: number } }[]): number | undefined {
  return packages.length ? Math.min(...packages.map((item) => item.data.price)) : undefined;
}

/** What one Umrah tier's packages offer: the lowest price and the range of nights. Undefined for none. */
export function tierOffer(
  packages: readonly PackageFacts[],
  tier: string,
): { fromPrice: number; minNights: number; maxNights: number } | undefined {
  const inTier = packages.filter((item) => item.data.tier === tier);
  const lowest = fromPrice(inTier);
  if (lowest === undefined) return undefined;
  const nights = inTier.map((item) => item.data.nights);
  return { fromPrice: lowest, minNights: Math.min(...nights), maxNights: Math.max(...nights) };
}

/** The Ashra packages (one third of Ramadan, or its last ten nights), cheapest first. */
export function ashraPackages<T extends PackageFacts>(packages: readonly T[]): T[] {
  return packages.filter((item) => item.data.ashra).sort((a, b) => a.data.price - b.data.price);
}

/** Packages grouped by star rating, 3 to 5, each group in listing order; empty groups dropped. */
export function groupByStars<T extends PackageFacts>(packages: readonly T[]): { stars: 3 | 4 | 5; packages: T[] }[] {
  return ([3, 4, 5] as const)
    .map((stars) => ({ stars, packages: sortPackages(packages.filter((item) => item.data.stars === stars)) }))
    .filter((group) => group.packages.length > 0);
}

/** Packages departing from one city. */
export function packagesFromCity<T extends PackageFacts>(packages: readonly T[], cityId: string): T[] {
  return sortPackages(packages.filter((item) => item.data.city?.id === cityId));
}

/**
 * Up to `count` packages a visitor comparing this one would look at next: same category and
 * city first, then the closest in stars and nights.
 */
export function relatedPackages<T extends PackageFacts>(current: T, packages: readonly T[], count = 3): T[] {
  const distance = (item: T) =>
    (item.data.category === current.data.category ? 0 : 100) +
    (item.data.city?.id === current.data.city?.id ? 0 : 50) +
    Math.abs(item.data.stars - current.data.stars) * 10 +
    Math.abs(item.data.nights - current.data.nights);
  return packages
    .filter((item) => item.id !== current.id)
    .map((item) => ({ item, score: distance(item) }))
    .sort((a, b) => a.score - b.score || a.item.data.price - b.item.data.price)
    .slice(0, count)
    .map(({ item }) => item);
}
