import { describe, expect, it } from 'vitest';
import { listingPagesOf, listingRating } from '@/lib/reviews/listings';

describe('listingPagesOf', () => {
  it("counts a package in its tier's listing and its city's page", () => {
    expect(listingPagesOf({ data: { category: 'umrah', city: { id: 'chicago' } } })).toEqual([
      '/umrah-packages',
      '/chicago-umrah',
    ]);
    expect(listingPagesOf({ data: { category: 'ramadan', city: { id: 'dallas' } } })).toEqual([
      '/ramadan-umrah',
      '/dallas-umrah',
    ]);
    expect(listingPagesOf({ data: { category: 'december' } })).toEqual(['/december-umrah']);
    expect(listingPagesOf({ data: { category: 'without-flight' } })).toEqual(['/umrah-without-flight']);
    expect(listingPagesOf({ data: { category: 'city', city: { id: 'chicago' } } })).toEqual(['/chicago-umrah']);
  });

  it('counts a Hajj package (booked on Nusuk, never with us) and a holiday trip on no listing', () => {
    expect(listingPagesOf({ data: { category: 'hajj-shifting' } })).toEqual([]);
    expect(listingPagesOf({ data: {} })).toEqual([]);
  });
});

describe('listingRating', () => {
  it("averages every rating, so a package with more reviews weighs more than a package's own average would", () => {
    // One package with 4 reviews of 5, another with 1 review of 1: 21 / 5, not (5 + 1) / 2.
    expect(listingRating([5, 5, 5, 5, 1])).toEqual({ count: 5, average: 4.2 });
    expect(listingRating([4, 5])).toEqual({ count: 2, average: 4.5 });
    expect(listingRating([4, 4, 5])).toEqual({ count: 3, average: 4.3 });
  });

  it('is null with no review: the page shows nothing rather than a number', () => {
    expect(listingRating([])).toBeNull();
  });
});
