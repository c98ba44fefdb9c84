/*
 * Reviews (schema step 18): the invitation each returned booking gets once, and its one reminder;
 * the private links those emails carry; the one review a booking may give; its moderation by the
 * public policy, the agency's one reply, and the log of every decision. This module owns
 * review_invitations, review_links, reviews and review_decisions; the privacy store reads a person's
 * reviews through `reviewsOf` and erases them through `eraseReviewsOf` in its own transaction.
 *
 * Once is the database's doing, not the lease's: an invitation is queued in the transaction that
 * inserts its booking's row (the key refuses a second), a reminder in the one that sets reminded_at
 * from empty, and a review is stored by the insert that takes its booking's key, which also deletes
 * every link of the booking. A link's token is made when its email is written out and only its
 * SHA-256 is kept, so nothing readable in the database (the outbox included) opens a review form.
 * Staff can decide on a review and reply to it, never write or change one.
 */
import { agencyDay } from '../../lib/agency-time.ts';
import { findForm } from '../../lib/forms/definitions.ts';
import { visitorEmail, visitorName } from '../../lib/leads/visitor.ts';
import type { QuoteDraft } from '../../lib/quotes/model.ts';
import { isWellFormedToken, newQuoteToken } from '../../lib/quotes/token.ts';
import type { ReviewInvitationMessage } from '../../lib/reviews/emails.ts';
import {
  REFUSAL_REASONS,
  defaultDisplayName,
  hotelQuestions,
  invitationDue,
  invitationReturnedBy,
  reminderDue,
  REMINDER_AFTER_DAYS,
  type HotelAnswer,
  type HotelCity,
  type HotelQuestion,
  type QuotedHotel,
  type RefusalReason,
  type ReviewEntry,
} from '../../lib/reviews/review.ts';
import { REPLY_MAX_LENGTH } from '../../lib/reviews/moderation.ts';
import { travelledLabel, type InvitedBooking, type PublishedReview } from '../../lib/reviews/summary.ts';
import { placeholders, type SqlDatabase, type SqlStatements } from '../db/database.ts';
import { LEASE_MS, leasedSchedule, type LeasedSchedule } from '../outbox/schedule.ts';
import type { PersonalData } from '../pipeline/personal-data.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';
import { queueMessage } from '../outbox/queue.ts';
import type { ScheduledWork } from '../outbox/worker.ts';
import { tokenHash } from '../secrets.ts';
import { tripMailOptedOut } from '../trips/opt-out.ts';
import { ACCEPTED_VERSION, PAID_QUOTE } from '../quotes/bookings.ts';

/** Who wrote a review, as the lead's history and the decision log name them. */
const TRAVELLER = 'the traveller (review link)';

export type ReviewStatus = 'pending' | 'published' | 'refused';

interface ReviewRow {
  quote_id: string;
  rating: number | string;
  hotel_makkah: string | null;
  hotel_madinah: string | null;
  title: string;
  body: string;
  display_name: string;
  city: string;
  submitted_at: string;
  status: ReviewStatus;
  refused_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  reply: string | null;
  replied_by: string | null;
  replied_at: string | null;
  erased_at: string | null;
}

/** A review as the desk and the person's export see it. */
export interface StoredReview {
  quoteId: string;
  rating: number;
  hotels: Partial<Record<HotelCity, HotelAnswer>>;
  title: string;
  text: string;
  displayName: string;
  city: string;
  submittedAt: string;
  status: ReviewStatus;
  refusedReason: RefusalReason | null;
  decidedBy: string | null;
  decidedAt: string | null;
  reply: { text: string; by: string; at: string } | null;
  erasedAt: string | null;
}

function hotelsOf(row: Pick<ReviewRow, 'hotel_makkah' | 'hotel_madinah'>): Partial<Record<HotelCity, HotelAnswer>> {
  return {
    ...(row.hotel_makkah ? { makkah: row.hotel_makkah as HotelAnswer } : {}),
    ...(row.hotel_madinah ? { madinah: row.hotel_madinah as HotelAnswer } : {}),
  };
}

function toReview(row: ReviewRow): StoredReview {
  return {
    quoteId: row.quote_id,
    rating: Number(row.rating),
    hotels: hotelsOf(row),
    title: row.title,
    text: row.body,
    displayName: row.display_name,
    city: row.city,
    submittedAt: row.submitted_at,
    status: row.status,
    refusedReason: row.refused_reason as RefusalReason | null,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    reply:
      row.reply === null ? null : { text: row.reply, by: row.replied_by ?? '', at: row.replied_at ?? row.decided_at! },
    erasedAt: row.erased_at,
  };
}

