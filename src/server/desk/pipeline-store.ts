import { phoneDigits, searchDigits } from '../../lib/leads/contact-index.ts';
import { formatCount } from '../../lib/format.ts';
import { normalizeReference } from '../../lib/leads/reference.ts';
import {
  deliveryAttempts,
  toDelivery,
  toLead,
  type DeliveryRow,
  type LeadRow,
  type SqlDatabase,
  type SqlStatements,
  type SqlValue,
} from '../leads/sql-lead-store.ts';
import {
  CLOSED_STATUSES,
  LOST_REASON_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  LEAD_STATUSES,
  STATUS_LABELS,
  type DashboardRow,
  type DeskFilter,
  type DeskLead,
  type DeskPage,
  type HistoryAction,
  type HistoryEntry,
  type LeadStatus,
  type Note,
  type PersonRecord,
  type PipelineChange,
  type PipelineQueries,
} from './types.ts';

/** A change or note the desk refuses; `message` is written for the staff member who made it. */
export class PipelineChangeError extends Error {
  override name = 'PipelineChangeError';
}

/** Phone numbers shorter than this are too common to link enquiries or answer a privacy request by. */
const PHONE_MIN_DIGITS = 7;
/** How many leads one statement (and one retention transaction) erases. */
const ERASE_BATCH = 500;
const OPEN_STATUSES = LEAD_STATUSES.filter((status) => !CLOSED_STATUSES.includes(status));
/** Leaving `new` for one of these is the lead's first contact, the dashboard's response time. */
const CONTACTED_STATUSES: readonly LeadStatus[] = ['contacted', 'quoted', 'booked'];

interface DeskRow extends LeadRow {
  status: LeadStatus;
  lost_reason: string | null;
  assignee_id: string | null;
  follow_up: string | null;
  first_contacted_at: string | null;
  assignee_email: string | null;
  last_note: string | null;
}

interface NoteRow {
  id: number;
  lead_id: string;
  author: string;
  created_at: string;
  body: string;
}

interface HistoryRow {
  id: number;
  lead_id: string | null;
  reference: string;
  actor: string;
  at: string;
  action: HistoryAction;
  detail: string;
}

/*
 * The newest note comes from a subquery on lead_notes' (lead_id, id) index; both databases work it
 * out only for the rows a page returns, after the ORDER BY and LIMIT.
 */
const DESK_SELECT = `SELECT leads.id, leads.reference, leads.form_id, leads.received_at, leads.fields,
    leads.page_url, leads.user_agent, leads.status, leads.lost_reason, leads.assignee_id, leads.follow_up,
    leads.first_contacted_at, staff.email AS assignee_email,
    (SELECT lead_notes.body FROM lead_notes WHERE lead_notes.lead_id = leads.id
     ORDER BY lead_notes.id DESC LIMIT 1) AS last_note
  FROM leads LEFT JOIN staff ON staff.id = leads.assignee_id`;

const INSERT_HISTORY =
  'INSERT INTO lead_history (lead_id, reference, actor, at, action, detail) VALUES (?, ?, ?, ?, ?, ?)';

/** `?, ?, ?` for a list of values. */
function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** `value` matched literally inside a LIKE pattern written with `ESCAPE '\'`. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const LIKE = "LIKE ? ESCAPE '\\'";
/** Digits with nothing around them but what people write in phone numbers. */
const PHONE_LIKE = /^[\d\s().+\-/]+$/;

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

/** The WHERE clause of a desk filter, every condition on the leads table's own (indexed) columns. */
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
    if (filter.today === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(filter.today)) {
      throw new Error(`A "${filter.due}" filter needs today's agency day as \`today\` (YYYY-MM-DD)`);
    }
    add(`leads.status IN (${placeholders(OPEN_STATUSES)})`, ...OPEN_STATUSES);
    add(filter.due === 'today' ? 'leads.follow_up = ?' : 'leads.follow_up < ?', filter.today);
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

function toNote(row: NoteRow): Note {
  return { id: row.id, leadId: row.lead_id, author: row.author, createdAt: row.created_at, body: row.body };
}

function toHistory(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    leadId: row.lead_id,
    reference: row.reference,
    actor: row.actor,
    at: row.at,
    action: row.action,
    detail: row.detail,
  };
}

