import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { contactIndex } from '../../lib/leads/contact-index.ts';
import { newReference } from '../../lib/leads/reference.ts';
import {
  deskTables,
  RATE_LIMITS_TABLE,
  SqlLeadStore,
  WriteHealth,
  type SqlDatabase,
  type SqlRunner,
  type SqlValue,
  type StoreOptions,
} from './sql-lead-store.ts';

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
  // Rate limits kept in the store, so every process on one file counts together.
  RATE_LIMITS_TABLE,
  // The lead desk: staff, sessions, the pipeline, notes, history, and contact columns for search.
  (db) => {
    db.exec(deskTables('INTEGER PRIMARY KEY AUTOINCREMENT'));
    const index = db.prepare('UPDATE leads SET contact_name = ?, contact_email = ?, contact_phone = ? WHERE id = ?');
    const rows = db.prepare('SELECT id, form_id, fields FROM leads').all() as {
      id: string;
      form_id: string;
      fields: string;
    }[];
    for (const row of rows) {
      const contact = contactIndex(row.form_id, JSON.parse(row.fields) as Record<string, string>);
      index.run(contact.name, contact.email, contact.phone, row.id);
    }
  },
];

/** SQLite's primary result codes for a disk that is full, failing, read-only or gone. */
const STORAGE_CODES = new Set([8 /* READONLY */, 10 /* IOERR */, 13 /* FULL */, 14 /* CANTOPEN */]);

/** Whether `error` is SQLite refusing for want of a working disk, not for what a statement asked. */
export function isSqliteStorageFailure(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' && STORAGE_CODES.has(code & 0xff);
}

/**
 * Undoes the transaction in progress, if any. A failed COMMIT on a full disk may have ended it
 * already, and the ROLLBACK's own error ("no transaction is active") would hide the real one.
 */
function rollBack(db: DatabaseSync): void {
  if (!db.isTransaction) return;
  try {
    db.exec('ROLLBACK');
  } catch (error) {
    console.error('SQLite could not roll back after the error that follows:', error);
  }
}

function migrate(db: DatabaseSync): void {
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let next = version; next < MIGRATIONS.length; next += 1) {
    db.exec('BEGIN IMMEDIATE');
    try {
      const migration = MIGRATIONS[next]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.exec(`PRAGMA user_version = ${next + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      rollBack(db);
      throw error;
    }
  }
}

/**
 * Whose turn it is to use SQLite in this process. A transaction's work awaits between statements,
 * so without turns another request's statement could land inside it; and a second connection's
 * BEGIN IMMEDIATE would wait synchronously (busy_timeout) for a transaction that cannot finish
 * while the thread waits. The server shares one connection (process-store.ts), but tests, tools and
 * `astro dev` open several, from more than one copy of this module, so the turn lives on `globalThis`.
 */
const TURN = Symbol.for('miqat.sqlite-turn');
const turns = ((globalThis as { [TURN]?: { last: Promise<unknown> } })[TURN] ??= { last: Promise.resolve() });

/** One `node:sqlite` connection behind the async contract; every use of it waits for its turn. */
class SqliteDatabase implements SqlDatabase {
  readonly kind = 'sqlite';
  readonly lockDueRows = '';
  readonly writes = new WriteHealth(isSqliteStorageFailure);
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** Statements that run inside the transaction holding the turn. */
  private readonly inTransaction: SqlRunner = {
    all: async (sql, params) => this.allNow(sql, params),
    run: async (sql, params) => this.runNow(sql, params),
    // BEGIN IMMEDIATE already gives one writer at a time.
    lock: async () => {},
  };

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]> {
    return this.inTurn(async () => this.allNow<Row>(sql, params));
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    return this.inTurn(async () => this.runNow(sql, params));
  }

  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(this.inTransaction);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        rollBack(this.db);
        throw error;
      }
    });
  }

  close(): Promise<void> {
    return this.inTurn(async () => this.db.close());
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = turns.last.then(() => this.writes.noting(work));
    turns.last = result.catch(() => {});
    return result;
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private allNow<Row>(sql: string, params: readonly SqlValue[] = []): Row[] {
    return this.statement(sql).all(...params) as Row[];
  }

  private runNow(sql: string, params: readonly SqlValue[] = []): number {
    return Number(this.statement(sql).run(...params).changes);
  }
}

/** The SQLite file that holds every lead; opening it creates and migrates it. */
export class SqliteLeadStore extends SqlLeadStore {
  /** The open file, for tests and tools that look at it directly. */
  readonly db: DatabaseSync;

  constructor(path: string, options: StoreOptions = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    migrate(db);
    super(new SqliteDatabase(db), options);
    this.db = db;
  }
}
