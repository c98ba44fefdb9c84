/*
 * The outbox's tables, `outbox` and `delivery_attempts`, and every statement on them: queueing (in
 * the caller's transaction, so a row exists exactly when what it tells is stored), claiming due rows
 * under a lease, recording each try, and reading a lead's rows back. Both databases run the same
 * statements (src/server/db/). Which kinds exist, and how each is sent, is the registry's business
 * (kinds.ts); the queue stores any kind's payload as JSON.
 */
import { placeholders, type SqlDatabase, type SqlStatements } from '../db/database.ts';
import type {
  AttemptResult,
  Delivery,
  DeliveryAttempt,
  DeliveryChannel,
  MessageToQueue,
  OutboxMessage,
} from '../../lib/outbox/model.ts';

/** How long a claimed delivery stays with its worker when the caller names no lease. */
const DEFAULT_LEASE_MS = 5 * 60_000;

/** An outbox row as both databases return it. */
interface DeliveryRow {
  id: number;
  lead_id: string | null;
  channel: Delivery['channel'];
  destination: string;
  status: Delivery['status'];
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  delivered_at: string | null;
  payload: string | null;
}

/** A delivery_attempts row as both databases return it. */
interface AttemptRow {
  outbox_id: number;
  attempted_at: string;
  ok: number;
  detail: string;
  duration_ms: number;
}

/** A lead's own delivery, queued in the transaction `tx` that stores the lead; due at once. */
export async function queueDelivery(
  tx: SqlStatements,
  delivery: { leadId: string; channel: Exclude<DeliveryChannel, 'message'>; destination: string },
  now: Date,
): Promise<void> {
  await tx.run(
    'INSERT INTO outbox (lead_id, channel, destination, next_attempt_at, queued_at) VALUES (?, ?, ?, ?, ?)',
    [delivery.leadId, delivery.channel, delivery.destination, now.getTime(), now.toISOString()],
  );
}

/**
 * Queues a message in the caller's transaction `tx`, which holds its subject (an erasure takes the
 * same lock, and deletes a lead's messages with its other deliveries); due at once, retried with
 * backoff like every delivery. False when that key was already queued to that address.
 */
export async function queueMessage<M extends OutboxMessage>(
  tx: SqlStatements,
  queued: MessageToQueue<M>,
  now = new Date(),
): Promise<boolean> {
  return (await queueMessageRow(tx, queued, now)) !== undefined;
}

