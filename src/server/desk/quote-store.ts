/*
 * Quotes, from the desk's draft to the pilgrim's acceptance and the payments (issue 21). This module
 * owns the tables quotes, quote_versions, quote_acceptances and quote_payments (quote-records.ts reads
 * them); the lead's status and history move through the pipeline's functions in the same transaction.
 *
 * - A quote's versions: the newest is a draft staff may save again and again until it is sent; a sent
 *   version is frozen, and changing it makes the next version, so every version ever sent stays readable.
 * - The private link's token is issued on the first send and kept only as its SHA-256 (as staff
 *   sessions are): a copied database opens no quote. So the desk shows the link once, when it is issued;
 *   later versions are shown by the same link.
 * - Every writer of a quote locks its lead first (`lockLead`), so sends, acceptances, payments and an
 *   erasure of one lead take turns.
 */
import { randomUUID } from 'node:crypto';
import { accountOf, type Account } from '../../lib/quotes/account.ts';
import type { QuoteProblem } from '../../lib/quotes/model.ts';
import { formatCents } from '../../lib/quotes/money.ts';
import { checkPayment, PAYMENT_METHODS } from '../../lib/quotes/payments.ts';
import type { PilgrimQuote, QuoteAcceptance, StoredQuote } from '../../lib/quotes/records.ts';
import { isWellFormedToken, newQuoteToken } from '../../lib/quotes/token.ts';
import { checkQuoteDraft } from '../../lib/quotes/validate.ts';
import { versionChanges } from '../../lib/quotes/versions.ts';
import type { SqlDatabase } from '../db/database.ts';
import { tokenHash } from './auth.ts';
import { advanceStatus, lockLead, recordHistory } from './pipeline-store.ts';
import {
  acceptanceOf,
  billedVersion,
  LIVE,
  lockQuote,
  paymentsOf,
  quotesOf,
  versionsOf,
  type QuoteRow,
} from './quote-records.ts';

/** The staff member acting: the id is kept on the rows, the email in the lead's history. */
export interface StaffActor {
  id: string;
  email: string;
}

export type Refused = { ok: false; problems: QuoteProblem[] };
export type DraftSaved = { ok: true; quoteId: string; version: number; changed: boolean };
/** `token` is the new link's, given once: null when the quote already had one, which now shows this version. */
export type QuoteSent = { ok: true; quoteId: string; version: number; token: string | null };
export type AcceptOutcome =
  | { outcome: 'accepted' | 'already-accepted'; acceptance: QuoteAcceptance }
  | { outcome: 'expired' | 'superseded' | 'not-found' | 'name-needed' };

/** How the history names the pilgrim, who has no staff account. */
const PILGRIM = 'pilgrim';
const INSERT_VERSION =
  'INSERT INTO quote_versions (quote_id, version, draft, total_cents, valid_until, saved_at) VALUES (?, ?, ?, ?, ?, ?)';

function refused(field: string, message: string): Refused {
  return { ok: false, problems: [{ field, message }] };
}

