import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { agencyContact } from '@/lib/site-contact';
import { openPostgres } from '@/server/db/postgres';
import { openSqlite, type SqliteDatabase } from '@/server/db/sqlite';
import { DigestScheduler } from '@/server/desk/digest-store';
import { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { outboxKinds } from '@/server/message-kinds';
import { OutboxQueue, queueMessage, queueMessageRow } from '@/server/outbox/queue';
import { DeliveryWorker, type OutboxSettings } from '@/server/outbox/worker';
import { freshDatabase } from '../support/postgres';
import { STORE_KINDS, type StoreKind } from '../support/store-kinds';
import { parseMail, smtpMailer, startSmtpServer } from './support/smtp';

/*
 * An outbox as the release before the outbox module (674c8b0) left it on a disk: its own stores
 * queued messages of every kind, its worker sent some, failed some once and claimed one before it
 * stopped (scripts/outbox-fixtures.ts; tests/unit/fixtures/outbox-674c8b0/README.md). Today's code
 * opens it with every row as it was, and today's worker, with the registry main.ts hands it, sends
 * each waiting row exactly once, by its kind, and nothing that was sent already.
 */
const FIXTURES = 'tests/unit/fixtures/outbox-674c8b0';

/**
 * 16:00 in the office (America/Chicago) on Friday 2026-11-20, the day the fixture's digests are
 * for and after every retry and claim in it. The old worker wrote a digest out with the real clock
 * and today's with the pass's; either sends it on its own day (with Omar still New and unassigned,
 * both members' digests have something to say) and does it unsent once the day is over.
 */
const NOW = Date.parse('2026-11-20T22:00:00.000Z');
const SITE_URL = 'https://miqat-travel.example';
const SETTINGS: OutboxSettings = {
  notifyFrom: 'Miqat Travel Desk <desk@miqat-travel.example>',
  siteUrl: SITE_URL,
  retryBaseMs: 1_000,
  retryMaxMs: 60_000,
  deliveryTimeoutMs: 2_000,
  workerIntervalMs: 1_000,
};

type Row = Record<string, unknown>;
type Snapshot = Record<string, Row[]>;

const folder = mkdtempSync(join(tmpdir(), 'outbox-674c8b0-'));
const cleanups: (() => Promise<unknown> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A table's rows in one order, whatever order the database gave them in. */
function ordered(rows: readonly Row[]): Row[] {
  return rows.map((row) => ({ ...row })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The fixture opened by today's store, and every row of every table (counters included) read the way the file holds them. */
interface Opened {
  store: SqlLeadStore;
  snapshot(): Promise<Snapshot>;
  /** Where the outbox's ids go on from: SQLite's AUTOINCREMENT counter or PostgreSQL's identity sequence. */
  outboxCounter(): Promise<number>;
}

/** A copy of the SQLite fixture; `before` is every row as 674c8b0 wrote it, read before today's code opened it. */
async function openSqliteFixture(): Promise<Opened & { before: Snapshot }> {
  const path = join(folder, `leads-${cleanups.length}-${Date.now()}.sqlite`);
  copyFileSync(join(FIXTURES, 'leads.sqlite'), path);
  const rows = (db: DatabaseSync): Snapshot => {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    const snapshot = Object.fromEntries(
      tables.map(({ name }) => [name, ordered(db.prepare(`SELECT * FROM ${name}`).all())]),
    );
    return { ...snapshot, '(user_version)': [db.prepare('PRAGMA user_version').get() as Row] };
  };
  const file = new DatabaseSync(path, { readOnly: true });
  const before = rows(file);
  file.close();
  const store = new SqlLeadStore(openSqlite(path));
  cleanups.push(() => store.close());
  const db = (store.database as SqliteDatabase).db;
  return {
    store,
    before,
    snapshot: async () => rows(db),
    outboxCounter: async () =>
      Number((db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").get() as Row)['seq']),
  };
}

/** A new database holding the PostgreSQL fixture (pg_dump's psql commands, `\restrict`, left out), and `before` likewise. */
async function openPostgresFixture(): Promise<Opened & { before: Snapshot }> {
  const url = await freshDatabase(inject('postgresUrl'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  const dump = readFileSync(join(FIXTURES, 'leads.postgres.sql'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  await client.query(dump);
  const rows = async (): Promise<Snapshot> => {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const snapshot: Snapshot = {};
    for (const { name } of tables) snapshot[name] = ordered((await client.query(`SELECT * FROM public.${name}`)).rows);
    const sequences = await client.query(
      "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL",
    );
    return { ...snapshot, '(sequences)': ordered(sequences.rows) };
  };
  const before = await rows();
  const store = new SqlLeadStore(openPostgres(url));
  cleanups.push(() => store.close());
  await store.readiness();
  return {
    store,
    before,
    snapshot: rows,
    outboxCounter: async () => {
      const {
        rows: [sequence],
      } = await client.query<{ last_value: string }>(
        "SELECT last_value FROM pg_sequences WHERE schemaname = 'public' AND sequencename = 'outbox_id_seq'",
      );
      return Number(sequence!.last_value);
    },
  };
}

const openFixture = (kind: StoreKind) => (kind === 'sqlite' ? openSqliteFixture() : openPostgresFixture());

/** One outbox row as the assertions read it. */
interface OutboxRow {
  id: number;
  lead_id: string | null;
  channel: string;
  destination: string;
  status: string;
  attempts: number;
  last_error: string | null;
  delivered_at: string | null;
  message_key: string;
  payload: string | null;
}

async function outboxRows(store: SqlLeadStore): Promise<OutboxRow[]> {
  const rows = await store.database.all<OutboxRow>('SELECT * FROM outbox ORDER BY id');
  return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

async function attemptRows(store: SqlLeadStore) {
  const rows = await store.database.all<{ id: number; outbox_id: number; ok: number; detail: string }>(
    'SELECT id, outbox_id, ok, detail FROM delivery_attempts ORDER BY id',
  );
  return rows.map((row) => ({
    id: Number(row.id),
    outboxId: Number(row.outbox_id),
    ok: Number(row.ok),
    detail: row.detail,
  }));
}

/** The fixture's two enquiries: Layla's (quoted, accepted, paid, replied to) and Omar's (still New). */
async function fixtureLeads(store: SqlLeadStore) {
  const rows = await store.database.all<{ id: string; reference: string; form_id: string; received_at: string }>(
    'SELECT id, reference, form_id, received_at FROM leads ORDER BY seq',
  );
  const layla = rows.find((row) => row.form_id === 'umrah')!;
  const omar = rows.find((row) => row.form_id === 'contact')!;
  return { layla, omar, count: rows.length };
}

/** A local HTTP destination standing for the agency's webhook and form service: it takes every request. */
async function startReceiver() {
  const received: { path: string; key: string | undefined; type: string | undefined; body: string }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const key = request.headers['idempotency-key'];
      received.push({
        path: request.url ?? '',
        key: Array.isArray(key) ? key.join(', ') : key,
        type: request.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${port}`, received };
}

/** What later schema steps may change: their own records, and the starting templates step 13 rewords. */
const CHANGED_BY_LATER_STEPS = new Set(['(user_version)', 'schema_steps', 'reply_templates']);

/** `snapshot` as 674c8b0 would read it: its tables (from `release`), each row in the columns it had. */
function asReleased(snapshot: Snapshot, release: Snapshot): Snapshot {
  return Object.fromEntries(
    Object.entries(release)
      .filter(([table]) => !CHANGED_BY_LATER_STEPS.has(table))
      .map(([table, rows]) => {
        const columns = Object.keys(rows[0] ?? {});
        const now = snapshot[table] ?? [];
        return [table, now.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])))];
      }),
  );
}

describe.each(STORE_KINDS)('an outbox written by 674c8b0, on %s', (kind) => {
  it('opens with every delivery, attempt, idempotency key, digest day and the id counter as they were', async () => {
    const { store, before, snapshot, outboxCounter } = await openFixture(kind);
    // Opening runs the schema steps that came after 674c8b0 and nothing else: every row of every table
    // that release had is as it was, in the columns it had. Later steps record themselves, may add
    // tables and columns, and step 13 rewords the starting reply templates no owner has edited
    // (schema-migration.test.ts covers that).
    expect(asReleased(await snapshot(), before)).toEqual(asReleased(before, before));

    const rows = await outboxRows(store);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(rows.map((row) => (row.payload ? (JSON.parse(row.payload) as { kind: string }).kind : row.channel))).toEqual(
      [
        'email',
        'webhook',
        'acknowledgement',
        'relay',
        'quote-sent',
        'quote-sent',
        'quote-question',
        'quote-accepted',
        'acceptance-confirmed',
        'payment-receipt',
        'reply',
        'digest',
        'digest',
        'first-contact-alert',
      ],
    );
    expect(rows.filter((row) => row.status === 'delivered').map((row) => row.id)).toEqual([1, 5]);
    expect(rows.filter((row) => row.last_error !== null).map((row) => [row.id, row.attempts, row.last_error])).toEqual([
      [2, 1, 'HTTP 503'],
      [9, 1, '451 Mailbox busy'],
    ]);
    expect(await attemptRows(store)).toEqual([
      { id: 1, outboxId: 1, ok: 1, detail: 'accepted by the SMTP server' },
      { id: 2, outboxId: 2, ok: 0, detail: 'HTTP 503' },
      { id: 3, outboxId: 5, ok: 1, detail: 'accepted by the SMTP server' },
      { id: 4, outboxId: 9, ok: 0, detail: '451 Mailbox busy' },
    ]);
    const digestDays = await store.database.all<{ outbox_id: number | string }>(
      'SELECT outbox_id FROM digest_days ORDER BY outbox_id',
    );
    expect(digestDays.map((row) => Number(row.outbox_id))).toEqual([12, 13]);

    // The idempotency key still answers Layla's enquiry until 24 hours after it came, and not after.
    const { layla, count } = await fixtureLeads(store);
    const keyExpires = Date.parse(layla.received_at) + 24 * 60 * 60_000;
    expect((await store.leadForKey('umrah', 'fixture-key-0000000001', keyExpires - 1))?.id).toBe(layla.id);
    expect(await store.leadForKey('umrah', 'fixture-key-0000000001', keyExpires)).toBeUndefined();
    expect(count).toBe(2);

    // The erased enquiry's delivery (id 15) is never given again: the counter goes on from it.
    const counter = await outboxCounter();
    expect(counter).toBe(15);
    const next = await store.database.transaction((tx) =>
      queueMessageRow(tx, {
        leadId: layla.id,
        destination: 'layla@example.com',
        key: 'after-the-upgrade',
        message: { kind: 'reply', reference: layla.reference, subject: 'After', text: 'After', senderName: 'Amina' },
      }),
    );
    expect(next).toBe(counter + 1);
  });

  it('sends each waiting row once by its kind, keeps what was sent, and refuses the same messages again', async () => {
    const { store } = await openFixture(kind);
    const { layla, omar } = await fixtureLeads(store);
    const before = await outboxRows(store);
    const attemptsBefore = await attemptRows(store);
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { mailer, close } = smtpMailer(smtp.url);
    cleanups.push(close);
    // The agency's hooks now answer here; nothing else of a row changes.
    const receiver = await startReceiver();
    await store.database.run("UPDATE outbox SET destination = ? WHERE channel = 'webhook'", [`${receiver.url}/hooks`]);
    await store.database.run("UPDATE outbox SET destination = ? WHERE channel = 'relay'", [`${receiver.url}/form`]);

    const worker = new DeliveryWorker(store, SETTINGS, mailer, { kinds: outboxKinds });
    let passes = 0;
    while ((await worker.runOnce(NOW)) > 0) passes += 1;
    expect(passes).toBeGreaterThan(0);

    // Every row is delivered; each that waited has one more attempt, a good one, after any it had.
    const after = await outboxRows(store);
    expect(after.map((row) => [row.id, row.status, row.last_error])).toEqual(
      before.map((row) => [row.id, 'delivered', null]),
    );
    const waiting = before.filter((row) => row.status === 'pending');
    for (const row of after) {
      const earlier = before.find((old) => old.id === row.id)!;
      if (earlier.status === 'delivered') expect(row).toEqual(earlier);
      else expect(row.attempts).toBe(earlier.attempts + 1);
    }
    const attempts = await attemptRows(store);
    expect(attempts.slice(0, attemptsBefore.length)).toEqual(attemptsBefore);
    const added = attempts.slice(attemptsBefore.length);
    expect(added.map((attempt) => attempt.outboxId).sort((a, b) => a - b)).toEqual(waiting.map((row) => row.id));
    expect(added.every((attempt) => attempt.ok === 1)).toBe(true);
    expect(added.map((attempt) => attempt.id)).toEqual(added.map((_, index) => attemptsBefore.length + index + 1));
    expect(
      (await new OutboxQueue(store.database).attemptsOf(layla.id))
        .filter((attempt) => attempt.deliveryId === 2 || attempt.deliveryId === 9)
        .map((attempt) => [attempt.deliveryId, attempt.ok, attempt.detail]),
    ).toEqual([
      [2, false, 'HTTP 503'],
      [2, true, 'HTTP 200'],
      [9, false, '451 Mailbox busy'],
      [9, true, 'accepted by the SMTP server'],
    ]);

    // One email per waiting email row, none for the two sent before. The Message-ID names the row:
    // a message's by its id, an acknowledgement's by its lead.
    const mails = smtp.state.received.map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
    const rowOf = (mail: (typeof mails)[number]) => {
      const messageId = mail.headers['message-id'] ?? '';
      const acknowledged = /^<ack-(.+)@/.exec(messageId)?.[1];
      const row = acknowledged
        ? before.find((old) => old.channel === 'acknowledgement' && old.lead_id === acknowledged)?.id
        : /^<message-(\d+)@/.exec(messageId)?.[1];
      return Number(row);
    };
    expect(mails.map(rowOf).sort((a, b) => a - b)).toEqual([3, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    const sent = new Map(mails.map((mail) => [rowOf(mail), mail]));
    const subjects = Object.fromEntries([...sent].map(([id, mail]) => [id, [mail.to.join(), mail.headers['subject']]]));
    const ref = layla.reference;
    expect(subjects).toEqual({
      3: ['layla@example.com', `Your enquiry to Miqat Travel: reference ${ref}`],
      6: ['layla@example.com', `Your updated quote from Miqat Travel: reference ${ref}`],
      7: ['amina@agency.example', `Question on quote ${ref}`],
      8: ['amina@agency.example', `Quote accepted: ${ref}, version 2, $5,252.50`],
      9: ['layla@example.com', `Thank you for accepting your quote: reference ${ref}`],
      10: ['layla@example.com', `Payment received: reference ${ref}`],
      11: ['layla@example.com', `Your room in Makkah (reference ${ref})`],
      12: ['amina@agency.example', expect.stringMatching(/^Your desk today: /)],
      13: ['yusuf@agency.example', expect.stringMatching(/^Your desk today: /)],
      14: ['amina@agency.example', `Still New after 2 office hours: ${omar.reference}`],
    });
    // What each kind writes from its payload, with this server's links.
    expect(sent.get(6)!.text).toContain('This is version 2');
    expect(sent.get(7)!.text).toContain('> Can my mother share our room in Makkah?');
    expect(sent.get(9)!.text).toMatch(/Deposit:\s+\$1,500, due by November 27, 2026/);
    expect(sent.get(10)!.text).toMatch(/Balance:\s+\$3,752\.50/);
    expect(sent.get(11)!.headers['from']).toBe('Amina Rahman <desk@miqat-travel.example>');
    expect(sent.get(11)!.text).toContain('Yes: your mother can share your room.');
    for (const id of [12, 13]) expect(sent.get(id)!.text).toContain(omar.reference);
    expect(sent.get(14)!.text).toContain(`${SITE_URL}/admin/leads/${omar.id}`);

    // The webhook and the claimed relay, once each, under their lead's id.
    expect(receiver.received.map((request) => [request.path, request.key]).sort()).toEqual([
      ['/form', omar.id],
      ['/hooks', layla.id],
    ]);

    // Nothing is due any more, and the same messages queued again are refused: each lead's by its
    // key and address, the digests by their members' claimed day, the alert by its lead's mark.
    expect(await worker.runOnce(NOW + 7 * 24 * 60 * 60_000)).toBe(0);
    for (const row of after.filter((row) => row.payload !== null && row.lead_id !== null)) {
      const again = { leadId: row.lead_id, destination: row.destination, key: row.message_key };
      const message = JSON.parse(row.payload!) as { kind: string };
      expect(await store.database.transaction((tx) => queueMessage(tx, { ...again, message }))).toBe(false);
    }
    const scheduler = new DigestScheduler(store.database, {
      digestHour: 8,
      targetHours: 2,
      siteUrl: SITE_URL,
      timeZone: agencyContact.timeZone,
      hours: agencyContact.hours,
    });
    expect(await scheduler.schedule.run(new Date(NOW))).toEqual({ digests: 0, alerts: 0 });
    expect((await outboxRows(store)).length).toBe(before.length);
    expect(smtp.state.received).toHaveLength(10);
  });
});
