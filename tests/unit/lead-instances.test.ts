import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LeadApi } from '@/server/leads/api';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { outboxKinds } from '@/server/message-kinds';
import { DeliveryWorker } from '@/server/outbox/worker';
import { freshDatabase, startPostgres, type TestPostgres } from '../support/postgres';
import { STORE_KINDS, storeEnv, testStoreLocation } from './support/stores';

const CLIENT = '203.0.113.7';
const contactFields = {
  firstName: 'Maryam',
  lastName: 'Ali',
  email: 'maryam@example.com',
  subject: 'general-inquiry',
  message: 'Can my mother travel with a wheelchair?',
};
const umrahFields = {
  name: 'Amina Yusuf',
  email: 'amina@example.com',
  phone: '3125550147',
  adults: '2',
  children: '1',
};

const apis: LeadApi[] = [];

afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.store.close()));
  vi.restoreAllMocks();
});

function instance(env: Record<string, string>): LeadApi {
  const api = new LeadApi(leadApiConfig(env));
  apis.push(api);
  return api;
}

function post(formId: string, fields: Record<string, string>): Request {
  return new Request(`http://localhost/api/forms/${formId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

describe.each(STORE_KINDS)('two server instances on one %s store', (kind) => {
  it('share one rate limit per client', async () => {
    const env = { ...storeEnv(await testStoreLocation(kind)), LEADS_RATE_LIMIT: '3' };
    const [one, two] = [instance(env), instance(env)];
    const statuses: number[] = [];
    for (const api of [one, two, one, two]) {
      statuses.push((await api.submit('contact', post('contact', contactFields), CLIENT)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await two.submit('contact', post('contact', contactFields), '198.51.100.23')).status).toBe(201);
    expect(await one.store.listLeads()).toHaveLength(4);
  });

  it('accept a solved sum once, whichever instance it is sent to', async () => {
    const env = storeEnv(await testStoreLocation(kind));
    const [one, two] = [instance(env), instance(env)];
    const { token, a, b } = (await (await one.challenge(CLIENT)).json()) as { token: string; a: number; b: number };
    const fields = { ...umrahFields, answer: String(a + b), _captcha: token };
    const answers = await Promise.all([one, two, two].map((api) => api.submit('umrah', post('umrah', fields), CLIENT)));
    expect(answers.map((response) => response.status).sort()).toEqual([201, 400, 400]);
    expect(await two.store.listLeads()).toHaveLength(1);
  });
});

describe('DATABASE_URL', () => {
  it.each([
    ['not a URL', 'leads please'],
    ['another scheme', 'mysql://root@localhost/leads'],
    ['no host', 'postgres://'],
  ])('is refused at start-up with a message naming it (%s)', (_label, value) => {
    expect(() => leadApiConfig({ DATABASE_URL: value })).toThrow(/DATABASE_URL/);
  });

  it('selects PostgreSQL; without it the SQLite file stays the default', async () => {
    expect(leadApiConfig({}).databaseUrl).toBeUndefined();
    const url = (await testStoreLocation('postgresql')) as { databaseUrl: string };
    const store = await openLeadStore(leadApiConfig({ DATABASE_URL: url.databaseUrl }));
    expect(store.kind).toBe('postgresql');
    await store.close();
  });

  it('names the variable, not the password, when nothing listens there', async () => {
    const opening = openLeadStore(leadApiConfig({ DATABASE_URL: 'postgres://leads:hunter2@127.0.0.1:1/leads' }));
    await expect(opening).rejects.toThrow(
      /^DATABASE_URL: could not open the PostgreSQL database at 127\.0\.0\.1:1\/leads/,
    );
    await expect(opening).rejects.not.toThrow(/hunter2/);
  });

  it('names the variable when the server refuses the database', async () => {
    const { databaseUrl } = (await testStoreLocation('postgresql')) as { databaseUrl: string };
    const missing = new URL(databaseUrl);
    missing.pathname = '/no_such_database';
    const opening = openLeadStore(leadApiConfig({ DATABASE_URL: missing.href }));
    await expect(opening).rejects.toThrow(/^DATABASE_URL: .*no_such_database.*does not exist/);
  });
});

describe('a PostgreSQL store that goes down', () => {
  let server: TestPostgres;
  let databaseUrl: string;

  beforeAll(async () => {
    server = await startPostgres();
    databaseUrl = await freshDatabase(server.url);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('answers 503 and stores nothing while it is down, then recovers by itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = instance({ DATABASE_URL: databaseUrl });
    expect((await api.submit('contact', post('contact', contactFields), CLIENT)).status).toBe(201);

    await server.halt();
    const refused = await api.submit('contact', post('contact', { ...contactFields, message: 'Lost?' }), CLIENT);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: 'Your enquiry could not be saved. Please try again or call us.' });
    const noSum = await api.challenge(CLIENT);
    expect(noSum.status).toBe(503);
    expect(await noSum.json()).toEqual({ error: expect.stringMatching(/could not be prepared/) });
    const outcome = await api.receive('contact', post('contact', contactFields), CLIENT);
    expect(outcome).toMatchObject({ kind: 'refused', status: 503, fields: contactFields });
    await expect(api.store.readiness()).rejects.toThrow();

    await server.restart();
    const again = await api.submit('contact', post('contact', { ...contactFields, message: 'Back' }), CLIENT);
    expect(again.status).toBe(201);
    expect((await api.challenge(CLIENT)).status).toBe(200);
    const messages = (await api.store.listLeads()).map((lead) => lead.fields['message']);
    expect(messages).toEqual(['Back', contactFields.message]);
    const { database } = api.store as SqlLeadStore;
    expect(await database.all('SELECT lead_id FROM idempotency_keys')).toEqual([]);
    expect(await api.store.readiness()).toMatchObject({ store: 'postgresql', pendingDeliveries: 0 });
  }, 60_000);

  it('lives through the database ending a connection in the middle of a transaction', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = instance({ DATABASE_URL: databaseUrl });
    const { database } = api.store as SqlLeadStore;
    await api.store.readiness();
    const cut = database.transaction(async (tx) => {
      await tx.run('SELECT 1');
      // A fast shutdown tells every connection, this one too, that it is being ended.
      await server.halt();
      // The connection in use has heard the database end it (src/server/db/postgres.ts says so).
      await vi.waitFor(
        () => expect(errors).toHaveBeenCalledWith('PostgreSQL ended a connection in use:', expect.any(String)),
        { timeout: 10_000, interval: 20 },
      );
      await tx.run('SELECT 1');
    });
    await expect(cut).rejects.toThrow();
    await server.restart();
    expect(await api.store.readiness()).toMatchObject({ store: 'postgresql' });
  }, 60_000);

  it('keeps the delivery worker trying without a log line per pass, and it delivers once the store is back', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notes = vi.spyOn(console, 'log').mockImplementation(() => {});
    const received: string[] = [];
    const hook = createServer((request, response) => {
      received.push(String(request.headers['idempotency-key']));
      request.resume();
      response.end('ok');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const relays = JSON.stringify({
      '*': { type: 'webhook', url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/` },
    });
    const env = { DATABASE_URL: databaseUrl, LEADS_RELAYS: relays, LEADS_WORKER_INTERVAL_MS: '20' };
    const api = instance(env);
    const worker = new DeliveryWorker(api.store, leadApiConfig(env), undefined, { kinds: outboxKinds });
    const passes = vi.spyOn(worker, 'runOnce');
    try {
      await server.halt();
      worker.start();
      // Four failed passes (a fifth has begun, so the fourth has ended); an outage is said once.
      await vi.waitFor(() => expect(passes.mock.calls.length).toBeGreaterThanOrEqual(5), {
        timeout: 15_000,
        interval: 20,
      });
      // The pool may also say once that it lost an idle connection; the worker's own lines are counted.
      const workerLines = errors.mock.calls
        .map(([message]) => String(message))
        .filter((message) => message.startsWith('The delivery worker'));
      expect(workerLines).toEqual(['The delivery worker failed a pass; it keeps trying:']);

      await server.restart();
      const response = await api.submit('contact', post('contact', contactFields), CLIENT);
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      await vi.waitFor(() => expect(received).toEqual([id]), { timeout: 15_000, interval: 50 });
      // The pass says so once it ends, after recording the delivery the webhook has already seen.
      await vi.waitFor(
        () =>
          expect(notes.mock.calls.flat().join('\n')).toMatch(/The delivery worker works again after \d+ failed pass/),
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await worker.stop();
      hook.close();
    }
  }, 60_000);
});
