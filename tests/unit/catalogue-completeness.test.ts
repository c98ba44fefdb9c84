import { describe, expect, it } from 'vitest';
import { readCollection } from './support/content';
import { SPEC_HOLIDAYS } from '../spec/holidays';

/**
 * The catalogue against the spec's tables (site-spec.md, "Package id patterns" and
 * "Package data and prices"): every id the spec names exists with the spec's price, and no
 * package outside these tables exists.
 */
interface Pkg {
  title: string;
  category: string;
  city?: string;
  nights: number;
  stars: number;
  deluxe?: boolean;
  price: number;
  originalPrice?: number;
  images: { src: string; alt: string }[];
}
interface Trip {
  country: string;
  days: number;
  price: number;
  originalPrice?: number;
  features: string[];
}

const packages = readCollection<Pkg>('packages');
const holidays = readCollection<Trip>('holidays');

const CITY_PRICES: Record<string, Record<number, number[]>> = {
  chicago: { 3: [1180, 1210, 1299, 1345], 4: [1462, 1549, 1635, 1640], 5: [1648, 1792, 1865, 1875] },
  houston: { 3: [1310, 1340, 1385, 1475], 4: [1592, 1649, 1699, 1770], 5: [1778, 1922, 1965, 1999] },
  'new-york': { 3: [1150, 1180, 1240, 1295], 4: [1220, 1250, 1320, 1370], 5: [1492, 1565, 1645, 1747] },
  dallas: { 3: [1380, 1410, 1440, 1445], 4: [1405, 1440, 1465, 1470], 5: [1792, 1805, 1840, 1847] },
  detroit: { 3: [1240, 1270, 1299, 1305], 4: [1265, 1300, 1315, 1330], 5: [1652, 1665, 1699, 1707] },
  'los-angeles': { 3: [1300, 1330, 1350, 1365], 4: [1325, 1360, 1380, 1390], 5: [1712, 1725, 1750, 1767] },
  washington: { 3: [1030, 1060, 1085, 1095], 4: [1055, 1090, 1115, 1120], 5: [1442, 1455, 1490, 1497] },
};

/** The id shape the spec gives each city (Houston, Dallas and Detroit put the city first). */
function cityPackageId(city: string, nights: number, stars: number, deluxe: boolean): string {
  const variant = `${nights}-nights-${stars}-star${deluxe ? '-deluxe' : ''}`;
  return ['houston', 'dallas', 'detroit'].includes(city) ? `${city}-${variant}` : `${variant}-${city}-umrah-package`;
}

const VARIANTS = [
  { nights: 5, deluxe: false },
  { nights: 7, deluxe: false },
  { nights: 7, deluxe: true },
  { nights: 10, deluxe: false },
];

/** id -> price for every priced package the spec names exactly. */
const EXACT: Record<string, number> = {
  'ramadan-first-ashra': 975,
  'ramadan-second-ashra': 1075,
  'ramadan-third-ashra': 1675,
  'ramadan-last-10-days': 1699,
  'shifting-hajj-4-nights-5-star': 4396,
};
for (const [city, byStars] of Object.entries(CITY_PRICES)) {
  for (const [stars, prices] of Object.entries(byStars)) {
    VARIANTS.forEach((variant, index) => {
      EXACT[cityPackageId(city, variant.nights, Number(stars), variant.deluxe)] = prices[index]!;
    });
  }
}

/** Lists the spec gives as a range: ids -> [low, high] with increasing prices in order. */
const RANGES: { ids: string[]; low: number; high: number }[] = [
  {
    ids: [5, 7].flatMap((n) => ['economy', 'standard', 'deluxe', 'premium'].map((t) => `${t}-${n}-nights-umrah`)),
    low: 899,
    high: 3299,
  },
  ...([3, 4, 5] as const).map((stars, index) => ({
    ids: [7, 10, 12, 14].map((n) => `ramadan-${n}-nights-${stars}-star`),
    low: [900, 1140, 1399][index]!,
    high: [1080, 1310, 1679][index]!,
  })),
  ...([3, 4, 5] as const).map((stars, index) => ({
    ids: [5, 7].map((n) => `december-umrah-${n}-nights-${stars}-star`),
    low: [1115, 1180, 1442][index]!,
    high: [1180, 1295, 1735][index]!,
  })),
  ...([3, 4, 5] as const).map((stars, index) => ({
    ids: [5, 7].map((n) => `umrah-without-flight-${n}-nights-${stars}-star`),
    low: [399, 435, 510][index]!,
    high: [450, 485, 599][index]!,
  })),
];

