import { isCalendarDay } from '../../lib/dates.ts';
import { CARD_NUMBER_REFUSED, containsCardNumber } from '../../lib/card-number.ts';
import { formatCount } from '../../lib/format.ts';
import type { SqlDatabase, SqlValue } from '../db/database.ts';
import { CONTACTED_STATUSES, historyOf, insertNote, lockLead, notesOf, recordHistory } from '../pipeline/trail.ts';
import { selectDesk } from './list-store.ts';
import { type PipelineQueries } from './types.ts';
import { LOST_REASON_MAX_LENGTH, NOTE_MAX_LENGTH, type DeskLead, type PipelineChange } from '../../lib/desk/model.ts';
import {
  LEAD_STATUSES,
  STATUS_LABELS,
  type HistoryAction,
  type HistoryEntry,
  type LeadStatus,
  type Note,
} from '../../lib/pipeline/model.ts';

/*
 * The staff's pipeline form: a lead's status, Lost reason, assignee and follow-up changed by hand, and
 * a note added. What every owner writes to a lead's trail (lock, status, history, notes) is
 * src/server/pipeline/trail.ts, below them all.
 */

/** A change or note the desk refuses; `message` is written for the staff member who made it. */
export class PipelineChangeError extends Error {
  override name = 'PipelineChangeError';
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
        await recordHistory(tx, { id: leadId, reference }, { actor, at, action, detail });
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
      await recordHistory(
        tx,
        { id: leadId, reference },
        { actor, at: note.createdAt, action: 'note', detail: 'Note added' },
      );
      return note;
    });
  }

  /** Newest first. */
  async notesOf(leadId: string): Promise<Note[]> {
    return notesOf(this.db, leadId);
  }

  /** Newest first. */
  async historyOf(leadId: string): Promise<HistoryEntry[]> {
    return historyOf(this.db, leadId);
  }
}
