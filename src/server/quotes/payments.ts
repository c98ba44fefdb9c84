/*
 * Payments on a quote and where the booking stands (quote-store.ts gives them to the desk). The
 * account is computed from the billed version's schedule and the payments every time
 * (`accountOf`), never stored, so it cannot drift from them; a lead's account is worked out as the
 * list's are, in quote-accounts.ts.
 */
import type { LeadAccount } from '../../lib/quotes/account.ts';
import { accountOf, type Account } from '../../lib/quotes/account.ts';
import { formatCents } from '../../lib/quotes/money.ts';
import { checkPayment, PAYMENT_METHODS } from '../../lib/quotes/payments.ts';
import type { QuoteProblem } from '../../lib/quotes/model.ts';
import type { SqlStatements } from '../db/database.ts';
import { advanceStatus, recordHistory } from '../pipeline/trail.ts';
import { accountsOfLeads } from './accounts.ts';
import { acceptanceOf, billedVersion, paymentsOf, versionsOf, type LockedQuote } from './records.ts';

export type PaymentRecorded = { ok: true; account: Account } | { ok: false; problems: QuoteProblem[] };

/** Before an acceptance a lead may stand at these; a payment on the accepted quote makes it Booked. */
export const BEFORE_BOOKED = ['new', 'contacted', 'quoted'] as const;

/**
 * Records a payment on a quote the caller's transaction has locked, as `checkPayment` allows it
 * against the balance (card numbers refused, nothing stored); on an accepted quote the lead is Booked.
 */
export async function insertPayment(
  tx: SqlStatements,
  { quote, lead }: LockedQuote,
  input: unknown,
  staff: { id: string; email: string },
  today: string,
  at: string,
): Promise<PaymentRecorded> {
  const acceptance = await acceptanceOf(tx, quote.id);
  const billed = billedVersion(await versionsOf(tx, quote.id), acceptance);
  if (!billed) {
    return { ok: false, problems: [{ field: '_form', message: 'Send the quote before recording a payment on it.' }] };
  }
  const payments = await paymentsOf(tx, quote.id);
  const check = checkPayment(input, {
    today,
    balanceCents: accountOf(billed.draft.schedule, payments, today).balanceCents,
  });
  if (!check.ok) return check;
  const { paidOn, amountCents, method, reference } = check.payment;
  await tx.run(
    `INSERT INTO quote_payments (quote_id, paid_on, amount_cents, method, reference, recorded_by, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [quote.id, paidOn, amountCents, method, reference, staff.id, at],
  );
  const detail = `Payment recorded: ${formatCents(amountCents)} by ${PAYMENT_METHODS[method]} on ${paidOn}`;
  await recordHistory(tx, lead, { actor: staff.email, at, action: 'payment', detail });
  if (acceptance) await advanceStatus(tx, lead, BEFORE_BOOKED, 'booked', staff.email, at);
  return { ok: true, account: accountOf(billed.draft.schedule, [...payments, { amountCents }], today) };
}

/** Paid, balance and next due for a lead's booking: its accepted quote, else its newest sent one; null with none sent. */
export async function leadAccount(db: SqlStatements, leadId: string, today: string): Promise<LeadAccount | null> {
  return (await accountsOfLeads(db, [leadId], today)).get(leadId) ?? null;
}
