import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { newReference } from './reference.ts';

export interface NewLead {
  formId: string;
  fields: Record<string, string>;
  pageUrl: string | null;
  userAgent: string | null;
}

export interface StoredLead extends NewLead {
  id: string;
  /** What the visitor quotes on the phone, e.g. `MQ-7K3F9Q`; unique, random, never reused. */
  reference: string;
  receivedAt: string;
}

/** A lead as `insertLead` answers it: `repeat` when an idempotency key already stood for it. */
export type AcceptedLead = StoredLead & { repeat?: true };

/**
 * Where a stored lead goes next: the agency's form service, a webhook, the staff's inbox by email,
 * or the visitor's acknowledgement by email.
 */
export interface DeliveryTarget {
  channel: 'relay' | 'webhook' | 'email' | 'acknowledgement';
  destination: string;
}

/** What a new lead brings beside its fields, all written in the lead's own transaction. */
export interface InsertOptions {
  /** The client's `Idempotency-Key`: a repeat within `IDEMPOTENCY_TTL_MS` answers the first lead. */
  idempotencyKey?: string | undefined;
  /** The visitor's address: an acknowledgement is queued unless one went there in the last 24 hours. */
  acknowledgeTo?: string | undefined;
}

/** How long an idempotency key stands for its lead, and how long one address gets one acknowledgement. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const ACKNOWLEDGEMENT_INTERVAL_MS = 24 * 60 * 60 * 1000;
const REFERENCE_ATTEMPTS = 8;

export interface Delivery extends DeliveryTarget {
  id: number;
  leadId: string;
  status: 'pending' | 'delivered';
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  deliveredAt: string | null;
}

/** What GET /readyz reports about the store; readiness() rejects when the store is unreachable. */
export interface Readiness {
  store: 'sqlite' | 'postgresql';
  /** Outbox entries not yet delivered. */
  pendingDeliveries: number;
  /** Seconds since the oldest pending delivery's lead arrived; null when nothing is pending. */
  oldestPendingSeconds: number | null;
}

export interface LeadFilter {
  formId?: string | undefined;
  /** ISO time or date; leads received at or after it. */
  since?: string | undefined;
  /** ISO time or date; leads received before it. */
  until?: string | undefined;
}

interface DeliveryRow {
  id: number;
  lead_id: string;
  channel: DeliveryTarget['channel'];
  destination: string;
  status: Delivery['status'];
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  delivered_at: string | null;
}

interface LeadRow {
  id: string;
  reference: string;
  form_id: string;
  received_at: string;
  fields: string;
  page_url: string | null;
  user_agent: string | null;
}

/**
 * Each entry moves the schema one version on; `PRAGMA user_version` records how far a file has come.
 * A function runs where SQL alone cannot (giving existing rows a random value).
 */
