import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { SCHEMA } from '@/server/db/schema';
import { openPostgres } from '@/server/db/postgres';
import { openSqlite, type SqliteDatabase } from '@/server/db/sqlite';
import { DeskListStore } from '@/server/desk/list-store';
import { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { freshDatabase } from '../support/postgres';
import { postgresSchema, sqliteSchema } from './support/schema';
import { openTestStore } from './support/stores';

/*
 * Databases as the release before the one schema left them (made by 2ade425's own stores, see
 * tests/unit/fixtures/legacy-stores/README.md): a SQLite file at user_version 5 and a PostgreSQL
 * database at schema_migrations 2, rows in every table. Opened by today's code, every row stays
 * as it was and the schema becomes the one a fresh database gets.
 */
const FIXTURES = 'tests/unit/fixtures/legacy-stores';

type Row = Record<string, unknown>;

const stores: SqlLeadStore[] = [];
const folder = mkdtempSync(join(tmpdir(), 'legacy-stores-'));

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function track<T extends SqlLeadStore>(store: T): T {
  stores.push(store);
  return store;
}

/** A table's rows in one order, whatever order the database gave them in. */
function ordered(rows: Row[]): Row[] {
  const plain = rows.map((row) => ({ ...row }));
  return plain.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The tables as they were before, every row kept; the tables later steps added, empty. */
function expectKept(after: Record<string, Row[]>, before: Record<string, Row[]>): void {
  const added = Object.keys(after).filter((name) => !(name in before));
  expect(Object.fromEntries(Object.keys(before).map((name) => [name, after[name]]))).toEqual(before);
  expect(added.filter((name) => after[name]!.length > 0)).toEqual([]);
}

/** Every row of every table in a SQLite file, AUTOINCREMENT's counters (sqlite_sequence) included. */
function sqliteRows(db: DatabaseSync): Record<string, Row[]> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  return Object.fromEntries(tables.map(({ name }) => [name, ordered(db.prepare(`SELECT * FROM ${name}`).all())]));
}

/** Every row of every table in a PostgreSQL database, identity sequences' positions included. */
async function postgresRows(client: pg.Client): Promise<Record<string, Row[]>> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
  );
  const rows: Record<string, Row[]> = {};
  for (const { name } of tables) rows[name] = ordered((await client.query(`SELECT * FROM public.${name}`)).rows);
  // A sequence never drawn from (a table a later step added) has no value to keep.
  const sequences = await client.query(
    "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL",
  );
  rows['(sequences)'] = ordered(sequences.rows);
  return rows;
}

/** A new database holding the PostgreSQL fixture; pg_dump's psql commands (`\restrict`) are left out. */
async function restoredPostgres(): Promise<{ url: string; client: pg.Client }> {
  const url = await freshDatabase(inject('postgresUrl'));
  const dump = readFileSync(join(FIXTURES, 'leads.postgres.sql'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(dump);
  // The dump empties search_path for its own statements; the reads below name `public` anyway.
  return { url, client };
}

/** The id of the fixtures' Umrah lead, the one the desk has worked (contacted, assigned, a note). */
async function workedLead(store: SqlLeadStore): Promise<string> {
  const [row] = await store.database.all<{ id: string }>("SELECT id FROM leads WHERE form_id = 'umrah'");
  return row!.id;
}

/** The desk's view of the worked lead, and the seq a new lead gets (erased lead 3's is never reused). */
async function expectWorking(store: SqlLeadStore): Promise<void> {
  const worked = await new DeskListStore(store.database).deskLead(await workedLead(store));
  expect(worked).toMatchObject({
    status: 'contacted',
    assignee: { email: 'yusuf@agency.example' },
    followUp: '2026-03-05',
    lastNote: 'Called back; wants Ramadan dates.',
  });
  const added = (await store.insertLead({ formId: 'contact', fields: {}, pageUrl: null, userAgent: null }))!;
  expect(await store.database.all('SELECT seq FROM leads WHERE id = ?', [added.id])).toEqual([{ seq: 4 }]);
}

describe('a database made by the release before the one schema', () => {
  it('keeps every row of a SQLite file at user_version 5 and gives it the current schema', async () => {
    const path = join(folder, 'leads.sqlite');
    copyFileSync(join(FIXTURES, 'leads.sqlite'), path);
    const before = new DatabaseSync(path, { readOnly: true });
    const rows = sqliteRows(before);
    expect(before.prepare('PRAGMA user_version').get()).toEqual({ user_version: 5 });
    before.close();
    expect(Object.values(rows).every((table) => table.length > 0)).toBe(true);

    const store = track(new SqlLeadStore(openSqlite(path)));
    const file = (store.database as SqliteDatabase).db;
    expectKept(sqliteRows(file), rows);
    expect(file.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA.length });
    const fresh = track(await openTestStore('sqlite'));
    expect(sqliteSchema(file)).toEqual(sqliteSchema((fresh.database as SqliteDatabase).db));
    await expectWorking(store);
  });

  it('keeps every row of a PostgreSQL database at schema_migrations 2 and gives it the current schema', async () => {
    const { url, client } = await restoredPostgres();
    try {
      const rows = await postgresRows(client);
      expect(Object.values(rows).every((table) => table.length > 0)).toBe(true);
      expect(rows['schema_migrations']!.map((row) => row['version'])).toEqual([1, 2]);

      const store = track(new SqlLeadStore(openPostgres(url)));
      await store.readiness();
      const { schema_steps: steps, ...after } = await postgresRows(client);
      expectKept(after, rows);
      expect(steps!.map((row) => row['step'])).toEqual(SCHEMA.map((_, index) => index + 1));
      const fresh = track(await openTestStore('postgresql'));
      expect(await postgresSchema(store.database)).toEqual(await postgresSchema(fresh.database));
      await expectWorking(store);
    } finally {
      await client.end();
    }
  });

  it('brings a PostgreSQL database from before the desk (schema_migrations 1) to the current schema', async () => {
    const { url, client } = await restoredPostgres();
    try {
      await client.query(`DROP TABLE public.staff_sessions, public.staff, public.lead_notes, public.lead_history;
        DROP INDEX public.leads_received;
        ALTER TABLE public.leads DROP COLUMN status, DROP COLUMN lost_reason, DROP COLUMN assignee_id,
          DROP COLUMN follow_up, DROP COLUMN first_contacted_at, DROP COLUMN contact_name,
          DROP COLUMN contact_email, DROP COLUMN contact_phone;
        DELETE FROM public.schema_migrations WHERE version = 2;`);
      const store = track(new SqlLeadStore(openPostgres(url)));
      expect(
        await store.database.all('SELECT contact_name, contact_email, contact_phone, status FROM leads WHERE id = ?', [
          await workedLead(store),
        ]),
      ).toEqual([
        { contact_name: 'amina yusuf', contact_email: 'amina@example.com', contact_phone: '3125550147', status: 'new' },
      ]);
      const fresh = track(await openTestStore('postgresql'));
      expect(await postgresSchema(store.database)).toEqual(await postgresSchema(fresh.database));
    } finally {
      await client.end();
    }
  });
});
