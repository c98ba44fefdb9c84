/*
 * Quotes, from the desk's draft to the pilgrim's answer and the payments. This module owns
 * the tables quotes, quote_versions, quote_acceptances, quote_declines and quote_payments, with its
 * helpers: quote-records.ts reads them, quote-answers.ts records the pilgrim's answers (a question
 * lands on the lead as the pilgrim's note), quote-payments.ts the payments. The lead's status, follow-up and history move through the
 * pipeline's functions in the same transaction.
 *
 * - A quote's versions: the newest is a draft staff may save again and again until it is sent; a sent
 *   version is frozen, and changing it makes the next version, so every version ever sent stays readable.
 * - The private link's token is issued on the first send and kept only as its SHA-256 (as staff
 *   sessions are): a copied database opens no quote. So the desk has the link only when it is issued;
 *   later versions are shown by the same link, and `reissueLink` gives a new one (the old one dies).
 * - Every writer of a quote locks its lead first (`lockQuote`), so sends, acceptances, payments and an
 *   erasure of one lead take turns.
 * - With `emails` on, a send, an acceptance and a receipt asked for queue their emails in the same
 *   transaction (quote-emails.ts), so an email goes out exactly when what it tells is stored.
 */
import { randomUUID } from 'node:crypto';
import { NO_SCHEDULE_MESSAGE, hasSchedule, offeredSchedule } from '../../lib/quotes/cancellation.ts';
import { siteCancellation, type CancellationSchedule } from '../../lib/site-booking.ts';
import type { QuoteProblem } from '../../lib/quotes/model.ts';
import { formatCents } from '../../lib/quotes/money.ts';
import type { PilgrimQuote, QuoteAcceptance, QuoteVersion, StoredQuote } from '../../lib/quotes/records.ts';
import { newLinkToken } from '../../lib/quotes/token.ts';
import { checkQuoteDraft } from '../../lib/quotes/validate.ts';
import { versionChanges } from '../../lib/quotes/versions.ts';
import type { SqlDatabase, SqlStatements } from '../db/database.ts';
import { tokenHash } from '../secrets.ts';
import { advanceStatus, lockLead, recordHistory } from '../pipeline/trail.ts';
import {
  acceptQuote,
  askQuestion,
  declineQuote,
  quoteOfToken,
  type AcceptOutcome,
  type AskOutcome,
  type DeclineOutcome,
} from './answers.ts';
import { queueAcceptance, queueQuestionEmail, queueQuoteSent, queueReceipt } from './emails.ts';
import type { LeadAccount } from '../../lib/quotes/account.ts';
import type { QuotePayment, DashboardQuote } from '../../lib/quotes/records.ts';
import { accountsOfLeads, insertDues, quoteDashboardRows } from './accounts.ts';
import { insertPayment, leadAccount, type PaymentRecorded } from './payments.ts';
import * as records from './records.ts';

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
export type { AcceptOutcome, AskOutcome, DeclineOutcome };
export type DraftSaved = { ok: true; quoteId: string; version: number; changed: boolean };
/** `token` is the quote's link (the same for every version); `emailedTo` the pilgrim's address its email was queued to, null when none was. */
export type QuoteSent = { ok: true; quoteId: string; version: number; token: string; emailedTo: string | null };
/** `receiptTo` is the pilgrim's address a receipt was queued to, null when none was asked for, emails are off or the lead has no address. */
export type PaymentDone = Extract<PaymentRecorded, { ok: true }> & { receiptTo: string | null };

export interface QuoteStoreOptions {
  /**
   * Queue the quote's emails in the outbox: each version sent and, when staff ask, a payment's
   * receipt to the pilgrim; an acceptance to staff and to the pilgrim. On only where SMTP is set up,
   * as the lead's own emails: `{ emails: serverConfig().SMTP_URL !== undefined }`.
   */
  emails?: boolean;
  /**
   * The agency's cancellation schedule, which each version is sent with; the site's setting
   * (src/lib/site-booking.ts) unless given. Without bands, no quote can be sent.
   */
  cancellation?: CancellationSchedule;
}

export interface PaymentOptions {
  /** Queue a receipt to the pilgrim (the amount, method, date, paid so far, balance and next due). */
  emailReceipt?: boolean;
}

