/*
 * The quote's emails, registered with the outbox as its kinds (QUOTE_EMAIL_KINDS) and queued in the
 * quote store's own transactions (`queueMessage`), so an email is queued exactly when what it tells is stored, and the worker sends
 * it like every delivery: a sent version to the pilgrim, an acceptance to staff and to the pilgrim, a
 * question to staff, a payment receipt to the pilgrim. The facts go in the outbox; the words are
 * written when it is sent (src/lib/quotes/emails.ts).
 *
 * Each message has a key of its own (the quote and version, the payment…), so a retry or a double
 * submit queues it once. Staff hear through the lead's assigned staff member, else every owner.
 */
import { createHash } from 'node:crypto';
import { findForm } from '../../lib/forms/definitions.ts';
import { visitorEmail } from '../../lib/leads/visitor.ts';
import type { Account } from '../../lib/quotes/account.ts';
import { composeQuoteEmail, quoteEmailLabel, type QuoteEmail } from '../../lib/quotes/emails.ts';
import { paymentLabel } from '../../lib/quotes/model.ts';
import { bookingOf } from '../../lib/quotes/cancellation.ts';
import type { QuoteAcceptance, QuoteVersion } from '../../lib/quotes/records.ts';
import type { SqlStatements } from '../db/database.ts';
import { messageKind, type MessageKind } from '../outbox/kinds.ts';
import { composedMail } from '../outbox/mail.ts';
import { queueMessage } from '../outbox/queue.ts';
import type { LockedQuote } from './records.ts';
import { paymentsOf, versionsOf } from './records.ts';

/** Every quote email's kind, each once: the compiler holds this list to the `QuoteEmail` union. */
const QUOTE_EMAIL_KIND_NAMES = {
  'quote-sent': true,
  'quote-accepted': true,
  'acceptance-confirmed': true,
  'quote-question': true,
  'payment-receipt': true,
} satisfies Record<QuoteEmail['kind'], true>;

/** The quote's emails as outbox kinds: the words are written from the row's facts when it is sent, with this server's links. */
export const QUOTE_EMAIL_KINDS: readonly MessageKind[] = (
  Object.keys(QUOTE_EMAIL_KIND_NAMES) as QuoteEmail['kind'][]
).map((kind) =>
  messageKind<QuoteEmail>({
    kind,
    label: quoteEmailLabel,
    compose: (delivery, message, context) =>
      composedMail(
        delivery,
        composeQuoteEmail(message, { siteUrl: context.siteUrl, leadId: delivery.leadId ?? '' }),
        context.from,
      ),
  }),
);

/** The pilgrim's address: the email the lead's form took, when it looks like one. */
export async function pilgrimAddress(tx: SqlStatements, leadId: string): Promise<string | undefined> {
  const [row] = await tx.all<{ form_id: string; fields: string }>('SELECT form_id, fields FROM leads WHERE id = ?', [
    leadId,
  ]);
  return row && visitorEmail(findForm(row.form_id), JSON.parse(row.fields) as Record<string, string>);
}

/** Who hears of the pilgrim's answers: the lead's assigned staff member, else every owner. */
async function staffAddresses(tx: SqlStatements, leadId: string): Promise<string[]> {
  const assigned = await tx.all<{ email: string }>(
    'SELECT staff.email FROM leads JOIN staff ON staff.id = leads.assignee_id WHERE leads.id = ?',
    [leadId],
  );
  const rows = assigned.length
    ? assigned
    : await tx.all<{ email: string }>("SELECT email FROM staff WHERE role = 'owner' ORDER BY email");
  return rows.map((row) => row.email);
}

/** Queues `email` to the pilgrim; the address it goes to, or null when the lead holds none. */
async function toPilgrim(
  tx: SqlStatements,
  leadId: string,
  key: string,
  email: QuoteEmail,
  now: Date,
): Promise<string | null> {
  const destination = await pilgrimAddress(tx, leadId);
  if (destination === undefined) return null;
  await queueMessage(tx, { leadId, destination, key, message: email }, now);
  return destination;
}

/** Queues `email` to the staff who hear of the lead; the addresses it goes to. */
async function toStaff(tx: SqlStatements, leadId: string, key: string, email: QuoteEmail, now: Date) {
  const addresses = await staffAddresses(tx, leadId);
  for (const destination of addresses) await queueMessage(tx, { leadId, destination, key, message: email }, now);
  return addresses;
}

