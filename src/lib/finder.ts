/**
 * The package finder's state and filtering, kept out of the island so unit tests cover it and
 * the URL (what a visitor shares) is the single source of the filters.
 */

export const SEASONS = {
  umrah: 'Umrah (any time)',
  ramadan: 'Ramadan',
  december: 'December',
  'without-flight': 'Without flight',
  hajj: 'Hajj',
} as const;

export type Season = keyof typeof SEASONS;
export type SortOrder = 'price-asc' | 'price-desc';

export interface FinderItem {
  id: string;
  title: string;
  href: string;
  season: Season;
  cityId?: string | undefined;
  cityName?: string | undefined;
  stars: number;
  nights: number;
  price: number;
}

export interface FinderQuery {
  city?: string | undefined;
  stars?: number | undefined;
  nights?: number | undefined;
  season?: Season | undefined;
  sort: SortOrder;
}

/** The catalogue category a package is filed under, as a finder season. */
export function seasonOf(category: string): Season {
  if (category.startsWith('hajj')) return 'hajj';
  if (category === 'ramadan' || category === 'december' || category === 'without-flight') return category;
  return 'umrah';
}

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/** Reads filters from a query string, ignoring anything unknown or malformed. */
export function parseFinderQuery(search: string): FinderQuery {
  const params = new URLSearchParams(search);
  const season = params.get('season');
  return {
    city: params.get('city') || undefined,
    stars: positive(params.get('stars')),
    nights: positive(params.get('nights')),
    season: season && season in SEASONS ? (season as Season) : undefined,
    sort: params.get('sort') === 'price-desc' ? 'price-desc' : 'price-asc',
  };
}

/** The query string for some filters; empty filters and the default sort are left out. */
export function finderSearch(query: FinderQuery): string {
  const params = new URLSearchParams();
  if (query.city) params.set('city', query.city);
  if (query.stars) params.set('stars', String(query.stars));
  if (query.nights) params.set('nights', String(query.nights));
  if (query.season) params.set('season', query.season);
  if (query.sort !== 'price-asc') params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The packages matching every filter, sorted by price. */
export function findPackages(items: readonly FinderItem[], query: FinderQuery): FinderItem[] {
  const direction = query.sort === 'price-desc' ? -1 : 1;
  return items
    .filter(
      (item) =>
        (!query.city || item.cityId === query.city) &&
        (!query.stars || item.stars === query.stars) &&
        (!query.nights || item.nights === query.nights) &&
        (!query.season || item.season === query.season),
    )
    .sort((a, b) => direction * (a.price - b.price) || a.title.localeCompare(b.title));
}
