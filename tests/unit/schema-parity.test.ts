import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlStatements } from '@/server/db/database';
import type { SqliteDatabase } from '@/server/db/sqlite';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { postgresSchema, sqliteSchema, type LogicalSchema } from './support/schema';
import { openTestStore } from './support/stores';

/*
 * Both databases run the one list of steps in src/server/db/schema.ts; this proves they end up
 * with one schema (what "the same" means is said in support/schema.ts).
 */

/**
 * Where the two differ on purpose. SQLite cannot add a NOT NULL column to a table that has rows,
 * so a file from before references keeps `leads.reference` nullable; PostgreSQL makes it NOT NULL.
 * The lead store's insert always gives one.
 */
function withKnownDifferences(sqlite: LogicalSchema): LogicalSchema {
  const copy = structuredClone(sqlite);
  const reference = copy.tables['leads']!['reference']!;
  expect(reference.notNull, 'leads.reference is now NOT NULL on SQLite: drop it from the known differences').toBe(
    false,
  );
  reference.notNull = true;
  return copy;
}

const stores: SqlLeadStore[] = [];
let sqliteFile: DatabaseSync;
let postgres: SqlLeadStore;
let fromSqlite: LogicalSchema;
let fromPostgres: LogicalSchema;

beforeAll(async () => {
  const sqlite = await openTestStore('sqlite');
  postgres = await openTestStore('postgresql');
  stores.push(sqlite, postgres);
  sqliteFile = (sqlite.database as SqliteDatabase).db;
  await postgres.readiness();
  fromSqlite = sqliteSchema(sqliteFile);
  fromPostgres = await postgresSchema(postgres.database);
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
});

/** The SQLite schema with `drift` applied, rolled back afterwards. */
function sqliteDrifted(drift: string): LogicalSchema {
  sqliteFile.exec('BEGIN');
  try {
    sqliteFile.exec(drift);
    return sqliteSchema(sqliteFile);
  } finally {
    sqliteFile.exec('ROLLBACK');
  }
}

/** The PostgreSQL schema with `drift` applied in a transaction that is then rolled back. */
async function postgresDrifted(drift: string): Promise<LogicalSchema> {
  let drifted: LogicalSchema | undefined;
  const undo = new Error('roll the drift back');
  await expect(
    postgres.database.transaction(async (tx: SqlStatements) => {
      await tx.run(drift);
      drifted = await postgresSchema(tx);
      throw undo;
    }),
  ).rejects.toBe(undo);
  return drifted!;
}

describe('the schema on SQLite and on PostgreSQL', () => {
  it('has the same tables, columns, kinds, NOT NULLs, defaults, keys and indexes', () => {
    expect(withKnownDifferences(fromSqlite)).toEqual(fromPostgres);
  });

  it('reads each part of the schema it compares, in both databases', () => {
    for (const schema of [fromSqlite, fromPostgres]) {
      expect(Object.keys(schema.tables)).toEqual(expect.arrayContaining(['leads', 'outbox', 'lead_history', 'staff']));
      expect(schema.tables['leads']!['seq']).toEqual({ kind: 'id', notNull: true, default: null, primaryKey: 1 });
      expect(schema.tables['outbox']!['status']).toMatchObject({ kind: 'text', default: "'pending'" });
      expect(schema.tables['idempotency_keys']!['key']!.primaryKey).toBe(2);
      expect(schema.indexes['outbox_acknowledged']).toEqual({
        table: 'outbox',
        columns: ['channel', 'lower(destination)'],
        unique: false,
        partial: false,
      });
      expect(schema.indexes['unique staff (email)']).toMatchObject({ unique: true });
      expect(schema.indexes['outbox_message']).toEqual({
        table: 'outbox',
        columns: ['lead_id', 'channel', 'destination', 'message_key'],
        unique: true,
        partial: false,
      });
      expect(schema.foreignKeys).toContain('delivery_attempts.outbox_id -> outbox.id');
    }
  });

  it('tells when a column or index is added to one database only, or one changes', async () => {
    const drifts = [
      sqliteDrifted('ALTER TABLE leads ADD COLUMN quote_id TEXT'),
      sqliteDrifted('CREATE INDEX leads_quote ON leads (form_id, page_url)'),
      sqliteDrifted('DROP INDEX outbox_due; CREATE INDEX outbox_due ON outbox (status)'),
    ];
    for (const drifted of drifts) expect(withKnownDifferences(drifted)).not.toEqual(fromPostgres);
    const postgresDrifts = [
      await postgresDrifted('CREATE UNIQUE INDEX staff_role ON staff (role, email)'),
      await postgresDrifted('ALTER TABLE outbox ALTER COLUMN attempts TYPE TEXT'),
      await postgresDrifted('ALTER TABLE leads ALTER COLUMN lost_reason SET NOT NULL'),
      await postgresDrifted("ALTER TABLE leads ALTER COLUMN status SET DEFAULT 'open'"),
      await postgresDrifted('ALTER TABLE staff_sessions DROP CONSTRAINT staff_sessions_staff_id_fkey'),
    ];
    for (const drifted of postgresDrifts) expect(withKnownDifferences(fromSqlite)).not.toEqual(drifted);
  });
});
