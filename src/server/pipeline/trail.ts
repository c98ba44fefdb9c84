import { placeholders, type SqlStatements } from '../db/database.ts';
import {
  STATUS_LABELS,
  type HistoryAction,
  type HistoryEntry,
  type LeadStatus,
  type Note,
} from '../../lib/pipeline/model.ts';

/*
 * The lead's trail: the lock its writers take turns by, its status, its follow-up day, its notes and
 * its history. A room below every owner that writes a history line (the desk's pipeline form, the
 * replies, the quotes and payments, the trips, the reviews, the Hajj list): each of them imports this,
 * and it names none of them. The tables lead_notes and lead_history are this module's; the privacy
 * store erases and lists through the functions at the end.
 */

/** Leaving `new` for one of these is the lead's first contact, the dashboard's response time. */
export const CONTACTED_STATUSES: readonly LeadStatus[] = ['contacted', 'quoted', 'booked'];

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

/** A lead's notes, newest first. */
export async function notesOf(db: SqlStatements, leadId: string): Promise<Note[]> {
  const rows = await db.all<NoteRow>('SELECT * FROM lead_notes WHERE lead_id = ? ORDER BY id DESC', [leadId]);
  return rows.map(toNote);
}

/** A lead's history, newest first. */
export async function historyOf(db: SqlStatements, leadId: string): Promise<HistoryEntry[]> {
  const rows = await db.all<HistoryRow>('SELECT * FROM lead_history WHERE lead_id = ? ORDER BY id DESC', [leadId]);
  return rows.map(toHistory);
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
