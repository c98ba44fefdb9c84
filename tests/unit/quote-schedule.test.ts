import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@/lib/agency-time';
import { MAX_AMOUNT_CENTS } from '@/lib/format';
import {
  defaultSchedule,
  defaultValidUntil,
  splitCents,
  validateSchedule,
  type ScheduleSettings,
} from '@/lib/quotes/schedule';
import { formatDay } from '@/lib/dates';

const SETTINGS: ScheduleSettings = {
  depositPerTravellerCents: 50_000,
  balanceDaysBeforeDeparture: 45,
  paymentsAfterDeposit: 1,
};
const day = fc.integer({ min: 0, max: 3650 }).map((offset) => addDays('2026-01-01', offset));
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

describe('calendar days', () => {
  it('adds days across months, leap days and years, and counts them back', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-20', '2027-01-05')).toBe(46);
    fc.assert(
      fc.property(day, fc.integer({ min: -800, max: 800 }), (from, days) => {
        expect(daysBetween(from, addDays(from, days))).toBe(days);
      }),
    );
  });

  it('writes a day as US readers do', () => {
    expect(formatDay('2026-11-20')).toBe('November 20, 2026');
  });
});

describe('splitCents', () => {
  it('gives the remainder to the last part', () => {
    expect(splitCents(1000, 3)).toEqual([333, 333, 334]);
    expect(splitCents(2, 3)).toEqual([0, 0, 2]);
    expect(() => splitCents(10.5, 2)).toThrow(RangeError);
    expect(() => splitCents(10, 0)).toThrow(RangeError);
  });

  it('never loses or invents a cent, and the parts differ by less than the number of parts', () => {
    fc.assert(
      fc.property(fc.nat(10 * MAX_AMOUNT_CENTS), fc.integer({ min: 1, max: 24 }), (total, parts) => {
        const split = splitCents(total, parts);
        expect(split).toHaveLength(parts);
        expect(sum(split)).toBe(total);
        expect(split.every((part) => Number.isInteger(part) && part >= 0)).toBe(true);
        expect(split.at(-1)! - split[0]!).toBeLessThan(parts);
      }),
    );
  });
});

describe('defaultValidUntil', () => {
  it('gives the quote a week, but never past departure', () => {
    expect(defaultValidUntil('2026-11-20', 7, '2027-03-10')).toBe('2026-11-27');
    expect(defaultValidUntil('2026-11-20', 7, '2026-11-24')).toBe('2026-11-24');
    expect(defaultValidUntil('2026-11-20', 7, '2026-11-01')).toBe('2026-11-20');
  });
});

describe('defaultSchedule', () => {
  it('takes a deposit per seated traveller by valid-until and the balance 45 days before departure', () => {
    const facts = {
      totalCents: 578_750,
      seatedTravellers: 3,
      sentOn: '2026-11-20',
      validUntil: '2026-11-27',
      departureOn: '2027-03-10',
    };
    expect(defaultSchedule(facts, SETTINGS)).toEqual([
      { dueOn: '2026-11-27', amountCents: 150_000 },
      { dueOn: '2027-01-24', amountCents: 428_750 },
    ]);
    expect(defaultSchedule(facts, { ...SETTINGS, paymentsAfterDeposit: 3 })).toEqual([
      { dueOn: '2026-11-27', amountCents: 150_000 },
      { dueOn: '2026-12-16', amountCents: 142_916 },
      { dueOn: '2027-01-04', amountCents: 142_916 },
      { dueOn: '2027-01-24', amountCents: 142_918 },
    ]);
  });

  it('asks for one full payment when departure is too soon for a deposit and a later balance', () => {
    const facts = {
      totalCents: 400_000,
      seatedTravellers: 2,
      sentOn: '2026-11-20',
      validUntil: '2026-11-27',
      departureOn: '2026-12-20',
    };
    expect(defaultSchedule(facts, SETTINGS)).toEqual([{ dueOn: '2026-11-27', amountCents: 400_000 }]);
    const tomorrow = { ...facts, departureOn: '2026-11-21' };
    expect(defaultSchedule(tomorrow, SETTINGS)).toEqual([{ dueOn: '2026-11-20', amountCents: 400_000 }]);
    expect(defaultSchedule({ ...facts, totalCents: 0 }, SETTINGS)).toEqual([]);
  });

  it('always adds up to the total, in order, every payment above $0, the balance by departure', () => {
    const settings = fc.record({
      depositPerTravellerCents: fc.integer({ min: 0, max: 500_000 }),
      balanceDaysBeforeDeparture: fc.integer({ min: 0, max: 120 }),
      paymentsAfterDeposit: fc.integer({ min: 1, max: 6 }),
    });
    const facts = fc.record({
      totalCents: fc.integer({ min: 1, max: 40 * MAX_AMOUNT_CENTS }),
      seatedTravellers: fc.integer({ min: 0, max: 40 }),
      sentOn: day,
      validFor: fc.integer({ min: 0, max: 30 }),
      departsIn: fc.integer({ min: 1, max: 500 }),
    });
    fc.assert(
      fc.property(facts, settings, ({ validFor, departsIn, ...rest }, chosen) => {
        const scheduleFacts = {
          ...rest,
          validUntil: addDays(rest.sentOn, validFor),
          departureOn: addDays(rest.sentOn, departsIn),
        };
        const schedule = defaultSchedule(scheduleFacts, chosen);
        expect(sum(schedule.map((due) => due.amountCents))).toBe(rest.totalCents);
        expect(validateSchedule(schedule, scheduleFacts)).toEqual([]);
        expect(schedule[0]!.dueOn >= rest.sentOn).toBe(true);
        const deposit = chosen.depositPerTravellerCents * rest.seatedTravellers;
        if (schedule.length > 1) expect(schedule[0]!.amountCents).toBe(deposit);
      }),
    );
  });
});

describe('validateSchedule', () => {
  const facts = { totalCents: 300_000, departureOn: '2027-03-10' };
  /** A deposit and a balance, as staff might have edited them. */
  const messagesFor = (depositOn: string, depositCents: number, balanceOn: string, balanceCents: number) =>
    validateSchedule(
      [
        { dueOn: depositOn, amountCents: depositCents },
        { dueOn: balanceOn, amountCents: balanceCents },
      ],
      facts,
    ).map((problem) => problem.message);

  it('accepts a schedule in order that adds up to the total', () => {
    expect(messagesFor('2026-11-27', 100_000, '2027-01-24', 200_000)).toEqual([]);
  });

  it('says in plain words what is wrong', () => {
    expect(messagesFor('2027-02-01', 100_000, '2027-01-24', 200_000)).toEqual([
      'The deposit is due after the balance date.',
    ]);
    expect(messagesFor('2027-01-24', 100_000, '2027-01-24', 200_000)).toEqual([
      'The deposit and the balance are due on the same day; give each its own date.',
    ]);
    expect(messagesFor('2026-11-27', 100_000, '2027-03-11', 150_000)).toEqual([
      'The balance is due after departure on March 10, 2027.',
      'The payments add up to $2,500 but the total is $3,000.',
    ]);
    expect(messagesFor('2026-11-27', 0, '2027-01-01', 300_000)).toEqual(['The deposit needs an amount above $0.']);
    const fields = validateSchedule([{ dueOn: '2027-01-01', amountCents: 299_999.5 }], facts).map(({ field }) => field);
    expect(fields).toEqual(['schedule']);
  });
});
