import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINE_KINDS, MAX_COUNT, lineLabel, paymentLabel, type QuoteLine } from '@/lib/quotes/model';
import { MAX_AMOUNT_CENTS } from '@/lib/format';
import { lineTotalCents, quoteTotals, travellersOf } from '@/lib/quotes/totals';

const line = (kind: QuoteLine['kind'], unitCents: number, count: number, label = ''): QuoteLine => ({
  kind,
  label,
  unitCents,
  count,
});
const anyLine = fc.record({
  kind: fc.constantFrom(...LINE_KINDS),
  label: fc.constant(''),
  unitCents: fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }),
  count: fc.integer({ min: 1, max: MAX_COUNT }),
});

describe('quote totals', () => {
  it('prices a family: two in a double, a child with bed, an infant, insurance, less a discount', () => {
    const lines = [
      line('double', 189_900, 2),
      line('child-with-bed', 149_950, 1),
      line('infant', 25_000, 1),
      line('extra', 8_500, 4, 'Travel insurance'),
    ];
    expect(lineTotalCents(lines[0]!)).toBe(379_800);
    expect(quoteTotals({ lines, discount: { label: 'Early booking', amountCents: 10_000 } })).toEqual({
      lineCents: [379_800, 149_950, 25_000, 34_000],
      subtotalCents: 588_750,
      discountCents: 10_000,
      totalCents: 578_750,
    });
    expect(travellersOf(lines)).toEqual({
      adults: 2,
      children: 1,
      infants: 1,
      total: 4,
      byKind: { double: 2, 'child-with-bed': 1, infant: 1 },
    });
  });

  it('makes the total the sum of the lines less the discount, in integer cents, for any lines', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { minLength: 1, maxLength: 40 }), fc.nat(MAX_AMOUNT_CENTS), (lines, discount) => {
        const totals = quoteTotals({ lines, discount: discount > 0 ? { label: '', amountCents: discount } : null });
        const bySum = lines.reduce((sum, each) => sum + each.unitCents * each.count, 0);
        expect(totals.subtotalCents).toBe(bySum);
        expect(totals.lineCents.reduce((sum, each) => sum + each, 0)).toBe(bySum);
        expect(totals.totalCents).toBe(bySum - discount);
        expect(Number.isSafeInteger(totals.totalCents)).toBe(true);
        const travellers = travellersOf(lines);
        const people = lines.filter((each) => each.kind !== 'extra').reduce((sum, each) => sum + each.count, 0);
        expect(travellers.total).toBe(people);
        expect(travellers.adults + travellers.children + travellers.infants).toBe(people);
      }),
    );
  });
});

describe('labels', () => {
  it("shows staff's label, or the kind's", () => {
    expect(lineLabel(line('quad', 1, 4))).toBe('Quad room (4 sharing), per person');
    expect(lineLabel(line('extra', 1, 1, 'Two extra nights in Madinah'))).toBe('Two extra nights in Madinah');
  });

  it('names the payments of a schedule by place', () => {
    expect(paymentLabel(0, 1)).toBe('Full payment');
    expect([0, 1, 2].map((index) => paymentLabel(index, 3))).toEqual(['Deposit', 'Payment 2', 'Balance']);
  });
});
