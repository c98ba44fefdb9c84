/*
 * Quotes, from the desk's draft to the pilgrim's answer and the payments (issue 21). This module owns
 * the tables quotes, quote_versions, quote_acceptances, quote_declines and quote_payments, with its
 * helpers: quote-records.ts reads them, quote-answers.ts records the pilgrim's answers,
 * quote-payments.ts the payments. The lead's status, follow-up and history move through the
 * pipeline's functions in the same transaction.
 *
 * - A quote's versions: the newest is a draft staff may save again and again until it is sent; a sent
 *   version is frozen, and changing it makes the next version, so every version ever sent stays readable.
 * - The private link's token is issued on the first send and kept only as its SHA-256 (as staff
 *   sessions are): a copied database opens no quote. So the desk has the link only when it is issued;
 *   later versions are shown by the same link, and `reissueLink` gives a new one (the old one dies).
 * - Every writer of a quote locks its lead first (`lockQuote`), so sends, acceptances, payments and an
 *   erasure of one lead take turns.
 */
import { randomUUID } from 'node:crypto';
import type { QuoteProblem } from '../../lib/quotes/model.ts';
import { formatCents } from '../../lib/quotes/money.ts';
import type { PilgrimQuote, StoredQuote } from '../../lib/quotes/records.ts';
import { newQuoteToken } from '../../lib/quotes/token.ts';
import { checkQuoteDraft } from '../../lib/quotes/validate.ts';
import { versionChanges } from '../../lib/quotes/versions.ts';
import type { SqlDatabase, SqlStatements } from '../db/database.ts';
import { tokenHash } from './auth.ts';
import { advanceStatus, lockLead, recordHistory } from './pipeline-store.ts';
import { acceptQuote, declineQuote, quoteOfToken, type AcceptOutcome, type DeclineOutcome } from './quote-answers.ts';
import type { LeadAccount } from '../../lib/desk/accounts.ts';
import type { QuotePayment, DashboardQuote } from '../../lib/desk/quote-dashboard.ts';
import { accountsOfLeads, insertDues, quoteDashboardRows } from './quote-accounts.ts';
import { insertPayment, leadAccount, type PaymentRecorded } from './quote-payments.ts';
import * as records from './quote-records.ts';

/** The staff member acting: the id is kept on the rows, the email in the lead's history. */
export interface StaffActor {
  id: string;
  email: string;
}

/** Which quote of which lead: a staff form names both, so one lead's page cannot change another's quote. */
export interface QuoteTarget {
  leadId: string;
  quoteId: string;
}

