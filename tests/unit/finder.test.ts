import { describe, expect, it } from 'vitest';
import {
  filterValue,
  finderFilters,
  findPackages,
  finderFactsOf,
  finderRowData,
  finderSearch,
  parseFinderQuery,
  departureText,
  seasonOf,
  withFilter,
  type FinderItem,
} from '@/lib/finder';

const item = (id: string, price: number, extra: Partial<FinderItem> = {}): FinderItem => ({
  id,
  title: id,
  href: `/package/${id}`,
  season: 'umrah',
  stars: 4,
  nights: 7,
  duration: '7 Nights',
  departure: 'The US airport named on your quote',
  price,
  priceUnit: 'per person',
  ...extra,
});

const items = [
  item('a', 1500, { cityId: 'chicago' }),
  item('b', 900, { stars: 3, nights: 5 }),
  item('c', 1700, { season: 'ramadan', nights: 10, stars: 5 }),
  item('d', 1200, { cityId: 'chicago', stars: 3 }),
];

describe('package finder', () => {
  it('reads filters from the URL and ignores nonsense', () => {
    expect(parseFinderQuery('?city=chicago&stars=4&nights=7&season=ramadan&sort=price-desc')).toEqual({
      city: 'chicago',
      stars: 4,
      nights: 7,
      season: 'ramadan',
      sort: 'price-desc',
    });
    expect(parseFinderQuery('?stars=abc&nights=-2&season=summer&sort=random')).toEqual({
      city: undefined,
      stars: undefined,
      nights: undefined,
      season: undefined,
      sort: 'price-asc',
    });
  });

  it('writes the same filters back into a shareable query string', () => {
    const query = parseFinderQuery('?city=chicago&stars=3&sort=price-desc');
    expect(finderSearch(query)).toBe('?city=chicago&stars=3&sort=price-desc');
    expect(finderSearch({ sort: 'price-asc' })).toBe('');
  });

  it('keeps only the packages that match every filter', () => {
    expect(findPackages(items, { city: 'chicago', sort: 'price-asc' }).map((x) => x.id)).toEqual(['d', 'a']);
    expect(findPackages(items, { stars: 3, sort: 'price-asc' }).map((x) => x.id)).toEqual(['b', 'd']);
    expect(findPackages(items, { season: 'ramadan', nights: 10, sort: 'price-asc' }).map((x) => x.id)).toEqual(['c']);
    expect(findPackages(items, { city: 'chicago', stars: 5, sort: 'price-asc' })).toEqual([]);
  });

  it('sorts by price either way', () => {
    expect(findPackages(items, { sort: 'price-asc' }).map((x) => x.price)).toEqual([900, 1200, 1500, 1700]);
    expect(findPackages(items, { sort: 'price-desc' }).map((x) => x.price)).toEqual([1700, 1500, 1200, 900]);
  });

  it('files catalogue categories under seasons', () => {
    expect(seasonOf('hajj-shifting')).toBe('hajj');
    expect(seasonOf('city')).toBe('umrah');
    expect(seasonOf('december')).toBe('december');
  });
});

describe('finder filters', () => {
  it('offer every city, the nights on sale in order, and no empty choice for the sort', () => {
    const filters = finderFilters(items, [{ id: 'chicago', name: 'Chicago' }], (nights) => `${nights} Nights`);
    expect(filters.map((filter) => filter.name)).toEqual(['city', 'stars', 'nights', 'season', 'sort']);
    expect(filters[0]!.options).toEqual([{ value: 'chicago', label: 'Chicago' }]);
    expect(filters[2]!.options.map((option) => option.label)).toEqual(['5 Nights', '7 Nights', '10 Nights']);
    expect(filters[4]!.any).toBeUndefined();
  });

  it('change one filter at a time, clear it with an empty value, and drop nonsense', () => {
    const chicago = withFilter({ sort: 'price-asc' }, 'city', 'chicago');
    expect(chicago).toEqual({ city: 'chicago', sort: 'price-asc' });
    const threeStar = withFilter(chicago, 'stars', '3');
    expect(threeStar).toMatchObject({ city: 'chicago', stars: 3 });
    expect(withFilter(threeStar, 'city', '')).toEqual({ stars: 3, sort: 'price-asc' });
    expect(withFilter(threeStar, 'stars', 'lots')).not.toHaveProperty('stars', expect.anything());
    expect(withFilter(threeStar, 'sort', 'price-desc').sort).toBe('price-desc');
    expect(filterValue(threeStar, 'stars')).toBe('3');
    expect(filterValue(threeStar, 'season')).toBe('');
  });
});

describe("the server list's rows", () => {
  /** What `element.dataset` reads back from the attributes a row is drawn with. */
  const dataset = (data: Record<string, string | number | undefined>) =>
    Object.fromEntries(
      Object.entries(data)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [name.replace(/^data-/, ''), String(value)]),
    );

  it('carry the facts the filters read, so filtering the rows equals filtering the packages', () => {
    const rows = items.map((entry) => finderFactsOf(dataset(finderRowData(entry)), entry.title));
    for (const query of [
      { city: 'chicago', sort: 'price-asc' },
      { stars: 3, nights: 5, sort: 'price-desc' },
      { season: 'ramadan', sort: 'price-asc' },
      { sort: 'price-desc' },
    ] as const) {
      expect(findPackages(rows, query).map((row) => row.title)).toEqual(
        findPackages(items, query).map((entry) => entry.title),
      );
    }
  });

  it('read a package for any US city as having no city, and an unknown season as Umrah', () => {
    const facts = finderFactsOf({ city: '', season: 'summer', stars: '4', nights: '7', usd: '1180' }, 'A');
    expect(facts).toEqual({ title: 'A', cityId: undefined, season: 'umrah', stars: 4, nights: 7, price: 1180 });
  });
});

describe('departureText', () => {
  it('never reads "Any US city": a Hajj package follows its Nusuk package, land only says so, others fly from the group gateway', () => {
    expect(departureText('hajj-non-shifting')).toBe('Flights as the Nusuk package sets');
    expect(departureText('without-flight')).toBe('Land only');
    expect(departureText('ramadan')).toBe('The US airport named on your quote');
  });
});
