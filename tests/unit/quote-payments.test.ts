import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { facts } from '@/lib/facts';
import { containsCardNumber } from '@/lib/card-number';
import {
  PAYMENT_METHODS,
  cardFeeCents,
  cardFeePercentIn,
  cardFeeWords,
  checkPayment,
  stateCardFeeSentence,
} from '@/lib/quotes/payments';
import { isUsState } from '@/lib/us-states';

const TEST_CARDS = [
  '4111 1111 1111 1111',
  '5555-5555-5555-4444',
  '378282246310005',
  '6011111111111117',
  '4242424242424242',
];

describe('containsCardNumber', () => {
  it('knows real test card numbers however they are spaced', () => {
    for (const number of TEST_CARDS) expect(containsCardNumber(number), number).toBe(true);
    expect(containsCardNumber(' 4111-1111 1111-1111 ')).toBe(true);
  });

  it('lets transfer ids, short and Luhn-invalid numbers through', () => {
    for (const reference of [
      'TRX 2026-11-27-001',
      '',
      'Zelle 8841',
      '411111111111',
      '4111 1111 1111 1112',
      '12345678901234567890',
    ])
      expect(containsCardNumber(reference), reference).toBe(false);
  });

  it('finds one changed digit in any card number (the Luhn check catches every single-digit error)', () => {
    const digits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 19 });
    fc.assert(
      fc.property(digits, fc.nat(), fc.integer({ min: 1, max: 9 }), (number, at, change) => {
        const valid = withCheckDigit(number.slice(1));
        expect(containsCardNumber(valid)).toBe(true);
        const position = at % valid.length;
        const changed =
          valid.slice(0, position) + ((Number(valid[position]) + change) % 10) + valid.slice(position + 1);
        expect(containsCardNumber(changed)).toBe(false);
      }),
    );
  });
});

/** The digits with the Luhn check digit appended, worked out independently of the module. */
function withCheckDigit(body: number[]): string {
  for (let check = 0; check <= 9; check += 1) {
    const all = [...body, check].reverse();
    const sum = all.reduce(
      (total, digit, index) => total + (index % 2 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][digit]! : digit),
      0,
    );
    if (sum % 10 === 0) return [...body, check].join('');
  }
  throw new Error('unreachable');
}

describe('checkPayment', () => {
  const context = { today: '2026-11-27', balanceCents: 150_000 };
  const payment = {
    paidOn: '2026-11-27',
    amountCents: 150_000,
    method: 'bank-transfer',
    reference: 'TRX 2026-11-27-001',
  };
  const problemsOf = (input: unknown) => {
    const check = checkPayment(input, context);
    return check.ok ? [] : check.problems.map(({ field, message }) => `${field}: ${message}`);
  };

  it('records a transfer with its id', () => {
    expect(checkPayment(payment, context)).toEqual({ ok: true, payment });
    expect(checkPayment({ ...payment, reference: undefined }, context)).toEqual({
      ok: true,
      payment: { ...payment, reference: '' },
    });
  });

  it('refuses a card number, a future date, more than the balance, an unknown method', () => {
    expect(problemsOf({ ...payment, reference: '4111 1111 1111 1111' })).toEqual([
      'reference: This looks like a card number. Card numbers are never stored: enter the transfer id or receipt number instead.',
    ]);
    expect(problemsOf({ ...payment, paidOn: '2026-11-28', amountCents: 150_001 })).toEqual([
      'paidOn: The payment date is in the future.',
      'amountCents: That is more than the balance of $1,500.',
    ]);
    expect(problemsOf({ ...payment, method: 'bitcoin', amountCents: 0 })).toEqual([
      'amountCents: The amount must be more than $0.',
      'method: Please choose how it was paid.',
    ]);
  });
});

describe('payment methods and the card fee', () => {
  it('lists the ways to pay the payments page describes', () => {
    const page = readFileSync('src/content/pages/payment-security.mdx', 'utf8');
    const headings = [...page.matchAll(/^### (.+)$/gm)].map((match) => match[1]!.toLowerCase());
    for (const label of Object.values(PAYMENT_METHODS))
      expect(
        headings.some((heading) => heading.includes(label.toLowerCase())),
        label,
      ).toBe(true);
  });

  it("charges the facts' percentage on credit cards only, rounded down", () => {
    const percent = facts.payment.cardFee.percent;
    expect(cardFeeCents(100_000, 'credit-card', percent)).toBe(1000 * percent);
    expect(cardFeeCents(333, 'credit-card', 3)).toBe(9);
    for (const method of ['debit-card', 'prepaid-card', 'bank-transfer', 'cash', 'check'] as const)
      expect(cardFeeCents(100_000, method, percent)).toBe(0);
  });

  it("caps the fee by the paying family's state: none in Connecticut, Maine and Massachusetts, 2% in Colorado, none unknown (Q10)", () => {
    expect(['CT', 'MA', 'ME'].map((state) => cardFeePercentIn(state))).toEqual([0, 0, 0]);
    expect([cardFeePercentIn('CO'), cardFeePercentIn('CO', 1.5)]).toEqual([2, 1.5]);
    expect([cardFeePercentIn('IL'), cardFeePercentIn('NY'), cardFeePercentIn('TX', 0)]).toEqual([3, 3, 0]);
    expect([cardFeePercentIn(null), cardFeePercentIn(undefined), cardFeePercentIn('')]).toEqual([0, 0, 0]);
    expect(cardFeeWords('MA')).toBe(
      "No fee on payments by card: Massachusetts's law does not allow a credit card surcharge.",
    );
    expect(cardFeeWords('TX', 0)).toBe('No fee on payments by card.');
    expect(stateCardFeeSentence()).toBe(
      'We charge no credit card fee to a family paying from Connecticut, Maine, or Massachusetts, whose law does not allow one, and at most 2% to a family paying from Colorado, as its law allows. Your quote asks which state you pay from and shows the fee for it, and none until we know it.',
    );
    // Every state named has its law and a source, checked on a day (the repo's facts' rule).
    for (const state of facts.payment.cardFee.states) {
      expect(isUsState(state.code), state.code).toBe(true);
      expect(state.source).toMatch(/^https:\/\//);
    }
    expect([isUsState('DC'), isUsState('PR'), isUsState('ct'), isUsState(7)]).toEqual([true, false, false, false]);
  });
});
