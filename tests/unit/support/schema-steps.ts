import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, inject } from 'vitest';
import type { SqlValue } from '../../../src/server/db/database.ts';
import { openPostgres } from '../../../src/server/db/postgres.ts';
import { SCHEMA, stepFor } from '../../../src/server/db/schema.ts';
import { openSqlite } from '../../../src/server/db/sqlite.ts';
import { SqlLeadStore } from '../../../src/server/leads/sql-lead-store.ts';
import { freshDatabase } from '../../support/postgres.ts';
import type { StoreKind } from './stores.ts';

/*
 * Databases as a release `steps` schema steps long left them, with rows a test writes in that
 * release's columns: opened by today's stores, they run the steps after it as a deployed database
 * would.
 */

/** A statement and its parameters, in `?` placeholders, as a test writes its rows. */
export type SeedRow = readonly [sql: string, params: readonly SqlValue[]];

/** The index in SCHEMA of the first step whose text holds `marker` (a table or statement only it has). */
export function stepWith(marker: string): number {
  const index = SCHEMA.findIndex((step) => JSON.stringify(step).includes(marker));
  if (index < 0) throw new Error(`No schema step holds ${marker}`);
  return index;
}

/** A SQLite file at `path` made by the schema's first `steps` steps, holding `rows`. */
export function sqliteAtStep(path: string, steps: number, rows: readonly SeedRow[]): void {
  const file = new DatabaseSync(path);
  file.exec('BEGIN');
  for (const step of SCHEMA.slice(0, steps)) {
    for (const action of stepFor(step, 'sqlite')) {
      if (typeof action === 'string') file.exec(action);
      else {
        const update = file.prepare(action.update);
        for (const params of action.params(file.prepare(action.select).all())) update.run(...params);
      }
    }
  }
  file.exec(`PRAGMA user_version = ${steps}`);
  for (const [sql, params] of rows) file.prepare(sql).run(...params);
  file.exec('COMMIT');
  file.close();
}

/** The PostgreSQL database at `url` (empty) made by the schema's first `steps` steps, holding `rows`. */
export async function postgresAtStep(url: string, steps: number, rows: readonly SeedRow[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = (sql: string, params: readonly SqlValue[] = []) => {
    let index = 0;
    return client.query(
      sql.replaceAll('?', () => `$${(index += 1)}`),
      [...params],
    );
  };
  try {
    await client.query(
      'CREATE TABLE schema_steps (step INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    for (const step of SCHEMA.slice(0, steps)) {
      for (const action of stepFor(step, 'postgresql')) {
        if (typeof action === 'string') await client.query(action);
        else
          for (const params of action.params((await client.query(action.select)).rows))
            await query(action.update, params);
      }
    }
    await client.query('INSERT INTO schema_steps (step) SELECT generate_series(1, $1::integer)', [steps]);
    for (const [sql, params] of rows) await query(sql, params);
  } finally {
    await client.end();
  }
}

/**
 * Today's store, opened and migrated as a deployed server would, on a database of `kind` that the
 * schema's first `steps` steps left holding `rows` (a SQLite file goes in `folder`).
 */
async function storeAtStep(
  kind: StoreKind,
  folder: string,
  steps: number,
  rows: readonly SeedRow[],
): Promise<SqlLeadStore> {
  let store: SqlLeadStore;
  if (kind === 'sqlite') {
    const path = join(folder, `step-${steps}-${randomUUID()}.sqlite`);
    sqliteAtStep(path, steps, rows);
    store = new SqlLeadStore(openSqlite(path));
  } else {
    const url = await freshDatabase(inject('postgresUrl'));
    await postgresAtStep(url, steps, rows);
    store = new SqlLeadStore(openPostgres(url));
  }
  try {
    await store.readiness();
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * For the test file it is called in: opens today's store on a database the schema's first `steps`
 * steps left holding `rows`, once per call, and closes each store after its test and the files after the file.
 */
export function migratedStores(
  name: string,
  steps: number,
  rows: readonly SeedRow[],
): (kind: StoreKind) => Promise<SqlLeadStore> {
  const stores: SqlLeadStore[] = [];
  const folder = mkdtempSync(join(tmpdir(), `${name}-`));
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return async (kind) => {
    const store = await storeAtStep(kind, folder, steps, rows);
    stores.push(store);
    return store;
  };
}
