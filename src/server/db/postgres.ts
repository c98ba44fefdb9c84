import pg, { type PoolClient } from 'pg';
import { WriteHealth, type SqlDatabase, type SqlRunner, type SqlStatements, type SqlValue } from './database.ts';
import { SCHEMA, stepFor } from './schema.ts';

/*
 * PostgreSQL through `pg` (node-postgres), the driver every PostgreSQL tool in Node builds on: the
 * shared statements run here as they are. Times stay ISO text and milliseconds, as in the SQLite
 * file, so both stores answer alike.
 */

/** Any constant shared by every instance: it names the advisory lock that lets one of them migrate. */
const MIGRATION_LOCK = 7_242_013;
const BIGINT_OID = 20;

/**
 * Releases before the one schema kept their own two migrations in `schema_migrations`: the first
 * made what steps 1 to 4 of schema.ts make, the second was step 5. A database they made is at the
 * step named here; `schema_migrations` stays as they left it.
 */
const LEGACY_STEPS: Readonly<Record<number, number>> = { 0: 0, 1: 4, 2: 5 };

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

function runnerOn(client: pg.Pool | PoolClient): SqlStatements {
  return {
    all: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(toPostgres(sql), params as SqlValue[])).rows as Row[],
    run: async (sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(toPostgres(sql), params as SqlValue[])).rowCount ?? 0,
  };
}

/** How many steps of schema.ts the database has: as recorded, or as an older release's migrations left it. */
async function stepsDone(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ step: number | null }>('SELECT MAX(step) AS step FROM schema_steps');
  if (rows[0]!.step !== null) return rows[0]!.step;
  const { rows: legacy } = await client.query<{ found: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS found",
  );
  if (!legacy[0]!.found) return 0;
  const { rows: versions } = await client.query<{ version: number }>(
    'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
  );
  const legacyVersion = versions[0]!.version;
  const done = LEGACY_STEPS[legacyVersion];
  if (done === undefined) throw new Error(`schema_migrations is at ${legacyVersion}, a version no release wrote`);
  await client.query('INSERT INTO schema_steps (step) SELECT generate_series(1, $1::integer)', [done]);
  return done;
}

/** A `pg` pool behind the async contract; the schema is brought up to date before the first statement. */
export class PostgresDatabase implements SqlDatabase {
  readonly kind = 'postgresql';
  readonly lockDueRows = ' FOR UPDATE SKIP LOCKED';
  // SQLSTATE classes 53 (insufficient resources: disk full, out of memory) and 58 (system error: I/O).
  readonly writes = new WriteHealth((error) => /^5[38]/.test(String((error as { code?: unknown } | null)?.code ?? '')));
  /** The connection pool, for tests and tools that look at the tables directly. */
  readonly pool: pg.Pool;
  private migrated: Promise<void> | undefined;
  private readonly direct: SqlStatements;

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

  /** Applies the missing steps of schema.ts; the advisory lock lets two instances starting together migrate once. */
  private migrate(): Promise<void> {
    return this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_steps (step INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      const statements = runnerOn(client);
      for (let done = await stepsDone(client); done < SCHEMA.length; done += 1) {
        for (const action of stepFor(SCHEMA[done]!, 'postgresql')) {
          if (typeof action === 'string') {
            await client.query(action);
          } else {
            const rows = await statements.all<Record<string, unknown>>(action.select);
            for (const params of action.params(rows)) await statements.run(action.update, params);
          }
        }
        await client.query('INSERT INTO schema_steps (step) VALUES ($1)', [done + 1]);
      }
    });
  }
}

/** The PostgreSQL database at `url`; nothing is sent until the first statement, which migrates the schema. */
export function openPostgres(url: string): PostgresDatabase {
  return new PostgresDatabase(url);
}