const MIGRATIONS: (string | ((db: DatabaseSync) => void))[] = [
  `CREATE TABLE leads (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     form_id TEXT NOT NULL,
     received_at TEXT NOT NULL,
     fields TEXT NOT NULL,
     page_url TEXT,
     user_agent TEXT
   );
   CREATE INDEX leads_form_received ON leads (form_id, received_at);
   CREATE TABLE captcha_spent (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // The outbox: written in the lead's own transaction, so a stored lead always has its deliveries.
  `CREATE TABLE outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id TEXT NOT NULL REFERENCES leads (id),
     channel TEXT NOT NULL,
     destination TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending',
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     delivered_at TEXT,
     UNIQUE (lead_id, channel, destination)
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE TABLE delivery_attempts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     outbox_id INTEGER NOT NULL REFERENCES outbox (id),
     attempted_at TEXT NOT NULL,
     ok INTEGER NOT NULL,
     detail TEXT NOT NULL,
     duration_ms INTEGER NOT NULL
   );`,
  // References for every lead, the old ones too; idempotency keys; the acknowledgement's once-a-day lookup.
  (db) => {
    db.exec('ALTER TABLE leads ADD COLUMN reference TEXT');
    const give = db.prepare('UPDATE leads SET reference = ? WHERE id = ?');
    const taken = new Set<string>();
    for (const { id } of db.prepare('SELECT id FROM leads').all() as { id: string }[]) {
      let reference = newReference();
      while (taken.has(reference)) reference = newReference();
      taken.add(reference);
      give.run(reference, id);
    }
    db.exec(`CREATE UNIQUE INDEX leads_reference ON leads (reference);
      CREATE TABLE idempotency_keys (
        form_id TEXT NOT NULL,
        key TEXT NOT NULL,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (form_id, key)
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      CREATE INDEX outbox_acknowledged ON outbox (channel, lower(destination));`);
  },
];

/** The SQLite file that holds every lead; opening it creates and migrates it. */
export class LeadStore {
  readonly kind = 'sqlite' as const;
  readonly db: DatabaseSync;
  private readonly newReference: () => string;

  /** `options.newReference` lets a test force a collision; the default draws at random. */
  constructor(path: string, options: { newReference?: () => string } = {}) {
    this.newReference = options.newReference ?? newReference;
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    this.migrate();
  }

  private migrate(): void {
    const { user_version: version } = this.db.prepare('PRAGMA user_version').get() as { user_version: number };
    for (let next = version; next < MIGRATIONS.length; next += 1) {
      this.transaction(() => {
        const migration = MIGRATIONS[next]!;
        if (typeof migration === 'string') this.db.exec(migration);
        else migration(this.db);
        this.db.exec(`PRAGMA user_version = ${next + 1}`);
      });
    }
  }

  /** Runs `work` in one transaction: all of it reaches the disk, or none of it. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /**
   * Stores a lead with its reference and outbox entries, spending its captcha nonce and recording
   * its idempotency key in the same transaction. Returns the earlier lead, marked `repeat`, for a
   * key already used on this form within 24 hours; returns null, storing nothing, when the nonce
   * was already spent.
   */
  insertLead(
    lead: NewLead,
    captcha?: { nonce: string; expiresAt: number },
    now = new Date(),
    deliveries: readonly DeliveryTarget[] = [],
    options: InsertOptions = {},
  ): AcceptedLead | null {
    const { idempotencyKey, acknowledgeTo } = options;
    const nowMs = now.getTime();
    return this.transaction(() => {
      if (idempotencyKey !== undefined) {
        const earlier = this.leadForKey(lead.formId, idempotencyKey, nowMs);
        if (earlier) return { ...earlier, repeat: true as const };
      }
      if (captcha) {
        const spent = this.db
          .prepare('INSERT INTO captcha_spent (nonce, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
          .run(captcha.nonce, captcha.expiresAt);
        if (spent.changes === 0) return null;
      }
      const id = randomUUID();
      const receivedAt = now.toISOString();
      const stored: StoredLead = { ...lead, id, reference: this.insertRow(id, lead, receivedAt), receivedAt };
      const queue = this.db.prepare(
        'INSERT INTO outbox (lead_id, channel, destination, next_attempt_at) VALUES (?, ?, ?, ?)',
      );
      for (const target of deliveries) queue.run(stored.id, target.channel, target.destination, nowMs);
      if (acknowledgeTo !== undefined && !this.acknowledgedSince(acknowledgeTo, nowMs - ACKNOWLEDGEMENT_INTERVAL_MS)) {
        queue.run(stored.id, 'acknowledgement', acknowledgeTo, nowMs);
      }
      if (idempotencyKey !== undefined) {
        this.db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?').run(nowMs - IDEMPOTENCY_TTL_MS);
        this.db
          .prepare('INSERT INTO idempotency_keys (form_id, key, lead_id, created_at) VALUES (?, ?, ?, ?)')
          .run(lead.formId, idempotencyKey, stored.id, nowMs);
      }
      return stored;
    });
  }

  /** Inserts the lead's row under a fresh reference, drawing again when one is already taken. */
  private insertRow(id: string, lead: NewLead, receivedAt: string): string {
    const insert = this.db.prepare(
      'INSERT INTO leads (id, reference, form_id, received_at, fields, page_url, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let attempt = 1; ; attempt += 1) {
      const reference = this.newReference();
      try {
        insert.run(id, reference, lead.formId, receivedAt, JSON.stringify(lead.fields), lead.pageUrl, lead.userAgent);
        return reference;
      } catch (error) {
        // A failed statement leaves the transaction open, so drawing again is safe.
        const collision = error instanceof Error && error.message.includes('leads.reference');
        if (!collision || attempt >= REFERENCE_ATTEMPTS) throw error;
      }
    }
  }

  /** The lead an idempotency key of `formId` stands for, if it was used within the last 24 hours. */
  leadForKey(formId: string, key: string, nowMs = Date.now()): StoredLead | undefined {
    const row = this.db
      .prepare(
        `SELECT leads.* FROM idempotency_keys JOIN leads ON leads.id = idempotency_keys.lead_id
         WHERE idempotency_keys.form_id = ? AND idempotency_keys.key = ? AND idempotency_keys.created_at > ?`,
      )
      .get(formId, key, nowMs - IDEMPOTENCY_TTL_MS) as unknown as LeadRow | undefined;
    return row && toLead(row);
  }

  /** Whether an acknowledgement was queued for `address` (any case) by a lead received since `sinceMs`. */
  private acknowledgedSince(address: string, sinceMs: number): boolean {
    const row = this.db
      .prepare(
        `SELECT 1 FROM outbox JOIN leads ON leads.id = outbox.lead_id
         WHERE outbox.channel = 'acknowledgement' AND lower(outbox.destination) = ? AND leads.received_at > ? LIMIT 1`,
      )
      .get(address.toLowerCase(), new Date(sinceMs).toISOString());
    return row !== undefined;
  }

  /**
   * Pending deliveries whose next attempt is due, oldest first; visitors' acknowledgements after
   * everything for the staff, so a pile of them for dead addresses never delays a lead.
   */
  dueDeliveries(nowMs: number, limit = 20): Delivery[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
         ORDER BY channel = 'acknowledgement', next_attempt_at, id LIMIT ?`,
      )
      .all(nowMs, limit) as unknown as DeliveryRow[];
    return rows.map(toDelivery);
  }

  /** Per lead: how many deliveries it has and how many are done, for the inbox list. */
  deliveryCounts(): Map<string, { total: number; delivered: number }> {
    const rows = this.db
      .prepare("SELECT lead_id, COUNT(*) AS total, SUM(status = 'delivered') AS delivered FROM outbox GROUP BY lead_id")
      .all() as { lead_id: string; total: number; delivered: number }[];
    return new Map(rows.map((row) => [row.lead_id, { total: row.total, delivered: row.delivered }]));
  }

  /** Every delivery of one lead, for the inbox. */
  deliveriesOf(leadId: string): Delivery[] {
    const rows = this.db.prepare('SELECT * FROM outbox WHERE lead_id = ? ORDER BY id').all(leadId);
    return (rows as unknown as DeliveryRow[]).map(toDelivery);
  }

  /** Records one attempt; a failed one is rescheduled for `retryAt`, a good one is done for good. */
  recordAttempt(
    deliveryId: number,
    result: { ok: boolean; detail: string; durationMs: number },
    retryAt: number,
    now = new Date(),
  ): void {
    this.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO delivery_attempts (outbox_id, attempted_at, ok, detail, duration_ms) VALUES (?, ?, ?, ?, ?)',
        )
        .run(deliveryId, now.toISOString(), result.ok ? 1 : 0, result.detail.slice(0, 500), result.durationMs);
      if (result.ok) {
        this.db
          .prepare(
            "UPDATE outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL WHERE id = ?",
          )
          .run(now.toISOString(), deliveryId);
      } else {
        this.db
          .prepare('UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?')
          .run(retryAt, result.detail.slice(0, 500), deliveryId);
      }
    });
  }

  /** Leads newest first, optionally of one form and within a time range. */
  listLeads(filter: LeadFilter | string = {}): StoredLead[] {
    const { formId, since, until } = typeof filter === 'string' ? { formId: filter } : filter;
    const rows = this.db
      .prepare(
        `SELECT * FROM leads
         WHERE (:form IS NULL OR form_id = :form)
           AND (:since IS NULL OR received_at >= :since)
           AND (:until IS NULL OR received_at < :until)
         ORDER BY seq DESC`,
      )
      .all({ form: formId ?? null, since: since ?? null, until: until ?? null }) as unknown as LeadRow[];
    return rows.map(toLead);
  }

  /** One lead by its reference (`MQ-7K3F9Q`), or undefined. */
  leadByReference(reference: string): StoredLead | undefined {
    const row = this.db.prepare('SELECT * FROM leads WHERE reference = ?').get(reference) as unknown as
      LeadRow | undefined;
    return row && toLead(row);
  }

  /** One lead by id, or undefined. */
  getLead(id: string): StoredLead | undefined {
    const row = this.db.prepare('SELECT * FROM leads WHERE id = ?').get(id) as unknown as LeadRow | undefined;
    return row && toLead(row);
  }

  /** Forgets spent captcha nonces whose challenge has expired anyway. */
  pruneSpentCaptchas(nowSeconds: number): void {
    this.db.prepare('DELETE FROM captcha_spent WHERE expires_at < ?').run(nowSeconds);
  }

  /** A secret kept in the database, created on first use, so restarts keep issued challenges valid. */
  secret(key: string): string {
    const existing = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    if (existing) return existing.value;
    const value = randomBytes(32).toString('base64url');
    this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING').run(key, value);
    return this.secret(key);
  }

  /** The outbox backlog for /readyz; a store that cannot answer the query rejects. */
  async readiness(now = new Date()): Promise<Readiness> {
    const { pending, oldest } = this.db
      .prepare(
        `SELECT COUNT(*) AS pending, MIN(leads.received_at) AS oldest
         FROM outbox JOIN leads ON leads.id = outbox.lead_id WHERE outbox.status = 'pending'`,
      )
      .get() as { pending: number; oldest: string | null };
    return {
      store: 'sqlite',
      pendingDeliveries: pending,
      oldestPendingSeconds:
        oldest === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(oldest)) / 1000)),
    };
  }

  close(): void {
    this.db.close();
  }
}

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
  };
}

function toLead(row: LeadRow): StoredLead {
  return {
    id: row.id,
    reference: row.reference,
    formId: row.form_id,
    receivedAt: row.received_at,
    fields: JSON.parse(row.fields) as Record<string, string>,
    pageUrl: row.page_url,
    userAgent: row.user_agent,
  };
}
