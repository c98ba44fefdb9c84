/**
 * The dashboard's sources (src/lib/desk/source-dashboard.ts): the leads received since a time, summed
 * in the database per first-touch source and landing page, with the quotes sent to them, how many
 * are booked and the payments on their quotes. One grouped query, so a long history costs the
 * database, not the page. The quotes sent and the payments are summed per lead once, then joined to
 * the period's leads: PostgreSQL hashes the three, 40 ms with bench:desk's 10,000 leads. A subquery
 * per lead, as this was, costs SQLite about the same, but PostgreSQL then compiled it (JIT: 213 ms)
 * and, before its statistics of freshly filled tables, summed every payment again for each lead
 * (5.1 s).
 */
import type { SourceRow } from '../../lib/desk/source-dashboard.ts';
import type { SqlStatements } from '../db/database.ts';

const SOURCE_ROWS = `
  SELECT source, landing_path, COUNT(*) AS enquiries,
    SUM(CASE WHEN status = 'booked' THEN 1 ELSE 0 END) AS bookings,
    SUM(quotes) AS quotes, SUM(received_cents) AS received_cents
  FROM (
    SELECT COALESCE(leads.utm_source, leads.referrer_host) AS source, leads.landing_path, leads.status,
      COALESCE(sent.quotes, 0) AS quotes, COALESCE(paid.received_cents, 0) AS received_cents
    FROM leads
    LEFT JOIN (SELECT quotes.lead_id, COUNT(*) AS quotes FROM quotes
               WHERE EXISTS (SELECT 1 FROM quote_versions v WHERE v.quote_id = quotes.id AND v.sent_at IS NOT NULL)
               GROUP BY quotes.lead_id) sent ON sent.lead_id = leads.id
    LEFT JOIN (SELECT quotes.lead_id, SUM(quote_payments.amount_cents) AS received_cents FROM quotes
               JOIN quote_payments ON quote_payments.quote_id = quotes.id
               GROUP BY quotes.lead_id) paid ON paid.lead_id = leads.id
    WHERE leads.received_at >= ?
  ) AS period
  GROUP BY source, landing_path`;

/** The leads received since `sinceIso`, summed per source and landing page. */
export async function sourceRows(db: SqlStatements, sinceIso: string): Promise<SourceRow[]> {
  // PostgreSQL sums BIGINT into NUMERIC, which arrives as text: every figure is read as a number.
  const rows = await db.all<{
    source: string | null;
    landing_path: string | null;
    enquiries: number | string;
    bookings: number | string;
    quotes: number | string;
    received_cents: number | string;
  }>(SOURCE_ROWS, [sinceIso]);
  return rows.map((row) => ({
    source: row.source,
    landingPath: row.landing_path,
    enquiries: Number(row.enquiries),
    quotes: Number(row.quotes),
    bookings: Number(row.bookings),
    receivedCents: Number(row.received_cents),
  }));
}
