/*
 * Reviews (schema step 18): the private links the review emails carry; the one review a booking may
 * give; its moderation by the public policy, the agency's one reply, and the log of every decision.
 * This room owns review_invitations, review_links, reviews and review_decisions: the invitations and
 * their reminders are queued by invitations.ts, the published reviews read by published.ts, and a
 * person's reviews exported and erased through the privacy registry by privacy.ts.
 *
 * A review is stored by the insert that takes its booking's key, which also deletes every link of
 * the booking. A link's token is made when its email is written out (one per email, whatever its
 * tries) and only its SHA-256 is kept, so nothing readable in the database (the outbox included)
 * opens a review form. Staff can decide on a review and reply to it, never write or change one.
 */
import { findForm } from '../../lib/forms/definitions.ts';
import { languageOr, type Language } from '../../lib/languages.ts';
import { visitorEmail, visitorName } from '../../lib/leads/visitor.ts';
import { isWellFormedToken, newLinkToken } from '../../lib/quotes/token.ts';
import type { ReviewInvitationMessage } from '../../lib/reviews/emails.ts';
import {
  REFUSAL_REASONS,
  defaultDisplayName,
  hotelQuestions,
  type HotelAnswer,
  type HotelCity,
  type HotelQuestion,
  type QuotedHotel,
  type RefusalReason,
  type ReviewEntry,
} from '../../lib/reviews/review.ts';
import { REPLY_MAX_LENGTH } from '../../lib/reviews/moderation.ts';
import { ofScale } from '../../lib/reviews/rating.ts';
import { travelledLabel } from '../../lib/reviews/summary.ts';
import type { SqlDatabase, SqlStatements } from '../db/database.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';
import { queueMessage } from '../outbox/queue.ts';
import { tokenHash } from '../secrets.ts';
import { inviteDue, remindDue } from './invitations.ts';

/** Who wrote a review, as the lead's history and the decision log name them. */
const TRAVELLER = 'the traveller (review link)';

export type ReviewStatus = 'pending' | 'published' | 'refused';

export interface ReviewRow {
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
  language: string;
}

/** A review as the desk and the person's export see it. */
export interface StoredReview extends ReviewEntry {
  quoteId: string;
  submittedAt: string;
  status: ReviewStatus;
  refusedReason: RefusalReason | null;
  decidedBy: string | null;
  decidedAt: string | null;
  reply: { text: string; by: string; at: string } | null;
  erasedAt: string | null;
  /** The language of the form it was written in: it is published marked with it. */
  language: Language;
}

/** The words and ratings of a review row, as the traveller wrote them. */
export function entryOf(row: ReviewRow): ReviewEntry {
  return {
    rating: Number(row.rating),
    hotels: hotelsOf(row),
    title: row.title,
    text: row.body,
    displayName: row.display_name,
    city: row.city,
  };
}

export function hotelsOf(
  row: Pick<ReviewRow, 'hotel_makkah' | 'hotel_madinah'>,
): Partial<Record<HotelCity, HotelAnswer>> {
  return {
    ...(row.hotel_makkah ? { makkah: row.hotel_makkah as HotelAnswer } : {}),
    ...(row.hotel_madinah ? { madinah: row.hotel_madinah as HotelAnswer } : {}),
  };
}

export function toReview(row: ReviewRow): StoredReview {
  return {
    quoteId: row.quote_id,
    ...entryOf(row),
    submittedAt: row.submitted_at,
    status: row.status,
    refusedReason: row.refused_reason as RefusalReason | null,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    reply:
      row.reply === null ? null : { text: row.reply, by: row.replied_by ?? '', at: row.replied_at ?? row.decided_at! },
    erasedAt: row.erased_at,
    language: languageOr(row.language),
  };
}

/** A review with the booking it is about, as the moderation page lists it. */
export interface ModeratedReview extends StoredReview {
  reference: string;
  leadId: string | null;
  packageSlug: string | null;
  travelled: string;
}

