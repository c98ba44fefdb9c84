/*
 * Where the bookings of many leads stand at once, for the desk's list, its CSV, its "Due today" and
 * "Overdue" views and the dashboard (quote-store.ts gives them to the pages; the lead page's own
 * account comes from here too). A lead's account is kept against its newest accepted quote, else its
 * newest sent one (`billedQuote`), and computed by `accountOf` from that version's schedule and the
 * quote's payments. The schedule is read from quote_dues, the rows `send` writes from the version it
 * freezes; the views find the first unpaid payment of every booking there in one statement.
 */
import { billedQuote, UNCHASED_STATUSES, type LeadAccount } from '../../lib/desk/accounts.ts';
import type { QuotePayment, QuoteRow as DashboardQuote } from '../../lib/desk/quote-dashboard.ts';
import { accountOf } from '../../lib/quotes/account.ts';
import type { PaymentDue } from '../../lib/quotes/model.ts';
import { placeholders, type SqlStatements } from '../db/database.ts';
import { dueRows, INSERT_DUE } from '../db/schema.ts';

/** Leads per statement: well under both databases' limits on parameters. */
const CHUNK = 500;

/** Writes the schedule of a version being sent; the caller's transaction freezes the version. */
export async function insertDues(
  tx: SqlStatements,
  quoteId: string,
  version: number,
  schedule: readonly PaymentDue[],
): Promise<void> {
  for (const params of dueRows(quoteId, version, schedule)) await tx.run(INSERT_DUE, params);
}

interface QuoteChoiceRow {
  id: string;
  lead_id: string;
  accepted_version: number | string | null;
  accepted_at: string | null;
  sent_version: number | string | null;
}

/** Each lead's booking, for leads that have a quote sent; three statements per 500 leads, whatever their quotes. */
export async function accountsOfLeads(
  db: SqlStatements,
  leadIds: readonly string[],
  today: string,
): Promise<Map<string, LeadAccount>> {
  const accounts = new Map<string, LeadAccount>();
  for (let start = 0; start < leadIds.length; start += CHUNK) {
    const ids = leadIds.slice(start, start + CHUNK);
    const quotes = await db.all<QuoteChoiceRow>(
      `SELECT quotes.id, quotes.lead_id, acc.version AS accepted_version, acc.accepted_at,
         (SELECT MAX(sent.version) FROM quote_versions sent
          WHERE sent.quote_id = quotes.id AND sent.sent_at IS NOT NULL) AS sent_version
       FROM quotes LEFT JOIN quote_acceptances acc ON acc.quote_id = quotes.id
       WHERE quotes.lead_id IN (${placeholders(ids)}) ORDER BY quotes.created_at, quotes.id`,
      ids,
    );
    const billed = new Map<string, { leadId: string; version: number; acceptedAt: string | null }>();
    const byLead = Map.groupBy(
      quotes.map((row) => ({ ...row, accepted: row.accepted_version !== null, sent: row.sent_version !== null })),
      (row) => row.lead_id,
    );
    for (const [leadId, ofLead] of byLead) {
      const chosen = billedQuote(ofLead);
      if (!chosen) continue;
      const version = Number(chosen.accepted_version ?? chosen.sent_version);
      billed.set(chosen.id, { leadId, version, acceptedAt: chosen.accepted_at });
    }
    if (billed.size === 0) continue;
    const quoteIds = [...billed.keys()];
    const dues = await db.all<{ quote_id: string; version: number | string; due_on: string; amount_cents: string }>(
      `SELECT quote_id, version, due_on, amount_cents FROM quote_dues
       WHERE quote_id IN (${placeholders(quoteIds)}) ORDER BY quote_id, version, ordinal`,
      quoteIds,
    );
    const paid = await db.all<{ quote_id: string; paid: number | string }>(
      `SELECT quote_id, SUM(amount_cents) AS paid FROM quote_payments
       WHERE quote_id IN (${placeholders(quoteIds)}) GROUP BY quote_id`,
      quoteIds,
    );
    const paidOf = new Map(paid.map((row) => [row.quote_id, Number(row.paid)]));
    for (const [quoteId, { leadId, version, acceptedAt }] of billed) {
      const schedule = dues
        .filter((due) => due.quote_id === quoteId && Number(due.version) === version)
        .map((due) => ({ dueOn: due.due_on, amountCents: Number(due.amount_cents) }));
      const account = accountOf(schedule, [{ amountCents: paidOf.get(quoteId) ?? 0 }], today);
      accounts.set(leadId, { quoteId, acceptedAt, account });
    }
  }
  return accounts;
}