/** A review with the booking it is about, as the moderation page lists it. */
export interface ModeratedReview extends StoredReview {
  reference: string;
  leadId: string | null;
  packageSlug: string | null;
  travelled: string;
}

/** What a private link opens: the booking's questions and the name the form suggests. */
export interface ReviewForm {
  quoteId: string;
  reference: string;
  travelled: string;
  questions: HotelQuestion[];
  defaultName: string;
}

/** One entry of the decision log. */
export interface ReviewDecision {
  quoteId: string;
  action: 'submitted' | 'published' | 'refused' | 'replied';
  reason: RefusalReason | null;
  actor: string;
  at: string;
}

/** What a decision or a reply did. */
export type Decided = 'done' | 'already' | 'not-found';

/** A person's reviews and invitations, for their export. */
export interface HeldReview {
  reference: string;
  invitedAt: string;
  remindedAt: string | null;
  review: StoredReview | null;
}

const BOOKINGS = `SELECT quotes.id, quotes.reference, quotes.lead_id, version.draft, leads.form_id, leads.fields, acc.return_on
  FROM ${ACCEPTED_VERSION}
  JOIN leads ON leads.id = quotes.lead_id
  WHERE quotes.withdrawn_at IS NULL AND ${PAID_QUOTE}
  AND NOT EXISTS (SELECT 1 FROM review_invitations WHERE review_invitations.quote_id = quotes.id)`;

/** A link's booking while it may still be reviewed: invited, not erased, no review yet. */
/**
 * The booking has a review that stands: any review but one refused for another person's personal
 * data, which the writer may send again without it (Q07; the policy says so).
 */
const REVIEWED = `EXISTS (SELECT 1 FROM reviews WHERE reviews.quote_id = review_invitations.quote_id
  AND NOT (reviews.status = 'refused' AND reviews.refused_reason = 'personal-data'))`;

const OPEN_LINK = `SELECT review_invitations.quote_id, review_invitations.lead_id, review_invitations.departure_on,
    review_invitations.hotels, quotes.reference, leads.form_id, leads.fields
  FROM review_links
  JOIN review_invitations ON review_invitations.quote_id = review_links.quote_id
  JOIN quotes ON quotes.id = review_invitations.quote_id
  JOIN leads ON leads.id = review_invitations.lead_id
  WHERE review_links.token_hash = ?
  AND NOT ${REVIEWED}`;

interface OpenLinkRow {
  quote_id: string;
  lead_id: string;
  departure_on: string;
  hotels: string;
  reference: string;
  form_id: string;
  fields: string;
}

const MODERATED = `SELECT reviews.*, quotes.reference, review_invitations.lead_id, review_invitations.package_slug,
    review_invitations.departure_on
  FROM reviews
  JOIN review_invitations ON review_invitations.quote_id = reviews.quote_id
  JOIN quotes ON quotes.id = reviews.quote_id`;

type ModeratedRow = ReviewRow & {
  reference: string;
  lead_id: string | null;
  package_slug: string | null;
  departure_on: string;
};

function toModerated(row: ModeratedRow): ModeratedReview {
  return {
    ...toReview(row),
    reference: row.reference,
    leadId: row.lead_id,
    packageSlug: row.package_slug,
    travelled: travelledLabel(row.departure_on),
  };
}

/** The reviews a person gave and the invitations they were sent, for the person's export. */
async function reviewsOf(db: SqlStatements, leadId: string): Promise<HeldReview[]> {
  const rows = await db.all<{
    reference: string;
    invited_at: string;
    reminded_at: string | null;
    quote_id: string;
  }>(
    `SELECT quotes.reference, review_invitations.invited_at, review_invitations.reminded_at, review_invitations.quote_id
     FROM review_invitations JOIN quotes ON quotes.id = review_invitations.quote_id
     WHERE review_invitations.lead_id = ? ORDER BY review_invitations.invited_at`,
    [leadId],
  );
  return Promise.all(
    rows.map(async (row) => {
      const [review] = await db.all<ReviewRow>('SELECT * FROM reviews WHERE quote_id = ?', [row.quote_id]);
      return {
        reference: row.reference,
        invitedAt: row.invited_at,
        remindedAt: row.reminded_at,
        review: review ? toReview(review) : null,
      };
    }),
  );
}

