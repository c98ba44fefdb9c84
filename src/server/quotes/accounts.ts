/*
 * Where the bookings of many leads stand at once, for the desk's list, its CSV, its "Due today" and
 * "Overdue" views and the dashboard (quote-store.ts gives them to the pages; the lead page's own
 * account comes from here too). A lead's account is kept against its newest accepted quote, else its
 * newest sent one (`billedQuote`), and computed by `accountOf` from that version's schedule and the
 * quote's payments. The schedule is read from quote_dues, the rows `send` writes from the version it
 * freezes; the views tell from them, in one statement over every booking, whose first unpaid
 * payment is due.
 */
import { UNCHASED_STATUSES } from '../../lib/pipeline/model.ts';
import { billedQuote, type LeadAccount } from '../../lib/quotes/account.ts';
import type { QuotePayment, DashboardQuote } from '../../lib/quotes/records.ts';
import { accountOf } from '../../lib/quotes/account.ts';
import type { PaymentDue } from '../../lib/quotes/model.ts';
import { placeholders, type SqlStatements, type SqlValue } from '../db/database.ts';

/** Writes one payment of a sent version's schedule; the deposit is ordinal 0. */
const INSERT_DUE = 'INSERT INTO quote_dues (quote_id, version, ordinal, due_on, amount_cents) VALUES (?, ?, ?, ?, ?)';

/** The rows of quote_dues for a sent version's schedule, one per payment, in the schedule's order. */
export function dueRows(
  quoteId: string,
  version: number,
  schedule: readonly { dueOn: string; amountCents: number }[],
): SqlValue[][] {
  return schedule.map((due, ordinal) => [quoteId, version, ordinal, due.dueOn, due.amountCents]);
}

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
    const duesOf = Map.groupBy(dues, (due) => due.quote_id);
    for (const [quoteId, { leadId, version, acceptedAt }] of billed) {
      const schedule = (duesOf.get(quoteId) ?? [])
        .filter((due) => Number(due.version) === version)
        .map((due) => ({ dueOn: due.due_on, amountCents: Number(due.amount_cents) }));
      const account = accountOf(schedule, [{ amountCents: paidOf.get(quoteId) ?? 0 }], today);
      accounts.set(leadId, { quoteId, acceptedAt, account });
    }
  }
  return accounts;
}

/**
 * The condition that a lead's booking has its first unpaid payment due on the office's `today`
 * ('today') or before it ('overdue'), as `paymentDueState` says: on its newest accepted quote, the
 * lead not lost. Payments pay the schedule in its order (`accountOf`) and a schedule's days are in
 * order, so a booking is overdue when less was paid than fell due before today, and due today when
 * what was paid covers that but not what falls due by the end of today. Only the payments due by
 * today are read (by the index on their day); for 'today', only those of the quotes with one due
 * today. Joins and groups rather than a subquery per quote: PostgreSQL's planner then prices the
 * statement low enough not to compile it (JIT), which would cost more than the statement.
 */
export function paymentDueCondition(due: 'today' | 'overdue', today: string): [string, SqlValue[]] {
  const unchased = UNCHASED_STATUSES.map((status) => `'${status}'`).join(', ');
  const paid =
    'COALESCE((SELECT SUM(paid.amount_cents) FROM quote_payments paid WHERE paid.quote_id = acc.quote_id), 0)';
  const [days, owing, params] =
    due === 'overdue'
      ? ['due.due_on < ?', `SUM(due.amount_cents) > ${paid}`, [today]]
      : [
          'due.due_on <= ? AND acc.quote_id IN (SELECT today_due.quote_id FROM quote_dues today_due WHERE today_due.due_on = ?)',
          `SUM(due.amount_cents) > ${paid} AND SUM(CASE WHEN due.due_on < ? THEN due.amount_cents ELSE 0 END) <= ${paid}`,
          [today, today, today],
        ];
  const sql = `(leads.status NOT IN (${unchased}) AND leads.id IN (
    SELECT quotes.lead_id FROM quote_acceptances acc
    JOIN quotes ON quotes.id = acc.quote_id
    JOIN quote_dues due ON due.quote_id = acc.quote_id AND due.version = acc.version
    WHERE ${days} AND quotes.lead_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM quotes later JOIN quote_acceptances later_acc ON later_acc.quote_id = later.id
      WHERE later.lead_id = quotes.lead_id
        AND (later.created_at > quotes.created_at OR (later.created_at = quotes.created_at AND later.id > quotes.id)))
    GROUP BY acc.quote_id, quotes.lead_id
    HAVING ${owing}))`;
  return [sql, params];
}

interface DashboardQuoteRow {
  id: string;
  lead_id: string | null;
  first_sent_at: string;
  quoted_cents: number | string;
  accepted_at: string | null;
  accepted_cents: number | string | null;
}

/**
 * The quotes the dashboard counts: every quote first sent or accepted since `sinceIso`, with its
 * lead (none once erased; the amounts stay), and the payments received since `sinceDay`.
 */
export async function quoteDashboardRows(
  db: SqlStatements,
  sinceIso: string,
  sinceDay: string,
): Promise<{ quotes: DashboardQuote[]; payments: QuotePayment[] }> {
  // The quotes with a version sent or an acceptance in the weeks (the versions found by the index on
  // their send time), each with its first send and its newest sent version's total, read from the
  // index of the versions' sends and totals rather than the drafts. Grouped rather than a subquery
  // per quote, for PostgreSQL's planner (see paymentDueCondition).
  const quotes = await db.all<DashboardQuoteRow>(
    `SELECT quotes.id, quotes.lead_id, acc.accepted_at, acc.total_cents AS accepted_cents, sends.first_sent_at,
       latest.total_cents AS quoted_cents
     FROM (SELECT quote_id, MIN(sent_at) AS first_sent_at, MAX(version) AS last_version FROM quote_versions
           WHERE sent_at IS NOT NULL AND quote_id IN (SELECT quote_id FROM quote_versions WHERE sent_at >= ?
                                                      UNION SELECT quote_id FROM quote_acceptances WHERE accepted_at >= ?)
           GROUP BY quote_id) sends
     JOIN quotes ON quotes.id = sends.quote_id
     JOIN quote_versions latest ON latest.quote_id = sends.quote_id AND latest.version = sends.last_version
     LEFT JOIN quote_acceptances acc ON acc.quote_id = quotes.id`,
    [sinceIso, sinceIso],
  );
  const payments = await db.all<{ paid_on: string; amount_cents: number | string }>(
    'SELECT paid_on, amount_cents FROM quote_payments WHERE paid_on >= ? ORDER BY paid_on, id',
    [sinceDay],
  );
  // A version sent in the weeks may belong to a quote first sent before them: it counts only if accepted in them.
  const counted = quotes.filter(
    (row) => row.first_sent_at >= sinceIso || (row.accepted_at !== null && row.accepted_at >= sinceIso),
  );
  return {
    quotes: counted.map((row) => ({
      leadId: row.lead_id,
      firstSentAt: row.first_sent_at,
      quotedCents: Number(row.quoted_cents),
      acceptedAt: row.accepted_at,
      acceptedCents: row.accepted_cents === null ? null : Number(row.accepted_cents),
    })),
    payments: payments.map((row) => ({ paidOn: row.paid_on, amountCents: Number(row.amount_cents) })),
  };
}
