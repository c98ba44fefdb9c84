import pg, { type PoolClient } from 'pg';
import {
  deskTables,
  indexExistingContacts,
  RATE_LIMITS_TABLE,
  SqlLeadStore,
  WriteHealth,
  type SqlDatabase,
  type SqlRunner,
  type SqlValue,
  type StoreOptions,
} from './sql-lead-store.ts';

/*
 * PostgreSQL through `pg` (node-postgres), the driver every PostgreSQL tool in Node builds on: the
 * shared statements in sql-lead-store.ts run here as they are, so no query builder is needed.
 */

/**
 * The same tables as the SQLite file. Times stay ISO text and milliseconds, as there, so both
 * stores answer alike; `COLLATE "C"` keeps ISO text in time order whatever the server's locale.
 */
const MIGRATIONS: (string | ((db: SqlRunner) => Promise<void>))[] = [
  `CREATE TABLE leads (
     seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     reference TEXT NOT NULL,
     form_id TEXT NOT NULL,
     received_at TEXT COLLATE "C" NOT NULL,
     fields TEXT NOT NULL,
     page_url TEXT,
     user_agent TEXT
   );
   CREATE UNIQUE INDEX leads_reference ON leads (reference);
   CREATE INDEX leads_form_received ON leads (form_id, received_at);
   CREATE TABLE captcha_spent (nonce TEXT PRIMARY KEY, expires_at BIGINT NOT NULL);
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE outbox (
     id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     lead_id TEXT NOT NULL REFERENCES leads (id),
     channel TEXT NOT NULL,
     destination TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending',
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at BIGINT NOT NULL,
     last_error TEXT,
     delivered_at TEXT,
     UNIQUE (lead_id, channel, destination)
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE INDEX outbox_acknowledged ON outbox (channel, lower(destination));
   CREATE TABLE delivery_attempts (
     id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     outbox_id BIGINT NOT NULL REFERENCES outbox (id),
     attempted_at TEXT NOT NULL,
     ok INTEGER NOT NULL,
     detail TEXT NOT NULL,
     duration_ms INTEGER NOT NULL
   );
   CREATE TABLE idempotency_keys (
     form_id TEXT NOT NULL,
     key TEXT NOT NULL,
     lead_id TEXT NOT NULL REFERENCES leads (id),
     created_at BIGINT NOT NULL,
     PRIMARY KEY (form_id, key)
   );
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
   ${RATE_LIMITS_TABLE};`,
  // The lead desk: staff, sessions, the pipeline, notes, history, and contact columns for search.
  async (db) => {
    await db.run(deskTables('BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY'));
    await indexExistingContacts(db);
  },
];

/** Any constant shared by every instance: it names the advisory lock that lets one of them migrate. */
const MIGRATION_LOCK = 7_242_013;
const BIGINT_OID = 20;

/** `?` placeholders become `$1, $2, …`; the shared statements hold no `?` inside quotes. */
const numbered = new Map<string, string>();
function toPostgres(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    let index = 0;
    text = sql.replaceAll('?', () => `$${(index += 1)}`);
    numbered.set(sql, text);
  }
  return text;
}

function runnerOn(client: pg.Pool | PoolClient): Omit<SqlRunner, 'lock'> {
  return {
    all: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(toPostgres(sql), params as SqlValue[])).rows as Row[],
    run: async (sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(toPostgres(sql), params as SqlValue[])).rowCount ?? 0,
  };
}

/** A `pg` pool behind the async contract; the schema is brought up to date before the first statement. */
class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgresql';
  readonly lockDueRows = ' FOR UPDATE SKIP LOCKED';
  // SQLSTATE classes 53 (insufficient resources: disk full, out of memory) and 58 (system error: I/O).
  readonly writes = new WriteHealth((error) => /^5[38]/.test(String((error as { code?: unknown } | null)?.code ?? '')));
  readonly pool: pg.Pool;
  private migrated: Promise<void> | undefined;
  private readonly direct: Omit<SqlRunner, 'lock'>;

  constructor(url: string) {
    this.pool = new pg.Pool({
      connectionString: url,
      // A database that is down answers requests with an error in seconds instead of holding them.
      connectionTimeoutMillis: 5_000,
      query_timeout: 15_000,
      // Counts, ids and millisecond times are BIGINT: all well inside a JavaScript number.
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === BIGINT_OID ? Number : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server dropped (a restart, a failover) must not end the process; the
    // pool opens a new one on the next query.
    this.pool.on('error', (error) => console.error('PostgreSQL closed an idle connection:', error.message));
    this.direct = runnerOn(this.pool);
  }

  /** Migrates once per process; a database that was down is tried again on the next call. */
  ready(): Promise<void> {
    this.migrated ??= this.migrate().catch((error: unknown) => {
      this.migrated = undefined;
      throw error;
    });
    return this.migrated;
  }

  async all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]> {
    await this.ready();
    return this.writes.noting(() => this.direct.all<Row>(sql, params));
  }

  async run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    await this.ready();
    return this.writes.noting(() => this.direct.run(sql, params));
  }

  async transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    await this.ready();
    return this.writes.noting(() =>
      this.inTransaction(async (client) => {
        const runner = runnerOn(client);
        return work({
          ...runner,
          lock: async (key) => void (await runner.run('SELECT pg_advisory_xact_lock(hashtext(?))', [key])),
        });
      }),
    );
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A checked-out connection has no pool handler: a server that ends it between two statements (a
    // restart, a failover) would emit an unheard 'error' and end the process. Heard here, the
    // transaction's next statement fails instead, and the connection is dropped below.
    const heard = (error: Error) => console.error('PostgreSQL ended a connection in use:', error.message);
    client.on('error', heard);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.off('error', heard);
      client.release();
      return result;
    } catch (error) {
      client.off('error', heard);
      // Dropping the connection rolls the transaction back on the server, even when it is unreachable.
      client.release(true);
      throw error;
    }
  }

  /** Applies the missing migrations; the advisory lock lets two instances starting together migrate once. */
  private migrate(): Promise<void> {
    return this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      const { rows } = await client.query<{ version: number }>(
        'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
      );
      for (let next = rows[0]!.version; next < MIGRATIONS.length; next += 1) {
        const migration = MIGRATIONS[next]!;
        if (typeof migration === 'string') await client.query(migration);
        else await migration({ ...runnerOn(client), lock: async () => {} });
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [next + 1]);
      }
    });
  }
}

/** The leads in a PostgreSQL database, for hosts without a lasting disk and for several instances. */
export class PostgresLeadStore extends SqlLeadStore {
  /** The connection pool, for tests and tools that look at the tables directly. */
  readonly pool: pg.Pool;

  /** Connects lazily: nothing is sent until the first call, which migrates the schema. */
  constructor(url: string, options: StoreOptions = {}) {
    const database = new PostgresDatabase(url);
    super(database, options);
    this.pool = database.pool;
  }
}