/**
 * The condition, with one `?` for the office's today, that a lead's booking has its first unpaid
 * payment due that day ('today') or before it ('overdue'), as `paymentDueState` says: on its newest
 * accepted quote, the lead not lost. Payments pay the schedule in its order (`accountOf`), so the
 * first unpaid payment is the first whose running total exceeds what was paid; the dates of a
 * schedule are in order, so it is also the earliest.
 */
export function paymentDueCondition(due: 'today' | 'overdue'): string {
  const unchased = UNCHASED_STATUSES.map((status) => `'${status}'`).join(', ');
  return `(leads.status NOT IN (${unchased}) AND leads.id IN (
    SELECT owed.lead_id FROM (
      SELECT quotes.lead_id, due.due_on,
        SUM(due.amount_cents) OVER (PARTITION BY due.quote_id ORDER BY due.ordinal) AS through_cents,
        COALESCE(paid.cents, 0) AS paid_cents
      FROM quotes
      JOIN quote_acceptances acc ON acc.quote_id = quotes.id
      JOIN quote_dues due ON due.quote_id = quotes.id AND due.version = acc.version
      LEFT JOIN (SELECT quote_id, SUM(amount_cents) AS cents FROM quote_payments GROUP BY quote_id) paid
        ON paid.quote_id = quotes.id
      WHERE quotes.lead_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM quotes later JOIN quote_acceptances later_acc ON later_acc.quote_id = later.id
        WHERE later.lead_id = quotes.lead_id
          AND (later.created_at > quotes.created_at OR (later.created_at = quotes.created_at AND later.id > quotes.id)))
    ) owed
    WHERE owed.through_cents > owed.paid_cents
    GROUP BY owed.lead_id
    HAVING MIN(owed.due_on) ${due === 'today' ? '=' : '<'} ?))`;
}

interface DashboardQuoteRow {
  id: string;
  lead_id: string | null;
  received_at: string | null;
  first_sent_at: string;
  quoted_cents: number | string;
  accepted_at: string | null;
  accepted_cents: number | string | null;
}

/**
 * The quotes the dashboard counts: every quote first sent or accepted since `sinceIso`, with its
 * lead's arrival (gone once erased; the amounts stay), and the payments received since `sinceDay`.
 */
export async function quoteDashboardRows(
  db: SqlStatements,
  sinceIso: string,
  sinceDay: string,
): Promise<{ quotes: DashboardQuote[]; payments: QuotePayment[] }> {
  const quotes = await db.all<DashboardQuoteRow>(
    `SELECT quotes.id, quotes.lead_id, leads.received_at, sent.first_sent_at, latest.total_cents AS quoted_cents,
       acc.accepted_at, acc.total_cents AS accepted_cents
     FROM (SELECT quote_id, MIN(sent_at) AS first_sent_at, MAX(version) AS last_version
           FROM quote_versions WHERE sent_at IS NOT NULL GROUP BY quote_id) sent
     JOIN quotes ON quotes.id = sent.quote_id
     JOIN quote_versions latest ON latest.quote_id = sent.quote_id AND latest.version = sent.last_version
     LEFT JOIN leads ON leads.id = quotes.lead_id
     LEFT JOIN quote_acceptances acc ON acc.quote_id = quotes.id
     WHERE sent.first_sent_at >= ? OR acc.accepted_at >= ?
     ORDER BY sent.first_sent_at, quotes.id`,
    [sinceIso, sinceIso],
  );
  const payments = await db.all<{ paid_on: string; amount_cents: number | string }>(
    'SELECT paid_on, amount_cents FROM quote_payments WHERE paid_on >= ? ORDER BY paid_on, id',
    [sinceDay],
  );
  return {
    quotes: quotes.map((row) => ({
      leadId: row.lead_id,
      leadReceivedAt: row.received_at,
      firstSentAt: row.first_sent_at,
      quotedCents: Number(row.quoted_cents),
      acceptedAt: row.accepted_at,
      acceptedCents: row.accepted_cents === null ? null : Number(row.accepted_cents),
    })),
    payments: payments.map((row) => ({ paidOn: row.paid_on, amountCents: Number(row.amount_cents) })),
  };
}
