/*
 * The review invitations (schema step 18): the invitation each returned booking gets once, and its
 * one reminder a week later when no review came, queued by the worker's scheduled work under a
 * lease. Once is the database's doing, not the lease's: an invitation is queued in the transaction
 * that inserts its booking's row (the key refuses a second), a reminder in the one that sets
 * reminded_at from empty. Both go through `queueReviewMail`, which honours the booking's mail
 * preference (src/server/trips/opt-out.ts) under the lead's lock.
 */
import { agencyDay } from '../../lib/agency-time.ts';
import { findForm } from '../../lib/forms/definitions.ts';
import { visitorEmail } from '../../lib/leads/visitor.ts';
import type { QuoteDraft } from '../../lib/quotes/model.ts';
import type { ReviewInvitationMessage } from '../../lib/reviews/emails.ts';
import {
  invitationDue,
  invitationReturnedBy,
  reminderDue,
  REMINDER_AFTER_DAYS,
  type QuotedHotel,
} from '../../lib/reviews/review.ts';
import type { SqlDatabase, SqlStatements } from '../db/database.ts';
import { queueMessage } from '../outbox/queue.ts';
import { LEASE_MS, leasedSchedule, type LeasedSchedule } from '../outbox/schedule.ts';
import type { ScheduledWork } from '../outbox/worker.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';
import { ACCEPTED_VERSION, PAID_QUOTE } from '../quotes/bookings.ts';
import { tripMailOptedOut } from '../trips/opt-out.ts';

/** Who queued an invitation or a reminder, as the lead's history says. */
const INVITER = 'review invitations';

/** The paid bookings not yet invited. */
const BOOKINGS = `SELECT quotes.id, quotes.reference, quotes.lead_id, version.draft, leads.form_id, leads.fields, acc.return_on
  FROM ${ACCEPTED_VERSION}
  JOIN leads ON leads.id = quotes.lead_id
  WHERE quotes.withdrawn_at IS NULL AND ${PAID_QUOTE}
  AND NOT EXISTS (SELECT 1 FROM review_invitations WHERE review_invitations.quote_id = quotes.id)`;

/** A review email to queue: its kind, booking and address. */
interface ReviewMail {
  kind: 'review-invitation' | 'review-reminder';
  quoteId: string;
  leadId: string;
  reference: string;
  to: string;
}

/**
 * Queues one review email in its own transaction, with a line in its lead's history: the lead locked
 * first, so an opt-out or an erasure made at the same moment is honoured; `claim` makes it once (false:
 * claimed already, nothing queued). Answers whether it was queued.
 */
async function queueReviewMail(
  db: SqlDatabase,
  mail: ReviewMail,
  now: Date,
  claim: (tx: SqlStatements, at: string) => Promise<boolean>,
): Promise<boolean> {
  const { kind, quoteId, leadId, reference: booking, to } = mail;
  return db.transaction(async (tx) => {
    const reference = await lockLead(tx, leadId);
    if (reference === undefined || (await tripMailOptedOut(tx, quoteId))) return false;
    const at = now.toISOString();
    if (!(await claim(tx, at))) return false;
    const message: ReviewInvitationMessage = { kind, quoteId, reference: booking };
    await queueMessage(tx, { leadId, destination: to, key: `${kind}:${quoteId}`, message }, now);
    const what = kind === 'review-invitation' ? 'Review invitation' : 'Review reminder';
    const detail = `${what} queued to ${to} (booking ${booking})`;
    await recordHistory(tx, { id: leadId, reference }, { actor: INVITER, at, action: 'review', detail });
    return true;
  });
}

/**
 * Queues the invitation of every booking whose return was `daysAfterReturn` days before the
 * agency's today (and not longer ago than the invitation window), once each, with a line in its
 * lead's history; answers how many were queued. A booking without an email address is not invited.
 */
export async function inviteDue(
  db: SqlDatabase,
  daysAfterReturn: number,
  timeZone: string,
  now = new Date(),
): Promise<number> {
  const today = agencyDay(now, timeZone);
  const rows = await db.all<{
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
    const mail = {
      kind: 'review-invitation',
      quoteId: row.id,
      leadId: row.lead_id,
      reference: row.reference,
      to,
    } as const;
    const done = await queueReviewMail(db, mail, now, async (tx, at) => {
      const hotels: QuotedHotel[] = draft.hotels.map(({ city, name, confirmed }) => ({ city, name, confirmed }));
      const claimed = await tx.run(
        `INSERT INTO review_invitations (quote_id, lead_id, package_slug, departure_on, return_on, hotels, invited_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [row.id, row.lead_id, draft.packageSlug, draft.departureOn, draft.returnOn, JSON.stringify(hotels), at],
      );
      return claimed > 0;
    });
    if (done) queued += 1;
  }
  return queued;
}

/** Queues the one reminder of each invitation a week old with no review yet; answers how many. */
export async function remindDue(db: SqlDatabase, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REMINDER_AFTER_DAYS * 24 * 60 * 60_000).toISOString();
  const rows = await db.all<{
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
    const mail = {
      kind: 'review-reminder',
      quoteId: row.quote_id,
      leadId: row.lead_id,
      reference: row.reference,
      to,
    } as const;
    const done = await queueReviewMail(db, mail, now, async (tx, at) => {
      const claimed = await tx.run(
        `UPDATE review_invitations SET reminded_at = ? WHERE quote_id = ? AND reminded_at IS NULL AND lead_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM reviews WHERE reviews.quote_id = review_invitations.quote_id)`,
        [at, row.quote_id],
      );
      return claimed > 0;
    });
    if (done) queued += 1;
  }
  return queued;
}

const LEASE_NAME = 'review-invitations';
/** Invitations are due by the day, so a look every ten minutes is soon enough. */
const SCHEDULED_EVERY_MS = 10 * 60_000;

/** Queues the invitations and reminders that are due, one instance at a time (a lease). */
export class ReviewScheduler {
  /** The invitations and reminders due at each pass, on the instance that holds the lease. */
  readonly schedule: LeasedSchedule<{ invitations: number; reminders: number }>;

  constructor(db: SqlDatabase, settings: { daysAfterReturn: number; timeZone: string }, holder?: string) {
    this.schedule = leasedSchedule({
      database: db,
      name: LEASE_NAME,
      everyMs: SCHEDULED_EVERY_MS,
      leaseMs: LEASE_MS,
      holder,
      run: async (now) => ({
        invitations: await inviteDue(db, settings.daysAfterReturn, settings.timeZone, now),
        reminders: await remindDue(db, now),
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
