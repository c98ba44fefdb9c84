import { isCalendarDay } from '../../lib/dates.ts';
import { PERSON_PHONE_MIN_DIGITS, searchDigits } from '../../lib/phone.ts';
import { normalizeReference } from '../../lib/leads/reference.ts';
import { placeholders, type SqlDatabase, type SqlStatements, type SqlValue } from '../db/database.ts';
import { toLead, type LeadRow } from '../leads/sql-lead-store.ts';
import type { SourceRow } from '../../lib/desk/source-dashboard.ts';
import { paymentDueCondition } from '../quotes/accounts.ts';
import { sourceRows } from './source-store.ts';
import { type DeskListQueries } from './types.ts';
import { type DashboardRow, type DeskFilter, type DeskLead, type DeskPage } from '../../lib/desk/model.ts';
import { CLOSED_STATUSES, LEAD_STATUSES, type LeadStatus } from '../../lib/pipeline/model.ts';

const OPEN_STATUSES = LEAD_STATUSES.filter((status) => !CLOSED_STATUSES.includes(status));

interface DeskRow extends LeadRow {
  status: LeadStatus;
  lost_reason: string | null;
  assignee_id: string | null;
  follow_up: string | null;
  first_contacted_at: string | null;
  assignee_email: string | null;
  last_note: string | null;
}

/*
 * The newest note comes from a subquery on lead_notes' (lead_id, id) index; both databases work it
 * out only for the rows a page returns, after the ORDER BY and LIMIT.
 */
const DESK_SELECT = `SELECT leads.id, leads.reference, leads.form_id, leads.received_at, leads.fields,
    leads.page_url, leads.user_agent, leads.landing_path, leads.referrer_host, leads.utm_source, leads.utm_medium,
    leads.utm_campaign, leads.language, leads.status, leads.lost_reason, leads.assignee_id, leads.follow_up,
    leads.first_contacted_at, staff.email AS assignee_email,
    (SELECT lead_notes.body FROM lead_notes WHERE lead_notes.lead_id = leads.id
     ORDER BY lead_notes.id DESC LIMIT 1) AS last_note
  FROM leads LEFT JOIN staff ON staff.id = leads.assignee_id`;

/** `value` matched literally inside a LIKE pattern written with `ESCAPE '\'`. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const LIKE = "LIKE ? ESCAPE '\\'";
/** Digits with nothing around them but what people write in phone numbers. */
const PHONE_LIKE = /^[\p{Nd}\s().+\-/]+$/u;

/** What a search term matches: its reference however typed, else the phone's digits, or name or email. */
function searchCondition(search: string): [string, SqlValue[]] | undefined {
  const term = search.trim().toLowerCase();
  if (term === '') return undefined;
  const alternatives: string[] = [];
  const params: SqlValue[] = [];
  const reference = normalizeReference(term);
  if (reference) {
    alternatives.push('leads.reference = ?');
    params.push(reference);
  }
  const digits = searchDigits(term);
  if (PHONE_LIKE.test(term) && digits.length >= 3) {
    alternatives.push(`leads.contact_phone ${LIKE}`);
    params.push(`%${digits}%`);
  } else {
    const pattern = `%${escapeLike(term)}%`;
    alternatives.push(`leads.contact_name ${LIKE}`, `leads.contact_email ${LIKE}`);
    params.push(pattern, pattern);
  }
  return [`(${alternatives.join(' OR ')})`, params];
}

