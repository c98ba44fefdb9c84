// Writes the databases the migration test opens (tests/unit/fixtures/legacy-stores/): a SQLite file
// and a plain-SQL dump of a PostgreSQL database, both made by the lead store of an older commit, with
// rows in every table. The test proves that the current code opens them without losing a row.
//
//   node scripts/legacy-store-fixtures.ts [commit]      (default 2ade425)
//
// The commit's `src/` is unpacked into a temporary folder and its own stores write the rows, so the
// files are exactly what that release left on a disk. It drives that release's API (SqliteLeadStore,
// PostgresLeadStore, PipelineStore, StaffStore), which 2ade425 is the last to have: later commits
// open databases through src/server/db/ and need no fixture of their own until their schema ships.
// PostgreSQL is a throwaway server from Debian's binaries (tests/support/postgres.ts); the dump is
// pg_dump's, with INSERT statements so that a plain `pg` client can load it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { postgresFixture, releaseModules, root, sqliteFixture } from './release-fixtures.ts';

const commit = process.argv[2] ?? '2ade425';
const out = join(root, 'tests/unit/fixtures/legacy-stores');

/** The few calls of the old release's stores that fill every table. */
interface OldLeadStore {
  insertLead(
    lead: object,
    captcha?: object,
    now?: Date,
    deliveries?: object[],
    options?: object,
  ): Promise<{ id: string }>;
  deliveriesOf(leadId: string): Promise<{ id: number }[]>;
  recordAttempt(id: number, result: object, retryAt: number, now?: Date): Promise<void>;
  countRequest(bucket: string, client: string, windowMs: number, nowMs: number): Promise<unknown>;
  secret(key: string): Promise<string>;
  close(): Promise<void>;
  database: unknown;
}
interface OldModules {
  SqliteLeadStore: new (path: string) => OldLeadStore;
  PostgresLeadStore: new (url: string) => OldLeadStore;
  PipelineStore: new (db: unknown) => {
    updatePipeline(id: string, change: object, actor: string, now?: Date): Promise<unknown>;
    addNote(id: string, body: string, actor: string, now?: Date): Promise<unknown>;
    eraseLeads(ids: string[], actor: string, now?: Date): Promise<number>;
  };
  StaffStore: new (db: unknown) => {
    addStaff(account: object, now?: Date): Promise<{ id: string }>;
    createSession(tokenHash: string, staffId: string, csrf: string, expiresAt: number, nowMs?: number): Promise<void>;
  };
}

async function oldModules(): Promise<{ modules: OldModules; cleanUp: () => void }> {
  const { modules, cleanUp } = await releaseModules(commit, [
    'server/leads/sqlite-store.ts',
    'server/leads/postgres-store.ts',
    'server/desk/pipeline-store.ts',
    'server/desk/staff-store.ts',
  ]);
  return { modules: modules as unknown as OldModules, cleanUp };
}

const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 9, minutes));
const FAR_FUTURE = Date.UTC(2099, 0, 1);

