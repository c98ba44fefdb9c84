import { describe, expect, it } from 'vitest';
import {
  fromPrice,
  groupByStars,
  packagesFromCity,
  ashraPackages,
  relatedPackages,
  sortPackages,
  tierOffer,
  type PackageFacts,
} from '@/lib/catalogue';
import {
  countOf,
  daysLabel,
  formatCount,
  formatPrice,
  formatPriceWithCents,
  nightsLabel,
  nightsRangeLabel,
} from '@/lib/format';
import { tierSummaries } from '@/lib/home';
import { facts } from '@/lib/facts';
import { cityUrl, packageUrl } from '@/lib/urls';

const pkg = (id: string, data: Partial<PackageFacts['data']>): PackageFacts => ({
  id,
  data: { category: 'city', stars: 3, nights: 5, deluxe: false, price: 1000, ...data },
});

const list = [
  pkg('c-5-4', { stars: 4, price: 1462, city: { id: 'chicago' } }),
  pkg('c-7d-3', { nights: 7, deluxe: true, price: 1299, city: { id: 'chicago' } }),
  pkg('c-7-3', { nights: 7, price: 1210, city: { id: 'chicago' } }),
  pkg('c-5-3', { price: 1180, city: { id: 'chicago' } }),
  pkg('h-5-3', { price: 1310, city: { id: 'houston' } }),
  pkg('r-10-5', { category: 'ramadan', nights: 10, stars: 5, price: 1399 }),
];

describe('catalogue functions', () => {
  it('sort by stars, then nights, with the deluxe version after the standard one', () => {
    expect(sortPackages(list.filter((x) => x.data.city?.id === 'chicago')).map((x) => x.id)).toEqual([
      'c-5-3',
      'c-7-3',
      'c-7d-3',
      'c-5-4',
    ]);
  });

  it('compute "from" prices from the packages themselves', () => {
    expect(fromPrice(packagesFromCity(list, 'chicago'))).toBe(1180);
    expect(fromPrice(packagesFromCity(list, 'houston'))).toBe(1310);
    expect(fromPrice([])).toBeUndefined();
  });

  it('group by star rating and drop empty groups', () => {
    expect(
      groupByStars(packagesFromCity(list, 'chicago')).map((group) => [group.stars, group.packages.length]),
    ).toEqual([
      [3, 3],
      [4, 1],
    ]);
  });

  it('suggest related packages from the same city first, never the package itself', () => {
    const related = relatedPackages(list[3]!, list, 3).map((x) => x.id);
    expect(related).not.toContain('c-5-3');
    expect(related).toEqual(['c-7-3', 'c-7d-3', 'c-5-4']);
  });
});

describe('tier "from" figures', () => {
  const tierList = [
    pkg('e-7', { category: 'umrah', tier: 'economy', nights: 7, price: 1099 }),
    pkg('e-5', { category: 'umrah', tier: 'economy', nights: 5, price: 899 }),
    pkg('p-5', { category: 'umrah', tier: 'premium', nights: 5, stars: 5, price: 2799 }),
    pkg('city-3', { price: 450, nights: 3 }),
  ];
  const tier = (id: string, order: number) => ({
    id,
    data: {
      name: id,
      translatedName: { ur: id, ar: id, bn: id },
      order,
      stars: 3 as const,
      groupSize: '40',
      distance: 'adjacent' as const,
      highlights: [],
    },
  });

  it("take the lowest price and the span of nights from the tier's own packages only", () => {
    expect(tierOffer(tierList, 'economy')).toEqual({ fromPrice: 899, minNights: 5, maxNights: 7 });
    expect(tierOffer(tierList, 'premium')).toEqual({ fromPrice: 2799, minNights: 5, maxNights: 5 });
    expect(tierOffer(tierList, 'standard')).toBeUndefined();
  });

  it('label the nights as a range, or one length when every package has the same', () => {
    expect(nightsRangeLabel(5, 7)).toBe('5-7 nights');
    expect(nightsRangeLabel(5, 5)).toBe('5 nights');
  });

  it('give the home cards and the comparison table one list, in tier order', () => {
    const rows = tierSummaries([tier('premium', 4), tier('economy', 1)], tierList);
    expect(rows.map((row) => [row.id, row.fromPrice, row.nights])).toEqual([
      ['economy', 899, '5-7 nights'],
      ['premium', 2799, '5 nights'],
    ]);
    expect(rows[1]!.transfers).toBe(facts.transfers.premium.text);
  });

  it('fail the build naming the tier file when a tier has no packages', () => {
    expect(() => tierSummaries([tier('standard', 2)], tierList)).toThrow('src/content/tiers/standard.yaml');
  });
});

describe('Ashra packages', () => {
  it('are the packages the content marks as Ashra, cheapest first', () => {
    const ramadan = [
      pkg('r-7', { category: 'ramadan', price: 900 }),
      pkg('last-10', { category: 'ramadan', ashra: true, price: 1699 }),
      pkg('first', { category: 'ramadan', ashra: true, price: 975 }),
    ];
    expect(ashraPackages(ramadan).map((item) => item.id)).toEqual(['first', 'last-10']);
  });
});

describe('formatting and URLs', () => {
  it('prints prices and durations as the cards show them', () => {
    expect(formatPrice(1180)).toBe('$1,180');
    expect(formatPrice(899)).toBe('$899');
    expect(formatPriceWithCents(1699)).toBe('$1699.00');
    expect(nightsLabel(7)).toBe('7 Nights');
    expect(nightsLabel(1)).toBe('1 Night');
    expect(daysLabel(3)).toBe('3 Days');
  });

  it('counts things as the desk says them, singular for one and grouped by thousands', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(countOf(1, 'enquiry', 'enquiries')).toBe('1 enquiry');
    expect(countOf(10_000, 'enquiry', 'enquiries')).toBe('10,000 enquiries');
    expect(countOf(0, 'session')).toBe('0 sessions');
    expect(countOf(1, 'session')).toBe('1 session');
  });

  it('builds package and city URLs', () => {
    expect(packageUrl('houston-7-nights-4-star-deluxe')).toBe('/package/houston-7-nights-4-star-deluxe');
    expect(cityUrl('los-angeles')).toBe('/los-angeles-umrah');
  });
});
