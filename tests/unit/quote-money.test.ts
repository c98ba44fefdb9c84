import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@/lib/format';
import { MAX_AMOUNT_CENTS } from '@/lib/format';
import { formatCents, parseDollars, sumCents } from '@/lib/quotes/money';

const cents = (typed: string) => {
  const parsed = parseDollars(typed);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.cents;
};
const refusal = (typed: string) => {
  const parsed = parseDollars(typed);
  return parsed.ok ? `read as ${parsed.cents}` : parsed.message;
};

describe('parseDollars', () => {
  it('reads amounts as staff type them', () => {
    expect(cents('1,299.50')).toBe(129_950);
    expect(cents('$1299')).toBe(129_900);
    expect(cents('1299.5')).toBe(129_950);
    expect(cents(' $ 1,000,000 ')).toBe(MAX_AMOUNT_CENTS);
    expect(cents('0.99')).toBe(99);
    expect(cents('.5')).toBe(50);
    expect(cents('12.')).toBe(1200);
    expect(cents('0')).toBe(0);
  });

  it('says why an amount cannot be read', () => {
    expect(refusal('')).toBe('Please enter an amount.');
    expect(refusal('-5')).toBe('The amount cannot be negative.');
    expect(refusal('$-5')).toBe('The amount cannot be negative.');
    expect(refusal('12.345')).toBe('Please enter at most two decimals (cents).');
    expect(refusal('1,000,000.01')).toBe('The amount is too large: at most $1,000,000.');
    expect(refusal('99999999999999999999')).toBe('The amount is too large: at most $1,000,000.');
    for (const typed of ['1,29', '12,34.50', 'abc', '$', '.', '1.2.3', '1e5', '+5', '12 34', '€12'])
      expect(refusal(typed)).toBe('Please enter an amount in dollars, such as 1,299.50.');
  });
});

describe('formatCents', () => {
  it('writes whole dollars as the site writes prices, and cents when there are some', () => {
    expect(formatCents(129_900)).toBe('$1,299');
    expect(formatCents(129_900)).toBe(formatPrice(1299));
    expect(formatCents(129_950)).toBe('$1,299.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(-10_050)).toBe('-$100.50');
  });

  it('round-trips with parseDollars for every amount staff may type', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (amount) => {
        expect(cents(formatCents(amount))).toBe(amount);
      }),
    );
  });
});

describe('sumCents', () => {
  it('adds integer cents exactly where dollars in floating point would not', () => {
    expect(sumCents([10, 20])).toBe(30);
    expect(sumCents([])).toBe(0);
    expect(sumCents(new Set([1, 2, 3]))).toBe(6);
  });
});
