/**
 * The dashboard's sources (src/lib/desk/source-dashboard.ts): the leads received since a time, summed
 * in the database per first-touch source and landing page, with the quotes sent to them, how many
 * are booked and the payments on their quotes. One grouped query, so a long history costs the
 * database, not the page: the leads come by leads_received, their quotes by quotes_lead, the sends
 * by quote_versions_sends and the payments by quote_payments_quote.
 */
import type { SourceRow } from '../../lib/desk/source-dashboard.ts';
import type { SqlStatements } from '../db/database.ts';

const SOURCE_ROWS = `
  WITH period AS (
    SELECT id, status, COALESCE(utm_source, referrer_host) AS source, landing_path
    FROM leads WHERE received_at >= ?
  ),
  sent AS (
    SELECT quotes.lead_id, COUNT(*) AS quotes
    FROM period JOIN quotes ON quotes.lead_id = period.id
    WHERE EXISTS (SELECT 1 FROM quote_versions v WHERE v.quote_id = quotes.id AND v.sent_at IS NOT NULL)
    GROUP BY quotes.lead_id
  ),
  paid AS (
    SELECT quotes.lead_id, SUM(quote_payments.amount_cents) AS cents
    FROM period JOIN quotes ON quotes.lead_id = period.id
    JOIN quote_payments ON quote_payments.quote_id = quotes.id
    GROUP BY quotes.lead_id
  )
  SELECT period.source, period.landing_path, COUNT(*) AS enquiries,
    SUM(CASE WHEN period.status = 'booked' THEN 1 ELSE 0 END) AS bookings,
    COALESCE(SUM(sent.quotes), 0) AS quotes, COALESCE(SUM(paid.cents), 0) AS received_cents
  FROM period
  LEFT JOIN sent ON sent.lead_id = period.id
  LEFT JOIN paid ON paid.lead_id = period.id
  GROUP BY period.source, period.landing_path`;

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
