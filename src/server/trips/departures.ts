/*
 * The bookings the departures board, the digest and the dashboard read: each lead's newest accepted
 * quote still standing (as the lead page's Travellers card takes it), with a deposit recorded, its
 * lead not Lost, departing between two days; and their travellers. Two statements whatever the
 * bookings: the bookings in the window (src/server/quotes/bookings.ts), then the travellers of those
 * in it in one statement per 500.
 * Alike on SQLite and PostgreSQL.
 */
import { languageOr } from '../../lib/languages.ts';
import { UNCHASED_STATUSES } from '../../lib/pipeline/model.ts';
import { findForm } from '../../lib/forms/definitions.ts';
import { visitorName } from '../../lib/leads/visitor.ts';
import type { QuoteDraft } from '../../lib/quotes/model.ts';
import type { DepartingBooking } from '../../lib/trips/departures.ts';
import type { Traveller } from '../../lib/trips/travellers.ts';
import { placeholders, type SqlStatements } from '../db/database.ts';
import { ACCEPTED_VERSION, NEWEST_STANDING, PAID_QUOTE, quotedCounts } from '../quotes/bookings.ts';
import { travellersOfQuotes } from './store.ts';

// The window is on the acceptance's departure day, kept there at acceptance: only the bookings in it
// are read and their drafts parsed (for the airport and the counts), not every booking's.
// The booking's language is its own once chosen (schema step 24), until then the enquiry's.
const BOOKINGS = `SELECT quotes.id, quotes.reference, quotes.lead_id, leads.form_id, leads.fields, leads.assignee_id,
    version.draft, acc.departure_on, acc.return_on, COALESCE(acc.language, leads.language) AS language
  FROM ${ACCEPTED_VERSION}
  JOIN leads ON leads.id = quotes.lead_id
  ${NEWEST_STANDING}
  WHERE quotes.withdrawn_at IS NULL AND leads.status NOT IN (${placeholders(UNCHASED_STATUSES)})
    AND ${PAID_QUOTE} AND acc.departure_on >= ? AND acc.departure_on <= ?`;

interface BookingRow {
  id: string;
  reference: string;
  lead_id: string;
  form_id: string;
  fields: string;
  assignee_id: string | null;
  draft: string;
  departure_on: string;
  return_on: string;
  language: string;
}

/** Travellers per statement: well under both databases' limits on parameters. */
const CHUNK = 500;

/** The bookings departing from `from` to `to` (inclusive), with the travellers added to them. */
export async function departingBookings(
  db: SqlStatements,
  from: string,
  to: string,
): Promise<{ bookings: DepartingBooking[]; travellers: Traveller[] }> {
  const rows = await db.all<BookingRow>(BOOKINGS, [...UNCHASED_STATUSES, from, to]);
  const bookings: DepartingBooking[] = [];
  for (const row of rows) {
    const draft = JSON.parse(row.draft) as QuoteDraft;
    bookings.push({
      leadId: row.lead_id,
      quoteId: row.id,
      reference: row.reference,
      name: visitorName(findForm(row.form_id), JSON.parse(row.fields) as Record<string, string>),
      assigneeId: row.assignee_id,
      departureOn: row.departure_on,
      returnOn: row.return_on,
      departureAirport: draft.departureAirport,
      quoted: quotedCounts(draft),
      language: languageOr(row.language),
    });
  }
  const travellers: Traveller[] = [];
  const ids = bookings.map((booking) => booking.quoteId);
  for (let start = 0; start < ids.length; start += CHUNK)
    travellers.push(...(await travellersOfQuotes(db, ids.slice(start, start + CHUNK))));
  return { bookings, travellers };
}
