/**
 * Where a booking stands, from its schedule and the payments received; nothing here is stored, so it
 * cannot drift from them. Payments pay the schedule in its order: the deposit first, then each
 * payment, whatever the day they came in.
 *
 * The state, the first that holds:
 * - `overpaid` "Overpaid by $50": more came in than the total (a new version lowered it); refund or re-quote;
 * - `paid` "Paid in full";
 * - `overdue` "Deposit overdue" (or "Payment 2", "Balance"…): the first unpaid payment's day has passed;
 * - `due-today` "Balance due today": the desk's "Due today";
 * - `due` "Deposit due", "Balance due": the next payment is still ahead.
 */
import { paymentLabel, type PaymentDue } from './model.ts';
import { formatCents, sumCents } from './money.ts';

export type AccountState = 'overpaid' | 'paid' | 'overdue' | 'due-today' | 'due';

export interface NextDue {
  /** "Deposit", "Payment 2", "Balance", "Full payment". */
  label: string;
  dueOn: string;
  /** What is still owed on that payment, less any part already paid. */
  outstandingCents: number;
}

export interface Account {
  totalCents: number;
  paidCents: number;
  /** What is still owed; never negative (see `overpaidCents`). */
  balanceCents: number;
  overpaidCents: number;
  /** The first payment not yet fully paid, or null when the schedule is paid. */
  nextDue: NextDue | null;
  /** Owed on payments due before today. */
  overdueCents: number;
  /** Owed on payments due today. */
  dueTodayCents: number;
  state: AccountState;
  words: string;
}

/** Paid, balance, the next payment, what is overdue or due today, and the status words, as of the office's `today`. */
export function accountOf(
  schedule: readonly PaymentDue[],
  payments: readonly { amountCents: number }[],
  today: string,
): Account {
  const totalCents = sumCents(schedule.map((due) => due.amountCents));
  const paidCents = sumCents(payments.map((payment) => payment.amountCents));
  let unallocated = paidCents;
  let nextDue: NextDue | null = null;
  let overdueCents = 0;
  let dueTodayCents = 0;
  schedule.forEach((due, index) => {
    const covered = Math.min(unallocated, due.amountCents);
    unallocated -= covered;
    const outstandingCents = due.amountCents - covered;
    if (outstandingCents === 0) return;
    nextDue ??= { label: paymentLabel(index, schedule.length), dueOn: due.dueOn, outstandingCents };
    if (due.dueOn < today) overdueCents += outstandingCents;
    else if (due.dueOn === today) dueTodayCents += outstandingCents;
  });
  const balanceCents = Math.max(0, totalCents - paidCents);
  const overpaidCents = Math.max(0, paidCents - totalCents);
  const { state, words } = stateOf(nextDue, overpaidCents, today);
  return { totalCents, paidCents, balanceCents, overpaidCents, nextDue, overdueCents, dueTodayCents, state, words };
}

function stateOf(
  nextDue: NextDue | null,
  overpaidCents: number,
  today: string,
): { state: AccountState; words: string } {
  if (overpaidCents > 0) return { state: 'overpaid', words: `Overpaid by ${formatCents(overpaidCents)}` };
  if (!nextDue) return { state: 'paid', words: 'Paid in full' };
  if (nextDue.dueOn < today) return { state: 'overdue', words: `${nextDue.label} overdue` };
  if (nextDue.dueOn === today) return { state: 'due-today', words: `${nextDue.label} due today` };
  return { state: 'due', words: `${nextDue.label} due` };
}

/** Where one lead's booking stands. */
export interface LeadAccount {
  quoteId: string;
  /** When the pilgrim accepted the quote; null while it is sent and not accepted. */
  acceptedAt: string | null;
  account: Account;
}

/** The quote a lead's account is kept against, of its quotes oldest first: the newest accepted, else the newest sent. */
export function billedQuote<Quote extends { accepted: boolean; sent: boolean }>(
  quotes: readonly Quote[],
): Quote | undefined {
  return quotes.findLast((quote) => quote.accepted) ?? quotes.findLast((quote) => quote.sent);
}
