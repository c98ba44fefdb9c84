import { describe, expect, it } from 'vitest';
import { NO_TOUCH } from '@/lib/leads/first-touch';
import { accountCell, accountCsv, csvDollars, paymentDueState } from '@/lib/desk/accounts';
import { billedQuote, type LeadAccount } from '@/lib/quotes/account';
import { deskRow } from '@/lib/desk/list';
import type { DeskLead } from '@/lib/desk/model';
import { accountOf } from '@/lib/quotes/account';

const TZ = 'America/Chicago';
const SCHEDULE = [
  { dueOn: '2026-11-27', amountCents: 150_000 },
  { dueOn: '2027-01-24', amountCents: 395_250 },
];

/** The fixture's booking as of `today`, with `paid` cents received and accepted unless told otherwise. */
function booking(today: string, paid = 0, accepted = true): LeadAccount {
  return {
    quoteId: 'quote-1',
    acceptedAt: accepted ? '2026-11-20T15:00:00.000Z' : null,
    account: accountOf(SCHEDULE, paid > 0 ? [{ amountCents: paid }] : [], today),
  };
}

describe('billedQuote', () => {
  it('chooses the newest accepted quote, else the newest sent, else none', () => {
    const quote = (id: string, accepted: boolean, sent: boolean) => ({ id, accepted, sent });
    expect(billedQuote([quote('a', true, true), quote('b', true, true), quote('c', false, true)])?.id).toBe('b');
    expect(billedQuote([quote('a', false, true), quote('b', false, true), quote('c', false, false)])?.id).toBe('b');
    expect(billedQuote([quote('a', false, false)])).toBeUndefined();
    expect(billedQuote([])).toBeUndefined();
  });
});

describe('paymentDueState', () => {
  it('makes an accepted booking due on its payment day and overdue after it, until paid', () => {
    expect(paymentDueState('quoted', booking('2026-11-26'))).toBeUndefined();
    expect(paymentDueState('quoted', booking('2026-11-27'))).toBe('today');
    expect(paymentDueState('quoted', booking('2026-11-28'))).toBe('overdue');
    expect(paymentDueState('booked', booking('2026-11-28', 150_000))).toBeUndefined();
    expect(paymentDueState('booked', booking('2027-01-24', 150_000))).toBe('today');
    expect(paymentDueState('booked', booking('2027-01-25', 100_000))).toBe('overdue');
    expect(paymentDueState('booked', booking('2027-02-01', 545_250))).toBeUndefined();
  });

  it('leaves out a quote not accepted, a lost lead and a lead with no quote', () => {
    expect(paymentDueState('quoted', booking('2026-11-28', 0, false))).toBeUndefined();
    expect(paymentDueState('lost', booking('2026-11-28'))).toBeUndefined();
    expect(paymentDueState('new', undefined)).toBeUndefined();
  });
});

describe('accountCell', () => {
  it('writes the total, paid, balance and next payment, and why the lead is due', () => {
    expect(accountCell('booked', booking('2027-01-25', 150_000))).toEqual({
      quote: 'Accepted $5,452.50',
      paid: 'Paid $1,500',
      balance: 'Balance $3,952.50',
      next: 'Balance due 2027-01-24',
      note: 'Balance overdue',
    });
    expect(accountCell('quoted', booking('2026-11-27')).note).toBe('Deposit due today');
    expect(accountCell('booked', booking('2026-12-01', 150_000)).note).toBe('');
  });

  it('says a quote is not yet accepted, and a paid booking is paid, without a reason to chase either', () => {
    expect(accountCell('quoted', booking('2026-11-28', 0, false))).toEqual({
      quote: 'Quoted $5,452.50',
      paid: 'Paid $0',
      balance: 'Balance $5,452.50',
      next: 'Deposit due 2026-11-27',
      note: '',
    });
    expect(accountCell('booked', booking('2027-02-01', 545_250))).toMatchObject({
      balance: 'Paid in full',
      next: '',
      note: '',
    });
    expect(accountCell('new', undefined)).toEqual({ quote: '', paid: '', balance: '', next: '', note: '' });
  });

  it('is part of the list row, beside the follow-up and its own note', () => {
    const lead = {
      id: 'lead-1',
      reference: 'MQ-7K3F9Q',
      formId: 'umrah',
      fields: { name: 'Layla Haddad', email: 'layla@example.com' },
      receivedAt: '2026-11-18T10:00:00.000Z',
      pageUrl: null,
      userAgent: null,
      firstTouch: NO_TOUCH,
      language: 'en',
      status: 'booked',
      lostReason: null,
      assignee: null,
      followUp: '2027-01-20',
      firstContactedAt: null,
      lastNote: null,
    } satisfies DeskLead;
    const row = deskRow(lead, '2027-01-25', TZ, booking('2027-01-25', 150_000));
    expect(row.followUpNote).toBe('');
    expect(row.account.note).toBe('Balance overdue');
    expect(deskRow(lead, '2027-01-25', TZ).account.quote).toBe('');
  });
});

describe('the CSV of bookings', () => {
  it('writes dollars and cents as a spreadsheet reads numbers', () => {
    expect(csvDollars(0)).toBe('0.00');
    expect(csvDollars(5)).toBe('0.05');
    expect(csvDollars(545_250)).toBe('5452.50');
    expect(csvDollars(100_000_000)).toBe('1000000.00');
  });

  it('gives the total, the day accepted in the office, paid and balance; nothing for a quote not accepted', () => {
    expect(accountCsv(booking('2026-11-30', 150_000), TZ)).toEqual({
      quote_total: '5452.50',
      accepted_on: '2026-11-20',
      paid: '1500.00',
      balance: '3952.50',
    });
    expect(accountCsv(booking('2026-11-30', 0, false), TZ).accepted_on).toBe('');
    expect(accountCsv(undefined, TZ)).toEqual({ quote_total: '', accepted_on: '', paid: '', balance: '' });
  });
});