/** What a private link opens: the booking's questions and the name the form suggests, in the booking's language. */
export interface ReviewForm {
  quoteId: string;
  language: Language;
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

/** A link's booking while it may still be reviewed: invited, not erased, no review yet. */
/**
 * The booking has a review that stands: any review but one refused for another person's personal
 * data, which the writer may send again without it (Q07; the policy says so).
 */
const REVIEWED = `EXISTS (SELECT 1 FROM reviews WHERE reviews.quote_id = review_invitations.quote_id
  AND NOT (reviews.status = 'refused' AND reviews.refused_reason = 'personal-data'))`;

/**
 * The booking's language (schema steps 23 and 24): the one chosen for it, else its enquiry's. The
 * trip room's `bookingLanguage` reads it alone; this room reads it inside its own queries.
 */
const BOOKING_LANGUAGE = `COALESCE(quote_acceptances.language, leads.language)`;

const OPEN_LINK = `SELECT review_invitations.quote_id, review_invitations.lead_id, review_invitations.departure_on,
    review_invitations.hotels, quotes.reference, leads.form_id, leads.fields, ${BOOKING_LANGUAGE} AS language
  FROM review_links
  JOIN review_invitations ON review_invitations.quote_id = review_links.quote_id
  JOIN quotes ON quotes.id = review_invitations.quote_id
  JOIN leads ON leads.id = review_invitations.lead_id
  LEFT JOIN quote_acceptances ON quote_acceptances.quote_id = review_invitations.quote_id
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
  language: string;
}

export const MODERATED = `SELECT reviews.*, quotes.reference, review_invitations.lead_id, review_invitations.package_slug,
    review_invitations.departure_on
  FROM reviews
  JOIN review_invitations ON review_invitations.quote_id = reviews.quote_id
  JOIN quotes ON quotes.id = reviews.quote_id`;

export type ModeratedRow = ReviewRow & {
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

  /** The invitations due on the agency's today (invitations.ts); answers how many were queued. */
  inviteDue(daysAfterReturn: number, timeZone: string, now = new Date()): Promise<number> {
    return inviteDue(this.db, daysAfterReturn, timeZone, now);
  }

  /** The reminders due (invitations.ts); answers how many were queued. */
  remindDue(now = new Date()): Promise<number> {
    return remindDue(this.db, now);
  }

  /**
   * A new private link for an email about to be sent (the outbox row `email`): 256 random bits, of
   * which only the SHA-256 is kept. A try that failed writes the email out again, and its link takes
   * the place of the last try's, so an email has one link whatever its tries (schema step 22).
   * Undefined when the booking can no longer be reviewed (reviewed already, or erased).
   */
  async newLink(quoteId: string, now = new Date(), email: number | null = null): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      if (!(await stillOpen(tx, quoteId))) return undefined;
      const token = newLinkToken();
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
    const language = languageOr(row.language);
    return {
      quoteId: row.quote_id,
      language,
      reference: row.reference,
      travelled: travelledLabel(row.departure_on, language),
      questions: hotelQuestions(JSON.parse(row.hotels) as QuotedHotel[], language),
      defaultName: defaultDisplayName(
        visitorName(findForm(row.form_id), JSON.parse(row.fields) as Record<string, string>),
      ),
    };
  }

  /**
   * Stores the review a link's traveller wrote (checked by `readReviewForm` against the same
   * questions), once per booking: every link of the booking stops working in the same transaction.
   * A review sent again after a refusal for another person's personal data takes the refused one's
   * place, pending again (the refusal stays counted in the decisions). The review keeps the language
   * of the form it was written in, the booking's at that moment. Undefined when the link opens
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
        `INSERT INTO reviews (quote_id, rating, hotel_makkah, hotel_madinah, title, body, display_name, city, submitted_at,
           language)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (quote_id) DO UPDATE SET rating = excluded.rating, hotel_makkah = excluded.hotel_makkah,
           hotel_madinah = excluded.hotel_madinah, title = excluded.title, body = excluded.body,
           display_name = excluded.display_name, city = excluded.city, submitted_at = excluded.submitted_at,
           language = excluded.language, status = 'pending', refused_reason = NULL, decided_by = NULL, decided_at = NULL
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
          languageOr(row.language),
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
          detail: `Review received (${ofScale(entry.rating)}), awaiting moderation`,
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
}
