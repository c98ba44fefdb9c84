import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { livenessAnswer, probeAnswer, readinessAnswer } from '@/server/health';
import { LeadStore, type NewLead } from '@/server/leads/store';

let dir: string;
let store: LeadStore;

const lead: NewLead = {
  formId: 'contact',
  fields: { firstName: 'Omar', lastName: 'Farouk', email: 'omar@example.com', subject: 'umrah', message: 'Salam' },
  pageUrl: null,
  userAgent: null,
};
const webhook = { channel: 'webhook', destination: 'https://crm.example/hooks/leads' } as const;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'health-'));
  store = new LeadStore(join(dir, 'leads.db'));
});

afterEach(() => {
  try {
    store.close();
  } catch {
    // A test closed it already.
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('readiness of the SQLite store', () => {
  it('reports no backlog on an empty store', async () => {
    expect(await store.readiness()).toEqual({ store: 'sqlite', pendingDeliveries: 0, oldestPendingSeconds: null });
  });

  it('counts pending deliveries and ages the oldest from its lead’s arrival', async () => {
    const first = store.insertLead(lead, undefined, new Date('2026-11-24T10:00:00Z'), [webhook])!;
    store.insertLead(lead, undefined, new Date('2026-11-24T10:05:00Z'), [webhook]);
    store.insertLead(lead, undefined, new Date('2026-11-24T10:06:00Z'), []);
    expect(await store.readiness(new Date('2026-11-24T10:10:30Z'))).toEqual({
      store: 'sqlite',
      pendingDeliveries: 2,
      oldestPendingSeconds: 630,
    });
    const [delivery] = store.deliveriesOf(first.id);
    store.recordAttempt(delivery!.id, { ok: true, detail: '200', durationMs: 3 }, 0);
    expect(await store.readiness(new Date('2026-11-24T10:10:30Z'))).toMatchObject({
      pendingDeliveries: 1,
      oldestPendingSeconds: 330,
    });
  });
});

describe('probe answers', () => {
  it('/healthz says only that the process answers', () => {
    expect(livenessAnswer()).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('/readyz reports the store and its backlog', async () => {
    store.insertLead(lead, undefined, new Date(Date.now() - 90_000), [webhook]);
    const answer = await readinessAnswer(store, false);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ready', store: 'sqlite', pendingDeliveries: 1, oldestPendingSeconds: 90 });
  });

  it('/readyz answers 503 "stopping" while the instance shuts down, without asking the store', async () => {
    store.close();
    expect(await readinessAnswer(store, true)).toEqual({ status: 503, body: { status: 'stopping', store: 'sqlite' } });
  });

  it('/readyz answers 503 when the store cannot answer, and says nothing about why', async () => {
    store.close();
    const answer = await readinessAnswer(store, false);
    expect(answer).toEqual({
      status: 503,
      body: { status: 'unavailable', store: 'sqlite', error: 'the lead store is unreachable' },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/leads\.db|not open|health-/);
  });

  it('/readyz answers 503 when the store answers too slowly', async () => {
    const hanging = { kind: 'postgresql' as const, readiness: () => new Promise<never>(() => {}) };
    const started = Date.now();
    const answer = await readinessAnswer(hanging, false, 100);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'unavailable', store: 'postgresql' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers GET and HEAD on the two probe paths only, other methods with 405', async () => {
    expect((await probeAnswer('/healthz', 'HEAD', store, false))?.status).toBe(200);
    expect((await probeAnswer('/readyz', 'GET', store, false))?.status).toBe(200);
    expect(await probeAnswer('/healthz/', 'GET', store, false)).toBeNull();
    expect(await probeAnswer('/contact-us', 'GET', store, false)).toBeNull();
    expect(await probeAnswer('/readyz', 'POST', store, false)).toEqual({
      status: 405,
      body: { error: 'Use GET or HEAD.' },
    });
  });
});
