import { describe, expect, it } from 'vitest';
import {
  fromPrice,
  groupByStars,
  packagesFromCity,
  relatedPackages,
  sortPackages,
  type PackageFacts,
} from '@/lib/catalogue';
import { daysLabel, formatPrice, formatPriceWithCents, nightsLabel } from '@/lib/format';
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

describe('formatting and URLs', () => {
  it('prints prices and durations as the cards show them', () => {
    expect(formatPrice(1180)).toBe('$1,180');
    expect(formatPrice(899)).toBe('$899');
    expect(formatPriceWithCents(1699)).toBe('$1699.00');
    expect(nightsLabel(7)).toBe('7 Nights');
    expect(nightsLabel(1)).toBe('1 Night');
    expect(daysLabel(3)).toBe('3 Days');
  });

  it('builds package and city URLs', () => {
    expect(packageUrl('houston-7-nights-4-star-deluxe')).toBe('/package/houston-7-nights-4-star-deluxe');
    expect(cityUrl('los-angeles')).toBe('/los-angeles-umrah');
  });
});