/** How staff passed a quote's link on, as the lead's history says it. */
const LINK_SHARES = { copied: 'Link copied', whatsapp: 'Link sent by WhatsApp' } as const;
export type LinkShare = keyof typeof LINK_SHARES;
const INSERT_VERSION =
  'INSERT INTO quote_versions (quote_id, version, draft, total_cents, valid_until, saved_at) VALUES (?, ?, ?, ?, ?, ?)';

/** Quotes, their versions, links, acceptances and payments, alike on SQLite and PostgreSQL. */
export class QuoteStore {
  private readonly db: SqlDatabase;
  /** Whether the quote's emails are queued (QuoteStoreOptions). */
  private readonly emails: boolean;
  /** The schedule quotes are sent with now (QuoteStoreOptions). */
  private readonly cancellation: CancellationSchedule;

  constructor(db: SqlDatabase, options: QuoteStoreOptions = {}) {
    this.db = db;
    this.emails = options.emails ?? false;
    this.cancellation = options.cancellation ?? siteCancellation();
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

  /** Freezes the quote's draft version with the agency's cancellation schedule, issues its link on the first send, queues its email to the pilgrim and moves a New or Contacted lead to Quoted, all in one transaction; refused, nothing changed, while the agency has no schedule. */
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
      // Every quote shows its cancellation charges before the pilgrim can accept.
      if (!hasSchedule(this.cancellation))
        return { ok: false, problems: [{ field: '_form', message: NO_SCHEDULE_MESSAGE }] };
      // Checked again: a draft saved last week may have a valid-until day that has since passed.
      const check = checkQuoteDraft(latest.draft, today);
      if (!check.ok) return check;
      const at = now.toISOString();
      await tx.run('UPDATE quote_versions SET sent_at = ?, cancellation = ? WHERE quote_id = ? AND version = ?', [
        at,
        JSON.stringify(this.cancellation),
        quote.id,
        latest.version,
      ]);
      await insertDues(tx, quote.id, latest.version, latest.draft.schedule);
      const token = quote.link_token ?? (await this.issueToken(tx, quote.id));
      const detail = `Quote sent: version ${latest.version}, ${formatCents(latest.totalCents)}, valid until ${latest.validUntil}`;
      await recordHistory(tx, lead, { actor: staff.email, at, action: 'quote', detail });
      await advanceStatus(tx, lead, ['new', 'contacted'], 'quoted', staff.email, at);
      const emailedTo = this.emails ? await queueQuoteSent(tx, locked, latest, token, now) : null;
      return { ok: true, quoteId: quote.id, version: latest.version, token, emailedTo };
    });
  }

  /** The private link's token of a live quote, for "Copy link" and WhatsApp; undefined for a withdrawn, erased or unsent one. */
  async linkOf(target: QuoteTarget): Promise<string | undefined> {
    const sql = `SELECT link_token FROM quotes WHERE id = ? AND lead_id = ? AND ${records.LIVE}`;
    const [row] = await this.db.all<{ link_token: string | null }>(sql, [target.quoteId, target.leadId]);
    return row?.link_token ?? undefined;
  }

  /** The link of a live quote as staff pass it on, recorded in the lead's history; undefined for a withdrawn, erased or unsent quote, with nothing recorded. */
  async shareLink(
    target: QuoteTarget,
    how: LinkShare,
    staff: StaffActor,
    now = new Date(),
  ): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await records.lockQuote(tx, target.quoteId, target.leadId);
      const token = locked?.quote.link_token;
      if (!locked || !token) return undefined;
      const entry = { actor: staff.email, at: now.toISOString(), action: 'quote' as const, detail: LINK_SHARES[how] };
      await recordHistory(tx, locked.lead, entry);
      return token;
    });
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
  quoteByToken(token: string): Promise<PilgrimQuote | null> {
    return this.pilgrimQuote(token, (sent) => sent.at(-1));
  }

  /**
   * The family's trip page: the version the pilgrim accepted, which its itinerary and prices show (as
   * its checklist and calendar do) even when staff sent a newer one since; null as `quoteByToken`, and
   * for a quote not accepted.
   */
  acceptedQuoteByToken(token: string): Promise<PilgrimQuote | null> {
    return this.pilgrimQuote(token, (sent, acceptance) =>
      sent.find((version) => version.version === acceptance?.version),
    );
  }

  private async pilgrimQuote(
    token: string,
    shown: (sent: QuoteVersion[], acceptance: QuoteAcceptance | null) => QuoteVersion | undefined,
  ): Promise<PilgrimQuote | null> {
    const quote = await quoteOfToken(this.db, token);
    if (!quote) return null;
    const sent = (await records.versionsOf(this.db, quote.id)).filter((version) => version.sentAt !== null);
    const [acceptance, decline] = [
      await records.acceptanceOf(this.db, quote.id),
      await records.declineOf(this.db, quote.id),
    ];
    const version = shown(sent, acceptance);
    if (!version) return null;
    const accepted = acceptance?.version === version.version ? acceptance.cancellation : null;
    const cancellation = accepted ?? offeredSchedule(version.cancellation, this.cancellation);
    return {
      quoteId: quote.id,
      reference: quote.reference,
      version,
      updated: sent.length > 1,
      acceptance,
      decline,
      cancellation,
    };
  }

  /** Records the pilgrim's acceptance of the version they saw, once (a repeat changes nothing and says so), with a follow-up today to take the deposit and its emails queued; an expired or superseded version is refused. */
  async accept(
    token: string,
    version: number,
    typedName: string,
    today: string,
    now = new Date(),
  ): Promise<AcceptOutcome> {
    const answer = { token, version, typedName, today, at: now.toISOString(), current: this.cancellation };
    return this.db.transaction(async (tx) => {
      const outcome = await acceptQuote(tx, answer);
      if (outcome.outcome !== 'accepted' || !this.emails) return outcome;
      // The token just opened the quote inside this transaction, so it still does.
      const quote = (await quoteOfToken(tx, token))!;
      const opened = { id: quote.id, leadId: quote.lead_id!, reference: quote.reference };
      await queueAcceptance(tx, opened, outcome.acceptance, token, now);
      return outcome;
    });
  }

  /** Records the pilgrim's decline with an optional reason, once; a decline never undoes an acceptance. */
  async decline(token: string, version: number, reason: string, now = new Date()): Promise<DeclineOutcome> {
    const answer = { token, version, reason, at: now.toISOString() };
    return this.db.transaction((tx) => declineQuote(tx, answer));
  }

  /** Puts the pilgrim's question (at most 1,000 characters) on the lead as their note and tells staff, once per submission: the same words again within a day change nothing. */
  async ask(token: string, version: number, text: string, now = new Date()): Promise<AskOutcome> {
    const answer = { token, version, text, at: now.toISOString() };
    return this.db.transaction(async (tx) => {
      const asked = await askQuestion(tx, answer);
      if (asked.outcome === 'asked' && this.emails) {
        const { lead, quoteId, question } = asked;
        const notice = {
          leadId: lead.id,
          quoteId,
          reference: lead.reference,
          version: question.version,
          question: question.text,
        };
        await queueQuestionEmail(tx, notice, now);
      }
      return asked;
    });
  }

  /** Records a payment on a sent quote, checked by `checkPayment` (card numbers refused, nothing stored), with its receipt queued when asked; a payment on an accepted quote moves the lead to Booked. */
  async recordPayment(
    target: QuoteTarget,
    input: unknown,
    staff: StaffActor,
    today: string,
    now = new Date(),
    options: PaymentOptions = {},
  ): Promise<PaymentDone | Refused | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await records.lockQuote(tx, target.quoteId, target.leadId);
      if (!locked) return undefined;
      const recorded = await insertPayment(tx, locked, input, staff, today, now.toISOString());
      if (!recorded.ok) return recorded;
      const receipt = options.emailReceipt === true && this.emails;
      return { ...recorded, receiptTo: receipt ? await queueReceipt(tx, locked, recorded.account, now) : null };
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
    const token = newLinkToken();
    await tx.run('UPDATE quotes SET token_hash = ?, link_token = ? WHERE id = ?', [tokenHash(token), token, quoteId]);
    return token;
  }
}