/** Queues a sent version's email to the pilgrim, with the quote's link; the address, or null when the lead has none. */
export async function queueQuoteSent(
  tx: SqlStatements,
  { quote, lead }: LockedQuote,
  version: QuoteVersion,
  token: string,
  now: Date,
): Promise<string | null> {
  const { totalCents, validUntil } = version;
  const email = { kind: 'quote-sent' as const, reference: lead.reference, version: version.version, totalCents };
  const payerState = version.draft.payerState ?? null;
  const message = { ...email, validUntil, token, payerState };
  return toPilgrim(tx, lead.id, `quote-sent:${quote.id}:${version.version}`, message, now);
}

/** Queues an acceptance's notice to staff and its confirmation, with the first payment, to the pilgrim; both repeat the cancellation charges accepted. */
export async function queueAcceptance(
  tx: SqlStatements,
  quote: { id: string; leadId: string; reference: string },
  acceptance: QuoteAcceptance,
  token: string,
  now: Date,
): Promise<void> {
  const { version, totalCents, typedName } = acceptance;
  const { draft } = (await versionsOf(tx, quote.id)).find((sent) => sent.version === version)!;
  const { travelers, departureOn } = bookingOf(draft);
  const charges = acceptance.cancellation && { schedule: acceptance.cancellation, travelers, departureOn };
  const accepted = { reference: quote.reference, version, totalCents, ...(charges ? { cancellation: charges } : {}) };
  await toStaff(
    tx,
    quote.leadId,
    `quote-accepted:${quote.id}`,
    { kind: 'quote-accepted', ...accepted, typedName },
    now,
  );
  const { schedule } = draft;
  const firstDue = { label: paymentLabel(0, schedule.length), ...schedule[0]! };
  const payerState = draft.payerState ?? null;
  const confirmed = { kind: 'acceptance-confirmed' as const, ...accepted, firstDue, token, payerState };
  await toPilgrim(tx, quote.leadId, `acceptance-confirmed:${quote.id}`, confirmed, now);
}

/**
 * Queues a receipt to the pilgrim for the payment just recorded on the locked quote (its newest),
 * with the account after it; never the payment's reference, which may be a transfer id. The
 * address, or null when the lead holds none.
 */
export async function queueReceipt(
  tx: SqlStatements,
  { quote, lead }: LockedQuote,
  account: Account,
  now: Date,
): Promise<string | null> {
  const { id, paidOn, amountCents, method } = (await paymentsOf(tx, quote.id)).at(-1)!;
  const { totalCents, paidCents, balanceCents, nextDue } = account;
  const receipt = { kind: 'payment-receipt' as const, reference: lead.reference, amountCents, method, paidOn };
  const sent = (await versionsOf(tx, quote.id)).findLast((version) => version.sentAt !== null);
  const email = {
    ...receipt,
    totalCents,
    paidCents,
    balanceCents,
    nextDue,
    payerState: sent?.draft.payerState ?? null,
  };
  return toPilgrim(tx, lead.id, `payment-receipt:${id}`, email, now);
}

/** A question the pilgrim asked on a quote's page, as `queueQuestionEmail` takes it. */
export interface AskedQuestion {
  leadId: string;
  quoteId: string;
  reference: string;
  /** The version on offer when it was asked. */
  version: number;
  /** The pilgrim's words, as the quote's page took them. */
  question: string;
}

/**
 * Queues the staff's notice of a pilgrim's question (the assigned staff member, else every owner)
 * in the caller's transaction, which holds the lead; the addresses it goes to. Call it only when the
 * store's emails are on (QuoteStore's `emails` option), as the other quote emails are.
 *
 * The notice carries the question itself: it goes only to staff accounts' own addresses, never to
 * one the visitor typed, as the lead's own staff email already carries everything they typed, and it
 * spares staff a sign-in to read one line. The same words asked again on the same day and version
 * (a double submit, a retry) are queued once.
 */
export async function queueQuestionEmail(tx: SqlStatements, asked: AskedQuestion, now = new Date()): Promise<string[]> {
  const words = createHash('sha256').update(asked.question).digest('base64url').slice(0, 22);
  const key = `quote-question:${asked.quoteId}:${asked.version}:${now.toISOString().slice(0, 10)}:${words}`;
  const { reference, version, question } = asked;
  return toStaff(tx, asked.leadId, key, { kind: 'quote-question', reference, version, question }, now);
}