/**
 * Erases the reviews of leads the caller's transaction has locked, before their quotes lose the
 * lead: the name, city, title and words go (and the reply to them); the rating and the hotel answers
 * stay in the figures, as the policy says; the links stop working.
 */
async function eraseReviewsOf(tx: SqlStatements, leadIds: readonly string[], now = new Date()): Promise<void> {
  if (leadIds.length === 0) return;
  const list = placeholders(leadIds);
  const quotes = `SELECT quote_id FROM review_invitations WHERE lead_id IN (${list})`;
  await tx.run(
    `UPDATE reviews SET title = '', body = '', display_name = '', city = '', reply = NULL, replied_by = NULL,
       replied_at = NULL, erased_at = ? WHERE quote_id IN (${quotes})`,
    [now.toISOString(), ...leadIds],
  );
  await tx.run(`DELETE FROM review_links WHERE quote_id IN (${quotes})`, leadIds);
  await tx.run(`UPDATE review_invitations SET lead_id = NULL WHERE lead_id IN (${list})`, leadIds);
}

/** Each review invitation and the review written (an erased one keeps its rating and hotels only), in the person's export. */
export const REVIEW_PERSONAL_DATA: PersonalData = {
  key: 'reviews',
  export: reviewsOf,
  erase: eraseReviewsOf,
};

/** Whether a booking may still be reviewed (invited, not erased, no review that stands), inside `db`. */
async function stillOpen(db: SqlStatements, quoteId: string): Promise<boolean> {
  const [row] = await db.all<{ quote_id: string }>(
    `SELECT quote_id FROM review_invitations WHERE quote_id = ? AND lead_id IS NOT NULL AND NOT ${REVIEWED}`,
    [quoteId],
  );
  return row !== undefined;
}