/**
 * The spec's sale prices. Its struck-through "original" prices are not published: no price
 * history backs them (content review F21, FTC 16 CFR 233.1).
 */
const NON_SHIFTING_PRICES = [4022, 4283, 4611, 4944];

describe('the package catalogue', () => {
  it('has every package the spec prices exactly, at the spec price', () => {
    const wrong = Object.entries(EXACT)
      .filter(([id, price]) => packages.get(id)?.price !== price)
      .map(([id, price]) => `${id}: expected ${price}, found ${packages.get(id)?.price ?? 'no file'}`);
    expect(wrong).toEqual([]);
  });

  it('gives each ranged list increasing prices whose ends equal the spec range', () => {
    for (const range of RANGES) {
      const prices = range.ids.map((id) => packages.get(id)?.price);
      expect(
        prices.every((price) => typeof price === 'number'),
        range.ids.join(', '),
      ).toBe(true);
      const sorted = [...(prices as number[])].sort((a, b) => a - b);
      expect(sorted[0], range.ids[0]).toBe(range.low);
      expect(sorted.at(-1), range.ids[0]).toBe(range.high);
    }
  });

  it('orders each ranged list by nights: longer costs more', () => {
    for (const range of RANGES.slice(1)) {
      const prices = range.ids.map((id) => packages.get(id)!.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
  });

  it('matches the comparison table: each tier starts at its column price', () => {
    expect(
      ['economy', 'standard', 'deluxe', 'premium'].map((tier) => packages.get(`${tier}-5-nights-umrah`)?.price),
    ).toEqual([899, 1399, 1999, 2799]);
  });

  it('has the four non-shifting Hajj packages: 21 nights, 4 star, at the spec prices', () => {
    const hajj = [...packages.values()].filter((item) => item.category === 'hajj-non-shifting');
    expect(hajj.map((item) => item.price).sort((a, b) => a - b)).toEqual(NON_SHIFTING_PRICES);
    expect(hajj.every((item) => item.nights === 21 && item.stars === 4)).toBe(true);
  });

  it('has the Last 10 Days package as 10 nights, 5 star', () => {
    expect(packages.get('ramadan-last-10-days')).toMatchObject({ nights: 10, stars: 5, price: 1699 });
  });

  it('contains nothing the spec does not name', () => {
    const named = new Set([...Object.keys(EXACT), ...RANGES.flatMap((range) => range.ids)]);
    const extra = [...packages.keys()].filter(
      (id) => !named.has(id) && !id.startsWith('non-shifting-hajj-21-nights-4-star-'),
    );
    expect(extra).toEqual([]);
    expect(packages.size).toBe(named.size + NON_SHIFTING_PRICES.length);
  });

  it('gives city packages their city, and every package at least two described images', () => {
    for (const [id, item] of packages) {
      expect(item.images.length, id).toBeGreaterThanOrEqual(2);
      if (item.category === 'city') expect(id, item.city).toContain(item.city!);
    }
  });
});

describe('the holiday trips', () => {
  it("are the thirteen trips of the spec at their sale prices and the spec's original prices", () => {
    expect([...holidays.keys()].sort()).toEqual(Object.keys(SPEC_HOLIDAYS).sort());
    for (const [id, [country, days, price, originalPrice]] of Object.entries(SPEC_HOLIDAYS)) {
      expect(holidays.get(id), id).toMatchObject({ country, days, price, originalPrice });
      expect(holidays.get(id)!.features, id).toHaveLength(4);
    }
  });

  it('count four trips in Turkey and three in each other country', () => {
    const counts = [...holidays.values()].reduce<Record<string, number>>((acc, trip) => {
      acc[trip.country] = (acc[trip.country] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ turkey: 4, jordan: 3, uae: 3, egypt: 3 });
  });
});

describe('visa services', () => {
  it('are priced as the spec gives them', () => {
    const visa = readCollection<{ price: number }>('visa-services');
    expect(Object.fromEntries([...visa].map(([id, item]) => [id, item.price]))).toEqual({
      'tourist-evisa': 150,
      'umrah-visa-processing': 200,
      'express-processing': 350,
    });
  });
});
