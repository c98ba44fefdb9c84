/*
 * "The booking", said once: a quote the pilgrim accepted, read in the version they accepted, and
 * counted as booked once a payment is recorded on it. A lead's booking is its quote accepted last
 * among those still standing (not withdrawn). The departure and return days are kept on the
 * acceptance (schema step 21), so the readers that look for bookings in a window (the departures
 * board, the digest, the dashboard, the trip reminders, the review invitations) select them by an
 * index and never parse the drafts to find the days. Alike on SQLite and PostgreSQL.
 */
import type { QuoteDraft } from '../../lib/quotes/model.ts';
import { travellersOf as quoteTravellers } from '../../lib/quotes/totals.ts';
import type { CategoryCounts } from '../../lib/trips/travellers.ts';
import type { SqlStatements } from '../db/database.ts';

/**
 * A quote that is a booking, as an SQL condition on `quotes`: a payment (the deposit; never less than
 * a cent) recorded on it. As a semi-join, so PostgreSQL never sums the payments per quote.
 */
export const PAID_QUOTE = 'quotes.id IN (SELECT quote_id FROM quote_payments)';

/**
 * The accepted version of every accepted quote, as the FROM of a statement: `quotes`, its acceptance
 * `acc` (with the booking's `departure_on` and `return_on`) and the version accepted, `version`.
 */
export const ACCEPTED_VERSION = `quotes
  JOIN quote_acceptances acc ON acc.quote_id = quotes.id
  JOIN quote_versions version ON version.quote_id = quotes.id AND version.version = acc.version`;

/**
 * Keeps, of the accepted quotes joined as ACCEPTED_VERSION, each lead's booking: its quote accepted
 * last among those still standing. A join and a group rather than a subquery per quote: PostgreSQL's
 * planner then prices the statement low enough not to compile it (JIT), which costs more than the
 * statement (see paymentDueCondition).
 */
export const NEWEST_STANDING = `JOIN (SELECT standing.lead_id, MAX(standing_acc.accepted_at) AS accepted_at
    FROM quotes standing JOIN quote_acceptances standing_acc ON standing_acc.quote_id = standing.id
    WHERE standing.withdrawn_at IS NULL GROUP BY standing.lead_id) newest
  ON newest.lead_id = quotes.lead_id AND newest.accepted_at = acc.accepted_at`;

/** The booking the travellers belong to: an accepted quote of the lead, its reference and the accepted version's draft. */
export interface AcceptedBooking {
  quoteId: string;
  reference: string;
  draft: QuoteDraft;
  /** How many of each category the accepted version's lines are for. */
  quoted: CategoryCounts;
}

/** How many of each traveller category a version's lines are for. */
export function quotedCounts(draft: QuoteDraft): CategoryCounts {
  const counts = quoteTravellers(draft.lines);
  return { adult: counts.adults, child: counts.children, infant: counts.infants };
}

/** The lead's booking (its newest accepted quote still standing, paid or not), in the version accepted; null with none. */
export async function bookingOf(db: SqlStatements, leadId: string): Promise<AcceptedBooking | null> {
  const [row] = await db.all<{ id: string; reference: string; draft: string }>(
    `SELECT quotes.id, quotes.reference, version.draft FROM ${ACCEPTED_VERSION}
     WHERE quotes.lead_id = ? AND quotes.withdrawn_at IS NULL
     ORDER BY acc.accepted_at DESC LIMIT 1`,
    [leadId],
  );
  if (!row) return null;
  const draft = JSON.parse(row.draft) as QuoteDraft;
  return { quoteId: row.id, reference: row.reference, draft, quoted: quotedCounts(draft) };
}
