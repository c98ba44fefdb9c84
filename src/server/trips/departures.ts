/*
 * The bookings the departures board, the digest and the dashboard read: each lead's newest accepted
 * quote still standing (as the lead page's Travellers card takes it), with a deposit recorded, its
 * lead not Lost, departing between two days; and their travellers. Two statements whatever the
 * bookings: the departure day lives in the accepted version's draft, so the bookings are read once
 * and the window applied here, then the travellers of those in it in one statement per 500.
 * Alike on SQLite and PostgreSQL.
 */
import { UNCHASED_STATUSES } from '../../lib/pipeline/model.ts';
import { findForm } from '../../lib/forms/definitions.ts';
import { visitorName } from '../../lib/leads/visitor.ts';
import type { QuoteDraft } from '../../lib/quotes/model.ts';
import { travellersOf as quoteTravellers } from '../../lib/quotes/totals.ts';
import type { DepartingBooking } from '../../lib/trips/departures.ts';
import type { Traveller } from '../../lib/trips/travellers.ts';
import { placeholders, type SqlStatements } from '../db/database.ts';
import { PAID_QUOTE, travellersOfQuotes } from './store.ts';

// Joins and groups rather than a subquery per quote: PostgreSQL's planner then prices the statement
// low enough not to compile it (JIT), which costs more than the statement (see paymentDueCondition).
// A lead's booking is its quote accepted last among those still standing, as `bookingOf` takes it.
const BOOKINGS = `SELECT quotes.id, quotes.reference, quotes.lead_id, leads.form_id, leads.fields, leads.assignee_id,
    version.draft
  FROM quotes
  JOIN quote_acceptances acc ON acc.quote_id = quotes.id
  JOIN quote_versions version ON version.quote_id = quotes.id AND version.version = acc.version
  JOIN leads ON leads.id = quotes.lead_id
  JOIN (SELECT standing.lead_id, MAX(standing_acc.accepted_at) AS accepted_at
        FROM quotes standing JOIN quote_acceptances standing_acc ON standing_acc.quote_id = standing.id
        WHERE standing.withdrawn_at IS NULL GROUP BY standing.lead_id) newest
    ON newest.lead_id = quotes.lead_id AND newest.accepted_at = acc.accepted_at
  WHERE quotes.withdrawn_at IS NULL AND leads.status NOT IN (${placeholders(UNCHASED_STATUSES)})
    AND ${PAID_QUOTE}`;

interface BookingRow {
  id: string;
  reference: string;
  lead_id: string;
  form_id: string;
  fields: string;
  assignee_id: string | null;
  draft: string;
}

/** Travellers per statement: well under both databases' limits on parameters. */
const CHUNK = 500;

/** The bookings departing from `from` to `to` (inclusive), with the travellers added to them. */
export async function departingBookings(
  db: SqlStatements,
  from: string,
  to: string,
): Promise<{ bookings: DepartingBooking[]; travellers: Traveller[] }> {
  const rows = await db.all<BookingRow>(BOOKINGS, [...UNCHASED_STATUSES]);
  const bookings: DepartingBooking[] = [];
  for (const row of rows) {
    const draft = JSON.parse(row.draft) as QuoteDraft;
    if (draft.departureOn < from || draft.departureOn > to) continue;
    const counts = quoteTravellers(draft.lines);
    bookings.push({
      leadId: row.lead_id,
      quoteId: row.id,
      reference: row.reference,
      name: visitorName(findForm(row.form_id), JSON.parse(row.fields) as Record<string, string>),
      assigneeId: row.assignee_id,
      departureOn: draft.departureOn,
      returnOn: draft.returnOn,
      departureAirport: draft.departureAirport,
      quoted: { adult: counts.adults, child: counts.children, infant: counts.infants },
    });
  }
  const travellers: Traveller[] = [];
  const ids = bookings.map((booking) => booking.quoteId);
  for (let start = 0; start < ids.length; start += CHUNK)
    travellers.push(...(await travellersOfQuotes(db, ids.slice(start, start + CHUNK))));
  return { bookings, travellers };
}
