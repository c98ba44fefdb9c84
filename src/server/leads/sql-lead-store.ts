import { randomBytes, randomUUID } from 'node:crypto';
import { contactIndex } from '../../lib/leads/contact-index.ts';
import { checkedFirstTouch } from '../../lib/leads/first-touch.ts';
import { newReference } from '../../lib/leads/reference.ts';
import { placeholders, type SqlDatabase, type SqlRunner, type SqlStatements } from '../db/database.ts';
import {
  ACKNOWLEDGEMENT_INTERVAL_MS,
  IDEMPOTENCY_TTL_MS,
  type AcceptedLead,
  type AttemptResult,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryTarget,
  type InsertOptions,
  type LeadFilter,
  type LeadStore,
  type NewLead,
  type OutboxMessage,
  type Readiness,
  type StoredLead,
} from './store.ts';

/*
 * The lead store's rules, written once over the database port (src/server/db/): SQLite and
 * PostgreSQL run the same statements, and the schema they share is src/server/db/schema.ts. This
 * module owns the tables of leads, their outbox and attempts, idempotency keys, spent captchas,
 * secrets and rate-limit windows; the desk (src/server/desk/) adds its columns to `leads` and goes
 * through the methods here for the rest.
 */

/** Readiness refused because the store answers reads but cannot write. */
export class StoreCannotWrite extends Error {
  constructor(kind: string, cause: unknown) {
    super(`the ${kind} lead store cannot write: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreCannotWrite';
  }
}

/** Enough to need new pages in the file (or new WAL frames): a write that fits in a page proves nothing. */
const WRITE_PROBE_BYTES = 16_384;

export interface StoreOptions {
  /** Lets a test force a reference collision; the default draws at random. */
  newReference?: () => string;
}

const REFERENCE_ATTEMPTS = 8;
/** Old rate-limit windows are swept once every this many counted requests. */
const SWEEP_EVERY = 500;
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

/**
 * The tries of a lead's deliveries, oldest first: all of them, or each delivery's newest
 * `perDelivery` (a destination down for a week is retried for a week; the lead page keeps to the latest).
 */
async function deliveryAttempts(db: SqlStatements, leadId: string, perDelivery?: number): Promise<DeliveryAttempt[]> {
  const rows = await db.all<AttemptRow>(
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

/** A lead's own columns as both databases return them. */
export interface LeadRow {
  id: string;
  reference: string;
  form_id: string;
  received_at: string;
  fields: string;
  page_url: string | null;
  user_agent: string | null;
  landing_path: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

const INSERT_LEAD = `INSERT INTO leads
  (id, reference, form_id, received_at, fields, page_url, user_agent, contact_name, contact_email, contact_phone,
   landing_path, referrer_host, utm_source, utm_medium, utm_campaign)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (reference) DO NOTHING`;
const QUEUE_DELIVERY =
  'INSERT INTO outbox (lead_id, channel, destination, next_attempt_at, queued_at) VALUES (?, ?, ?, ?, ?)';
const LEAD_FOR_KEY = `SELECT leads.* FROM idempotency_keys JOIN leads ON leads.id = idempotency_keys.lead_id
  WHERE idempotency_keys.form_id = ? AND idempotency_keys.key = ? AND idempotency_keys.created_at > ?`;
const ACKNOWLEDGED_SINCE = `SELECT 1 AS found FROM outbox JOIN leads ON leads.id = outbox.lead_id
  WHERE outbox.channel = 'acknowledgement' AND lower(outbox.destination) = ? AND leads.received_at > ? LIMIT 1`;
const COUNT_REQUEST = `INSERT INTO rate_limits (bucket, client, window_start, requests) VALUES (?, ?, ?, 1)
  ON CONFLICT (bucket, client) DO UPDATE SET
    requests = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.requests + 1 END,
    window_start = CASE WHEN rate_limits.window_start <= ? THEN excluded.window_start ELSE rate_limits.window_start END
  RETURNING requests, window_start`;

/** A message another store's transaction queues (the quote emails, the digest): the worker sends it like every delivery. */
export interface MessageToQueue {
  /** The lead it is about; null for a message about no one lead (the morning digest: its key alone does not make it once). */
  leadId: string | null;
  /** The email address it goes to. */
  destination: string;
  /**
   * Names the message among the lead's, e.g. `quote-sent:<quote id>:2`: queued again to the same
   * address under the same key (a retry, a double submit), it is not queued a second time.
   */
  key: string;
  message: OutboxMessage;
}

/**
 * Queues an email in the caller's transaction `tx`, which holds the lead (erasure takes the same lock,
 * and deletes the lead's messages with its other deliveries); due at once, retried with backoff like
 * every delivery. False when that key was already queued to that address.
 */
export async function queueMessage(tx: SqlStatements, queued: MessageToQueue, now = new Date()): Promise<boolean> {
  return (await queueMessageRow(tx, queued, now)) !== undefined;
}

/** Queues as `queueMessage` does; the outbox row's id, or undefined when that key was already queued there. */
export async function queueMessageRow(
  tx: SqlStatements,
  queued: MessageToQueue,
  now = new Date(),
): Promise<number | undefined> {
  const [row] = await tx.all<{ id: number | string }>(
    `INSERT INTO outbox (lead_id, channel, destination, message_key, payload, next_attempt_at, queued_at)
     VALUES (?, 'message', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
    [queued.leadId, queued.destination, queued.key, JSON.stringify(queued.message), now.getTime(), now.toISOString()],
  );
  return row === undefined ? undefined : Number(row.id);
}

/** The lead store over any `SqlDatabase`: the one implementation of the contract's rules. */
export class SqlLeadStore implements LeadStore {
  readonly kind: LeadStore['kind'];
  /** The database underneath, for scripts and tests that read rows directly. */
  readonly database: SqlDatabase;
  private readonly newReference: () => string;
  private readonly secrets = new Map<string, Promise<string>>();
  private requestsCounted = 0;

  constructor(database: SqlDatabase, options: StoreOptions = {}) {
    this.database = database;
    this.kind = database.kind;
    this.newReference = options.newReference ?? newReference;
  }

  async insertLead(
    lead: NewLead,
    captcha?: { nonce: string; expiresAt: number },
    now = new Date(),
    deliveries: readonly DeliveryTarget[] = [],
    options: InsertOptions = {},
  ): Promise<AcceptedLead | null> {
    const { idempotencyKey, acknowledgeTo } = options;
    const nowMs = now.getTime();
    return this.database.transaction(async (tx) => {
      if (idempotencyKey !== undefined) {
        // Two sends of one key at once: the second waits, then finds the first lead.
        await tx.lock(`idempotency ${lead.formId} ${idempotencyKey}`);
        const earlier = await leadForKey(tx, lead.formId, idempotencyKey, nowMs);
        if (earlier) return { ...earlier, repeat: true as const };
      }
      if (captcha) {
        const spent = await tx.run(
          'INSERT INTO captcha_spent (nonce, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
          [captcha.nonce, captcha.expiresAt],
        );
        if (spent === 0) return null;
      }
      const id = randomUUID();
      const receivedAt = now.toISOString();
      const reference = await this.insertRow(tx, id, lead, receivedAt);
      const stored: StoredLead = { ...lead, firstTouch: checkedFirstTouch(lead.firstTouch), id, reference, receivedAt };
      for (const target of deliveries) {
        await tx.run(QUEUE_DELIVERY, [id, target.channel, target.destination, nowMs, receivedAt]);
      }
      if (acknowledgeTo !== undefined) {
        const address = acknowledgeTo.toLowerCase();
        await tx.lock(`acknowledgement ${address}`);
        const since = new Date(nowMs - ACKNOWLEDGEMENT_INTERVAL_MS).toISOString();
        const [acknowledged] = await tx.all(ACKNOWLEDGED_SINCE, [address, since]);
        if (!acknowledged) await tx.run(QUEUE_DELIVERY, [id, 'acknowledgement', acknowledgeTo, nowMs, receivedAt]);
      }
      if (idempotencyKey !== undefined) {
        await tx.run('DELETE FROM idempotency_keys WHERE created_at <= ?', [nowMs - IDEMPOTENCY_TTL_MS]);
        await tx.run('INSERT INTO idempotency_keys (form_id, key, lead_id, created_at) VALUES (?, ?, ?, ?)', [
          lead.formId,
          idempotencyKey,
          id,
          nowMs,
        ]);
      }
      return stored;
    });
  }

  /** Inserts the lead's row under a fresh reference, drawing again when one is already taken. */
  private async insertRow(tx: SqlRunner, id: string, lead: NewLead, receivedAt: string): Promise<string> {
    const contact = contactIndex(lead.formId, lead.fields);
    const touch = checkedFirstTouch(lead.firstTouch);
    for (let attempt = 1; attempt <= REFERENCE_ATTEMPTS; attempt += 1) {
      const reference = this.newReference();
      const values = [
        id,
        reference,
        lead.formId,
        receivedAt,
        JSON.stringify(lead.fields),
        lead.pageUrl,
        lead.userAgent,
        contact.name,
        contact.email,
        contact.phone,
        touch.landingPath,
        touch.referrerHost,
        touch.utmSource,
        touch.utmMedium,
        touch.utmCampaign,
      ];
      if ((await tx.run(INSERT_LEAD, values)) === 1) return reference;
    }
    throw new Error(`No free reference after ${REFERENCE_ATTEMPTS} draws`);
  }

  leadForKey(formId: string, key: string, nowMs = Date.now()): Promise<StoredLead | undefined> {
    return leadForKey(this.database, formId, key, nowMs);
  }

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

  async renewClaim(deliveryId: number, claimedUntil: number, leasedUntil: number): Promise<boolean> {
    const changed = await this.database.run(
      "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at = ?",
      [leasedUntil, deliveryId, claimedUntil],
    );
    return changed === 1;
  }

  async recordAttempt(deliveryId: number, result: AttemptResult, retryAt: number, now = new Date()): Promise<void> {
    const detail = result.detail.slice(0, 500);
    await this.database.transaction(async (tx) => {
      // The outbox row first: it holds the row against an erasure (deleteLockedLeads) until the
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

  async deliveriesOf(leadId: string): Promise<Delivery[]> {
    const rows = await this.database.all<DeliveryRow>('SELECT * FROM outbox WHERE lead_id = ? ORDER BY id', [leadId]);
    return rows.map(toDelivery);
  }

  async attemptsOf(leadId: string, perDelivery?: number): Promise<DeliveryAttempt[]> {
    return deliveryAttempts(this.database, leadId, perDelivery);
  }

  async listLeads(filter: LeadFilter = {}): Promise<StoredLead[]> {
    const { formId, since, until } = filter;
    const conditions: [string, string | undefined][] = [
      ['form_id = ?', formId],
      ['received_at >= ?', since],
      ['received_at < ?', until],
    ];
    const given = conditions.filter(([, value]) => value !== undefined) as [string, string][];
    const where = given.length ? `WHERE ${given.map(([condition]) => condition).join(' AND ')}` : '';
    const rows = await this.database.all<LeadRow>(
      `SELECT * FROM leads ${where} ORDER BY seq DESC`,
      given.map(([, value]) => value),
    );
    return rows.map(toLead);
  }

  async deleteLockedLeads(tx: SqlStatements, leadIds: readonly string[]): Promise<void> {
    if (leadIds.length === 0) return;
    const list = placeholders(leadIds);
    // Holds the outbox rows first: a worker recording an attempt on one either finishes before the
    // attempts are deleted below, or finds the row gone and records nothing (recordAttempt).
    await tx.run(`UPDATE outbox SET attempts = attempts WHERE lead_id IN (${list})`, leadIds);
    await tx.run(
      `DELETE FROM delivery_attempts WHERE outbox_id IN (SELECT id FROM outbox WHERE lead_id IN (${list}))`,
      leadIds,
    );
    await tx.run(`DELETE FROM outbox WHERE lead_id IN (${list})`, leadIds);
    await tx.run(`DELETE FROM idempotency_keys WHERE lead_id IN (${list})`, leadIds);
    await tx.run(`DELETE FROM leads WHERE id IN (${list})`, leadIds);
  }

  async leadByReference(reference: string): Promise<StoredLead | undefined> {
    const [row] = await this.database.all<LeadRow>('SELECT * FROM leads WHERE reference = ?', [reference]);
    return row && toLead(row);
  }

  async getLead(id: string): Promise<StoredLead | undefined> {
    const [row] = await this.database.all<LeadRow>('SELECT * FROM leads WHERE id = ?', [id]);
    return row && toLead(row);
  }

  async pruneSpentCaptchas(nowSeconds: number): Promise<void> {
    await this.database.run('DELETE FROM captcha_spent WHERE expires_at < ?', [nowSeconds]);
  }

  /** Secrets never change once made, so each is read from the database once per process. */
  secret(key: string): Promise<string> {
    let secret = this.secrets.get(key);
    if (!secret) {
      secret = this.readOrCreateSecret(key);
      this.secrets.set(key, secret);
      // A database that was down is asked again next time.
      secret.catch(() => this.secrets.delete(key));
    }
    return secret;
  }

  /** Whoever inserts first wins; everyone, that one included, then reads the winner's value. */
  private async readOrCreateSecret(key: string): Promise<string> {
    const value = randomBytes(32).toString('base64url');
    await this.database.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING', [key, value]);
    const [row] = await this.database.all<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key]);
    return row!.value;
  }

  async countRequest(
    bucket: string,
    client: string,
    windowMs: number,
    nowMs: number,
  ): Promise<{ count: number; windowStart: number }> {
    const expired = nowMs - windowMs;
    this.requestsCounted += 1;
    if (this.requestsCounted % SWEEP_EVERY === 0) {
      await this.database.run('DELETE FROM rate_limits WHERE bucket = ? AND window_start <= ?', [bucket, expired]);
    }
    const [row] = await this.database.all<{ requests: number; window_start: number }>(COUNT_REQUEST, [
      bucket,
      client,
      nowMs,
      expired,
      expired,
    ]);
    return { count: row!.requests, windowStart: row!.window_start };
  }

  async readiness(now = new Date()): Promise<Readiness> {
    if (this.database.writes.failure) await this.probeWrite();
    const [row] = await this.database.all<{ pending: number; oldest: string | null }>(
      "SELECT COUNT(*) AS pending, MIN(queued_at) AS oldest FROM outbox WHERE status = 'pending'",
    );
    const oldest = row?.oldest ?? null;
    return {
      store: this.kind,
      pendingDeliveries: row?.pending ?? 0,
      oldestPendingSeconds:
        oldest === null ? null : Math.max(0, Math.round((now.getTime() - Date.parse(oldest)) / 1000)),
    };
  }

  /** After a storage failure: a write that needs room, undone in the same transaction, says whether it is back. */
  private async probeWrite(): Promise<void> {
    try {
      await this.database.transaction(async (tx) => {
        await tx.run('INSERT INTO settings (key, value) VALUES (?, ?)', ['write-probe', 'x'.repeat(WRITE_PROBE_BYTES)]);
        await tx.run('DELETE FROM settings WHERE key = ?', ['write-probe']);
      });
    } catch (error) {
      throw new StoreCannotWrite(this.kind, error);
    }
    this.database.writes.failure = undefined;
  }

  close(): Promise<void> {
    return this.database.close();
  }
}

async function leadForKey(
  runner: SqlStatements,
  formId: string,
  key: string,
  nowMs: number,
): Promise<StoredLead | undefined> {
  const [row] = await runner.all<LeadRow>(LEAD_FOR_KEY, [formId, key, nowMs - IDEMPOTENCY_TTL_MS]);
  return row && toLead(row);
}

/** An outbox row as the contract's `Delivery`. */
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

/** A lead row as the contract's `StoredLead`. */
export function toLead(row: LeadRow): StoredLead {
  return {
    id: row.id,
    reference: row.reference,
    formId: row.form_id,
    receivedAt: row.received_at,
    fields: JSON.parse(row.fields) as Record<string, string>,
    pageUrl: row.page_url,
    userAgent: row.user_agent,
    firstTouch: {
      landingPath: row.landing_path,
      referrerHost: row.referrer_host,
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
    },
  };
}