/** Quotes, their versions, links, acceptances and payments, alike on SQLite and PostgreSQL. */
export class QuoteStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** Saves a draft as a new quote, or into the quote's editable version (the next one after a send); refused with every problem, nothing stored; undefined when the lead or quote is gone. */
  async saveDraft(
    target: { leadId: string; quoteId?: string },
    input: unknown,
    staff: StaffActor,
    today: string,
    now = new Date(),
  ): Promise<DraftSaved | Refused | undefined> {
    const check = checkQuoteDraft(input, today);
    if (!check.ok) return check;
    const at = now.toISOString();
    const values = [JSON.stringify(check.draft), check.totals.totalCents, check.draft.validUntil, at];
    return this.db.transaction(async (tx) => {
      if (target.quoteId === undefined) {
        const reference = await lockLead(tx, target.leadId);
        if (reference === undefined) return undefined;
        const quoteId = randomUUID();
        await tx.run('INSERT INTO quotes (id, lead_id, reference, created_by, created_at) VALUES (?, ?, ?, ?, ?)', [
          quoteId,
          target.leadId,
          reference,
          staff.id,
          at,
        ]);
        await tx.run(INSERT_VERSION, [quoteId, 1, ...values]);
        return { ok: true, quoteId, version: 1, changed: true };
      }
      const locked = await lockQuote(tx, target.quoteId);
      if (locked?.quote.lead_id !== target.leadId) return undefined;
      const quoteId = target.quoteId;
      const latest = (await versionsOf(tx, quoteId)).at(-1)!;
      if (latest.sentAt === null) {
        await tx.run(
          'UPDATE quote_versions SET draft = ?, total_cents = ?, valid_until = ?, saved_at = ? WHERE quote_id = ? AND version = ?',
          [...values, quoteId, latest.version],
        );
        return { ok: true, quoteId, version: latest.version, changed: true };
      }
      if (versionChanges(latest.draft, check.draft).length === 0) {
        return { ok: true, quoteId, version: latest.version, changed: false };
      }
      await tx.run(INSERT_VERSION, [quoteId, latest.version + 1, ...values]);
      return { ok: true, quoteId, version: latest.version + 1, changed: true };
    });
  }

  /** Freezes the quote's draft version, issues its link on the first send and moves a New or Contacted lead to Quoted, all in one transaction. */
  async send(
    quoteId: string,
    staff: StaffActor,
    today: string,
    now = new Date(),
  ): Promise<QuoteSent | Refused | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await lockQuote(tx, quoteId);
      if (!locked) return undefined;
      const latest = (await versionsOf(tx, quoteId)).at(-1)!;
      if (latest.sentAt !== null) {
        return refused('_form', `Version ${latest.version} was sent already; change the quote to make a new version.`);
      }
      // Checked again: a draft saved last week may have a valid-until day that has since passed.
      const check = checkQuoteDraft(latest.draft, today);
      if (!check.ok) return check;
      const at = now.toISOString();
      await tx.run('UPDATE quote_versions SET sent_at = ? WHERE quote_id = ? AND version = ?', [
        at,
        quoteId,
        latest.version,
      ]);
      let token: string | null = null;
      if (locked.quote.token_hash === null) {
        token = newQuoteToken();
        await tx.run('UPDATE quotes SET token_hash = ? WHERE id = ?', [tokenHash(token), quoteId]);
      }
      const lead = { id: locked.quote.lead_id!, reference: locked.reference };
      const detail = `Quote sent: version ${latest.version}, ${formatCents(latest.totalCents)}, valid until ${latest.validUntil}`;
      await recordHistory(tx, lead, { actor: staff.email, at, action: 'quote', detail });
      await advanceStatus(tx, lead, ['new', 'contacted'], 'quoted', staff.email, at);
      return { ok: true, quoteId, version: latest.version, token };
    });
  }

  /** Stops the quote's link answering (a withdrawn quote can be neither opened nor accepted). */
  async withdraw(quoteId: string, staff: StaffActor, now = new Date()): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const locked = await lockQuote(tx, quoteId);
      if (!locked) return false;
      const at = now.toISOString();
      await tx.run('UPDATE quotes SET withdrawn_at = ? WHERE id = ?', [at, quoteId]);
      const lead = { id: locked.quote.lead_id!, reference: locked.reference };
      await recordHistory(tx, lead, { actor: staff.email, at, action: 'quote', detail: 'Quote withdrawn' });
      return true;
    });
  }

  /** The pilgrim's page: the newest sent version of a live quote; null alike for a malformed (never looked up), unknown or withdrawn token. */
  async quoteByToken(token: string): Promise<PilgrimQuote | null> {
    if (!isWellFormedToken(token)) return null;
    const [quote] = await this.db.all<QuoteRow>(`SELECT * FROM quotes WHERE token_hash = ? AND ${LIVE}`, [
      tokenHash(token),
    ]);
    if (!quote) return null;
    const sent = (await versionsOf(this.db, quote.id)).filter((version) => version.sentAt !== null);
    const version = sent.at(-1);
    if (!version) return null;
    const acceptance = await acceptanceOf(this.db, quote.id);
    return { quoteId: quote.id, reference: quote.reference, version, updated: sent.length > 1, acceptance };
  }

  /** Records the pilgrim's acceptance of the version they saw, once: a repeat changes nothing and says so; an expired or superseded version is refused. */
  async accept(
    token: string,
    version: number,
    typedName: string,
    today: string,
    now = new Date(),
  ): Promise<AcceptOutcome> {
    const name = typedName.trim().replace(/\s+/g, ' ');
    if (name.length < 2 || name.length > 200) return { outcome: 'name-needed' };
    if (!isWellFormedToken(token)) return { outcome: 'not-found' };
    return this.db.transaction(async (tx) => {
      const [found] = await tx.all<{ id: string }>(`SELECT id FROM quotes WHERE token_hash = ? AND ${LIVE}`, [
        tokenHash(token),
      ]);
      const locked = found ? await lockQuote(tx, found.id) : undefined;
      if (!locked) return { outcome: 'not-found' };
      const quoteId = locked.quote.id;
      const earlier = await acceptanceOf(tx, quoteId);
      if (earlier) return { outcome: 'already-accepted', acceptance: earlier };
      const current = billedVersion(await versionsOf(tx, quoteId), null);
      if (!current) return { outcome: 'not-found' };
      if (current.version !== version) return { outcome: 'superseded' };
      if (current.validUntil < today) return { outcome: 'expired' };
      const acceptance = { version, totalCents: current.totalCents, typedName: name, acceptedAt: now.toISOString() };
      await tx.run(
        'INSERT INTO quote_acceptances (quote_id, version, total_cents, typed_name, accepted_at) VALUES (?, ?, ?, ?, ?)',
        [quoteId, version, acceptance.totalCents, name, acceptance.acceptedAt],
      );
      const lead = { id: locked.quote.lead_id!, reference: locked.reference };
      const detail = `Quote accepted: version ${version}, ${formatCents(current.totalCents)}`;
      await recordHistory(tx, lead, { actor: PILGRIM, at: acceptance.acceptedAt, action: 'quote', detail });
      // A deposit taken before the pilgrim accepted online: the booking is made now.
      if ((await paymentsOf(tx, quoteId)).length > 0) {
        await advanceStatus(tx, lead, ['new', 'contacted', 'quoted'], 'booked', PILGRIM, acceptance.acceptedAt);
      }
      return { outcome: 'accepted', acceptance };
    });
  }

  /** Records a payment on a sent quote, checked by `checkPayment` (card numbers refused, nothing stored); a payment on an accepted quote moves the lead to Booked. */
  async recordPayment(
    quoteId: string,
    input: unknown,
    staff: StaffActor,
    today: string,
    now = new Date(),
  ): Promise<{ ok: true; account: Account } | Refused | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await lockQuote(tx, quoteId);
      if (!locked) return undefined;
      const acceptance = await acceptanceOf(tx, quoteId);
      const billed = billedVersion(await versionsOf(tx, quoteId), acceptance);
      if (!billed) return refused('_form', 'Send the quote before recording a payment on it.');
      const payments = await paymentsOf(tx, quoteId);
      const before = accountOf(billed.draft.schedule, payments, today);
      const check = checkPayment(input, { today, balanceCents: before.balanceCents });
      if (!check.ok) return check;
      const { paidOn, amountCents, method, reference } = check.payment;
      const at = now.toISOString();
      await tx.run(
        `INSERT INTO quote_payments (quote_id, paid_on, amount_cents, method, reference, recorded_by, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [quoteId, paidOn, amountCents, method, reference, staff.id, at],
      );
      const lead = { id: locked.quote.lead_id!, reference: locked.reference };
      const detail = `Payment recorded: ${formatCents(amountCents)} by ${PAYMENT_METHODS[method]} on ${paidOn}`;
      await recordHistory(tx, lead, { actor: staff.email, at, action: 'payment', detail });
      if (acceptance) await advanceStatus(tx, lead, ['new', 'contacted', 'quoted'], 'booked', staff.email, at);
      return { ok: true, account: accountOf(billed.draft.schedule, [...payments, { amountCents }], today) };
    });
  }

  /** A lead's quotes with their versions, acceptance and payments, oldest first. */
  async quotesOfLead(leadId: string): Promise<StoredQuote[]> {
    return quotesOf(this.db, leadId);
  }

  /** Paid, balance and next due for the lead's booking: its accepted quote, else its newest sent one; null with none sent. */
  async accountOfLead(leadId: string, today: string): Promise<{ quoteId: string; account: Account } | null> {
    const quotes = await quotesOf(this.db, leadId);
    const chosen =
      quotes.findLast((quote) => quote.acceptance) ?? quotes.findLast((quote) => billedVersion(quote.versions, null));
    const billed = chosen && billedVersion(chosen.versions, chosen.acceptance);
    if (!chosen || !billed) return null;
    return { quoteId: chosen.id, account: accountOf(billed.draft.schedule, chosen.payments, today) };
  }
}
