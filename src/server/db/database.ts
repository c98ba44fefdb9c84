/*
 * The port every store in src/server speaks: statements with `?` placeholders, transactions, and the
 * little that differs between SQLite and PostgreSQL. The lead store, the desk's stores and the
 * schema (schema.ts) are written once against it; sqlite.ts and postgres.ts adapt it. A query
 * builder (Kysely) would add a dependency and a second way of writing SQL for statements that are
 * already portable (upserts, RETURNING, aggregate FILTER read alike in both); `pg` is the one driver
 * PostgreSQL needs.
 */

/** The two databases a store can run on. */
export type Dialect = 'sqlite' | 'postgresql';

export type SqlValue = string | number | null;

/** Statements with `?` placeholders, whichever database runs them. */
export interface SqlStatements {
  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Runs a statement; answers how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}

/** Statements inside one transaction. */
export interface SqlRunner extends SqlStatements {
  /** Holds `key` until the transaction ends, so concurrent writers of one key take turns. */
  lock(key: string): Promise<void>;
}

/**
 * What a database last said about writing: a full disk (or one gone read-only) refuses every lead
 * while reads still answer, so readiness must not judge by a read alone. Set when a statement fails
 * for want of storage, cleared only when a write made to find out succeeds (`SqlLeadStore.readiness`).
 */
export class WriteHealth {
  failure: Error | undefined;
  private readonly isStorageFailure: (error: unknown) => boolean;

  constructor(isStorageFailure: (error: unknown) => boolean) {
    this.isStorageFailure = isStorageFailure;
  }

  /** Runs `work`, remembering a storage failure before it is passed on. */
  async noting<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (this.isStorageFailure(error)) this.failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  }
}

/** One database with the schema of schema.ts: statements, transactions, and what differs between dialects. */
export interface SqlDatabase extends SqlStatements {
  readonly kind: Dialect;
  /** Storage failures seen on this connection or pool. */
  readonly writes: WriteHealth;
  /** Appended to a SELECT of rows to claim: PostgreSQL skips rows another worker is claiming. */
  readonly lockDueRows: string;
  /** Runs `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `?, ?, ?` for a list of values, as in `IN (…)`. */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}
