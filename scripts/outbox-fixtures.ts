// Writes the databases the outbox migration test opens (tests/unit/fixtures/outbox-674c8b0/): a
// SQLite file and a plain-SQL dump of a PostgreSQL database, each with an outbox as the release
// before the outbox module (674c8b0, where the lead store queued and a worker in src/server/leads
// sent) left it on a disk: messages of every kind waiting, some sent, some failed once, one claimed
// by a worker that stopped. The test proves that today's worker sends each waiting one exactly once.
//
//   npx --no-install node scripts/outbox-fixtures.ts [commit]      (default 674c8b0)
//
// As scripts/legacy-store-fixtures.ts does, the commit's `src/` is unpacked into a temporary folder
// and its own stores write every row: its lead store takes the leads (with their relay, webhook,
// staff email, acknowledgement and idempotency key) and records the tries, its quote store sends,
// answers and bills a quote, its reply store queues a reply, its digest scheduler queues the alert
// and the digests, and its privacy store erases a lead. PostgreSQL is a throwaway server from
// Debian's binaries (tests/support/postgres.ts); the dump is pg_dump's, with INSERT statements.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { postgresFixture, releaseModules, root, sqliteFixture } from './release-fixtures.ts';

const commit = process.argv[2] ?? '674c8b0';
const out = join(root, `tests/unit/fixtures/outbox-${commit}`);

/** The calls of the old release's stores that fill the outbox. */
interface OldLeadStore {
  insertLead(
    lead: object,
    captcha?: object,
    now?: Date,
    deliveries?: object[],
    options?: object,
  ): Promise<{ id: string; reference: string }>;
  deliveriesOf(leadId: string): Promise<{ id: number; channel: string; message: { kind: string } | null }[]>;
  claimDueDeliveries(nowMs: number, limit?: number): Promise<{ id: number; channel: string }[]>;
  recordAttempt(id: number, result: object, retryAt: number, now?: Date): Promise<void>;
  close(): Promise<void>;
  database: unknown;
}
interface Outcome {
  ok: boolean;
}
interface OldModules {
  openSqlite(path: string): unknown;
  openPostgres(url: string): unknown;
  SqlLeadStore: new (database: unknown) => OldLeadStore;
  StaffStore: new (db: unknown) => { addStaff(account: object, now?: Date): Promise<{ id: string; email: string }> };
  QuoteStore: new (
    db: unknown,
    options: { emails: boolean },
  ) => {
    saveDraft(
      target: object,
      input: object,
      staff: object,
      today: string,
      now?: Date,
    ): Promise<(Outcome & { quoteId: string }) | undefined>;
    send(target: object, staff: object, today: string, now?: Date): Promise<(Outcome & { token: string }) | undefined>;
    ask(token: string, version: number, text: string, now?: Date): Promise<{ outcome: string }>;
    accept(token: string, version: number, typedName: string, today: string, now?: Date): Promise<{ outcome: string }>;
    recordPayment(
      target: object,
      input: object,
      staff: object,
      today: string,
      now?: Date,
      options?: object,
    ): Promise<Outcome | undefined>;
  };
  ReplyStore: new (
    db: unknown,
    options: { siteUrl: string },
  ) => {
    setStaffName(staffId: string, name: string): Promise<string | undefined>;
    sendReply(leadId: string, reply: object, sender: object, now?: Date): Promise<Outcome | undefined>;
  };
  DigestScheduler: new (
    db: unknown,
    settings: object,
  ) => { run(now: Date): Promise<{ digests: number; alerts: number } | null> };
  PrivacyStore: new (leads: OldLeadStore) => { eraseLeads(ids: string[], actor: string, now?: Date): Promise<number> };
  agencyContact: { timeZone: string; hours: unknown };
}

async function oldModules(): Promise<{ modules: OldModules; cleanUp: () => void }> {
  const { modules, cleanUp } = await releaseModules(commit, [
    'server/db/sqlite.ts',
    'server/db/postgres.ts',
    'server/leads/sql-lead-store.ts',
    'server/desk/staff-store.ts',
    'server/desk/quote-store.ts',
    'server/desk/reply-store.ts',
    'server/desk/digest-store.ts',
    'server/desk/privacy-store.ts',
    'lib/site-contact.ts',
  ]);
  return { modules: modules as unknown as OldModules, cleanUp };
}

/** A moment in November 2026, in UTC; the office (America/Chicago) is six hours behind. */
const at = (day: number, hour: number, minute = 0, second = 0) =>
  new Date(Date.UTC(2026, 10, day, hour, minute, second));
/** The office day the quote is sent, answered and paid on, and the digests are queued for (a Friday). */
const TODAY = '2026-11-20';
const SITE_URL = 'https://miqat-travel.example';