/** Queues as `queueMessage` does; the outbox row's id, or undefined when that key was already queued there. */
export async function queueMessageRow<M extends OutboxMessage>(
  tx: SqlStatements,
  queued: MessageToQueue<M>,
  now = new Date(),
): Promise<number | undefined> {
  const [row] = await tx.all<{ id: number | string }>(
    `INSERT INTO outbox (lead_id, channel, destination, message_key, payload, next_attempt_at, queued_at)
     VALUES (?, 'message', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
    [queued.leadId, queued.destination, queued.key, JSON.stringify(queued.message), now.getTime(), now.toISOString()],
  );
  return row === undefined ? undefined : Number(row.id);
}

/**
 * Deletes the deliveries and attempts of leads the caller's transaction `tx` has locked (an erasure).
 * The rows are held first: a worker recording an attempt on one either finishes before the attempts
 * are deleted, or finds the row gone and records nothing (`recordAttempt`).
 */
export async function deleteDeliveriesOfLeads(tx: SqlStatements, leadIds: readonly string[]): Promise<void> {
  const list = placeholders(leadIds);
  await tx.run(`UPDATE outbox SET attempts = attempts WHERE lead_id IN (${list})`, leadIds);
  await tx.run(
    `DELETE FROM delivery_attempts WHERE outbox_id IN (SELECT id FROM outbox WHERE lead_id IN (${list}))`,
    leadIds,
  );
  await tx.run(`DELETE FROM outbox WHERE lead_id IN (${list})`, leadIds);
}

/** How many rows wait, and since when the oldest: what GET /readyz reports. */
export async function pendingDeliveries(
  db: SqlStatements,
  now: Date,
): Promise<{ pending: number; oldestPendingSeconds: number | null }> {
  const [row] = await db.all<{ pending: number | string; oldest: string | null }>(
    "SELECT COUNT(*) AS pending, MIN(queued_at) AS oldest FROM outbox WHERE status = 'pending'",
  );
  const oldest = row?.oldest ?? null;
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: oldest === null ? null : Math.max(0, Math.round((now.getTime() - Date.parse(oldest)) / 1000)),
  };
}

/** The worker's side of the outbox, and the desk's reads of one lead's rows, over any `SqlDatabase`. */
export class OutboxQueue {
  private readonly database: SqlDatabase;

  constructor(database: SqlDatabase) {
    this.database = database;
  }

  /**
   * Claims due deliveries for this worker (a lease: no other worker gets them until leaseMs passes),
   * oldest first; visitors' acknowledgements after everything for the staff.
   */
  async claimDueDeliveries(nowMs: number, limit = 20, leaseMs = DEFAULT_LEASE_MS): Promise<Delivery[]> {
    return this.database.transaction(async (tx) => {
      const rows = await tx.all<DeliveryRow>(
        `SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
         ORDER BY channel = 'acknowledgement', next_attempt_at, id LIMIT ?${this.database.lockDueRows}`,
        [nowMs, limit],
      );
      if (rows.length === 0) return [];
      const leasedUntil = nowMs + leaseMs;
      await tx.run(`UPDATE outbox SET next_attempt_at = ? WHERE id IN (${placeholders(rows)})`, [
        leasedUntil,
        ...rows.map((row) => row.id),
      ]);
      return rows.map((row) => toDelivery({ ...row, next_attempt_at: leasedUntil }));
    });
  }

  /**
   * Extends a worker's claim on one delivery to `leasedUntil`, only while the claim is still its own
   * (the delivery is pending and still leased until `claimedUntil`); false when another worker has
   * taken it over since, or its lead was erased, and then this worker must not send it.
   */
  async renewClaim(deliveryId: number, claimedUntil: number, leasedUntil: number): Promise<boolean> {
    const changed = await this.database.run(
      "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at = ?",
      [leasedUntil, deliveryId, claimedUntil],
    );
    return changed === 1;
  }

  /** Records one attempt; a failed one is rescheduled for `retryAt`, a good one is done for good. */
  async recordAttempt(deliveryId: number, result: AttemptResult, retryAt: number, now = new Date()): Promise<void> {
    const detail = result.detail.slice(0, 500);
    await this.database.transaction(async (tx) => {
      // The outbox row first: it holds the row against an erasure (deleteDeliveriesOfLeads) until the
      // attempt is in, and a delivery erased while it was being sent records nothing.
      const changed = result.ok
        ? await tx.run(
            "UPDATE outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL WHERE id = ?",
            [now.toISOString(), deliveryId],
          )
        : await tx.run('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?', [
            retryAt,
            detail,
            deliveryId,
          ]);
      if (changed === 0) return;
      await tx.run(
        'INSERT INTO delivery_attempts (outbox_id, attempted_at, ok, detail, duration_ms) VALUES (?, ?, ?, ?, ?)',
        [deliveryId, now.toISOString(), result.ok ? 1 : 0, detail, result.durationMs],
      );
    });
  }

  /** Every delivery of one lead, oldest first, for the lead page and the person's export. */
  async deliveriesOf(leadId: string): Promise<Delivery[]> {
    const rows = await this.database.all<DeliveryRow>('SELECT * FROM outbox WHERE lead_id = ? ORDER BY id', [leadId]);
    return rows.map(toDelivery);
  }

  /**
   * The tries of a lead's deliveries, oldest first: all of them, or each delivery's newest
   * `perDelivery` (a destination down for a week is retried for a week; the lead page keeps to the latest).
   */
  async attemptsOf(leadId: string, perDelivery?: number): Promise<DeliveryAttempt[]> {
    const rows = await this.database.all<AttemptRow>(
      `SELECT outbox_id, attempted_at, ok, detail, duration_ms FROM (
         SELECT attempt.*, ROW_NUMBER() OVER (PARTITION BY attempt.outbox_id ORDER BY attempt.id DESC) AS newness
         FROM delivery_attempts attempt JOIN outbox ON outbox.id = attempt.outbox_id
         WHERE outbox.lead_id = ?
       ) recent
       ${perDelivery === undefined ? '' : 'WHERE newness <= ?'} ORDER BY outbox_id, id`,
      perDelivery === undefined ? [leadId] : [leadId, perDelivery],
    );
    return rows.map((row) => ({
      deliveryId: row.outbox_id,
      attemptedAt: row.attempted_at,
      ok: row.ok === 1,
      detail: row.detail,
      durationMs: row.duration_ms,
    }));
  }
}

/** An outbox row as the model's `Delivery`. */
function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    leadId: row.lead_id,
    channel: row.channel,
    destination: row.destination,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    message: row.payload === null ? null : (JSON.parse(row.payload) as OutboxMessage),
  };
}
