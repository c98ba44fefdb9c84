import { expect, test } from '@playwright/test';
import {
  challenge,
  compareWithReceipts,
  compareWithRows,
  LeadLoad,
  post,
  submission,
  testLeadDb,
  waitFor,
  WebhookReceiver,
  type TestLeadDb,
} from './support/lead-load.ts';
import { addStaff, signIn } from './support/desk';
import { startServer, type SideServer } from './support/server';

/**
 * Two instances of the real server on one PostgreSQL database, as behind a load balancer: whatever
 * instance a request reaches, a lead is stored once, delivered once, a captcha is spent once, the
 * rate limit counts both, and a staff session works on either.
 */
/** The two instances' origins. */
let instances: string[] = [];
let A = '';
let B = '';
const SUBMISSIONS = 300;
const CONCURRENCY = 16;
const RATE_LIMIT = 4;
const STAFF = { email: 'amina@agency.example', role: 'agent', password: 'correct horse battery staple' } as const;
const DELIVERY_WAIT_MS = 20_000;

test.describe.configure({ mode: 'serial' });

const hook = new WebhookReceiver();
let db: TestLeadDb;
let servers: SideServer[] = [];

test.beforeAll(async () => {
  db = await testLeadDb('postgresql');
  await hook.start();
  hook.up = false;
  const env = {
    ...db.env,
    ...hook.serverEnv(),
    LEADS_RATE_LIMIT: String(RATE_LIMIT),
    TRUST_PROXY: '1',
  };
  // Both start at once on the empty database, as two instances of a fresh deploy would: the migration runs once.
  servers = await Promise.all([startServer(env), startServer(env)]);
  await addStaff(env, STAFF);
  instances = servers.map((server) => server.origin);
  [A, B] = instances as [string, string];
});

test.afterAll(async () => {
  for (const server of servers) server.process.kill('SIGKILL');
  await hook.close();
  await db.close();
});

test('under load across both instances with the relay down, every 201 is a row and no row lacks one', async () => {
  const load = new LeadLoad('instances', (n) => instances[n % 2]!);
  const started = Date.now();
  await load.drive(CONCURRENCY, SUBMISSIONS);
  console.log(`[lead-instances] ${load.summary()} in ${Date.now() - started} ms; relay refused ${hook.refused}`);

  expect(load.connectionErrors).toEqual([]);
  expect(Object.fromEntries(load.otherStatuses)).toEqual({});
  expect(load.acknowledged.size).toBe(SUBMISSIONS);
  const rows = await db.leads();
  const { missing, unacknowledged } = compareWithRows(load, rows);
  expect(missing, 'answered 201 but not stored').toEqual([]);
  expect(unacknowledged, 'stored without a 201').toEqual([]);

  // The relay was down throughout: both workers tried, nothing counts as delivered.
  expect(hook.refused).toBeGreaterThan(0);
  expect(hook.receipts.size).toBe(0);
  const outbox = await db.outbox();
  expect(outbox.length).toBe(rows.length);
  expect(outbox.every((row) => row.status === 'pending')).toBe(true);

  // The relay comes back: both workers drain the one outbox, and every lead arrives exactly once.
  hook.up = true;
  const backAt = Date.now();
  const undelivered = async () => (await db.outbox()).filter((row) => row.status !== 'delivered').length;
  await waitFor(
    async () => rows.every((row) => hook.receipts.has(row.id)) && (await undelivered()) === 0,
    DELIVERY_WAIT_MS,
  );
  const deliveredAfterMs = Date.now() - backAt;
  // A short settle, so a late second delivery would still be counted below.
  await new Promise((resolve) => setTimeout(resolve, 500));
  console.log(
    `[lead-instances] relay back: ${hook.receipts.size} leads delivered in ${deliveredAfterMs} ms, ` +
      `${hook.delivered} deliveries accepted`,
  );
  expect(await undelivered()).toBe(0);
  expect(compareWithReceipts(hook, rows), 'leads delivered more than once').toEqual([]);
});

test('a captcha issued by one instance is answered on the other, and refused as reused on the first', async () => {
  const client = '192.0.2.10';
  const lead = submission(2, 'captcha');
  const before = (await db.leads()).length;
  const sum = await challenge(A, client);

  const first = await post(B, lead, client, sum);
  expect(first.status).toBe(201);
  const again = await post(A, lead, client, sum);
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({ errors: { answer: 'Invalid Captcha' }, reason: 'reused' });
  expect((await db.leads()).length).toBe(before + 1);
});

test('the rate limit counts a client on both instances together', async () => {
  const client = '192.0.2.20';
  const before = (await db.leads()).length;
  const statuses: number[] = [];
  for (let n = 0; n < RATE_LIMIT + 2; n += 1) {
    const response = await post(instances[n % 2]!, submission(3 * n, 'limit'), client);
    statuses.push(response.status);
    if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  }
  expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(201), 429, 429]);
  expect((await db.leads()).length).toBe(before + RATE_LIMIT);
});

test('staff signed in on one instance stay signed in on the other', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.30' });
  await page.goto(`${B}/admin/leads`);
  await expect(page.getByLabel('Password')).toBeVisible();

  await signIn(page, A, STAFF.email, STAFF.password);
  await page.goto(`${A}/admin/leads`);
  await expect(page.getByRole('heading', { name: 'Enquiries' })).toBeVisible();

  // Browsers do not scope cookies by port: instance B gets A's session cookie and must accept it.
  await page.goto(`${B}/admin/leads`);
  await expect(page.getByRole('heading', { name: 'Enquiries' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
});
