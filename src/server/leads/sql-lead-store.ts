import { randomBytes, randomUUID } from 'node:crypto';
import { contactIndex } from '../../lib/leads/contact-index.ts';
import { isLanguage, languageOr, type Language } from '../../lib/languages.ts';
import { checkedFirstTouch } from '../../lib/leads/first-touch.ts';
import { newReference } from '../../lib/leads/reference.ts';
import { placeholders, type SqlDatabase, type SqlRunner, type SqlStatements } from '../db/database.ts';
import { recordInterest } from './interest.ts';
import { deleteDeliveriesOfLeads, pendingDeliveries, queueDelivery } from '../outbox/queue.ts';
import type { AcceptedLead, InsertOptions, LeadFilter, NewLead, Readiness, StoredLead } from '../../lib/leads/model.ts';
import { ACKNOWLEDGEMENT_INTERVAL_MS, IDEMPOTENCY_TTL_MS, type LeadStore } from './store.ts';

/*
 * The lead store's rules, written once over the database port (src/server/db/): SQLite and
 * PostgreSQL run the same statements, and the schema they share is src/server/db/schema.ts. This
 * module owns the tables of leads, idempotency keys, spent captchas, secrets and rate-limit windows;
 * a lead's deliveries are queued through the outbox (src/server/outbox/) in the lead's own
 * transaction. The desk (src/server/desk/) adds its columns to `leads` and goes through the methods
 * here for the rest.
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
  language: string;
}

const INSERT_LEAD = `INSERT INTO leads
  (id, reference, form_id, received_at, fields, page_url, user_agent, contact_name, contact_email, contact_phone,
   landing_path, referrer_host, utm_source, utm_medium, utm_campaign, language)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (reference) DO NOTHING`;
const LEAD_FOR_KEY = `SELECT leads.* FROM idempotency_keys JOIN leads ON leads.id = idempotency_keys.lead_id
  WHERE idempotency_keys.form_id = ? AND idempotency_keys.key = ? AND idempotency_keys.created_at > ?`;
const ACKNOWLEDGED_SINCE = `SELECT 1 AS found FROM outbox JOIN leads ON leads.id = outbox.lead_id
  WHERE outbox.channel = 'acknowledgement' AND lower(outbox.destination) = ? AND leads.received_at > ? LIMIT 1`;
const COUNT_REQUEST = `INSERT INTO rate_limits (bucket, client, window_start, requests) VALUES (?, ?, ?, 1)
  ON CONFLICT (bucket, client) DO UPDATE SET
    requests = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.requests + 1 END,
    window_start = CASE WHEN rate_limits.window_start <= ? THEN excluded.window_start ELSE rate_limits.window_start END
  RETURNING requests, window_start`;

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

  async insertLead(lead: NewLead, options: InsertOptions = {}): Promise<AcceptedLead | null> {
    const { captcha, now = new Date(), deliveries = [], idempotencyKey, acknowledgeTo, interest } = options;
    const nowMs = now.getTime();
    // Checked before the transaction, the same on both databases: neither column type would refuse it.
    const language = checkedLanguage(lead.language);
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
      const reference = await this.insertRow(tx, id, { ...lead, language }, receivedAt);
      const stored: StoredLead = {
        ...lead,
        firstTouch: checkedFirstTouch(lead.firstTouch),
        language,
        id,
        reference,
        receivedAt,
      };
      // A Hajj form's interest-list answers belong to the Hajj module, written in the lead's transaction.
      if (interest) await recordInterest(tx, id, interest, now);
      for (const target of deliveries) await queueDelivery(tx, { leadId: id, ...target }, now);
      if (acknowledgeTo !== undefined) {
        const address = acknowledgeTo.toLowerCase();
        await tx.lock(`acknowledgement ${address}`);
        const since = new Date(nowMs - ACKNOWLEDGEMENT_INTERVAL_MS).toISOString();
        const [acknowledged] = await tx.all(ACKNOWLEDGED_SINCE, [address, since]);
        if (!acknowledged) {
          await queueDelivery(tx, { leadId: id, channel: 'acknowledgement', destination: acknowledgeTo }, now);
        }
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
        lead.language ?? 'en',
      ];
      if ((await tx.run(INSERT_LEAD, values)) === 1) return reference;
    }
    throw new Error(`No free reference after ${REFERENCE_ATTEMPTS} draws`);
  }

  leadForKey(formId: string, key: string, nowMs = Date.now()): Promise<StoredLead | undefined> {
    return leadForKey(this.database, formId, key, nowMs);
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
    await deleteDeliveriesOfLeads(tx, leadIds);
    await tx.run(`DELETE FROM idempotency_keys WHERE lead_id IN (${list})`, leadIds);
    await tx.run(`DELETE FROM leads WHERE id IN (${list})`, leadIds);
  }

  async leadByReference(reference: string): Promise<StoredLead | undefined> {
    const [row] = await this.database.all<LeadRow>('SELECT * FROM leads WHERE reference = ?', [reference]);
    return row && toLead(row);
  }

  getLead(id: string): Promise<StoredLead | undefined> {
    return leadById(this.database, id);
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

  async forgetRequests(bucket: string, client: string): Promise<void> {
    await this.database.run('DELETE FROM rate_limits WHERE bucket = ? AND client = ?', [bucket, client]);
  }

  async refundRequest(bucket: string, client: string): Promise<void> {
    await this.database.run(
      'UPDATE rate_limits SET requests = requests - 1 WHERE bucket = ? AND client = ? AND requests > 0',
      [bucket, client],
    );
  }

  async readiness(now = new Date()): Promise<Readiness> {
    if (this.database.writes.failure) await this.probeWrite();
    const { pending, oldestPendingSeconds } = await pendingDeliveries(this.database, now);
    return { store: this.kind, pendingDeliveries: pending, oldestPendingSeconds };
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

/** One lead by id, or undefined: for the outbox's channels, which send the lead as it is stored. */
export async function leadById(db: SqlStatements, id: string): Promise<StoredLead | undefined> {
  const [row] = await db.all<LeadRow>('SELECT * FROM leads WHERE id = ?', [id]);
  return row && toLead(row);
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

/** The language a new lead is stored in: English when none is said, and no value that is not one of ours. */
function checkedLanguage(language: unknown): Language {
  if (language === undefined) return 'en';
  if (!isLanguage(language))
    throw new TypeError(`A lead's language must be one of ours, not ${JSON.stringify(language)}`);
  return language;
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
    // Written only through checkedLanguage; a row edited by hand still reads as a language we speak.
    language: languageOr(row.language),
    firstTouch: {
      landingPath: row.landing_path,
      referrerHost: row.referrer_host,
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
    },
  };
}
