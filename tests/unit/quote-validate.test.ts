import { describe, expect, it } from 'vitest';
import { checkQuoteDraft } from '@/lib/quotes/validate';
import { QUOTE_TODAY as TODAY, quoteDraft as draft } from './support/quotes';

const problemsOf = (input: unknown) => {
  const check = checkQuoteDraft(input, TODAY);
  return check.ok ? [] : check.problems.map(({ field, message }) => `${field}: ${message}`);
};

describe('checkQuoteDraft', () => {
  it('accepts a quote whose parts agree, with its totals', () => {
    const check = checkQuoteDraft(draft(), TODAY);
    expect(check.ok && check.totals.totalCents).toBe(545_250);
    expect(
      problemsOf(
        draft({ departureAirport: null, discount: null, schedule: [{ dueOn: '2026-11-27', amountCents: 555_250 }] }),
      ),
    ).toEqual([]);
  });

  it("says what each field's shape gets wrong", () => {
    expect(
      problemsOf({ ...draft(), lines: [{ kind: 'double', unitCents: -1, count: 0 }], departureAirport: 'chicago' }),
    ).toEqual([
      'departureAirport: Please enter a three-letter airport code, such as ORD, or choose land only.',
      'lines.0.unitCents: The price cannot be negative.',
      'lines.0.count: Each line needs at least 1 person or item.',
    ]);
    expect(problemsOf({ ...draft(), returnOn: '2027-02-30', extra: 1 })).toEqual([
      'returnOn: Please choose a valid return date.',
      '_form: Unrecognized key: "extra"',
    ]);
  });

  it('says how the fields disagree', () => {
    expect(
      problemsOf(
        draft({
          departureOn: '2026-11-19',
          returnOn: '2026-11-19',
          validUntil: '2026-11-27',
          lines: [{ kind: 'extra', label: '', unitCents: 100_000, count: 1 }],
          discount: { label: '', amountCents: 100_001 },
        }),
      ),
    ).toEqual([
      'departureOn: The departure date has passed.',
      'returnOn: The return date must be after the departure date.',
      'validUntil: The quote must expire by departure on November 19, 2026.',
      'lines.0.label: Please name the extra, such as "Travel insurance".',
      "discount.amountCents: The discount of $1,000.01 is more than the lines' $1,000.",
    ]);
    expect(problemsOf(draft({ returnOn: '2027-03-20', validUntil: '2026-11-19' }))).toEqual([
      'hotels: The hotels add up to 13 nights but the trip has 10.',
      'validUntil: The valid-until date has passed.',
    ]);
    expect(
      problemsOf(draft({ lines: [{ kind: 'infant', label: '', unitCents: 0, count: 1 }], discount: null })),
    ).toEqual(['lines: The total must be more than $0.']);
    expect(problemsOf(draft({ discount: null }))).toEqual([
      'schedule: The payments add up to $5,452.50 but the total is $5,552.50.',
    ]);
  });
});
