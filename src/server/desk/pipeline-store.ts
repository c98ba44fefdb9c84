import { isCalendarDay } from '../../lib/dates.ts';
import { CARD_NUMBER_REFUSED, containsCardNumber } from '../../lib/card-number.ts';
import { formatCount } from '../../lib/format.ts';
import { placeholders, type SqlDatabase, type SqlStatements, type SqlValue } from '../db/database.ts';
import { selectDesk } from './list-store.ts';
import { type PipelineQueries } from './types.ts';
import {
  LOST_REASON_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  LEAD_STATUSES,
  STATUS_LABELS,
  type DeskLead,
  type HistoryAction,
  type HistoryEntry,
  type LeadStatus,
  type Note,
  type PipelineChange,
} from '../../lib/desk/model.ts';

/*
 * Each lead's place in the pipeline (the desk's columns on `leads`), its notes and its history. The
 * tables lead_notes and lead_history are this module's: the privacy store erases and lists through
 * the functions at the end.
 */

/** A change or note the desk refuses; `message` is written for the staff member who made it. */
export class PipelineChangeError extends Error {
  override name = 'PipelineChangeError';
}

/** Leaving `new` for one of these is the lead's first contact, the dashboard's response time. */
const CONTACTED_STATUSES: readonly LeadStatus[] = ['contacted', 'quoted', 'booked'];

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

const INSERT_HISTORY =
  'INSERT INTO lead_history (lead_id, reference, actor, at, action, detail) VALUES (?, ?, ?, ?, ?, ?)';

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
export async function lockLead(tx: SqlStatements, leadId: string): Promise<string | undefined> {
  const [row] = await tx.all<{ reference: string }>(
    'UPDATE leads SET status = status WHERE id = ? RETURNING reference',
    [leadId],
  );
  return row?.reference;
}

/**
 * Moves a lead the caller's transaction has locked (`lockLead`) to `to` when it stands at one of
 * `from`, recorded in its history as any status change is; a quote sent or paid moves the lead in the
 * same transaction as the quote itself. False when the lead stood elsewhere and stays there.
 */
export async function advanceStatus(
  tx: SqlStatements,
  lead: { id: string; reference: string },
  from: readonly LeadStatus[],
  to: LeadStatus,
  actor: string,
  at: string,
): Promise<boolean> {
  const [row] = await tx.all<{ status: LeadStatus }>('SELECT status FROM leads WHERE id = ?', [lead.id]);
  if (!row || !from.includes(row.status)) return false;
  const contacted = CONTACTED_STATUSES.includes(to) ? ', first_contacted_at = COALESCE(first_contacted_at, ?)' : '';
  await tx.run(`UPDATE leads SET status = ?, lost_reason = NULL${contacted} WHERE id = ?`, [
    to,
    ...(contacted ? [at] : []),
    lead.id,
  ]);
  const detail = `${STATUS_LABELS[row.status]} → ${STATUS_LABELS[to]}`;
  await tx.run(INSERT_HISTORY, [lead.id, lead.reference, actor, at, 'status', detail]);
  return true;
}

/** Sets a locked lead's follow-up day, recorded as the desk records one ("none → 2026-11-20 (take the deposit)"). */
export async function setFollowUp(
  tx: SqlStatements,
  lead: { id: string; reference: string },
  day: string,
  why: string,
  actor: string,
  at: string,
): Promise<void> {
  const [row] = await tx.all<{ follow_up: string | null }>('SELECT follow_up FROM leads WHERE id = ?', [lead.id]);
  if (!row || row.follow_up === day) return;
  await tx.run('UPDATE leads SET follow_up = ? WHERE id = ?', [day, lead.id]);
  const detail = `${row.follow_up ?? 'none'} → ${day} (${why})`;
  await tx.run(INSERT_HISTORY, [lead.id, lead.reference, actor, at, 'follow-up', detail]);
}

/** Adds a note to a locked lead; the caller records the history line that suits it. */
export async function insertNote(
  tx: SqlStatements,
  leadId: string,
  note: { author: string; at: string; body: string },
): Promise<Note> {
  const [row] = await tx.all<{ id: number }>(
    'INSERT INTO lead_notes (lead_id, author, created_at, body) VALUES (?, ?, ?, ?) RETURNING id',
    [leadId, note.author, note.at, note.body],
  );
  return { id: Number(row!.id), leadId, author: note.author, createdAt: note.at, body: note.body };
}

/** The newest note on a lead by `author` with exactly `body`, written at `since` or later; undefined when there is none. */
export async function findNote(
  db: SqlStatements,
  leadId: string,
  author: string,
  body: string,
  since: string,
): Promise<Note | undefined> {
  const rows = await db.all<NoteRow>(
    'SELECT * FROM lead_notes WHERE lead_id = ? AND author = ? AND body = ? AND created_at >= ? ORDER BY id DESC LIMIT 1',
    [leadId, author, body, since],
  );
  return rows[0] && toNote(rows[0]);
}

/** Adds one line to a locked lead's history, e.g. "Quote sent (version 2)". */
export async function recordHistory(
  tx: SqlStatements,
  lead: { id: string; reference: string },
  entry: { actor: string; at: string; action: HistoryAction; detail: string },
): Promise<void> {
  await tx.run(INSERT_HISTORY, [lead.id, lead.reference, entry.actor, entry.at, entry.action, entry.detail]);
}

/** The pipeline's changes, notes and history, alike on SQLite and PostgreSQL. */
export class PipelineStore implements PipelineQueries {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
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
    // Staff write down what a pilgrim said about paying: a card number read out on the phone stays out.
    if (containsCardNumber(text)) throw new PipelineChangeError(CARD_NUMBER_REFUSED);
    return this.db.transaction(async (tx) => {
      const reference = await lockLead(tx, leadId);
      if (reference === undefined) return undefined;
      const note = await insertNote(tx, leadId, { author: actor, at: now.toISOString(), body: text });
      await tx.run(INSERT_HISTORY, [leadId, reference, actor, note.createdAt, 'note', 'Note added']);
      return note;
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
}

/** Deletes the notes and history of leads the caller's transaction is erasing (before the leads: notes refer to them). */
export async function deleteTrails(tx: SqlStatements, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  await tx.run(`DELETE FROM lead_notes WHERE lead_id IN (${placeholders(leadIds)})`, leadIds);
  await tx.run(`DELETE FROM lead_history WHERE lead_id IN (${placeholders(leadIds)})`, leadIds);
}

/** Leaves one `erased` history row per erased lead: its reference, who erased it and when, nothing else. */
export async function recordErasures(
  tx: SqlStatements,
  leads: readonly { reference: string }[],
  actor: string,
  at: string,
): Promise<void> {
  if (leads.length === 0) return;
  await tx.run(
    `INSERT INTO lead_history (lead_id, reference, actor, at, action, detail)
     VALUES ${leads.map(() => "(NULL, ?, ?, ?, 'erased', '')").join(', ')}`,
    leads.flatMap((lead) => [lead.reference, actor, at]),
  );
}

/** The newest `limit` erasures, for the privacy page. */
export async function erasedEntries(db: SqlStatements, limit: number): Promise<HistoryEntry[]> {
  const rows = await db.all<HistoryRow>(
    "SELECT * FROM lead_history WHERE lead_id IS NULL AND action = 'erased' ORDER BY id DESC LIMIT ?",
    [Math.max(0, Math.floor(limit))],
  );
  return rows.map(toHistory);
}