/** The invitations, links, reviews and their moderation, alike on SQLite and PostgreSQL. */
export class ReviewStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /**
   * Queues the invitation of every booking whose return was `daysAfterReturn` days before the
   * agency's today (and not longer ago than the invitation window), once each, with a line in its
   * lead's history; answers how many were queued. A booking without an email address is not invited.
   */
  async inviteDue(daysAfterReturn: number, timeZone: string, now = new Date()): Promise<number> {
    const today = agencyDay(now, timeZone);
    const rows = await this.db.all<{
      id: string;
      reference: string;
      lead_id: string;
      draft: string;
      form_id: string;
      fields: string;
      return_on: string;
    }>(
      // Back already: the booking's return day, kept on its acceptance, before the draft is read.
      `${BOOKINGS} AND acc.return_on <= ? ORDER BY quotes.lead_id, quotes.id`,
      [invitationReturnedBy(daysAfterReturn, today)],
    );
    let queued = 0;
    for (const row of rows) {
      if (!invitationDue(row.return_on, daysAfterReturn, today)) continue;
      const draft = JSON.parse(row.draft) as QuoteDraft;
      const to = visitorEmail(findForm(row.form_id), JSON.parse(row.fields) as Record<string, string>);
      if (!to) continue;
      const done = await this.db.transaction(async (tx) => {
        const reference = await lockLead(tx, row.lead_id);
        // Locked first, so an opt-out made at the same moment is honoured.
        if (reference === undefined || (await tripMailOptedOut(tx, row.id))) return false;
        const hotels: QuotedHotel[] = draft.hotels.map(({ city, name, confirmed }) => ({ city, name, confirmed }));
        const at = now.toISOString();
        const claimed = await tx.run(
          `INSERT INTO review_invitations (quote_id, lead_id, package_slug, departure_on, return_on, hotels, invited_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
          [row.id, row.lead_id, draft.packageSlug, draft.departureOn, draft.returnOn, JSON.stringify(hotels), at],
        );
        if (claimed === 0) return false;
        const message: ReviewInvitationMessage = {
          kind: 'review-invitation',
          quoteId: row.id,
          reference: row.reference,
        };
        await queueMessage(
          tx,
          { leadId: row.lead_id, destination: to, key: `review-invitation:${row.id}`, message },
          now,
        );
        await recordHistory(
          tx,
          { id: row.lead_id, reference },
          {
            actor: 'review invitations',
            at,
            action: 'review',
            detail: `Review invitation queued to ${to} (booking ${row.reference})`,
          },
        );
        return true;
      });
      if (done) queued += 1;
    }
    return queued;
  }

  /** Queues the one reminder of each invitation a week old with no review yet; answers how many. */
  async remindDue(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - REMINDER_AFTER_DAYS * 24 * 60 * 60_000).toISOString();
    const rows = await this.db.all<{
      quote_id: string;
      lead_id: string;
      invited_at: string;
      reference: string;
      form_id: string;
      fields: string;
    }>(
      `SELECT review_invitations.quote_id, review_invitations.lead_id, review_invitations.invited_at, quotes.reference,
         leads.form_id, leads.fields
       FROM review_invitations
       JOIN quotes ON quotes.id = review_invitations.quote_id
       JOIN leads ON leads.id = review_invitations.lead_id
       WHERE review_invitations.reminded_at IS NULL AND review_invitations.invited_at <= ?
       AND NOT EXISTS (SELECT 1 FROM reviews WHERE reviews.quote_id = review_invitations.quote_id)
       ORDER BY review_invitations.lead_id, review_invitations.quote_id`,
      [before],
    );
    let queued = 0;
    for (const row of rows) {
      if (!reminderDue(row.invited_at, now)) continue;
      const to = visitorEmail(findForm(row.form_id), JSON.parse(row.fields) as Record<string, string>);
      if (!to) continue;
      const done = await this.db.transaction(async (tx) => {
        const reference = await lockLead(tx, row.lead_id);
        if (reference === undefined || (await tripMailOptedOut(tx, row.quote_id))) return false;
        const at = now.toISOString();
        const claimed = await tx.run(
          `UPDATE review_invitations SET reminded_at = ? WHERE quote_id = ? AND reminded_at IS NULL AND lead_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM reviews WHERE reviews.quote_id = review_invitations.quote_id)`,
          [at, row.quote_id],
        );
        if (claimed === 0) return false;
        const message: ReviewInvitationMessage = {
          kind: 'review-reminder',
          quoteId: row.quote_id,
          reference: row.reference,
        };
        await queueMessage(
          tx,
          { leadId: row.lead_id, destination: to, key: `review-reminder:${row.quote_id}`, message },
          now,
        );
        await recordHistory(
          tx,
          { id: row.lead_id, reference },
          {
            actor: 'review invitations',
            at,
            action: 'review',
            detail: `Review reminder queued to ${to} (booking ${row.reference})`,
          },
        );
        return true;
      });
      if (done) queued += 1;
    }
    return queued;
  }

  /**
   * A new private link for an email about to be sent (the outbox row `email`): 256 random bits, of
   * which only the SHA-256 is kept. A try that failed writes the email out again, and its link takes
   * the place of the last try's, so an email has one link whatever its tries (schema step 21).
   * Undefined when the booking can no longer be reviewed (reviewed already, or erased).
   */
  async newLink(quoteId: string, now = new Date(), email: number | null = null): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      if (!(await stillOpen(tx, quoteId))) return undefined;
      const token = newQuoteToken();
      await tx.run(
        `INSERT INTO review_links (token_hash, quote_id, made_at, outbox_id) VALUES (?, ?, ?, ?)
         ON CONFLICT (outbox_id) DO UPDATE SET token_hash = excluded.token_hash, made_at = excluded.made_at`,
        [tokenHash(token), quoteId, now.toISOString(), email],
      );
      return token;
    });
  }

  /** Whether the booking may still be reviewed: its emails say nothing once it has been, or its person erased. */
  async open(quoteId: string): Promise<boolean> {
    return stillOpen(this.db, quoteId);
  }

  /** What a link opens; null alike for a malformed, unknown, used or erased link. */
  async formFor(token: string): Promise<ReviewForm | null> {
    if (!isWellFormedToken(token)) return null;
    const [row] = await this.db.all<OpenLinkRow>(OPEN_LINK, [tokenHash(token)]);
    if (!row) return null;
    return {
      quoteId: row.quote_id,
      reference: row.reference,
      travelled: travelledLabel(row.departure_on),
      questions: hotelQuestions(JSON.parse(row.hotels) as QuotedHotel[]),
      defaultName: defaultDisplayName(
        visitorName(findForm(row.form_id), JSON.parse(row.fields) as Record<string, string>),
      ),
    };
  }

  /**
   * Stores the review a link's traveller wrote (checked by `readReviewForm` against the same
   * questions), once per booking: every link of the booking stops working in the same transaction.
   * A review sent again after a refusal for another person's personal data takes the refused one's
   * place, pending again (the refusal stays counted in the decisions). Undefined when the link opens
   * nothing (unknown, used, erased).
   */
  async submit(token: string, entry: ReviewEntry, now = new Date()): Promise<{ quoteId: string } | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    return this.db.transaction(async (tx) => {
      const [row] = await tx.all<OpenLinkRow>(OPEN_LINK, [tokenHash(token)]);
      if (!row) return undefined;
      const reference = await lockLead(tx, row.lead_id);
      if (reference === undefined) return undefined;
      const at = now.toISOString();
      const asked = new Set(hotelQuestions(JSON.parse(row.hotels) as QuotedHotel[]).map((question) => question.city));
      const stored = await tx.run(
        `INSERT INTO reviews (quote_id, rating, hotel_makkah, hotel_madinah, title, body, display_name, city, submitted_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (quote_id) DO UPDATE SET rating = excluded.rating, hotel_makkah = excluded.hotel_makkah,
           hotel_madinah = excluded.hotel_madinah, title = excluded.title, body = excluded.body,
           display_name = excluded.display_name, city = excluded.city, submitted_at = excluded.submitted_at,
           status = 'pending', refused_reason = NULL, decided_by = NULL, decided_at = NULL
         WHERE reviews.status = 'refused' AND reviews.refused_reason = 'personal-data'`,
        [
          row.quote_id,
          entry.rating,
          asked.has('makkah') ? (entry.hotels.makkah ?? null) : null,
          asked.has('madinah') ? (entry.hotels.madinah ?? null) : null,
          entry.title,
          entry.text,
          entry.displayName,
          entry.city,
          at,
        ],
      );
      if (stored === 0) return undefined;
      await tx.run('DELETE FROM review_links WHERE quote_id = ?', [row.quote_id]);
      await this.log(tx, { quoteId: row.quote_id, action: 'submitted', reason: null, actor: TRAVELLER, at });
      await recordHistory(
        tx,
        { id: row.lead_id, reference },
        {
          actor: TRAVELLER,
          at,
          action: 'review',
          detail: `Review received (${entry.rating} of 5), awaiting moderation`,
        },
      );
      return { quoteId: row.quote_id };
    });
  }

  private async log(tx: SqlStatements, decision: ReviewDecision): Promise<void> {
    await tx.run('INSERT INTO review_decisions (quote_id, action, reason, actor, at) VALUES (?, ?, ?, ?, ?)', [
      decision.quoteId,
      decision.action,
      decision.reason,
      decision.actor,
      decision.at,
    ]);
  }

  /** How many reviews stand at each status. */
  async counts(): Promise<Record<ReviewStatus, number>> {
    const rows = await this.db.all<{ status: ReviewStatus; count: number | string }>(
      'SELECT status, COUNT(*) AS count FROM reviews GROUP BY status',
    );
    const counts = { pending: 0, published: 0, refused: 0 };
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  /** One page of reviews at `status`: the pending oldest first (first come, first decided), the decided newest decision first. */
  async list(status: ReviewStatus, limit: number, offset = 0): Promise<ModeratedReview[]> {
    const order =
      status === 'pending' ? 'reviews.submitted_at, reviews.quote_id' : 'reviews.decided_at DESC, reviews.quote_id';
    const rows = await this.db.all<ModeratedRow>(
      `${MODERATED} WHERE reviews.status = ? ORDER BY ${order} LIMIT ? OFFSET ?`,
      [status, limit, offset],
    );
    return rows.map(toModerated);
  }

  /** One review with its booking, or undefined. */
  async review(quoteId: string): Promise<ModeratedReview | undefined> {
    const [row] = await this.db.all<ModeratedRow>(`${MODERATED} WHERE reviews.quote_id = ?`, [quoteId]);
    return row && toModerated(row);
  }

  /** The decision log, newest first: of one review, or of all. */
  async decisions(quoteId?: string, limit = 200): Promise<ReviewDecision[]> {
    const rows = await this.db.all<{
      quote_id: string;
      action: ReviewDecision['action'];
      reason: string | null;
      actor: string;
      at: string;
    }>(
      `SELECT quote_id, action, reason, actor, at FROM review_decisions ${quoteId === undefined ? '' : 'WHERE quote_id = ?'}
       ORDER BY id DESC LIMIT ?`,
      quoteId === undefined ? [limit] : [quoteId, limit],
    );
    return rows.map((row) => ({
      quoteId: row.quote_id,
      action: row.action,
      reason: row.reason as RefusalReason | null,
      actor: row.actor,
      at: row.at,
    }));
  }

  /**
   * Publishes a pending review, or refuses it with one reason of the policy, as `actor`; logged with
   * who and when, and in the lead's history. A decided review keeps its decision ('already').
   */
  async decide(
    quoteId: string,
    decision: { publish: true } | { publish: false; reason: RefusalReason },
    actor: string,
    now = new Date(),
  ): Promise<Decided> {
    if (!decision.publish && !Object.hasOwn(REFUSAL_REASONS, decision.reason)) return 'not-found';
    return this.db.transaction(async (tx) => {
      const [found] = await tx.all<{
        status: ReviewStatus;
        lead_id: string | null;
        reference: string;
        form_id: string | null;
        fields: string | null;
      }>(
        `SELECT reviews.status, review_invitations.lead_id, quotes.reference, leads.form_id, leads.fields FROM reviews
         JOIN review_invitations ON review_invitations.quote_id = reviews.quote_id
         JOIN quotes ON quotes.id = reviews.quote_id
         LEFT JOIN leads ON leads.id = review_invitations.lead_id WHERE reviews.quote_id = ?`,
        [quoteId],
      );
      if (!found) return 'not-found';
      const reference = found.lead_id === null ? undefined : await lockLead(tx, found.lead_id);
      const at = now.toISOString();
      const status = decision.publish ? 'published' : 'refused';
      const reason = decision.publish ? null : decision.reason;
      const changed = await tx.run(
        `UPDATE reviews SET status = ?, refused_reason = ?, decided_by = ?, decided_at = ?
         WHERE quote_id = ? AND status = 'pending'`,
        [status, reason, actor, at, quoteId],
      );
      if (changed === 0) return 'already';
      await this.log(tx, { quoteId, action: status, reason, actor, at });
      if (reference !== undefined && found.lead_id !== null) {
        const detail = decision.publish
          ? `Review of booking ${found.reference} published`
          : `Review of booking ${found.reference} refused: ${REFUSAL_REASONS[decision.reason]}`;
        await recordHistory(tx, { id: found.lead_id, reference }, { actor, at, action: 'review', detail });
        // Refused for another person's details: the writer gets a new link to send it again without them.
        const to =
          !decision.publish && decision.reason === 'personal-data' && found.form_id !== null && found.fields !== null
            ? visitorEmail(findForm(found.form_id), JSON.parse(found.fields) as Record<string, string>)
            : undefined;
        if (to) {
          const message: ReviewInvitationMessage = { kind: 'review-resend', quoteId, reference: found.reference };
          const key = `review-resend:${quoteId}:${at}`;
          await queueMessage(tx, { leadId: found.lead_id, destination: to, key, message }, now);
        }
      }
      return 'done';
    });
  }

  /** The agency's one public reply to a published review, as `actor`; a second is refused ('already'). */
  async reply(quoteId: string, text: string, actor: string, now = new Date()): Promise<Decided> {
    const words = text.replace(/\r\n?/g, '\n').trim();
    if (words === '' || words.length > REPLY_MAX_LENGTH) return 'not-found';
    return this.db.transaction(async (tx) => {
      const at = now.toISOString();
      const changed = await tx.run(
        `UPDATE reviews SET reply = ?, replied_by = ?, replied_at = ?
         WHERE quote_id = ? AND status = 'published' AND reply IS NULL AND erased_at IS NULL`,
        [words, actor, at, quoteId],
      );
      if (changed === 0) {
        const [row] = await tx.all<{ status: string }>('SELECT status FROM reviews WHERE quote_id = ?', [quoteId]);
        return row?.status === 'published' ? 'already' : 'not-found';
      }
      await this.log(tx, { quoteId, action: 'replied', reason: null, actor, at });
      return 'done';
    });
  }

  /** The refusals by reason, as the policy page counts them: each decision, so a review sent again corrected leaves its refusal counted. */
  async refusals(): Promise<{ reason: string; count: number }[]> {
    const rows = await this.db.all<{ reason: string; count: number | string }>(
      `SELECT reason, COUNT(*) AS count FROM review_decisions WHERE action = 'refused' GROUP BY reason`,
    );
    return rows.map((row) => ({ reason: row.reason, count: Number(row.count) }));
  }

  /** How many reviews are published, for the policy page. */
  async publishedCount(): Promise<number> {
    return (await this.counts()).published;
  }

  /** A package's published reviews, newest published first: what `summarizeReviews` sums up for its page. */
  async publishedOf(packageSlug: string): Promise<PublishedReview[]> {
    const rows = await this.db.all<ModeratedRow>(
      `${MODERATED} WHERE review_invitations.package_slug = ? AND reviews.status = 'published'
       ORDER BY reviews.decided_at DESC, reviews.quote_id`,
      [packageSlug],
    );
    return rows.map((row) => ({
      quoteId: row.quote_id,
      packageSlug: row.package_slug,
      rating: Number(row.rating),
      hotels: hotelsOf(row),
      title: row.title,
      text: row.body,
      displayName: row.display_name,
      city: row.city,
      travelledOn: row.departure_on,
      publishedAt: row.decided_at!,
      reply: row.reply === null ? null : { text: row.reply, at: row.replied_at ?? row.decided_at! },
      erased: row.erased_at !== null,
    }));
  }

  /**
   * Each package's published reviews in one cheap line (count, last decision, reply and erasure):
   * the server compares it between looks to re-render only the package pages whose reviews changed.
   */
  async publishedFingerprints(): Promise<Map<string, string>> {
    const rows = await this.db.all<{
      package_slug: string;
      count: number | string;
      decided: string | null;
      replied: string | null;
      erased: string | null;
    }>(
      `SELECT review_invitations.package_slug, COUNT(*) AS count, MAX(reviews.decided_at) AS decided,
         MAX(reviews.replied_at) AS replied, MAX(reviews.erased_at) AS erased
       FROM reviews JOIN review_invitations ON review_invitations.quote_id = reviews.quote_id
       WHERE reviews.status = 'published' AND review_invitations.package_slug IS NOT NULL
       GROUP BY review_invitations.package_slug`,
    );
    return new Map(
      rows.map((row) => [
        row.package_slug,
        `${Number(row.count)}|${row.decided ?? ''}|${row.replied ?? ''}|${row.erased ?? ''}`,
      ]),
    );
  }

  /** Every invited booking with its review, for the dashboard's figures (`reviewFigures`). */
  async invitedBookings(): Promise<InvitedBooking[]> {
    const rows = await this.db.all<{
      package_slug: string | null;
      status: ReviewStatus | null;
      rating: number | string | null;
      hotel_makkah: string | null;
      hotel_madinah: string | null;
    }>(
      `SELECT review_invitations.package_slug, reviews.status, reviews.rating, reviews.hotel_makkah, reviews.hotel_madinah
       FROM review_invitations LEFT JOIN reviews ON reviews.quote_id = review_invitations.quote_id`,
    );
    return rows.map((row) => ({
      packageSlug: row.package_slug,
      review: row.status === null ? null : { status: row.status, rating: Number(row.rating), hotels: hotelsOf(row) },
    }));
  }
}

const LEASE_NAME = 'review-invitations';
/** Invitations are due by the day, so a look every ten minutes is soon enough. */
const SCHEDULED_EVERY_MS = 10 * 60_000;

/** Queues the invitations and reminders that are due, one instance at a time (a lease). */
export class ReviewScheduler {
  /** The invitations and reminders due at each pass, on the instance that holds the lease. */
  readonly schedule: LeasedSchedule<{ invitations: number; reminders: number }>;

  constructor(db: SqlDatabase, settings: { daysAfterReturn: number; timeZone: string }, holder?: string) {
    const store = new ReviewStore(db);
    this.schedule = leasedSchedule({
      database: db,
      name: LEASE_NAME,
      everyMs: SCHEDULED_EVERY_MS,
      leaseMs: LEASE_MS,
      holder,
      run: async (now) => ({
        invitations: await store.inviteDue(settings.daysAfterReturn, settings.timeZone, now),
        reminders: await store.remindDue(now),
      }),
    });
  }
}

/** The worker's scheduled work that queues the review invitations and reminders. */
export function reviewSchedule(
  database: SqlDatabase,
  settings: { daysAfterReturn: number; timeZone: string },
): ScheduledWork {
  return new ReviewScheduler(database, settings).schedule;
}