/** The quote as the desk's form saves it: $5,452.50 in version 1, $5,252.50 in version 2. */
const quoteDraft = (doubleCents: number, balanceCents: number) => ({
  packageSlug: 'umrah-economy-14-nights',
  departureOn: '2027-03-10',
  returnOn: '2027-03-24',
  departureAirport: 'ORD',
  hotels: [
    { city: 'makkah', name: 'Hilton Suites Makkah', nights: 7, confirmed: true },
    { city: 'madinah', name: 'Pullman Zamzam Madinah', nights: 6, confirmed: false },
  ],
  lines: [
    { kind: 'double', label: '', unitCents: doubleCents, count: 2 },
    { kind: 'child-with-bed', label: '', unitCents: 149_950, count: 1 },
    { kind: 'extra', label: 'Travel insurance', unitCents: 8_500, count: 3 },
  ],
  discount: { label: 'Early booking', amountCents: 10_000 },
  included: ['Return flights from Chicago', 'Umrah visa'],
  note: '',
  validUntil: '2026-11-27',
  schedule: [
    { dueOn: '2026-11-27', amountCents: 150_000 },
    { dueOn: '2027-01-24', amountCents: balanceCents },
  ],
});

/** Fails the generation when an old store refused a step: the fixture would miss what it stands for. */
function expectDone<T>(what: string, result: T | undefined, done: (result: T) => boolean): T {
  if (result === undefined || !done(result)) throw new Error(`${what} was refused: ${JSON.stringify(result)}`);
  return result;
}

/**
 * The outbox of a working day on the old release: Layla's enquiry (its staff email sent, its webhook
 * failed once, its acknowledgement waiting) becomes a quote sent twice (version 1's email sent),
 * asked about, accepted (the confirmation failed once) and paid, with a reply; Omar's contact
 * enquiry waits for its relay (claimed by a worker that stopped) and, still New, is in the owner's
 * alert and both digests; a third enquiry is erased after everything, so the id counter is ahead.
 */
