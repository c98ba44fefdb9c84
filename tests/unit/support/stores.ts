import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openPostgres } from '../../../src/server/db/postgres.ts';
import { openSqlite } from '../../../src/server/db/sqlite.ts';
import { SqlLeadStore, type StoreOptions } from '../../../src/server/leads/sql-lead-store.ts';
import { freshDatabase } from '../../support/postgres.ts';
import type { StoreKind } from '../../support/store-kinds.ts';

export { STORE_KINDS, type StoreKind } from '../../support/store-kinds.ts';

/** Where a test's own empty store lives. */
export type TestStoreLocation = { kind: 'sqlite'; sqlitePath: string } | { kind: 'postgresql'; databaseUrl: string };

/**
 * The test files live in memory where the machine offers it (/dev/shm), as the test PostgreSQL runs
 * with fsync=off: SQLite's synchronous=FULL still runs every sync, which costs nothing there. A
 * sync only matters when the machine itself stops, which no unit test can show; the crash specs
 * (tests/e2e/lead-crash.spec.ts) kill real servers on a real disk.
 */
const SQLITE_BASE = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
let sqliteDir: string | undefined;
let sqliteFiles = 0;

let sqliteTemplate: Promise<string> | undefined;

/**
 * A SQLite file the schema steps brought from empty to current, once per worker, which each store
 * test copies as the PostgreSQL tests copy theirs: running the 25 steps cost each SQLite store 13 ms
 * of CPU, a copy 1 ms. A broken step still fails every store test.
 */
function migratedSqlite(dir: string): Promise<string> {
  return (sqliteTemplate ??= (async () => {
    const path = join(dir, 'migrated-template.db');
    // Opening runs every step; closing the only connection folds the write-ahead log into the file.
    await openSqlite(path).close();
    return path;
  })());
}

/**
 * A new, empty store of `kind`: a SQLite file, or a fresh database on the run's PostgreSQL, each
 * copied from one the schema steps already brought up to date (above, and postgres-setup.ts).
 */
export async function testStoreLocation(kind: StoreKind): Promise<TestStoreLocation> {
  if (kind === 'postgresql') {
    return { kind, databaseUrl: await freshDatabase(inject('postgresUrl'), { template: inject('postgresTemplate') }) };
  }
  if (!sqliteDir) {
    const dir = mkdtempSync(join(SQLITE_BASE, 'lead-stores-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    sqliteDir = dir;
  }
  sqliteFiles += 1;
  const sqlitePath = join(sqliteDir, `leads-${sqliteFiles}.db`);
  copyFileSync(await migratedSqlite(sqliteDir), sqlitePath);
  return { kind, sqlitePath };
}

/** The environment that points a `leadApiConfig` at a location. */
export function storeEnv(location: TestStoreLocation): Record<string, string> {
  return location.kind === 'sqlite' ? { LEADS_DB: location.sqlitePath } : { DATABASE_URL: location.databaseUrl };
}

/** A store on a location; a second call on the same location is a second instance on the same data. */
export function storeAt(location: TestStoreLocation, options: StoreOptions = {}): SqlLeadStore {
  const database = location.kind === 'sqlite' ? openSqlite(location.sqlitePath) : openPostgres(location.databaseUrl);
  return new SqlLeadStore(database, options);
}

/** A new, empty store of `kind`, with its location for opening it again. */
export async function openTestStore(
  kind: StoreKind,
  options: StoreOptions = {},
): Promise<SqlLeadStore & { location: TestStoreLocation }> {
  const location = await testStoreLocation(kind);
  return Object.assign(storeAt(location, options), { location });
}