/** The WHERE clause of a desk filter: conditions on the leads table's own (indexed) columns, and for the due views its bookings' payments. */
function filterWhere(filter: DeskFilter): [string, SqlValue[]] {
  const conditions: string[] = [];
  const params: SqlValue[] = [];
  const add = (condition: string, ...values: SqlValue[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  if (filter.status !== undefined) add('leads.status = ?', filter.status);
  if (filter.formIds !== undefined) {
    // No placements chosen matches no lead, as an empty group would.
    if (filter.formIds.length === 0) add('1 = 0');
    else add(`leads.form_id IN (${placeholders(filter.formIds)})`, ...filter.formIds);
  }
  if (filter.assignee === 'none') add('leads.assignee_id IS NULL');
  else if (filter.assignee !== undefined) add('leads.assignee_id = ?', filter.assignee);
  if (filter.since !== undefined) add('leads.received_at >= ?', filter.since);
  if (filter.until !== undefined) add('leads.received_at < ?', filter.until);
  if (filter.search !== undefined) {
    const search = searchCondition(filter.search);
    if (search) add(search[0], ...search[1]);
  }
  if (filter.due !== undefined) {
    if (filter.today === undefined || !isCalendarDay(filter.today)) {
      throw new Error(`A "${filter.due}" filter needs today's agency day as \`today\` (YYYY-MM-DD)`);
    }
    // A follow-up on an open lead, or a payment of a booking (quote-accounts.ts).
    const followUp = `leads.status IN (${placeholders(OPEN_STATUSES)}) AND leads.follow_up ${filter.due === 'today' ? '=' : '<'} ?`;
    const [payment, paymentParams] = paymentDueCondition(filter.due, filter.today);
    add(`((${followUp}) OR ${payment})`, ...OPEN_STATUSES, filter.today, ...paymentParams);
  }
  return [conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params];
}

function toDeskLead(row: DeskRow): DeskLead {
  return {
    ...toLead(row),
    status: row.status,
    lostReason: row.lost_reason,
    assignee:
      row.assignee_id !== null && row.assignee_email !== null
        ? { id: row.assignee_id, email: row.assignee_email }
        : null,
    followUp: row.follow_up,
    firstContactedAt: row.first_contacted_at,
    lastNote: row.last_note,
  };
}

/** Leads as the desk shows them, chosen by `rest` (a WHERE, ORDER BY and LIMIT on `leads`). */
export async function selectDesk(db: SqlStatements, rest: string, params: readonly SqlValue[]): Promise<DeskLead[]> {
  const rows = await db.all<DeskRow>(`${DESK_SELECT} ${rest}`, params);
  return rows.map(toDeskLead);
}

/** Leads of one person: the same email, or the same phone digits when there are enough of them to mean a person. */
export function contactMatch(email: string, phone: string): [string, SqlValue[]] | undefined {
  const alternatives: string[] = [];
  const params: SqlValue[] = [];
  if (email !== '') {
    alternatives.push('leads.contact_email = ?');
    params.push(email);
  }
  if (phone.length >= PERSON_PHONE_MIN_DIGITS) {
    alternatives.push('leads.contact_phone = ?');
    params.push(phone);
  }
  return alternatives.length ? [`(${alternatives.join(' OR ')})`, params] : undefined;
}

/** The desk's read side: one lead, the filtered list and its CSV, a person's other leads, the dashboard. */
export class DeskListStore implements DeskListQueries {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  async deskLead(id: string): Promise<DeskLead | undefined> {
    return (await selectDesk(this.db, 'WHERE leads.id = ?', [id]))[0];
  }

  async listDesk(filter: DeskFilter, offset: number, limit: number): Promise<DeskPage> {
    const [where, params] = filterWhere(filter);
    const total = await this.countDesk(filter);
    const leads = await selectDesk(this.db, `${where} ORDER BY leads.seq DESC LIMIT ? OFFSET ?`, [
      ...params,
      Math.max(0, Math.floor(limit)),
      Math.max(0, Math.floor(offset)),
    ]);
    return { leads, total };
  }

  async countDesk(filter: DeskFilter): Promise<number> {
    const [where, params] = filterWhere(filter);
    const [count] = await this.db.all<{ total: number }>(`SELECT COUNT(*) AS total FROM leads ${where}`, params);
    return Number(count?.total ?? 0);
  }

  async allDesk(filter: DeskFilter): Promise<DeskLead[]> {
    const [where, params] = filterWhere(filter);
    return selectDesk(this.db, `${where} ORDER BY leads.seq DESC`, params);
  }

  async relatedLeads(leadId: string): Promise<DeskLead[]> {
    const [lead] = await this.db.all<{ contact_email: string; contact_phone: string }>(
      'SELECT contact_email, contact_phone FROM leads WHERE id = ?',
      [leadId],
    );
    if (!lead) return [];
    const match = contactMatch(lead.contact_email, lead.contact_phone);
    if (!match) return [];
    return selectDesk(this.db, `WHERE ${match[0]} AND leads.id <> ? ORDER BY leads.seq DESC`, [...match[1], leadId]);
  }

  sourceRows(sinceIso: string): Promise<SourceRow[]> {
    return sourceRows(this.db, sinceIso);
  }

  async dashboardRows(sinceIso: string): Promise<DashboardRow[]> {
    const rows = await this.db.all<{
      id: string;
      form_id: string;
      received_at: string;
      status: LeadStatus;
      first_contacted_at: string | null;
      page_url: string | null;
    }>(
      `SELECT id, form_id, received_at, status, first_contacted_at, page_url FROM leads
       WHERE received_at >= ? ORDER BY received_at`,
      [sinceIso],
    );
    return rows.map((row) => ({
      id: row.id,
      formId: row.form_id,
      receivedAt: row.received_at,
      status: row.status,
      firstContactedAt: row.first_contacted_at,
      pageUrl: row.page_url,
    }));
  }
}
