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
  /** The length as a pilgrim reads it: "7 Nights", or "Aziziyah before the Hajj days, then 4 Nights". */
  duration: string;
  /** Where the pilgrim flies from, when the package names no city: "The US airport named on your quote", "Land only". */
  departure: string;
  price: number;
  /** After the price: "per person", or a Hajj price's indicative label. */
  priceUnit: string;
}

/** What filtering and sorting read of a package: what a finder row carries in its data attributes. */
export type FinderFacts = Pick<FinderItem, 'title' | 'cityId' | 'season' | 'stars' | 'nights' | 'price'>;

/** The query parameters the finder reads: a link carrying one needs the finder awake at once. */
export const FINDER_PARAMS = ['city', 'stars', 'nights', 'season', 'sort'] as const;

export interface FinderQuery {
  city?: string | undefined;
  stars?: number | undefined;
  nights?: number | undefined;
  season?: Season | undefined;
  sort: SortOrder;
}

/** Where a package without a city flies from, as a finder row says it (never "Any US city"). */
export function departureText(category: string): string {
  if (category.startsWith('hajj')) return 'Flights as the Nusuk package sets';
  if (category === 'without-flight') return 'Land only';
  // The agency has not named each group's airport (P04, N06): the quote names it.
  return 'The US airport named on your quote';
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
export function findPackages<T extends FinderFacts>(items: readonly T[], query: FinderQuery): T[] {
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

export interface FinderFilter {
  /** The query-string key, also the select's name. */
  name: (typeof FINDER_PARAMS)[number];
  label: string;
  /** The empty choice ("Any city"); the sort has none. */
  any?: string;
  options: { value: string; label: string }[];
}

/** The finder's filters and their choices, from the packages and cities on offer. */
export function finderFilters(
  items: readonly FinderItem[],
  cities: readonly { id: string; name: string }[],
  nightsLabel: (nights: number) => string,
): FinderFilter[] {
  const nights = [...new Set(items.map((item) => item.nights))].sort((a, b) => a - b);
  return [
    {
      name: 'city',
      label: 'Departure city',
      any: 'Any city',
      options: cities.map((city) => ({ value: city.id, label: city.name })),
    },
    {
      name: 'stars',
      label: 'Hotel rating',
      any: 'Any rating',
      options: [3, 4, 5].map((stars) => ({ value: String(stars), label: `${stars} star` })),
    },
    {
      name: 'nights',
      label: 'Nights',
      any: 'Any length',
      options: nights.map((count) => ({ value: String(count), label: nightsLabel(count) })),
    },
    {
      name: 'season',
      label: 'Season',
      any: 'Any season',
      options: Object.entries(SEASONS).map(([value, label]) => ({ value, label })),
    },
    {
      name: 'sort',
      label: 'Sort by',
      options: [
        { value: 'price-asc', label: 'Price: low to high' },
        { value: 'price-desc', label: 'Price: high to low' },
      ],
    },
  ];
}

/** The query after one filter changes; an empty value clears it. Parsing keeps it valid. */
export function withFilter(query: FinderQuery, name: FinderFilter['name'], value: string): FinderQuery {
  const params = new URLSearchParams(finderSearch(query));
  if (value) params.set(name, value);
  else params.delete(name);
  return parseFinderQuery(params.toString());
}

/** A filter's current value as its select shows it. */
export function filterValue(query: FinderQuery, name: FinderFilter['name']): string {
  const value = query[name];
  return value === undefined ? '' : String(value);
}

/** A row's data attributes (`data-city` and so on) for its facts: the server's list carries them for the island. */
export function finderRowData(item: FinderFacts): Record<string, string | number | undefined> {
  return {
    'data-city': item.cityId,
    'data-stars': item.stars,
    'data-nights': item.nights,
    'data-season': item.season,
    'data-usd': item.price,
  };
}

/** The facts back from a row's `dataset` and its title: what the island filters and sorts by. */
export function finderFactsOf(data: Readonly<Record<string, string | undefined>>, title: string): FinderFacts {
  return {
    title,
    cityId: data['city'] || undefined,
    season: data['season'] && data['season'] in SEASONS ? (data['season'] as Season) : 'umrah',
    stars: Number(data['stars']),
    nights: Number(data['nights']),
    price: Number(data['usd']),
  };
}
