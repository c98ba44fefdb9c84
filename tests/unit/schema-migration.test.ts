import { OutboxQueue } from '@/server/outbox/queue';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import type { SqlValue } from '@/server/db/database';
import { SCHEMA, stepFor } from '@/server/db/schema';
import { openPostgres } from '@/server/db/postgres';
import { openSqlite, type SqliteDatabase } from '@/server/db/sqlite';
import { DeskListStore } from '@/server/desk/list-store';
import { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { queueMessage } from '@/server/outbox/queue';
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

/** The steps schema_steps records, in number order (`ordered` sorts as text, which puts 10 before 2). */
function stepNumbers(steps: Row[]): number[] {
  return steps.map((row) => Number(row['step'])).sort((a, b) => a - b);
}

/** A table's rows in one order, whatever order the database gave them in. */
function ordered(rows: Row[]): Row[] {
  const plain = rows.map((row) => ({ ...row }));
  return plain.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** `rows` in the columns `like`'s rows have (a column gone shows as such): what later steps added is checked on its own. */
function inColumns(rows: readonly Row[], like: readonly Row[]): Row[] {
  const columns = Object.keys(like[0] ?? {});
  return ordered(
    rows.map((row) => Object.fromEntries(columns.map((column) => [column, column in row ? row[column] : '(gone)']))),
  );
}

/** Tables a step fills with data of its own: the starting reply templates. */
const SEEDED_TABLES = ['reply_templates'];

/** The tables as they were before, every row kept in the columns it had; the tables later steps added, empty but for their own data. */
function expectKept(migrated: Record<string, Row[]>, before: Record<string, Row[]>): void {
  // The seeded rows draw AUTOINCREMENT ids (SQLite's sqlite_sequence) or identities (PostgreSQL's sequences).
  const seededCounter = (row: Row) =>
    SEEDED_TABLES.some((table) => row['name'] === table || row['sequencename'] === `${table}_id_seq`);
  const after = { ...migrated };
  for (const counters of ['sqlite_sequence', '(sequences)']) {
    if (after[counters]) after[counters] = after[counters].filter((row) => !seededCounter(row));
  }
  const added = Object.keys(after).filter((name) => !(name in before));
  expect(
    Object.fromEntries(Object.keys(before).map((name) => [name, inColumns(after[name] ?? [], before[name]!)])),
  ).toEqual(before);
  expect(added.filter((name) => after[name]!.length > 0)).toEqual(SEEDED_TABLES);
}

/** Outbox rows from before messages: each a lead's own delivery (key ''), queued when its lead arrived. */
function expectOutboxBackfilled(after: Record<string, Row[]>): void {
  const receivedAt = new Map(after['leads']!.map((lead) => [lead['id'], lead['received_at']]));
  expect(after['outbox']!.length).toBeGreaterThan(0);
  for (const row of after['outbox']!) {
    expect(row).toMatchObject({ message_key: '', payload: null, queued_at: receivedAt.get(row['lead_id']) });
  }
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
    expectOutboxBackfilled(sqliteRows(file));
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
      expectOutboxBackfilled(after);
      expect(stepNumbers(steps!)).toEqual(SCHEMA.map((_, index) => index + 1));
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

/*
 * The outbox before it held messages: a database at the step before `outbox_message`, made by the
 * steps before it, with deliveries of every channel, their attempts, and a delivery deleted since
 * (its lead erased), so the id counter is ahead of the rows. After the step, every delivery and
 * attempt is there as it was, the counter too, and the store queues messages beside them.
 */
const MESSAGES_STEP = SCHEMA.findIndex((step) => JSON.stringify(step).includes('outbox_message'));

const INSERT_DELIVERY = `INSERT INTO outbox
  (lead_id, channel, destination, status, attempts, next_attempt_at, last_error, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_ATTEMPT =
  'INSERT INTO delivery_attempts (outbox_id, attempted_at, ok, detail, duration_ms) VALUES (?, ?, ?, ?, ?)';
const DUE = 1_762_000_000_000;

/** The rows, in the order written: outbox ids 1 to 4, then 4 deleted. */
const OUTBOX_BEFORE_MESSAGES: [string, SqlValue[]][] = [
  [
    'INSERT INTO leads (id, reference, form_id, received_at, fields) VALUES (?, ?, ?, ?, ?)',
    ['lead-1', 'MQ-AAAAAA', 'contact', '2026-11-01T10:00:00.000Z', '{"email":"amina@example.com"}'],
  ],
  [
    'INSERT INTO leads (id, reference, form_id, received_at, fields) VALUES (?, ?, ?, ?, ?)',
    ['lead-2', 'MQ-BBBBBB', 'umrah', '2026-11-02T11:00:00.000Z', '{}'],
  ],
  [INSERT_DELIVERY, ['lead-1', 'email', 'staff@agency.example', 'delivered', 1, DUE, null, '2026-11-01T10:00:01.000Z']],
  [INSERT_DELIVERY, ['lead-1', 'acknowledgement', 'amina@example.com', 'pending', 2, DUE, '451 Mailbox busy', null]],
  [INSERT_DELIVERY, ['lead-2', 'webhook', 'https://hooks.example/leads', 'pending', 0, DUE, null, null]],
  [INSERT_DELIVERY, ['lead-2', 'relay', 'https://relay.example/form', 'pending', 0, DUE, null, null]],
  [INSERT_ATTEMPT, [1, '2026-11-01T10:00:01.000Z', 1, 'accepted by the SMTP server', 40]],
  [INSERT_ATTEMPT, [2, '2026-11-01T10:00:02.000Z', 0, '451 Mailbox busy', 30]],
  [INSERT_ATTEMPT, [2, '2026-11-01T10:01:02.000Z', 0, '451 Mailbox busy', 31]],
  ['DELETE FROM outbox WHERE id = ?', [4]],
];

/** The store on the migrated database: the old deliveries as they were, and a message queued after them. */
async function expectOutboxWorks(store: SqlLeadStore): Promise<void> {
  expect(await new OutboxQueue(store.database).deliveriesOf('lead-1')).toEqual([
    expect.objectContaining({ id: 1, channel: 'email', status: 'delivered', attempts: 1, message: null }),
    expect.objectContaining({ id: 2, channel: 'acknowledgement', attempts: 2, lastError: '451 Mailbox busy' }),
  ]);
  expect(
    (await new OutboxQueue(store.database).attemptsOf('lead-1')).map((attempt) => [attempt.deliveryId, attempt.detail]),
  ).toEqual([
    [1, 'accepted by the SMTP server'],
    [2, '451 Mailbox busy'],
    [2, '451 Mailbox busy'],
  ]);
  const message = {
    leadId: 'lead-2',
    destination: 'layla@example.com',
    key: 'quote-sent:q:1',
    message: {
      kind: 'quote-sent',
      reference: 'MQ-BBBBBB',
      version: 1,
      totalCents: 100,
      validUntil: '2026-11-27',
      token: 't',
    },
  } as const;
  expect(await store.database.transaction((tx) => queueMessage(tx, message))).toBe(true);
  expect(await store.database.transaction((tx) => queueMessage(tx, message))).toBe(false);
  // The erased delivery's id 4 is never given again.
  expect(
    (await new OutboxQueue(store.database).deliveriesOf('lead-2')).map((delivery) => [delivery.id, delivery.channel]),
  ).toEqual([
    [3, 'webhook'],
    [5, 'message'],
  ]);
  const due = await new OutboxQueue(store.database).claimDueDeliveries(Date.now() + 60_000);
  expect(due.map((delivery) => delivery.id).sort()).toEqual([2, 3, 5]);
}

describe('an outbox from before messages', () => {
  it('keeps every delivery, attempt and the id counter of a SQLite file', async () => {
    expect(MESSAGES_STEP).toBeGreaterThan(0);
    const path = join(folder, 'before-messages.sqlite');
    const file = new DatabaseSync(path);
    // The steps before messages, on an empty file: there is nothing for their backfills to fill.
    for (const step of SCHEMA.slice(0, MESSAGES_STEP)) {
      for (const action of stepFor(step, 'sqlite')) if (typeof action === 'string') file.exec(action);
    }
    file.exec(`PRAGMA user_version = ${MESSAGES_STEP}`);
    for (const [sql, params] of OUTBOX_BEFORE_MESSAGES) file.prepare(sql).run(...params);
    const rows = sqliteRows(file);
    file.close();

    const store = track(new SqlLeadStore(openSqlite(path)));
    const migrated = (store.database as SqliteDatabase).db;
    expectKept(sqliteRows(migrated), rows);
    expectOutboxBackfilled(sqliteRows(migrated));
    expect(rows['sqlite_sequence']).toContainEqual({ name: 'outbox', seq: 4 });
    const fresh = track(await openTestStore('sqlite'));
    expect(sqliteSchema(migrated)).toEqual(sqliteSchema((fresh.database as SqliteDatabase).db));
    await expectOutboxWorks(store);
  });

  it('keeps every delivery, attempt and the id sequence of a PostgreSQL database', async () => {
    const url = await freshDatabase(inject('postgresUrl'));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // As postgres.ts makes it, recording the steps before messages as done.
      await client.query(
        'CREATE TABLE schema_steps (step INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      for (const step of SCHEMA.slice(0, MESSAGES_STEP)) {
        for (const action of stepFor(step, 'postgresql')) if (typeof action === 'string') await client.query(action);
      }
      await client.query('INSERT INTO schema_steps (step) SELECT generate_series(1, $1::integer)', [MESSAGES_STEP]);
      for (const [sql, params] of OUTBOX_BEFORE_MESSAGES) {
        let index = 0;
        await client.query(
          sql.replaceAll('?', () => `$${(index += 1)}`),
          params,
        );
      }
      const rows = await postgresRows(client);
      // The steps done are checked below: the step adds one.
      delete rows['schema_steps'];

      const store = track(new SqlLeadStore(openPostgres(url)));
      await store.readiness();
      const { schema_steps: steps, ...after } = await postgresRows(client);
      expectKept(after, rows);
      expectOutboxBackfilled(after);
      expect(rows['(sequences)']).toContainEqual({ sequencename: 'outbox_id_seq', last_value: '4' });
      expect(stepNumbers(steps!)).toEqual(SCHEMA.map((__, index) => index + 1));
      const fresh = track(await openTestStore('postgresql'));
      expect(await postgresSchema(store.database)).toEqual(await postgresSchema(fresh.database));
      await expectOutboxWorks(store);
    } finally {
      await client.end();
    }
  });
});

/*
 * Card numbers in payment references, stored before a reference holding one anywhere was refused,
 * and the starting reply templates as step 11 wrote them: a database at the step before the one
 * that masks them, made by the steps before it (their data included), with a template an owner
 * changed. After the step each card number shows its last four digits alone, every other
 * reference and every column is as it was, and only the templates nobody changed are reworded.
 */
const CARD_STEP = SCHEMA.findIndex((step) => JSON.stringify(step).includes('FROM quote_payments'));

const INSERT_PAYMENT = `INSERT INTO quote_payments
  (quote_id, paid_on, amount_cents, method, reference, recorded_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)`;
const REFERENCES_BEFORE = [
  'Visa 4111 1111 1111 1111',
  '4111.1111.1111.1111',
  'Deposit, MC 5555-5555-5555-4444 exp 09/28',
  'TRX-20261120-77',
  '',
];
const REFERENCES_AFTER = ['Visa •••• 1111', '•••• 1111', 'Deposit, MC •••• 4444 exp 09/28', 'TRX-20261120-77', ''];
const CHANGED_BY_OWNER = (body: string) => body.replace('With best wishes', 'Kind regards');

const CARD_ROWS: [string, SqlValue[]][] = [
  [
    'INSERT INTO quotes (id, lead_id, reference, created_by, created_at) VALUES (?, ?, ?, ?, ?)',
    ['quote-1', null, 'MQ-AAAAAA', 'staff-1', '2026-11-01T10:00:00.000Z'],
  ],
  ...REFERENCES_BEFORE.map((reference, index): [string, SqlValue[]] => [
    INSERT_PAYMENT,
    ['quote-1', '2026-11-20', 100 + index, 'credit-card', reference, 'staff-1', '2026-11-20T10:00:00.000Z'],
  ]),
];

/** What step 13 reads and writes, and what must stay as it was. */
async function cardStepRows(store: SqlLeadStore) {
  const payments = await store.database.all<Row>(
    'SELECT amount_cents, method, reference, recorded_by FROM quote_payments ORDER BY id',
  );
  const templates = await store.database.all<{ name: string; body: string; updated_by: string }>(
    'SELECT name, body, updated_by FROM reply_templates ORDER BY id',
  );
  return { payments: payments.map((row) => ({ ...row, amount_cents: Number(row['amount_cents']) })), templates };
}

function expectCardStep(
  after: Awaited<ReturnType<typeof cardStepRows>>,
  templatesBefore: { name: string; body: string }[],
) {
  expect(after.payments).toEqual(
    REFERENCES_AFTER.map((reference, index) => ({
      amount_cents: 100 + index,
      method: 'credit-card',
      reference,
      recorded_by: 'staff-1',
    })),
  );
  const body = (name: string) => after.templates.find((template) => template.name === name)!.body;
  const before = (name: string) => templatesBefore.find((template) => template.name === name)!.body;
  expect(before('First reply')).toContain('You can reply to this email or call us');
  expect(body('First reply')).toBe(
    before('First reply').replace('You can reply to this email', 'You can reply to this message'),
  );
  expect(body('Documents needed')).toBe(before('Documents needed'));
  expect(body('Documents needed')).toContain('Kind regards');
  expect(body('Quote follow-up')).toBe(before('Quote follow-up'));
  expect(after.templates.map((template) => template.updated_by)).toEqual(['', 'owner@agency.example', '']);
}

/** A fresh store's templates: what a new desk starts with. */
async function freshTemplates(kind: 'sqlite' | 'postgresql') {
  const fresh = track(await openTestStore(kind));
  return (await cardStepRows(fresh)).templates.map(({ name, body }) => ({ name, body }));
}

describe('card numbers in payment references and the starting templates (step 13)', () => {
  it('masks each card number, keeps the rest and rewords unchanged templates, on SQLite', async () => {
    expect(CARD_STEP).toBeGreaterThan(0);
    const path = join(folder, 'before-card-masks.sqlite');
    const file = new DatabaseSync(path);
    file.exec('BEGIN');
    for (const step of SCHEMA.slice(0, CARD_STEP)) {
      for (const action of stepFor(step, 'sqlite')) {
        if (typeof action === 'string') file.exec(action);
        else {
          const update = file.prepare(action.update);
          for (const params of action.params(file.prepare(action.select).all())) update.run(...params);
        }
      }
    }
    file.exec(`PRAGMA user_version = ${CARD_STEP}`);
    for (const [sql, params] of CARD_ROWS) file.prepare(sql).run(...params);
    const documents = file.prepare("SELECT body FROM reply_templates WHERE name = 'Documents needed'").get() as {
      body: string;
    };
    file
      .prepare(
        "UPDATE reply_templates SET body = ?, updated_by = 'owner@agency.example' WHERE name = 'Documents needed'",
      )
      .run(CHANGED_BY_OWNER(documents.body));
    const templatesBefore = file.prepare('SELECT name, body FROM reply_templates').all() as {
      name: string;
      body: string;
    }[];
    file.exec('COMMIT');
    file.close();

    const store = track(new SqlLeadStore(openSqlite(path)));
    expect((store.database as SqliteDatabase).db.prepare('PRAGMA user_version').get()).toEqual({
      user_version: SCHEMA.length,
    });
    expectCardStep(await cardStepRows(store), templatesBefore);
    expect((await freshTemplates('sqlite')).find((template) => template.name === 'First reply')!.body).not.toContain(
      'reply to this email',
    );
  });

  it('masks each card number, keeps the rest and rewords unchanged templates, on PostgreSQL', async () => {
    const url = await freshDatabase(inject('postgresUrl'));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const query = (sql: string, params: SqlValue[] = []) => {
      let index = 0;
      return client.query(
        sql.replaceAll('?', () => `$${(index += 1)}`),
        params,
      );
    };
    try {
      await client.query(
        'CREATE TABLE schema_steps (step INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      for (const step of SCHEMA.slice(0, CARD_STEP)) {
        for (const action of stepFor(step, 'postgresql')) {
          if (typeof action === 'string') await client.query(action);
          else
            for (const params of action.params((await client.query(action.select)).rows))
              await query(action.update, params);
        }
      }
      await client.query('INSERT INTO schema_steps (step) SELECT generate_series(1, $1::integer)', [CARD_STEP]);
      for (const [sql, params] of CARD_ROWS) await query(sql, params);
      const documents = await client.query<{ body: string }>(
        "SELECT body FROM reply_templates WHERE name = 'Documents needed'",
      );
      await query(
        "UPDATE reply_templates SET body = ?, updated_by = 'owner@agency.example' WHERE name = 'Documents needed'",
        [CHANGED_BY_OWNER(documents.rows[0]!.body)],
      );
      const templatesBefore = (
        await client.query<{ name: string; body: string }>('SELECT name, body FROM reply_templates')
      ).rows;

      const store = track(new SqlLeadStore(openPostgres(url)));
      await store.readiness();
      const { rows: steps } = await client.query('SELECT step FROM schema_steps');
      expect(stepNumbers(steps)).toEqual(SCHEMA.map((_, index) => index + 1));
      expectCardStep(await cardStepRows(store), templatesBefore);
      expect(
        (await freshTemplates('postgresql')).find((template) => template.name === 'First reply')!.body,
      ).not.toContain('reply to this email');
    } finally {
      await client.end();
    }
  });
});
