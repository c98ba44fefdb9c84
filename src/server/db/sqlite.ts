import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { WriteHealth, type SqlDatabase, type SqlRunner, type SqlValue } from './database.ts';
import { SCHEMA, stepFor } from './schema.ts';

/** SQLite's primary result codes for a disk that is full, failing, read-only or gone. */
const STORAGE_CODES = new Set([8 /* READONLY */, 10 /* IOERR */, 13 /* FULL */, 14 /* CANTOPEN */]);

/** Whether `error` is SQLite refusing for want of a working disk, not for what a statement asked. */
function isSqliteStorageFailure(error: unknown): boolean {
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

function version(db: DatabaseSync): number {
  return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

/**
 * Runs the steps of schema.ts the file lacks, each in its own transaction with the version it
 * reaches. The version is read again once the write lock is held: another process opening the same
 * file may have migrated it meanwhile. Synchronous, so a store is usable as soon as it is opened.
 */
function migrate(db: DatabaseSync): void {
  while (version(db) < SCHEMA.length) {
    db.exec('BEGIN IMMEDIATE');
    try {
      const done = version(db);
      if (done < SCHEMA.length) {
        for (const action of stepFor(SCHEMA[done]!, 'sqlite')) {
          if (typeof action === 'string') {
            db.exec(action);
          } else {
            const update = db.prepare(action.update);
            for (const params of action.params(db.prepare(action.select).all())) update.run(...params);
          }
        }
        db.exec(`PRAGMA user_version = ${done + 1}`);
      }
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
 * while the thread waits. The server shares one connection (leads/process-store.ts), but tests, tools and
 * `astro dev` open several, from more than one copy of this module, so the turn lives on `globalThis`.
 */
const TURN = Symbol.for('miqat.sqlite-turn');
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));
const turns = ((globalThis as { [TURN]?: { last: Promise<unknown> } })[TURN] ??= { last: Promise.resolve() });

/** One `node:sqlite` connection behind the async contract; every use of it waits for its turn. */
export class SqliteDatabase implements SqlDatabase {
  readonly kind = 'sqlite';
  readonly lockDueRows = '';
  readonly writes = new WriteHealth(isSqliteStorageFailure);
  /** The open file, for tests and tools that look at it directly. */
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
    // Each turn starts after the event loop has looked for I/O: SQLite answers synchronously, so a
    // chain of turns on promises alone (a scheduled pass of hundreds of transactions) held every
    // request that arrived meanwhile until the whole chain ended.
    const result = turns.last.then(afterPendingIo).then(() => this.writes.noting(work));
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

/** Opens the SQLite file at `path` (creating it and its folder), brought up to the current schema. */
export function openSqlite(path: string): SqliteDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return new SqliteDatabase(db);
}