/** True for a real calendar day written `YYYY-MM-DD`. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "Lost (reason: went with another agency)", "Contacted". */
function statusWords(status: LeadStatus, reason: string | null): string {
  return status === 'lost' && reason ? `${STATUS_LABELS.lost} (reason: ${reason})` : STATUS_LABELS[status];
}

/** The change's own checks, before the lead is read; the rest need the lead as it stands. */
function checkChange(change: PipelineChange): void {
  if (change.status !== undefined && !LEAD_STATUSES.includes(change.status)) {
    throw new PipelineChangeError(
      `"${String(change.status)}" is not a status; choose ${LEAD_STATUSES.map((status) => STATUS_LABELS[status]).join(', ')}.`,
    );
  }
  if (typeof change.lostReason === 'string' && change.lostReason.trim().length > LOST_REASON_MAX_LENGTH) {
    throw new PipelineChangeError(`Keep the reason to ${LOST_REASON_MAX_LENGTH} characters or fewer.`);
  }
  const followUp = change.followUp?.trim();
  if (followUp && !isCalendarDay(followUp)) {
    throw new PipelineChangeError(`"${followUp}" is not a date; give the follow-up as YYYY-MM-DD, e.g. 2026-12-01.`);
  }
}

/** Locks one lead's row until the transaction ends (writers of one lead take turns); its reference, or undefined when it is gone. */
async function lockLead(tx: SqlStatements, leadId: string): Promise<string | undefined> {
  const [row] = await tx.all<{ reference: string }>(
    'UPDATE leads SET status = status WHERE id = ? RETURNING reference',
    [leadId],
  );
  return row?.reference;
}

/** The desk's reads and writes over the lead store's database, alike on SQLite and PostgreSQL. */
export class PipelineStore implements PipelineQueries {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  async deskLead(id: string): Promise<DeskLead | undefined> {
    return (await selectDesk(this.db, 'WHERE leads.id = ?', [id]))[0];
  }

  async listDesk(filter: DeskFilter, offset: number, limit: number): Promise<DeskPage> {
    const [where, params] = filterWhere(filter);
    const [count] = await this.db.all<{ total: number }>(`SELECT COUNT(*) AS total FROM leads ${where}`, params);
    const leads = await selectDesk(this.db, `${where} ORDER BY leads.seq DESC LIMIT ? OFFSET ?`, [
      ...params,
      Math.max(0, Math.floor(limit)),
      Math.max(0, Math.floor(offset)),
    ]);
    return { leads, total: Number(count?.total ?? 0) };
  }

  async allDesk(filter: DeskFilter): Promise<DeskLead[]> {
    const [where, params] = filterWhere(filter);
    return selectDesk(this.db, `${where} ORDER BY leads.seq DESC`, params);
  }

  async updatePipeline(
    leadId: string,
    change: PipelineChange,
    actor: string,
    now = new Date(),
  ): Promise<DeskLead | undefined> {
    checkChange(change);
    return this.db.transaction(async (tx) => {
      const reference = await lockLead(tx, leadId);
      if (reference === undefined) return undefined;
      const [before] = await selectDesk(tx, 'WHERE leads.id = ?', [leadId]);
      if (!before) return undefined;
      const sets: string[] = [];
      const values: SqlValue[] = [];
      const history: [HistoryAction, string][] = [];
      const set = (column: string, value: SqlValue) => {
        sets.push(`${column} = ?`);
        values.push(value);
      };

      const status = change.status ?? before.status;
      const givenReason = change.lostReason === undefined ? undefined : change.lostReason?.trim() || null;
      let reason: string | null = null;
      if (status === 'lost') {
        reason = givenReason === undefined && before.status === 'lost' ? before.lostReason : (givenReason ?? null);
        if (!reason) throw new PipelineChangeError('Say why the lead was lost: a reason is needed with Lost.');
      } else if (givenReason) {
        throw new PipelineChangeError('A reason is kept only for a lost lead: choose Lost, or leave the reason empty.');
      }
      if (status !== before.status || reason !== before.lostReason) {
        set('status', status);
        set('lost_reason', reason);
        const from =
          status === before.status ? statusWords(before.status, before.lostReason) : STATUS_LABELS[before.status];
        history.push(['status', `${from} → ${statusWords(status, reason)}`]);
        if (before.firstContactedAt === null && status !== before.status && CONTACTED_STATUSES.includes(status)) {
          set('first_contacted_at', now.toISOString());
        }
      }

      if (change.assigneeId !== undefined) {
        const assigneeId = change.assigneeId?.trim() || null;
        if (assigneeId !== (before.assignee?.id ?? null)) {
          let email: string | null = null;
          if (assigneeId !== null) {
            const [staff] = await tx.all<{ email: string }>('SELECT email FROM staff WHERE id = ?', [assigneeId]);
            if (!staff) throw new PipelineChangeError('That person is not on the staff; choose someone from the list.');
            email = staff.email;
          }
          set('assignee_id', assigneeId);
          history.push(['assignee', `${before.assignee?.email ?? 'unassigned'} → ${email ?? 'unassigned'}`]);
        }
      }

      if (change.followUp !== undefined) {
        const followUp = change.followUp?.trim() || null;
        if (followUp !== before.followUp) {
          set('follow_up', followUp);
          history.push(['follow-up', `${before.followUp ?? 'none'} → ${followUp ?? 'none'}`]);
        }
      }

      if (sets.length === 0) return before;
      await tx.run(`UPDATE leads SET ${sets.join(', ')} WHERE id = ?`, [...values, leadId]);
      const at = now.toISOString();
      for (const [action, detail] of history) {
        await tx.run(INSERT_HISTORY, [leadId, reference, actor, at, action, detail]);
      }
      return (await selectDesk(tx, 'WHERE leads.id = ?', [leadId]))[0];
    });
  }

