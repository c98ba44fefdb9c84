/**
 * A lead's booking as the desk's list, its CSV and its "Due today" and "Overdue" views see it: the
 * quote its account is kept against, and where that account stands (`accountOf`, the same figures
 * the lead page shows). The list-store's SQL for the views follows the rules written here
 * (`paymentDueState`); tests/unit/quote-accounts.test.ts holds the two together.
 */
import { agencyDay } from '../agency-time.ts';
import { formatCents } from '../quotes/money.ts';
import { UNCHASED_STATUSES, type LeadStatus } from '../pipeline/model.ts';
import type { LeadAccount } from '../quotes/account.ts';

/**
 * Whether a payment puts the lead in "Due today" or "Overdue": only a quote the pilgrim accepted is
 * owed (a quote merely sent binds nobody), and only while the lead is not lost.
 */
export function paymentDueState(status: LeadStatus, booking: LeadAccount | undefined): 'today' | 'overdue' | undefined {
  if (!booking?.acceptedAt || UNCHASED_STATUSES.includes(status)) return undefined;
  if (booking.account.state === 'overdue') return 'overdue';
  return booking.account.state === 'due-today' ? 'today' : undefined;
}

/** The list's payments cell; every line empty for a lead with no quote sent. */
export interface AccountCell {
  /** "Accepted $5,452.50", or "Quoted $5,452.50" while the pilgrim has not accepted. */
  quote: string;
  /** "Paid $1,500" */
  paid: string;
  /** "Balance $3,952.50", "Paid in full" or "Overpaid by $50". */
  balance: string;
  /** "Balance due 2027-01-24": the next payment and its day. */
  next: string;
  /** Why the lead is in "Due today" or "Overdue": "Deposit overdue", "Balance due today". */
  note: string;
}

const NO_ACCOUNT: AccountCell = { quote: '', paid: '', balance: '', next: '', note: '' };

/** A lead's booking as the list writes it. */
export function accountCell(status: LeadStatus, booking: LeadAccount | undefined): AccountCell {
  if (!booking) return NO_ACCOUNT;
  const { account } = booking;
  const owing = account.state !== 'paid' && account.state !== 'overpaid';
  return {
    quote: `${booking.acceptedAt ? 'Accepted' : 'Quoted'} ${formatCents(account.totalCents)}`,
    paid: `Paid ${formatCents(account.paidCents)}`,
    balance: owing ? `Balance ${formatCents(account.balanceCents)}` : account.words,
    next: account.nextDue ? `${account.nextDue.label} due ${account.nextDue.dueOn}` : '',
    note: paymentDueState(status, booking) ? account.words : '',
  };
}

/** The CSV's columns for a lead's booking, after the pipeline's. */
export const ACCOUNT_CSV_COLUMNS = ['quote_total', 'accepted_on', 'paid', 'balance'] as const;

/** "5452.50": an amount (never negative on an account) as a spreadsheet reads a number, without "$" or thousands commas. */
export function csvDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A lead's booking as CSV cells: the total, the office's day it was accepted, paid and balance; empty with no quote sent. */
export function accountCsv(
  booking: LeadAccount | undefined,
  timeZone: string,
): Record<(typeof ACCOUNT_CSV_COLUMNS)[number], string> {
  if (!booking) return { quote_total: '', accepted_on: '', paid: '', balance: '' };
  const { account, acceptedAt } = booking;
  return {
    quote_total: csvDollars(account.totalCents),
    accepted_on: acceptedAt ? agencyDay(new Date(acceptedAt), timeZone) : '',
    paid: csvDollars(account.paidCents),
    balance: csvDollars(account.balanceCents),
  };
}
