import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { freshDatabase, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { post, submission, waitFor, WebhookReceiver, type LeadRow, type OutboxRow } from './support/lead-load.ts';
import { startServer, type SideServer } from './support/server';
import { claimLeaseMs } from '@/server/outbox/worker';
import pg from 'pg';

/**
 * The server on PostgreSQL when the database goes away: enquiries are refused with the API's 503
 * and nothing half-stored, pages keep being served, and once the database is back enquiries are
 * stored again without a restart. A bad `DATABASE_URL` stops the start with a message naming it.
 * This spec runs its own PostgreSQL, because it stops it.
 */
let origin = '';
const UNAVAILABLE = 'Your enquiry could not be saved. Please try again or call us.';
const RECOVERY_WAIT_MS = 20_000;
/**
 * A delivery claimed by a pass that the outage cut short stays with that pass until its lease ends
 * (claimLeaseMs): a short delivery timeout keeps that lease, and this test, short.
 */
const DELIVERY_TIMEOUT_MS = 2_000;
const DELIVERY_WAIT_MS = claimLeaseMs(DELIVERY_TIMEOUT_MS) + 10_000;

test.describe.configure({ mode: 'serial' });

let postgres: TestPostgres;
let databaseUrl: string;
let server: SideServer;
const hook = new WebhookReceiver();
/** The server's output, shown when it stopped on its own. */
const serverLog: string[] = [];

async function rows<T extends object>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  postgres = await startPostgres();
  databaseUrl = await freshDatabase(postgres.url);
  await hook.start();
  server = await startServer(
    {
      ...hook.serverEnv(),
      DATABASE_URL: databaseUrl,
      LEADS_RATE_LIMIT: '100000',
      LEADS_DELIVERY_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
    },
    { log: serverLog },
  );
  origin = server.origin;
});

test.afterAll(async () => {
  if (server.process.exitCode !== null)
    console.log(`[lead-database-down] the server exited ${server.process.exitCode}:\n${serverLog.join('\n')}`);
  server.process.kill('SIGKILL');
  await hook.close();
  await postgres.stop();
});

test('with the database down, enquiries get 503, pages still load and /readyz says so; when it returns, enquiries are stored again', async () => {
  const stored: string[] = [];
  const refused: string[] = [];
  const send = async (n: number) => {
    const lead = submission(3 * n, 'down');
    const response = await post(origin, lead, '127.0.0.1');
    (response.status === 201 ? stored : refused).push(lead.fields['email']!);
    return response;
  };
  const first = await send(1);
  expect(first.status).toBe(201);
  const { id: firstId } = (await first.json()) as { id: string };

  await postgres.halt();
  // The confirmation a browser's own post lands on cannot look its lead up: it asks for a reload, never a 500.
  const confirmation = await fetch(`${origin}/enquiry/sent?lead=${firstId}`);
  expect(confirmation.status).toBe(503);
  expect(confirmation.headers.get('retry-after')).toBe('60');
  expect(await confirmation.text()).toContain('Please reload this page in a minute');
  for (const n of [2, 3, 4]) {
    const response = await send(n);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: UNAVAILABLE });
  }
  for (const path of ['/', '/contact-us', '/umrah-packages', '/healthz']) {
    expect((await fetch(`${origin}${path}`)).status, path).toBe(200);
  }
  // A load balancer takes the instance out of rotation while its store is unreachable.
  const readiness = await fetch(`${origin}/readyz`);
  expect(readiness.status).toBe(503);
  expect(await readiness.json()).toMatchObject({ status: 'unavailable', store: 'postgresql' });

  await postgres.restart();
  const recovered = await waitFor(async () => (await send(5 + refused.length)).status === 201, RECOVERY_WAIT_MS);
  expect(recovered, 'enquiries are stored again once the database is back').toBe(true);
  expect(server.process.exitCode, 'the server kept running').toBeNull();
  expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  expect(await (await fetch(`${origin}/enquiry/sent?lead=${firstId}`)).text()).toContain('Your reference is MQ-');

  // Exactly the enquiries answered 201 are stored, each with its delivery: nothing half-way.
  const leads = await rows<Pick<LeadRow, 'id' | 'fields'>>('SELECT id, fields FROM leads');
  const emails = leads.map((lead) => (typeof lead.fields === 'string' ? JSON.parse(lead.fields) : lead.fields).email);
  expect(emails.sort()).toEqual([...stored].sort());
  const outbox = await rows<Pick<OutboxRow, 'leadId'>>('SELECT lead_id AS "leadId" FROM outbox');
  expect(outbox.map((row) => row.leadId).sort()).toEqual(leads.map((lead) => lead.id).sort());
  expect(await waitFor(() => hook.receipts.size === leads.length, DELIVERY_WAIT_MS)).toBe(true);
});

/** Starts the server with `databaseUrl` and resolves with its exit code and output once it exits. */
async function failedStart(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    // Port 0: should the start wrongly succeed, the server listens where it disturbs no other spec.
    env: { ...process.env, PORT: '0', HOST: 'localhost', DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}

for (const [problem, url] of [
  ['malformed', 'postgres://user@:not-a-port/leads'],
  ['of another scheme', 'mysql://user@127.0.0.1/leads'],
  // Nothing listens on port 1 (tcpmux): the connection is refused at once.
  ['unreachable', 'postgres://postgres@127.0.0.1:1/leads'],
] as const) {
  test(`a start with a DATABASE_URL ${problem} stops with a message naming DATABASE_URL`, async () => {
    const { code, output } = await failedStart(url);
    expect(code, output).not.toBe(0);
    expect(code, 'the server stopped by itself').not.toBeNull();
    expect(output).toContain('DATABASE_URL');
    // One line an operator reads in the service log, not a stack trace around it.
    expect(output.trim().split('\n'), output).toHaveLength(1);
  });
}