/** Rows in every table: leads with outbox rows and attempts, keys, captchas, windows, staff, the pipeline, an erasure. */
async function fill(modules: OldModules, store: OldLeadStore): Promise<void> {
  const staff = new modules.StaffStore(store.database);
  const desk = new modules.PipelineStore(store.database);
  const owner = await staff.addStaff(
    { email: 'amina@agency.example', role: 'owner', passwordHash: 'fixture-hash-1', mustChangePassword: false },
    at(0),
  );
  const agent = await staff.addStaff(
    { email: 'yusuf@agency.example', role: 'agent', passwordHash: 'fixture-hash-2', mustChangePassword: true },
    at(1),
  );
  await staff.createSession('token-hash-owner', owner.id, 'csrf-owner', FAR_FUTURE, at(2).getTime());
  await staff.createSession('token-hash-agent', agent.id, 'csrf-agent', FAR_FUTURE, at(3).getTime());

  const umrah = await store.insertLead(
    {
      formId: 'umrah',
      fields: { name: 'Amina Yusuf', email: 'Amina@Example.com', phone: '(312) 555-0147', adults: '2', children: '1' },
      pageUrl: 'https://miqat-travel.example/umrah-packages',
      userAgent: 'Mozilla/5.0 (fixture)',
    },
    { nonce: 'nonce-fixture-1', expiresAt: Math.floor(FAR_FUTURE / 1000) },
    at(10),
    [
      { channel: 'email', destination: 'leads@agency.example' },
      { channel: 'webhook', destination: 'https://hooks.example/leads' },
    ],
    { idempotencyKey: 'fixture-key-0000000001', acknowledgeTo: 'Amina@Example.com' },
  );
  const contact = await store.insertLead(
    {
      formId: 'contact',
      fields: {
        firstName: 'Omar',
        lastName: 'Farouk',
        email: 'omar@example.com',
        subject: 'visa-services',
        message: 'Do I need a visa? "Quotes", emoji 🕋 and ünïcödé survive.',
      },
      pageUrl: null,
      userAgent: null,
    },
    undefined,
    at(20),
    [{ channel: 'relay', destination: 'https://relay.example/form' }],
  );
  const erased = await store.insertLead(
    { formId: 'visa', fields: { name: 'Gone Soon', phone: '+44 20 7946 0000' }, pageUrl: null, userAgent: null },
    undefined,
    at(30),
    [{ channel: 'email', destination: 'leads@agency.example' }],
    { idempotencyKey: 'fixture-key-0000000002' },
  );

  const [email, webhook] = await store.deliveriesOf(umrah.id);
  await store.recordAttempt(email!.id, { ok: true, detail: 'sent 250 OK', durationMs: 42 }, 0, at(11));
  await store.recordAttempt(webhook!.id, { ok: false, detail: 'HTTP 503', durationMs: 1200 }, at(16).getTime(), at(11));
  await store.recordAttempt(webhook!.id, { ok: true, detail: 'HTTP 200', durationMs: 80 }, 0, at(16));

  await store.countRequest('submissions', '203.0.113.7', 60_000, at(10).getTime());
  await store.countRequest('submissions', '203.0.113.7', 60_000, at(10).getTime() + 500);
  await store.countRequest('logins', '198.51.100.2', 300_000, at(5).getTime());
  await store.secret('captcha');

  await desk.updatePipeline(
    umrah.id,
    { status: 'contacted', assigneeId: agent.id, followUp: '2026-03-05' },
    'amina@agency.example',
    at(40),
  );
  await desk.addNote(umrah.id, 'Called back; wants Ramadan dates.', 'yusuf@agency.example', at(41));
  await desk.updatePipeline(
    contact.id,
    { status: 'lost', lostReason: 'went with another agency' },
    'amina@agency.example',
    at(42),
  );
  await desk.eraseLeads([erased.id], 'amina@agency.example', at(50));
}

mkdirSync(out, { recursive: true });
const { modules, cleanUp } = await oldModules();
try {
  await sqliteFixture(join(out, 'leads.sqlite'), async (path) => {
    const store = new modules.SqliteLeadStore(path);
    await fill(modules, store);
    await store.close();
  });
  await postgresFixture('legacy_leads', join(out, 'leads.postgres.sql'), async (url) => {
    const store = new modules.PostgresLeadStore(url);
    await fill(modules, store);
    await store.close();
  });
  writeFileSync(
    join(out, 'README.md'),
    `# Databases written by an older release\n\nMade by \`node scripts/legacy-store-fixtures.ts ${commit}\`: the lead store of commit ` +
      `\`${commit}\` created them and filled every table. \`tests/unit/schema-migration.test.ts\` opens copies of them with ` +
      `the current code. Do not edit them by hand; they stand for files already on operators' disks.\n`,
  );
} finally {
  cleanUp();
}
