import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsCardNumber, maskCardNumbers } from '@/lib/card-number';
import { checkPayment } from '@/lib/quotes/payments';

/** The digits with the Luhn check digit appended, worked out independently of the module. */
function withCheckDigit(body: readonly number[]): string {
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

/** A Luhn-valid number of 13 to 19 digits: every card number is one. */
const cardNumber = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 })
  .map((body) => withCheckDigit(body));

/** The number as a person types it: a space, dot or dash (or none) between any two digits. */
const written = cardNumber.chain((digits) =>
  fc
    .array(fc.constantFrom('', '', '', ' ', '-', '.', ' - '), {
      minLength: digits.length - 1,
      maxLength: digits.length - 1,
    })
    .map((joins) => [...digits].map((digit, index) => (index === 0 ? digit : joins[index - 1] + digit)).join('')),
);

/** Words around it that do not run into its first or last digit. */
const edge = fc.string({ maxLength: 20 }).filter((text) => !/\d[\s.-]{0,3}$/.test(text));
const tail = fc.string({ maxLength: 20 }).filter((text) => !/^[\s.-]{0,3}\d/.test(text));

describe('containsCardNumber', () => {
  it('finds a card number inside a reference, however it is written', () => {
    for (const reference of [
      'Visa 4111 1111 1111 1111',
      '4111.1111.1111.1111',
      'card 5555-5555-5555-4444 on 2026-11-20',
      'Amex 3782 822463 10005, thanks',
      'Ref 12 4242 4242 4242 4242',
    ]) {
      expect(containsCardNumber(reference), reference).toBe(true);
    }
  });

  it('lets dates, amounts, phone numbers, transfer ids and the last four digits through', () => {
    for (const text of [
      'TRX 2026-11-27-001',
      'Paid $1,500.00 on 2026-11-20, call 713-555-0123',
      'Visa ending 1111',
      'Visa •••• 1111',
      'Zelle 8841 / 2026-11-20',
      '4111 1111 1111 1112',
    ]) {
      expect(containsCardNumber(text), text).toBe(false);
    }
  });

  it('finds any card number written with spaces, dots or dashes, anywhere in any text', () => {
    fc.assert(
      fc.property(edge, written, tail, (before, number, after) => {
        expect(containsCardNumber(`${before}${number}${after}`)).toBe(true);
      }),
    );
  });

  it('lets a card number through with any one digit changed (Luhn catches every single-digit error)', () => {
    fc.assert(
      fc.property(cardNumber, fc.nat(), fc.integer({ min: 1, max: 9 }), (valid, at, change) => {
        const position = at % valid.length;
        const changed =
          valid.slice(0, position) + ((Number(valid[position]) + change) % 10) + valid.slice(position + 1);
        expect(containsCardNumber(`Ref ${changed}`)).toBe(false);
      }),
    );
  });
});

describe('maskCardNumbers', () => {
  it('keeps the words and the last four digits', () => {
    expect(maskCardNumbers('Visa 4111 1111 1111 1111')).toBe('Visa •••• 1111');
    expect(maskCardNumbers('4111.1111.1111.1111 paid 2026-11-20')).toBe('•••• 1111 paid 2026-11-20');
    expect(maskCardNumbers('TRX-20261120-77')).toBe('TRX-20261120-77');
  });

  it('leaves no card number in any text, and text without one as it was', () => {
    fc.assert(
      fc.property(edge, written, tail, (before, number, after) => {
        const masked = maskCardNumbers(`${before}${number}${after}`);
        expect(containsCardNumber(masked)).toBe(false);
        expect(masked).toContain(`•••• ${number.replace(/\D/g, '').slice(-4)}`);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const masked = maskCardNumbers(text);
        expect(containsCardNumber(masked)).toBe(false);
        if (!containsCardNumber(text)) expect(masked).toBe(text);
      }),
    );
  });
});

describe('a payment reference', () => {
  it('is refused with the card number anywhere in it', () => {
    const payment = { paidOn: '2026-11-20', amountCents: 100, method: 'credit-card' };
    for (const reference of ['Visa 4111 1111 1111 1111', '4111.1111.1111.1111']) {
      const check = checkPayment({ ...payment, reference }, { today: '2026-11-20', balanceCents: 100 });
      expect(check.ok ? [] : check.problems.map((problem) => problem.field)).toEqual(['reference']);
    }
  });
});
