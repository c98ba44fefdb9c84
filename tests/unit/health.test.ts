import { OutboxQueue } from '@/server/outbox/queue';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { livenessAnswer, probeAnswer, readinessAnswer } from '@/server/health';
import { openSqlite } from '@/server/db/sqlite';
import { SqlLeadStore } from '@/server/leads/sql-lead-store';
import type { NewLead } from '@/lib/leads/model';
import { openTestStore, STORE_KINDS } from './support/stores';

let store: Awaited<ReturnType<typeof openTestStore>>;

const lead: NewLead = {
  formId: 'contact',
  fields: { firstName: 'Omar', lastName: 'Farouk', email: 'omar@example.com', subject: 'umrah', message: 'Salam' },
  pageUrl: null,
  userAgent: null,
};
const webhook = { channel: 'webhook', destination: 'https://crm.example/hooks/leads' } as const;

afterEach(async () => {
  try {
    await store.close();
  } catch {
    // A test closed it already.
  }
});

describe.each(STORE_KINDS)('readiness of the %s store', (kind) => {
  beforeEach(async () => {
    store = await openTestStore(kind);
  });

  it('reports no backlog on an empty store', async () => {
    expect(await store.readiness()).toEqual({ store: kind, pendingDeliveries: 0, oldestPendingSeconds: null });
  });

  it('counts pending deliveries and ages the oldest from its lead’s arrival', async () => {
    const first = (await store.insertLead(lead, { now: new Date('2026-11-24T10:00:00Z'), deliveries: [webhook] }))!;
    await store.insertLead(lead, { now: new Date('2026-11-24T10:05:00Z'), deliveries: [webhook] });
    await store.insertLead(lead, { now: new Date('2026-11-24T10:06:00Z'), deliveries: [] });
    expect(await store.readiness(new Date('2026-11-24T10:10:30Z'))).toEqual({
      store: kind,
      pendingDeliveries: 2,
      oldestPendingSeconds: 630,
    });
    const [delivery] = await new OutboxQueue(store.database).deliveriesOf(first.id);
    await new OutboxQueue(store.database).recordAttempt(delivery!.id, { ok: true, detail: '200', durationMs: 3 }, 0);
    expect(await store.readiness(new Date('2026-11-24T10:10:30Z'))).toMatchObject({
      pendingDeliveries: 1,
      oldestPendingSeconds: 330,
    });
  });
});

describe('probe answers', () => {
  beforeEach(async () => {
    store = await openTestStore('sqlite');
  });

  it('/healthz says only that the process answers', () => {
    expect(livenessAnswer()).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('/readyz reports the store and its backlog', async () => {
    await store.insertLead(lead, { now: new Date(Date.now() - 90_000), deliveries: [webhook] });
    const answer = await readinessAnswer(store, false);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ready', store: 'sqlite', pendingDeliveries: 1, oldestPendingSeconds: 90 });
  });

  it('/readyz answers 503 "stopping" while the instance shuts down, without asking the store', async () => {
    await store.close();
    expect(await readinessAnswer(store, true)).toEqual({ status: 503, body: { status: 'stopping', store: 'sqlite' } });
  });

  it('/readyz answers 503 when the store cannot answer, and says nothing about why', async () => {
    await store.close();
    const answer = await readinessAnswer(store, false);
    expect(answer).toEqual({
      status: 503,
      body: { status: 'unavailable', store: 'sqlite', error: 'the lead store is unreachable' },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/lead-stores-|\.db|not open/);
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

describe('a SQLite file that cannot grow (a full disk)', () => {
  it('refuses a lead with SQLite’s own error, and /readyz answers 503 until there is room again', async () => {
    const file = openSqlite(join(mkdtempSync(join(tmpdir(), 'miqat-full-')), 'leads.db'));
    const sqlite = new SqlLeadStore(file);
    onTestFinished(() => sqlite.close());
    await sqlite.insertLead(lead, { now: new Date(), deliveries: [webhook] });
    // SQLite's own limit on the file's pages fails writes with SQLITE_FULL, as a full disk does.
    const { page_count: pages } = file.db.prepare('PRAGMA page_count').get() as { page_count: number };
    file.db.exec(`PRAGMA max_page_count = ${pages}`);
    const big = { ...lead, fields: { ...lead.fields, message: 'x'.repeat(20_000) } };
    await expect(sqlite.insertLead(big, { now: new Date(), deliveries: [webhook] })).rejects.toThrow(/full/);
    const full = await readinessAnswer(sqlite, false);
    expect(full).toEqual({
      status: 503,
      body: { status: 'unavailable', store: 'sqlite', error: 'the lead store cannot write' },
    });
    expect(await sqlite.listLeads()).toHaveLength(1);

    file.db.exec(`PRAGMA max_page_count = ${pages * 100}`);
    expect((await readinessAnswer(sqlite, false)).status).toBe(200);
    await sqlite.insertLead(big, { now: new Date(), deliveries: [webhook] });
    expect(await sqlite.listLeads()).toHaveLength(2);
  });
});
