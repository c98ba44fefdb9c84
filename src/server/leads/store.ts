import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';

export interface NewLead {
  formId: string;
  fields: Record<string, string>;
  pageUrl: string | null;
  userAgent: string | null;
}

export interface StoredLead extends NewLead {
  id: string;
  receivedAt: string;
}

interface LeadRow {
  id: string;
  form_id: string;
  received_at: string;
  fields: string;
  page_url: string | null;
  user_agent: string | null;
}

/** Each entry moves the schema one version on; `PRAGMA user_version` records how far a file has come. */
const MIGRATIONS = [
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
];

/** The SQLite file that holds every lead; opening it creates and migrates it. */
export class LeadStore {
  readonly db: DatabaseSync;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    this.migrate();
  }

  private migrate(): void {
    const { user_version: version } = this.db.prepare('PRAGMA user_version').get() as { user_version: number };
    for (let next = version; next < MIGRATIONS.length; next += 1) {
      this.transaction(() => {
        this.db.exec(MIGRATIONS[next]!);
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
   * Stores a lead, spending its captcha nonce in the same transaction, and returns its id.
   * Returns null, storing nothing, when the nonce was already spent.
   */
  insertLead(lead: NewLead, captcha?: { nonce: string; expiresAt: number }, now = new Date()): StoredLead | null {
    const stored: StoredLead = { ...lead, id: randomUUID(), receivedAt: now.toISOString() };
    return this.transaction(() => {
      if (captcha) {
        const spent = this.db
          .prepare('INSERT INTO captcha_spent (nonce, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
          .run(captcha.nonce, captcha.expiresAt);
        if (spent.changes === 0) return null;
      }
      this.db
        .prepare('INSERT INTO leads (id, form_id, received_at, fields, page_url, user_agent) VALUES (?, ?, ?, ?, ?, ?)')
        .run(
          stored.id,
          stored.formId,
          stored.receivedAt,
          JSON.stringify(stored.fields),
          stored.pageUrl,
          stored.userAgent,
        );
      return stored;
    });
  }

  /** Leads newest first, optionally of one form. */
  listLeads(formId?: string): StoredLead[] {
    const rows = (formId
      ? this.db.prepare('SELECT * FROM leads WHERE form_id = ? ORDER BY seq DESC').all(formId)
      : this.db.prepare('SELECT * FROM leads ORDER BY seq DESC').all()) as unknown as LeadRow[];
    return rows.map(toLead);
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

  close(): void {
    this.db.close();
  }
}

function toLead(row: LeadRow): StoredLead {
  return {
    id: row.id,
    formId: row.form_id,
    receivedAt: row.received_at,
    fields: JSON.parse(row.fields) as Record<string, string>,
    pageUrl: row.page_url,
    userAgent: row.user_agent,
  };
}