  async addNote(leadId: string, body: string, actor: string, now = new Date()): Promise<Note | undefined> {
    const text = body.trim();
    if (text === '') throw new PipelineChangeError('Write something before adding a note.');
    if (text.length > NOTE_MAX_LENGTH) {
      throw new PipelineChangeError(
        `A note can be at most ${formatCount(NOTE_MAX_LENGTH)} characters; this one has ${formatCount(text.length)}.`,
      );
    }
    return this.db.transaction(async (tx) => {
      const reference = await lockLead(tx, leadId);
      if (reference === undefined) return undefined;
      const at = now.toISOString();
      const [row] = await tx.all<{ id: number }>(
        'INSERT INTO lead_notes (lead_id, author, created_at, body) VALUES (?, ?, ?, ?) RETURNING id',
        [leadId, actor, at, text],
      );
      await tx.run(INSERT_HISTORY, [leadId, reference, actor, at, 'note', 'Note added']);
      return { id: Number(row!.id), leadId, author: actor, createdAt: at, body: text };
    });
  }

  /** Newest first. */
  async notesOf(leadId: string): Promise<Note[]> {
    const rows = await this.db.all<NoteRow>('SELECT * FROM lead_notes WHERE lead_id = ? ORDER BY id DESC', [leadId]);
    return rows.map(toNote);
  }

  /** Newest first. */
  async historyOf(leadId: string): Promise<HistoryEntry[]> {
    const rows = await this.db.all<HistoryRow>('SELECT * FROM lead_history WHERE lead_id = ? ORDER BY id DESC', [
      leadId,
    ]);
    return rows.map(toHistory);
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

  async dashboardRows(sinceIso: string): Promise<DashboardRow[]> {
    const rows = await this.db.all<{
      form_id: string;
      received_at: string;
      status: LeadStatus;
      first_contacted_at: string | null;
      page_url: string | null;
    }>(
      `SELECT form_id, received_at, status, first_contacted_at, page_url FROM leads
       WHERE received_at >= ? ORDER BY received_at`,
      [sinceIso],
    );
    return rows.map((row) => ({
      formId: row.form_id,
      receivedAt: row.received_at,
      status: row.status,
      firstContactedAt: row.first_contacted_at,
      pageUrl: row.page_url,
    }));
  }

  async findPerson(query: { email?: string | undefined; phone?: string | undefined }): Promise<PersonRecord[]> {
    const match = contactMatch(query.email?.trim().toLowerCase() ?? '', phoneDigits(query.phone ?? ''));
    if (!match) return [];
    const leads = await selectDesk(this.db, `WHERE ${match[0]} ORDER BY leads.seq DESC`, match[1]);
    return Promise.all(
      leads.map(async (lead) => ({
        lead,
        notes: await this.notesOf(lead.id),
        history: await this.historyOf(lead.id),
        deliveries: (
          await this.db.all<DeliveryRow>('SELECT * FROM outbox WHERE lead_id = ? ORDER BY id', [lead.id])
        ).map(toDelivery),
        attempts: await deliveryAttempts(this.db, lead.id),
      })),
    );
  }

  async eraseLeads(leadIds: readonly string[], actor: string, now = new Date()): Promise<number> {
    const ids = [...new Set(leadIds)].sort();
    if (ids.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      // One at a time in id order: two erasures of overlapping leads wait for each other, never deadlock.
      const found: { id: string; reference: string }[] = [];
      for (const id of ids) {
        const reference = await lockLead(tx, id);
        if (reference !== undefined) found.push({ id, reference });
      }
      await eraseLocked(tx, found, actor, now);
      return found.length;
    });
  }

