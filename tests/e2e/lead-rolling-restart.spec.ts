import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import {
  compareWithReceipts,
  compareWithRows,
  LeadLoad,
  testLeadDb,
  waitFor,
  WebhookReceiver,
  type TestLeadDb,
} from './support/lead-load.ts';
import { startServer, type SideServer } from './support/server';

/**
 * A rolling restart of two instances on one PostgreSQL database under load, as a deploy does it:
 * each instance in turn leaves the load balancer's rotation, gets SIGTERM while its requests are
 * still in flight, and a new instance takes its port. No accepted request may be cut off, and no
 * acknowledged lead may be lost or delivered twice.
 */
const CONCURRENCY = 16;
/** Acknowledged leads between the steps of the restart, so that each step happens under load. */
const LEADS_PER_STEP = 60;
const MAX_SUBMISSIONS = 5_000;
/**
 * How long the outbox may take to deliver every lead after the restarts. It is a limit, not what the
 * test asserts: on a machine busy with other work (a load of 10-15 on two cores) 37 of 714 leads were
 * still queued when a 20 s wait ended, though every acknowledged lead was stored.
 */
const DELIVERY_WAIT_MS = 60_000;

const running: ChildProcess[] = [];

test.afterEach(() => {
  for (const server of running.splice(0))
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});

/**
 * How the instances leave the rotation: the deploy script takes each out before its SIGTERM, or a
 * load balancer polls /readyz and drops an instance once it answers 503, which with
 * SHUTDOWN_DRAIN_MS happens while the instance still serves (and without it, too late).
 */
type Rotation = { by: 'deploy' } | { by: 'readyz'; drainMs: number };

/** A poll of each instance's /readyz every `everyMs`, keeping `rotation` to the ones that answer 200. */
function pollReadiness(origins: readonly string[], rotation: string[], everyMs: number): () => void {
  const timer = setInterval(() => {
    for (const origin of origins) {
      void fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(everyMs * 5) })
        .then((response) => response.status === 200)
        .catch(() => false)
        .then((ready) => {
          const at = rotation.indexOf(origin);
          if (!ready && at >= 0 && rotation.length > 1) rotation.splice(at, 1);
          if (ready && at < 0) rotation.push(origin);
        });
    }
  }, everyMs);
  return () => clearInterval(timer);
}

/** Each test on its own database and webhook, so one test's leads are never another's. */
async function rollingRestart(how: Rotation): Promise<void> {
  const db = await testLeadDb('postgresql');
  const hook = new WebhookReceiver();
  await hook.start();
  try {
    await restartUnderLoad(how, db, hook);
  } finally {
    await hook.close();
    await db.close();
  }
}

async function restartUnderLoad(how: Rotation, db: TestLeadDb, hook: WebhookReceiver): Promise<void> {
  const env = {
    ...db.env,
    ...hook.serverEnv(),
    LEADS_RATE_LIMIT: '100000000',
    ...(how.by === 'readyz' ? { SHUTDOWN_DRAIN_MS: String(how.drainMs) } : {}),
  };
  /** Starts an instance, on `port` when it replaces one there. */
  const start = async (port?: number): Promise<SideServer> => {
    const server = await startServer(env, { port });
    running.push(server.process);
    return server;
  };
  const servers = await Promise.all([start(), start()]);
  /** The load balancer's rotation: the origins new requests go to. */
  const rotation = servers.map((server) => server.origin);
  const stopPolling = how.by === 'readyz' ? pollReadiness([...rotation], rotation, 100) : () => {};
  let turn = 0;
  const load = new LeadLoad('rolling', () => rotation[turn++ % rotation.length]!);
  // A deploy that takes an instance out itself races the requests it had already sent that way (to the
  // old port, or on a kept-alive connection the instance closes unread); a balancer on /readyz with a
  // drain period must not need that allowance.
  load.retryUnanswered = how.by === 'deploy';

  const afterMoreLeads = async (count: number) => {
    const target = load.acknowledged.size + count;
    expect(await waitFor(() => load.acknowledged.size >= target, 30_000), 'the load keeps being acknowledged').toBe(
      true,
    );
  };
  const inFlightAtSigterm: number[] = [];
  const exitCodes: (number | null)[] = [];
  const replace = async (index: number) => {
    const { origin, port, process: old } = servers[index]!;
    const exited = new Promise<number | null>((resolve) => old.once('exit', (code) => resolve(code)));
    // No await between this check and the signal: the requests counted are still in flight when it goes.
    await waitFor(() => (load.inFlight.get(origin) ?? 0) > 0, 10_000);
    if (how.by === 'deploy') rotation.splice(rotation.indexOf(origin), 1);
    inFlightAtSigterm.push(load.inFlight.get(origin) ?? 0);
    old.kill('SIGTERM');
    exitCodes.push(await exited);
    servers[index] = await start(port);
    if (how.by === 'deploy') rotation.push(origin);
    else expect(await waitFor(() => rotation.includes(origin), 5_000), 'back in rotation once ready').toBe(true);
  };

  const driving = load.drive(CONCURRENCY, MAX_SUBMISSIONS);
  await afterMoreLeads(LEADS_PER_STEP);
  await replace(0);
  await afterMoreLeads(LEADS_PER_STEP);
  await replace(1);
  await afterMoreLeads(LEADS_PER_STEP);
  load.stop();
  await driving;
  stopPolling();

  console.log(
    `[lead-rolling-restart ${how.by}] ${load.summary()}; in flight at each SIGTERM ${JSON.stringify(inFlightAtSigterm)}; ` +
      `exit codes ${JSON.stringify(exitCodes)}`,
  );
  expect(exitCodes).toEqual([0, 0]);
  expect(
    inFlightAtSigterm.every((count) => count > 0),
    'each SIGTERM came while requests were in flight',
  ).toBe(true);
  expect(load.connectionErrors, 'requests refused, cut off or reset').toEqual([]);
  expect(Object.fromEntries(load.otherStatuses)).toEqual({});

  const rows = await db.leads();
  const { missing, unacknowledged } = compareWithRows(load, rows);
  expect(missing, 'answered 201 but not stored').toEqual([]);
  expect(unacknowledged, 'stored without a 201').toEqual([]);

  const undelivered = async () => (await db.outbox()).filter((row) => row.status !== 'delivered').length;
  await waitFor(
    async () => rows.every((row) => hook.receipts.has(row.id)) && (await undelivered()) === 0,
    DELIVERY_WAIT_MS,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await undelivered()).toBe(0);
  expect(compareWithReceipts(hook, rows), 'leads delivered more than once').toEqual([]);
}

test('SIGTERM to each of two instances in turn, under load, loses no lead and cuts no request', async () => {
  test.setTimeout(150_000);
  await rollingRestart({ by: 'deploy' });
});

test('behind a balancer that polls /readyz, a drain period lets the restart refuse no request', async () => {
  test.setTimeout(150_000);
  await rollingRestart({ by: 'readyz', drainMs: 1_000 });
});
