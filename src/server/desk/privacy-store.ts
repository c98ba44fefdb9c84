import { phoneDigits } from '../../lib/phone.ts';
import type { SqlDatabase, SqlStatements } from '../db/database.ts';
import type { LeadStore } from '../leads/store.ts';
import { OutboxQueue } from '../outbox/queue.ts';
import { contactMatch, selectDesk } from './list-store.ts';
import { deleteTrails, erasedEntries, lockLead, recordErasures } from '../pipeline/trail.ts';
import { PipelineStore } from './pipeline-store.ts';
import { personalData } from '../personal-data.ts';
import type { PersonalData } from '../pipeline/personal-data.ts';
import type { PrivacyQueries } from './types.ts';
import type { PersonRecord } from '../../lib/desk/model.ts';
import type { HistoryEntry } from '../../lib/pipeline/model.ts';

/** How many leads one statement (and one retention transaction) erases. */
const ERASE_BATCH = 500;

/**
 * Privacy requests and retention: everything held about a person, and erasure for good. A lead's
 * deliveries are read through the outbox and erased with the lead through the lead store, inside this
 * store's transaction; notes and history through the lead's trail (src/server/pipeline/trail.ts);
 * what every other owner holds (quotes, travellers, reminders, reviews, the Hajj list) through the
 * owners' registrations (src/server/personal-data.ts), each exporting and erasing its own.
 */
export class PrivacyStore implements PrivacyQueries {
  private readonly leads: LeadStore;
  private readonly db: SqlDatabase;
  private readonly pipeline: PipelineStore;
  private readonly outbox: OutboxQueue;
  private readonly owners: readonly PersonalData[];

  constructor(leads: LeadStore, owners: readonly PersonalData[] = personalData) {
    this.leads = leads;
    this.owners = owners;
    this.db = leads.database;
    this.pipeline = new PipelineStore(leads.database);
    this.outbox = new OutboxQueue(leads.database);
  }

  async findPerson(query: { email?: string | undefined; phone?: string | undefined }): Promise<PersonRecord[]> {
    const match = contactMatch(query.email?.trim().toLowerCase() ?? '', phoneDigits(query.phone ?? ''));
    if (!match) return [];
    const leads = await selectDesk(this.db, `WHERE ${match[0]} ORDER BY leads.seq DESC`, match[1]);
    return Promise.all(
      leads.map(async (lead) => ({
        lead,
        notes: await this.pipeline.notesOf(lead.id),
        history: await this.pipeline.historyOf(lead.id),
        deliveries: await this.outbox.deliveriesOf(lead.id),
        attempts: await this.outbox.attemptsOf(lead.id),
        held: await this.heldBy(lead.id),
      })),
    );
  }

  /** What each owner holds about the lead, under its key, in the list's order. */
  private async heldBy(leadId: string): Promise<Record<string, unknown>> {
    const held: Record<string, unknown> = {};
    for (const owner of this.owners) held[owner.key] = await owner.export(this.db, leadId);
    return held;
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
      await this.eraseLocked(tx, found, actor, now);
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
        await this.eraseLocked(tx, rows, actor, now);
        return rows.length;
      });
      erased += batch;
      if (batch < ERASE_BATCH) return erased;
    }
  }

  async erasures(limit: number): Promise<HistoryEntry[]> {
    return erasedEntries(this.db, limit);
  }

  /**
   * Deletes leads already locked by this transaction with everything that hangs on them (SQLite does
   * not enforce foreign keys, so dependants go first by hand), leaving one `erased` row per lead.
   */
  private async eraseLocked(
    tx: SqlStatements,
    leads: readonly { id: string; reference: string }[],
    actor: string,
    now: Date,
  ): Promise<void> {
    const at = now.toISOString();
    for (let start = 0; start < leads.length; start += ERASE_BATCH) {
      const batch = leads.slice(start, start + ERASE_BATCH);
      const ids = batch.map((lead) => lead.id);
      await deleteTrails(tx, ids);
      for (const owner of this.owners) await owner.erase(tx, ids, now);
      await this.leads.deleteLockedLeads(tx, ids);
      await recordErasures(tx, batch, actor, at);
    }
  }
}
