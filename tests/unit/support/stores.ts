import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freshDatabase } from '../../support/postgres.ts';
import type { StoreKind } from '../../support/store-kinds.ts';

export { STORE_KINDS, type StoreKind } from '../../support/store-kinds.ts';

/** Where a test's own empty store lives. */
export type TestStoreLocation = { kind: 'sqlite'; sqlitePath: string } | { kind: 'postgresql'; databaseUrl: string };

let sqliteDir: string | undefined;
let sqliteFiles = 0;

/** A new, empty store of `kind`: a SQLite file not yet created, or a fresh database on the run's PostgreSQL. */
export async function testStoreLocation(kind: StoreKind): Promise<TestStoreLocation> {
  if (kind === 'postgresql') return { kind, databaseUrl: await freshDatabase(inject('postgresUrl')) };
  if (!sqliteDir) {
    const dir = mkdtempSync(join(tmpdir(), 'lead-stores-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    sqliteDir = dir;
  }
  sqliteFiles += 1;
  return { kind, sqlitePath: join(sqliteDir, `leads-${sqliteFiles}.db`) };
}