async function fill(modules: OldModules, store: OldLeadStore): Promise<void> {
  const staffStore = new modules.StaffStore(store.database);
  const amina = await staffStore.addStaff(
    { email: 'amina@agency.example', role: 'owner', passwordHash: 'fixture-hash-1', mustChangePassword: false },
    at(18, 15),
  );
  await staffStore.addStaff(
    { email: 'yusuf@agency.example', role: 'agent', passwordHash: 'fixture-hash-2', mustChangePassword: false },
    at(18, 15, 1),
  );
  const replies = new modules.ReplyStore(store.database, { siteUrl: SITE_URL });
  if ((await replies.setStaffName(amina.id, 'Amina Rahman')) !== undefined) throw new Error('name refused');

  const layla = await store.insertLead(
    {
      formId: 'umrah',
      fields: { name: 'Layla Haddad', email: 'layla@example.com', phone: '713-555-0123', adults: '2', children: '1' },
      pageUrl: `${SITE_URL}/umrah-packages`,
      userAgent: 'Mozilla/5.0 (fixture)',
    },
    undefined,
    at(19, 15),
    [
      { channel: 'email', destination: 'leads@agency.example' },
      { channel: 'webhook', destination: 'https://hooks.example/leads' },
    ],
    { idempotencyKey: 'fixture-key-0000000001', acknowledgeTo: 'layla@example.com' },
  );
  const [staffEmail, webhook] = await store.deliveriesOf(layla.id);
  await store.recordAttempt(
    staffEmail!.id,
    { ok: true, detail: 'accepted by the SMTP server', durationMs: 42 },
    0,
    at(19, 15, 0, 2),
  );
  await store.recordAttempt(
    webhook!.id,
    { ok: false, detail: 'HTTP 503', durationMs: 120 },
    at(19, 17).getTime(),
    at(19, 15, 0, 3),
  );

  const omar = await store.insertLead(
    {
      formId: 'contact',
      fields: {
        firstName: 'Omar',
        lastName: 'Farouk',
        email: 'omar@example.com',
        subject: 'visa-services',
        message: 'Do I need a visa for Umrah?',
      },
      pageUrl: null,
      userAgent: null,
    },
    undefined,
    at(19, 16),
    [{ channel: 'relay', destination: 'https://relay.example/form' }],
  );
  // The old worker claims the relay (due first: the webhook waits until 17:00, acknowledgements go last) and stops before trying it.
  const claimed = await store.claimDueDeliveries(at(19, 16, 0, 1).getTime(), 1);
  if (claimed.length !== 1 || claimed[0]!.channel !== 'relay') throw new Error(`claimed ${JSON.stringify(claimed)}`);

  const quotes = new modules.QuoteStore(store.database, { emails: true });
  const staff = { id: amina.id, email: amina.email };
  const saved = expectDone(
    'version 1',
    await quotes.saveDraft({ leadId: layla.id }, quoteDraft(189_900, 395_250), staff, TODAY, at(20, 14, 10)),
    (result) => result.ok,
  );
  const target = { leadId: layla.id, quoteId: saved.quoteId };
  const { token } = expectDone(
    'sending version 1',
    await quotes.send(target, staff, TODAY, at(20, 14, 11)),
    (sent) => sent.ok,
  );
  const quoteSent = (await store.deliveriesOf(layla.id)).find((row) => row.message?.kind === 'quote-sent')!;
  await store.recordAttempt(
    quoteSent.id,
    { ok: true, detail: 'accepted by the SMTP server', durationMs: 35 },
    0,
    at(20, 14, 11, 5),
  );
  expectDone(
    'version 2',
    await quotes.saveDraft(target, quoteDraft(179_900, 375_250), staff, TODAY, at(20, 14, 20)),
    (result) => result.ok,
  );
  expectDone('sending version 2', await quotes.send(target, staff, TODAY, at(20, 14, 21)), (sent) => sent.ok);
  const asked = await quotes.ask(token, 2, 'Can my mother share our room in Makkah?', at(20, 14, 30));
  if (asked.outcome !== 'asked') throw new Error(`question: ${asked.outcome}`);
  const accepted = await quotes.accept(token, 2, 'Layla Haddad', TODAY, at(20, 14, 40));
  if (accepted.outcome !== 'accepted') throw new Error(`acceptance: ${accepted.outcome}`);
  const confirmation = (await store.deliveriesOf(layla.id)).find(
    (row) => row.message?.kind === 'acceptance-confirmed',
  )!;
  await store.recordAttempt(
    confirmation.id,
    { ok: false, detail: '451 Mailbox busy', durationMs: 30 },
    at(20, 15, 40).getTime(),
    at(20, 14, 40, 2),
  );
  const payment = { paidOn: TODAY, amountCents: 150_000, method: 'bank-transfer', reference: 'TRF-0042' };
  expectDone(
    'the deposit',
    await quotes.recordPayment(target, payment, staff, TODAY, at(20, 14, 50), { emailReceipt: true }),
    (result) => result.ok,
  );
  const reply = {
    subject: 'Your room in Makkah',
    body: 'Dear Layla,\n\nYes: your mother can share your room.',
    key: 'fixture-reply-1',
  };
  expectDone(
    'the reply',
    await replies.sendReply(layla.id, reply, { email: amina.email, name: 'Amina Rahman' }, at(20, 15)),
    (result) => result.ok,
  );

  // 10:00 in the office on Friday: past the digest's hour, and Omar has been New for 8 office hours.
  const scheduler = new modules.DigestScheduler(store.database, {
    digestHour: 8,
    targetHours: 2,
    siteUrl: SITE_URL,
    timeZone: modules.agencyContact.timeZone,
    hours: modules.agencyContact.hours,
  });
  const queued = await scheduler.run(at(20, 16));
  if (queued?.digests !== 2 || queued.alerts !== 1) throw new Error(`scheduled: ${JSON.stringify(queued)}`);
  if (!(await store.deliveriesOf(omar.id)).some((row) => row.message?.kind === 'first-contact-alert')) {
    throw new Error('no alert for Omar');
  }

  const gone = await store.insertLead(
    { formId: 'visa', fields: { name: 'Gone Soon', phone: '+44 20 7946 0000' }, pageUrl: null, userAgent: null },
    undefined,
    at(20, 16, 30),
    [{ channel: 'email', destination: 'leads@agency.example' }],
  );
  if ((await new modules.PrivacyStore(store).eraseLeads([gone.id], amina.email, at(20, 16, 40))) !== 1) {
    throw new Error('not erased');
  }
}

mkdirSync(out, { recursive: true });
const { modules, cleanUp } = await oldModules();
try {
  await sqliteFixture(join(out, 'leads.sqlite'), async (path) => {
    const store = new modules.SqlLeadStore(modules.openSqlite(path));
    await fill(modules, store);
    await store.close();
  });
  await postgresFixture('outbox_before_module', join(out, 'leads.postgres.sql'), async (url) => {
    const store = new modules.SqlLeadStore(modules.openPostgres(url));
    await fill(modules, store);
    await store.close();
  });
  writeFileSync(
    join(out, 'README.md'),
    `# An outbox written by the release before the outbox module\n\nMade by \`npx --no-install node scripts/outbox-fixtures.ts ${commit}\`: ` +
      `the stores of commit \`${commit}\` created them and queued messages of every kind, some sent, some failed once. ` +
      '`tests/unit/outbox-migration.test.ts` opens copies of them with the current code and sends what waits. ' +
      "Do not edit them by hand; they stand for files already on operators' disks.\n",
  );
} finally {
  cleanUp();
}
