import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountOf } from '@/lib/quotes/account';

/** A deposit of $1,500 due November 27 and the balance of $3,952.50 due January 24. */
const SCHEDULE = [
  { dueOn: '2026-11-27', amountCents: 150_000 },
  { dueOn: '2027-01-24', amountCents: 395_250 },
];
const paid = (...amounts: number[]) => amounts.map((amountCents) => ({ amountCents }));
const summary = (payments: { amountCents: number }[], today: string) => {
  const { words, state, paidCents, balanceCents, nextDue, overdueCents, dueTodayCents } = accountOf(
    SCHEDULE,
    payments,
    today,
  );
  return { words, state, paidCents, balanceCents, nextDue, overdueCents, dueTodayCents };
};

describe('accountOf', () => {
  it('follows a booking from the deposit to paid in full', () => {
    expect(summary([], '2026-11-20')).toEqual({
      words: 'Deposit due',
      state: 'due',
      paidCents: 0,
      balanceCents: 545_250,
      nextDue: { label: 'Deposit', dueOn: '2026-11-27', outstandingCents: 150_000 },
      overdueCents: 0,
      dueTodayCents: 0,
    });
    expect(summary([], '2026-11-27')).toMatchObject({
      words: 'Deposit due today',
      state: 'due-today',
      dueTodayCents: 150_000,
    });
    expect(summary(paid(100_000), '2026-11-28')).toMatchObject({
      words: 'Deposit overdue',
      state: 'overdue',
      nextDue: { label: 'Deposit', dueOn: '2026-11-27', outstandingCents: 50_000 },
      overdueCents: 50_000,
    });
    expect(summary(paid(150_000), '2026-12-01')).toMatchObject({
      words: 'Balance due',
      balanceCents: 395_250,
      nextDue: { label: 'Balance', dueOn: '2027-01-24', outstandingCents: 395_250 },
    });
    expect(summary(paid(150_000, 200_000), '2027-01-25')).toMatchObject({
      words: 'Balance overdue',
      overdueCents: 195_250,
      balanceCents: 195_250,
    });
    expect(summary(paid(150_000, 395_250), '2027-02-01')).toMatchObject({
      words: 'Paid in full',
      state: 'paid',
      nextDue: null,
      balanceCents: 0,
    });
    expect(summary(paid(550_000), '2027-02-01')).toMatchObject({
      words: 'Overpaid by $47.50',
      state: 'overpaid',
      balanceCents: 0,
    });
  });

  it('counts every unpaid payment whose day has passed as overdue', () => {
    expect(accountOf(SCHEDULE, [], '2027-02-01')).toMatchObject({ words: 'Deposit overdue', overdueCents: 545_250 });
    expect(accountOf([{ dueOn: '2026-11-27', amountCents: 1 }], [], '2026-11-27').words).toBe('Full payment due today');
  });

  it('keeps paid plus balance equal to the total, and what is owed never above the balance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400_000 }), { maxLength: 6 }),
        fc.constantFrom('2026-11-01', '2026-11-27', '2027-01-24', '2027-03-01'),
        (amounts, today) => {
          const account = accountOf(SCHEDULE, paid(...amounts), today);
          expect(account.paidCents + account.balanceCents - account.overpaidCents).toBe(account.totalCents);
          expect(account.overdueCents + account.dueTodayCents).toBeLessThanOrEqual(account.balanceCents);
          expect(account.nextDue === null).toBe(account.balanceCents === 0);
        },
      ),
    );
  });
});
