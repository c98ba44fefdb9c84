import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { FORMS, optionValues } from '@/lib/forms/definitions';
import { sidePort, startServer } from './support/server';

/**
 * What an operator relies on, against the real server: the health probes, a graceful shutdown on
 * SIGTERM (requests and deliveries in flight finish, nothing acknowledged is lost) and a backup
 * taken while leads keep arriving.
 */
/** One port for the whole spec: a restarted server comes back where the first one was. */
let port: number;
let origin: string;
const SUBJECTS = optionValues(FORMS.contact, 'subject');
/** An address nothing listens on: its deliveries stay pending. */
const DEAD_WEBHOOK = 'http://127.0.0.1:9/hook';

test.describe.configure({ mode: 'serial' });

let dir: string;
let dbPath: string;
let server: ChildProcess | undefined;
let log: string[];

test.beforeAll(async () => {
  port = await sidePort();
  origin = `http://localhost:${port}`;
});

/** This spec's server on its one port, its output kept in `log`. */
async function start(env: Record<string, string>): Promise<ChildProcess> {
  return (await startServer(env, { port, log })).process;
}

test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'miqat-ops-'));
  dbPath = join(dir, 'leads.db');
  log = [];
});

test.afterEach(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    LEADS_DB: dbPath,
    LEADS_RATE_LIMIT: '100000000',
    LEADS_WORKER_INTERVAL_MS: '50',
    SMTP_URL: '',
    LEADS_NOTIFY_TO: '',
    LEADS_RELAYS: '',
    ...extra,
  };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; server log:\n${log.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function readDb<T>(path: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function storedFields(path: string): Map<string, Record<string, string>> {
  const rows = readDb(path, (db) => db.prepare('SELECT id, fields FROM leads').all()) as {
    id: string;
    fields: string;
  }[];
  return new Map(rows.map((row) => [row.id, JSON.parse(row.fields) as Record<string, string>]));
}

/** A contact enquiry whose text must survive byte for byte: accents, Arabic, a newline, URL-special characters. */
function contactFields(n: number): Record<string, string> {
  return {
    firstName: `Maryam ${n}`,
    lastName: 'Al-Hāshimī',
    email: `ops-${n}@example.com`,
    subject: SUBJECTS[n % SUBJECTS.length]!,
    message: `Salam, enquiry ${n}: مرحبا\nParents aged 70 & 74; 100% step-free? a=b+c`,
  };
}

async function submit(fields: Record<string, string>, base = origin): Promise<{ status: number; id?: string }> {
  const response = await fetch(`${base}/api/forms/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const body = (await response.json()) as { id?: string };
  return { status: response.status, ...(body.id ? { id: body.id } : {}) };
}

async function readiness(): Promise<Record<string, unknown>> {
  return (await (await fetch(`${origin}/readyz`)).json()) as Record<string, unknown>;
}

test.describe('health probes', () => {
  test('/healthz and /readyz answer JSON that is never cached, never indexed and names no file', async ({
    request,
  }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    const body = (await ready.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['oldestPendingSeconds', 'pendingDeliveries', 'status', 'store']);
    expect(body).toMatchObject({ status: 'ready', store: 'sqlite' });
    expect(Number.isInteger(body['pendingDeliveries'])).toBe(true);
    expect(await ready.text()).not.toMatch(/e2e-leads|reports|\.db/);
    for (const response of [health, ready]) {
      expect(response.headers()['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers()['cache-control']).toBe('no-store');
      expect(response.headers()['x-robots-tag']).toBe('noindex');
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
    }
  });

  test('HEAD is answered without a body, other methods get 405, and the www redirect leaves probes alone', async ({
    request,
  }) => {
    const head = await request.head('/readyz');
    expect(head.status()).toBe(200);
    expect(await head.body()).toHaveLength(0);
    const post = await request.post('/healthz');
    expect(post.status()).toBe(405);
    expect(post.headers()['allow']).toBe('GET, HEAD');
    const www = await request.get('/healthz', { headers: { Host: 'www.miqat-travel.example' }, maxRedirects: 0 });
    expect(www.status()).toBe(200);
  });

  test('the probes are not in the sitemap', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(sitemaps.length).toBeGreaterThan(0);
    for (const path of sitemaps) {
      const urls = await (await request.get(path)).text();
      expect(urls).toContain('/contact-us');
      expect(urls).not.toMatch(/healthz|readyz/);
    }
  });

  test('/readyz reports the outbox backlog and the age of its oldest delivery', async () => {
    server = await start(
      serverEnv({
        LEADS_RELAYS: JSON.stringify({ '*': { type: 'webhook', url: DEAD_WEBHOOK } }),
        LEADS_RETRY_BASE_MS: '60000',
      }),
    );
    expect(await readiness()).toEqual({
      status: 'ready',
      store: 'sqlite',
      pendingDeliveries: 0,
      oldestPendingSeconds: null,
    });
    expect((await submit(contactFields(1))).status).toBe(201);
    expect((await submit(contactFields(2))).status).toBe(201);
    // The oldest waiting delivery is a second old once readiness says so: asked until it does.
    await expect
      .poll(async () => (await readiness())['oldestPendingSeconds'], { timeout: 10_000, intervals: [100] })
      .toBeGreaterThanOrEqual(1);
    const ready = await readiness();
    expect(ready).toMatchObject({ status: 'ready', store: 'sqlite', pendingDeliveries: 2 });
    expect(ready['oldestPendingSeconds']).toBeGreaterThanOrEqual(1);
  });
});

/** Opens a connection and sends `head` without finishing the request, so it is in flight. */
async function startRawRequest(head: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(head);
  return socket;
}

/** Finishes a request begun with startRawRequest and reads the answer until the server closes. */
async function finishRawRequest(socket: net.Socket, rest: string): Promise<{ head: string; body: string }> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(rest);
  await ended;
  const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n', 2);
  return { head, body };
}

test.describe('graceful shutdown', () => {
  test('SIGTERM: requests in flight finish (a half-sent enquiry is stored), new connections are refused, exit 0', async () => {
    server = await start(serverEnv());
    const fields = contactFields(3);
    const body = new URLSearchParams(fields).toString();
    const half = Math.floor(body.length / 2);
    // An enquiry whose body is still arriving, and a probe whose request line is not finished.
    const submission = await startRawRequest(
      `POST /api/forms/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    const probe = await startRawRequest('GET /readyz HTTP/1.1\r\nHost: localhost\r\n');
    // Not a condition the test can see: the server reads both half requests on its own time, and
    // logs nothing until the signal.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const exited = exitOf(server);
    server.kill('SIGTERM');
    await until(() => log.some((line) => line.startsWith('Shutdown: SIGTERM')), 'the shutdown to begin');
    server.kill('SIGTERM');
    await until(() => log.some((line) => line.includes('received again')), 'the second signal to be logged');

    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    const probeAnswer = await finishRawRequest(probe, '\r\n');
    expect(probeAnswer.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(probeAnswer.head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(probeAnswer.body)).toEqual({ status: 'stopping', store: 'sqlite' });

    const answer = await finishRawRequest(submission, body.slice(half));
    expect(answer.head).toMatch(/^HTTP\/1\.1 201 /);
    const id = /"id":"([^"]+)"/.exec(answer.body)?.[1];
    expect(id).toBeDefined();

    expect(await exited).toBe(0);
    // The process held one connection to the file (the pages use the store main.ts opened) and
    // closed it, so SQLite folded its log back in: the file alone is the whole store.
    expect(existsSync(`${dbPath}-wal`), 'the leads file is whole after a clean stop').toBe(false);
    expect(storedFields(dbPath).get(id!)).toEqual(fields);
    const steps = log.filter((line) => line.startsWith('Shutdown:'));
    expect(steps).toEqual([
      expect.stringMatching(
        /^Shutdown: SIGTERM; \/readyz answers 503, no new connections, [12] request\(s\) in flight$/,
      ),
      'Shutdown: SIGTERM received again; already shutting down',
      'Shutdown: every request in flight is answered',
      'Shutdown: the delivery worker finished its pass',
      'Shutdown: the lead store is closed',
      'Shutdown: done',
    ]);
  });

  /** A webhook that holds each request until `answer` is called (never, when `answer` is not called). */
  async function slowWebhook() {
    const requests: string[] = [];
    const held: http.ServerResponse[] = [];
    const hook = http.createServer((req, res) => {
      requests.push(String(req.headers['idempotency-key']));
      req.resume();
      held.push(res);
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    return {
      requests,
      url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
      answer: () => held.splice(0).forEach((res) => res.writeHead(200).end('ok')),
      close: () => {
        hook.closeAllConnections();
        hook.close();
      },
    };
  }

  test('SIGTERM during a delivery: the attempt finishes and is recorded before the store closes', async () => {
    const hook = await slowWebhook();
    try {
      server = await start(serverEnv({ LEADS_RELAYS: JSON.stringify({ '*': { type: 'webhook', url: hook.url } }) }));
      const { id } = await submit(contactFields(4));
      await until(() => hook.requests.length === 1, 'the webhook to be called');
      const exited = exitOf(server);
      server.kill('SIGTERM');
      await until(() => log.includes('Shutdown: every request in flight is answered'), 'the requests to drain');
      // A window, not a condition: that the server has not exited is only seen by waiting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.exitCode, 'the server waits for the delivery in flight').toBeNull();
      hook.answer();
      expect(await exited).toBe(0);
      expect(hook.requests).toEqual([id]);
      const outbox = readDb(dbPath, (db) =>
        db.prepare('SELECT status, attempts FROM outbox WHERE lead_id = ?').all(id!),
      );
      expect(outbox).toEqual([{ status: 'delivered', attempts: 1 }]);
    } finally {
      hook.close();
    }
  });

  test('a shutdown that hangs past SHUTDOWN_TIMEOUT_MS exits 1 and says so; the stored lead stays', async () => {
    const hook = await slowWebhook();
    try {
      server = await start(
        serverEnv({
          LEADS_RELAYS: JSON.stringify({ '*': { type: 'webhook', url: hook.url } }),
          LEADS_DELIVERY_TIMEOUT_MS: '60000',
          SHUTDOWN_TIMEOUT_MS: '500',
        }),
      );
      const fields = contactFields(5);
      const { id } = await submit(fields);
      await until(() => hook.requests.length === 1, 'the webhook to be called');
      const exited = exitOf(server);
      server.kill('SIGTERM');
      expect(await exited).toBe(1);
      expect(log).toContain('Shutdown: not finished after 500 ms (SHUTDOWN_TIMEOUT_MS); exiting with status 1');
      expect(storedFields(dbPath).get(id!)).toEqual(fields);
    } finally {
      hook.close();
    }
  });
});

/** Runs `npm run leads -- …` as the script itself, on `dbPath` unless `env` says otherwise. */
async function leadsCommand(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['scripts/leads.ts', ...args], {
    env: { ...process.env, LEADS_DB: dbPath, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await exitOf(child);
  return { code, output };
}

test.describe('backup', () => {
  test('a backup taken under load holds every lead acknowledged before it, and restores to a working server', async () => {
    server = await start(serverEnv());
    const backupFile = join(dir, 'backup.db');
    const sent = new Map<string, Record<string, string>>();
    /** Lead ids in the order their 201 arrived, with the time it arrived. */
    const acknowledged: { id: string; at: number }[] = [];
    let stop = false;
    let next = 0;
    const client = async () => {
      while (!stop) {
        next += 1;
        const fields = contactFields(1_000 + next);
        const { status, id } = await submit(fields);
        expect(status).toBe(201);
        sent.set(id!, fields);
        acknowledged.push({ id: id!, at: Date.now() });
      }
    };
    const load = Promise.all(Array.from({ length: 20 }, client));
    await until(() => acknowledged.length >= 100, '100 acknowledged leads', 30_000);

    const backupStarted = Date.now();
    const before = acknowledged.filter(({ at }) => at < backupStarted).map(({ id }) => id);
    const backup = await leadsCommand(['backup', backupFile]);
    const backupEnded = Date.now();
    // The load goes on past the backup: a lead acknowledged after it, then the clients stop.
    await until(() => acknowledged.some(({ at }) => at > backupEnded), 'a lead acknowledged after the backup');
    stop = true;
    await load;

    const during = acknowledged.filter(({ at }) => at >= backupStarted && at <= backupEnded).length;
    console.log(
      `[operations] ${before.length} leads acknowledged before the backup, ${during} while it ran, ` +
        `${acknowledged.length} in all; ${backup.output.trim()}`,
    );
    expect(backup.code, backup.output).toBe(0);
    expect(during, 'leads kept arriving while the backup ran').toBeGreaterThan(0);
    const copied = storedFields(backupFile);
    expect(backup.output).toContain(`Backed up ${copied.size} leads (${statSync(backupFile).size} bytes)`);
    expect(existsSync(`${backupFile}-wal`), 'the backup is one self-contained file').toBe(false);
    expect(
      before.filter((id) => !copied.has(id)),
      'acknowledged before the backup but missing from it',
    ).toEqual([]);
    for (const id of before) expect(copied.get(id)).toEqual(sent.get(id));
    for (const [id, fields] of copied) expect(fields, `${id} in the backup was never sent`).toEqual(sent.get(id));

    // Restoring is putting the file back where LEADS_DB points and starting the server.
    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
    const restored = join(dir, 'restored.db');
    copyFileSync(backupFile, restored);
    server = await start(serverEnv({ LEADS_DB: restored }));
    expect(await readiness()).toMatchObject({ status: 'ready', store: 'sqlite' });
    const after = await submit(contactFields(9_999));
    expect(after.status).toBe(201);
    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
    const restoredLeads = storedFields(restored);
    expect(restoredLeads.size).toBe(copied.size + 1);
    for (const id of before) expect(restoredLeads.get(id)).toEqual(sent.get(id));
  });

  test('backup refuses to overwrite a file, names what is missing, and points to pg_dump when the leads are in PostgreSQL', async () => {
    server = await start(serverEnv());
    expect((await submit(contactFields(6))).status).toBe(201);
    const existing = join(dir, 'keep.db');
    copyFileSync(dbPath, existing);
    const before = readFileSync(existing);
    const refused = await leadsCommand(['backup', existing]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${existing} already exists; name a new file.`);
    expect(readFileSync(existing).equals(before)).toBe(true);

    const postgres = await leadsCommand(['backup', join(dir, 'pg.db')], {
      DATABASE_URL: 'postgres://leads@db.internal/leads',
    });
    expect(postgres.code).toBe(1);
    expect(postgres.output).toContain('pg_dump');
    expect(postgres.output).not.toContain('db.internal');
    expect(existsSync(join(dir, 'pg.db'))).toBe(false);

    const missing = await leadsCommand(['backup']);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('Say which new file to write the backup to.');

    const noFolder = await leadsCommand(['backup', join(dir, 'no-such-folder', 'leads.db')]);
    expect(noFolder.code).toBe(1);
    expect(noFolder.output).toContain(`The folder ${join(dir, 'no-such-folder')} does not exist.`);
    const noSource = join(dir, 'moved.db');
    const noFile = await leadsCommand(['backup', join(dir, 'copy.db')], { LEADS_DB: noSource });
    expect(noFile.code).toBe(1);
    expect(noFile.output).toContain(`There is no leads file at ${noSource} (LEADS_DB).`);
    expect(existsSync(noSource), 'a backup never creates a leads file').toBe(false);
  });
});