  async eraseReceivedBefore(beforeIso: string, actor: string, now = new Date()): Promise<number> {
    let erased = 0;
    for (;;) {
      // PostgreSQL skips leads another instance is erasing right now: both passes share the work.
      const batch = await this.db.transaction(async (tx) => {
        const rows = await tx.all<{ id: string; reference: string }>(
          `SELECT id, reference FROM leads WHERE received_at < ? ORDER BY received_at LIMIT ?${this.db.lockDueRows}`,
          [beforeIso, ERASE_BATCH],
        );
        await eraseLocked(tx, rows, actor, now);
        return rows.length;
      });
      erased += batch;
      if (batch < ERASE_BATCH) return erased;
    }
  }

  async erasures(limit: number): Promise<HistoryEntry[]> {
    const rows = await this.db.all<HistoryRow>(
      "SELECT * FROM lead_history WHERE lead_id IS NULL AND action = 'erased' ORDER BY id DESC LIMIT ?",
      [Math.max(0, Math.floor(limit))],
    );
    return rows.map(toHistory);
  }
}

async function selectDesk(db: SqlStatements, rest: string, params: readonly SqlValue[]): Promise<DeskLead[]> {
  const rows = await db.all<DeskRow>(`${DESK_SELECT} ${rest}`, params);
  return rows.map(toDeskLead);
}

/** Leads of one person: the same email, or the same phone digits when there are enough of them to mean a person. */
function contactMatch(email: string, phone: string): [string, SqlValue[]] | undefined {
  const alternatives: string[] = [];
  const params: SqlValue[] = [];
  if (email !== '') {
    alternatives.push('leads.contact_email = ?');
    params.push(email);
  }
  if (phone.length >= PHONE_MIN_DIGITS) {
    alternatives.push('leads.contact_phone = ?');
    params.push(phone);
  }
  return alternatives.length ? [`(${alternatives.join(' OR ')})`, params] : undefined;
}

/**
 * Deletes leads already locked by this transaction with everything that hangs on them (SQLite does
 * not enforce foreign keys, so dependants go first by hand), leaving one `erased` row per lead.
 */
async function eraseLocked(
  tx: SqlStatements,
  leads: readonly { id: string; reference: string }[],
  actor: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  for (let start = 0; start < leads.length; start += ERASE_BATCH) {
    const batch = leads.slice(start, start + ERASE_BATCH);
    const ids = batch.map((lead) => lead.id);
    const list = placeholders(ids);
    // Holds the outbox rows first: a worker recording an attempt on one either finishes before the
    // attempts are deleted below, or finds the row gone and records nothing (SqlLeadStore.recordAttempt).
    await tx.run(`UPDATE outbox SET attempts = attempts WHERE lead_id IN (${list})`, ids);
    await tx.run(
      `DELETE FROM delivery_attempts WHERE outbox_id IN (SELECT id FROM outbox WHERE lead_id IN (${list}))`,
      ids,
    );
    for (const table of ['outbox', 'idempotency_keys', 'lead_notes', 'lead_history']) {
      await tx.run(`DELETE FROM ${table} WHERE lead_id IN (${list})`, ids);
    }
    await tx.run(`DELETE FROM leads WHERE id IN (${list})`, ids);
    await tx.run(
      `INSERT INTO lead_history (lead_id, reference, actor, at, action, detail)
       VALUES ${batch.map(() => "(NULL, ?, ?, ?, 'erased', '')").join(', ')}`,
      batch.flatMap((lead) => [lead.reference, actor, at]),
    );
  }
}