export type Refused = { ok: false; problems: QuoteProblem[] };
export type { AcceptOutcome, DeclineOutcome };
export type DraftSaved = { ok: true; quoteId: string; version: number; changed: boolean };
/** `token` is the new link's, given once: null when the quote already had one, which now shows this version. */
export type QuoteSent = { ok: true; quoteId: string; version: number; token: string };
const INSERT_VERSION =
  'INSERT INTO quote_versions (quote_id, version, draft, total_cents, valid_until, saved_at) VALUES (?, ?, ?, ?, ?, ?)';

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
      const quoteId = target.quoteId;
      if (!(await records.lockQuote(tx, quoteId, target.leadId))) return undefined;
      const latest = (await records.versionsOf(tx, quoteId)).at(-1)!;
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
    target: QuoteTarget,
    staff: StaffActor,
    today: string,
    now = new Date(),
  ): Promise<QuoteSent | Refused | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await records.lockQuote(tx, target.quoteId, target.leadId);
      if (!locked) return undefined;
      const { quote, lead } = locked;
      const latest = (await records.versionsOf(tx, quote.id)).at(-1)!;
      if (latest.sentAt !== null) {
        const message = `Version ${latest.version} was sent already; change the quote to make a new version.`;
        return { ok: false, problems: [{ field: '_form', message }] };
      }
      // Checked again: a draft saved last week may have a valid-until day that has since passed.
      const check = checkQuoteDraft(latest.draft, today);
      if (!check.ok) return check;
      const at = now.toISOString();
      await tx.run('UPDATE quote_versions SET sent_at = ? WHERE quote_id = ? AND version = ?', [
        at,
        quote.id,
        latest.version,
      ]);
      await insertDues(tx, quote.id, latest.version, latest.draft.schedule);
      const token = quote.link_token ?? (await this.issueToken(tx, quote.id));
      const detail = `Quote sent: version ${latest.version}, ${formatCents(latest.totalCents)}, valid until ${latest.validUntil}`;
      await recordHistory(tx, lead, { actor: staff.email, at, action: 'quote', detail });
      await advanceStatus(tx, lead, ['new', 'contacted'], 'quoted', staff.email, at);
      return { ok: true, quoteId: quote.id, version: latest.version, token };
    });
  }

  /** The private link's token of a live quote, for "Copy link" and WhatsApp; undefined for a withdrawn, erased or unsent one. */
  async linkOf(target: QuoteTarget): Promise<string | undefined> {
    const sql = `SELECT link_token FROM quotes WHERE id = ? AND lead_id = ? AND ${records.LIVE}`;
    const [row] = await this.db.all<{ link_token: string | null }>(sql, [target.quoteId, target.leadId]);
    return row?.link_token ?? undefined;
  }

  /** A new link for a sent quote, when the old one went astray: the old link stops answering. */
  async reissueLink(target: QuoteTarget, staff: StaffActor, now = new Date()): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await records.lockQuote(tx, target.quoteId, target.leadId);
      if (locked?.quote.token_hash == null) return undefined;
      const token = await this.issueToken(tx, target.quoteId);
      const entry = { actor: staff.email, at: now.toISOString(), action: 'quote' as const, detail: 'New link issued' };
      await recordHistory(tx, locked.lead, entry);
      return token;
    });
  }

  /** Stops the quote's link answering: a withdrawn quote can be neither opened nor accepted. */
  async withdraw(target: QuoteTarget, staff: StaffActor, now = new Date()): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const locked = await records.lockQuote(tx, target.quoteId, target.leadId);
      if (!locked) return false;
      const at = now.toISOString();
      await tx.run('UPDATE quotes SET withdrawn_at = ? WHERE id = ?', [at, target.quoteId]);
      await recordHistory(tx, locked.lead, { actor: staff.email, at, action: 'quote', detail: 'Quote withdrawn' });
      return true;
    });
  }

  /** The pilgrim's page: the newest sent version of a live quote; null alike for a malformed (never looked up), unknown, replaced or withdrawn token. */
  async quoteByToken(token: string): Promise<PilgrimQuote | null> {
    const quote = await quoteOfToken(this.db, token);
    if (!quote) return null;
    const sent = (await records.versionsOf(this.db, quote.id)).filter((version) => version.sentAt !== null);
    const version = sent.at(-1);
    if (!version) return null;
    const [acceptance, decline] = [
      await records.acceptanceOf(this.db, quote.id),
      await records.declineOf(this.db, quote.id),
    ];
    return { quoteId: quote.id, reference: quote.reference, version, updated: sent.length > 1, acceptance, decline };
  }

  /** Records the pilgrim's acceptance of the version they saw, once (a repeat changes nothing and says so), with a follow-up today to take the deposit; an expired or superseded version is refused. */
  async accept(
    token: string,
    version: number,
    typedName: string,
    today: string,
    now = new Date(),
  ): Promise<AcceptOutcome> {
    const answer = { token, version, typedName, today, at: now.toISOString() };
    return this.db.transaction((tx) => acceptQuote(tx, answer));
  }

  /** Records the pilgrim's decline with an optional reason, once; a decline never undoes an acceptance. */
  async decline(token: string, version: number, reason: string, now = new Date()): Promise<DeclineOutcome> {
    const answer = { token, version, reason, at: now.toISOString() };
    return this.db.transaction((tx) => declineQuote(tx, answer));
  }

  /** Records a payment on a sent quote, checked by `checkPayment` (card numbers refused, nothing stored); a payment on an accepted quote moves the lead to Booked. */
  async recordPayment(
    target: QuoteTarget,
    input: unknown,
    staff: StaffActor,
    today: string,
    now = new Date(),
  ): Promise<PaymentRecorded | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await records.lockQuote(tx, target.quoteId, target.leadId);
      return locked && insertPayment(tx, locked, input, staff, today, now.toISOString());
    });
  }

  /** A lead's quotes with their versions, acceptance and payments, oldest first. */
  async quotesOfLead(leadId: string): Promise<StoredQuote[]> {
    return records.quotesOf(this.db, leadId);
  }

  /** Paid, balance and next due for the lead's booking (its accepted quote, else its newest sent); null with none sent. */
  async accountOfLead(leadId: string, today: string): Promise<LeadAccount | null> {
    return leadAccount(this.db, leadId, today);
  }

  /** Where the bookings of these leads stand (the list and its CSV), by lead id; a lead with no quote sent has none. */
  async accountsOfLeads(leadIds: readonly string[], today: string): Promise<Map<string, LeadAccount>> {
    return accountsOfLeads(this.db, leadIds, today);
  }

  /** The dashboard's quotes first sent or accepted since `sinceIso`, and the payments received since the office day `sinceDay`. */
  async dashboardRows(
    sinceIso: string,
    sinceDay: string,
  ): Promise<{ quotes: DashboardQuote[]; payments: QuotePayment[] }> {
    return quoteDashboardRows(this.db, sinceIso, sinceDay);
  }

  /** Gives the quote a new token, replacing any other: only its hash is stored. */
  private async issueToken(tx: SqlStatements, quoteId: string): Promise<string> {
    const token = newQuoteToken();
    await tx.run('UPDATE quotes SET token_hash = ?, link_token = ? WHERE id = ?', [tokenHash(token), token, quoteId]);
    return token;
  }
}
