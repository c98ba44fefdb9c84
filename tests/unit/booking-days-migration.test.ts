import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '@/server/db/postgres';
import { openSqlite } from '@/server/db/sqlite';
import { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { freshDatabase } from '../support/postgres';
import { postgresAtStep, sqliteAtStep, stepWith, type SeedRow } from './support/schema-steps';

/*
 * The booking's days (schema step 21): acceptances made before the step get the
 * departure and return days of the version they accepted, not of a version sent after it, on both
 * stores, and a quote never accepted gets none.
 */
const DAYS_STEP = stepWith('quote_acceptances_departure');

const folder = mkdtempSync(join(tmpdir(), 'booking-days-'));
const stores: SqlLeadStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const versionDraft = (departureOn: string, returnOn: string) => JSON.stringify({ departureOn, returnOn, lines: [] });

const ROWS: SeedRow[] = [
  ...['quote-1', 'quote-2'].map((id, index): SeedRow => [
    'INSERT INTO quotes (id, lead_id, reference, created_by, created_at) VALUES (?, ?, ?, ?, ?)',
    [id, null, `MQ-AAAAA${index}`, 'staff-1', '2026-11-01T10:00:00.000Z'],
  ]),
  ...(
    [
      ['quote-1', 1, versionDraft('2027-03-10', '2027-03-24')],
      ['quote-1', 2, versionDraft('2027-04-01', '2027-04-15')],
      ['quote-2', 1, versionDraft('2027-05-05', '2027-05-19')],
    ] as const
  ).map(([id, version, draft]): SeedRow => [
    `INSERT INTO quote_versions (quote_id, version, draft, total_cents, valid_until, saved_at, sent_at)
       VALUES (?, ?, ?, 100, '2026-12-01', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z')`,
    [id, version, draft],
  ]),
  [
    `INSERT INTO quote_acceptances (quote_id, version, total_cents, typed_name, accepted_at)
     VALUES ('quote-1', 1, 100, 'Layla Haddad', '2026-11-02T10:00:00.000Z')`,
    [],
  ],
];

async function acceptedDays(store: SqlLeadStore) {
  const rows = await store.database.all<Record<string, unknown>>(
    'SELECT quote_id, version, departure_on, return_on FROM quote_acceptances ORDER BY quote_id',
  );
  return rows.map((row) => ({ ...row, version: Number(row['version']) }));
}

const AFTER = [{ quote_id: 'quote-1', version: 1, departure_on: '2027-03-10', return_on: '2027-03-24' }];

describe("the booking's days kept on its acceptance", () => {
  it("fills in the accepted version's days on SQLite", async () => {
    const path = join(folder, 'before-booking-days.sqlite');
    sqliteAtStep(path, DAYS_STEP, ROWS);
    const store = new SqlLeadStore(openSqlite(path));
    stores.push(store);
    expect(await acceptedDays(store)).toEqual(AFTER);
  });

  it("fills in the accepted version's days on PostgreSQL", async () => {
    const url = await freshDatabase(inject('postgresUrl'));
    await postgresAtStep(url, DAYS_STEP, ROWS);
    const store = new SqlLeadStore(openPostgres(url));
    stores.push(store);
    await store.readiness();
    expect(await acceptedDays(store)).toEqual(AFTER);
  });
});
