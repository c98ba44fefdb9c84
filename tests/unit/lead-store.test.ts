import { OutboxQueue } from '@/server/outbox/queue';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_TOUCH } from '@/lib/leads/first-touch';
import { REFERENCE_PATTERN, normalizeReference } from '@/lib/leads/reference';
import { SCHEMA } from '@/server/db/schema';
import { openSqlite, type SqliteDatabase } from '@/server/db/sqlite';
import { SqlLeadStore, type StoreOptions } from '@/server/leads/sql-lead-store';
import { queueMessage } from '@/server/outbox/queue';
import type { NewLead } from '@/lib/leads/model';
import { STORE_KINDS, openTestStore, storeAt, type StoreKind, type TestStoreLocation } from './support/stores';

const open: SqlLeadStore[] = [];

type TestStore = SqlLeadStore & { location: TestStoreLocation };

async function openStore(kind: StoreKind, options: StoreOptions = {}): Promise<TestStore> {
  const store = await openTestStore(kind, options);
  open.push(store);
  return store;
}

/** Another instance on the same data: the file opened again, or a second pool on the same database. */
function reopen(location: TestStoreLocation, options: StoreOptions = {}): SqlLeadStore {
  const store = storeAt(location, options);
  open.push(store);
  return store;
}

/** The SQLite connection under a store, for statements the store would never run. */
function fileOf(store: SqlLeadStore) {
  return (store.database as SqliteDatabase).db;
}

async function closeStore(store: SqlLeadStore): Promise<void> {
  open.splice(open.indexOf(store), 1);
  await store.close();
}

async function leadCount(store: SqlLeadStore): Promise<number> {
  const [row] = await store.database.all<{ count: number }>('SELECT COUNT(*) AS count FROM leads');
  return row!.count;
}

const umrahLead: NewLead = {
  formId: 'umrah',
  fields: { name: 'Amina Yusuf', email: 'amina@example.com', phone: '3125550147', adults: '2', children: '1' },
  pageUrl: 'https://miqat-travel.example/umrah-packages',
  userAgent: 'Mozilla/5.0 (test)',
};

const contactLead: NewLead = {
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
};

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

describe.each(STORE_KINDS)('the lead store on %s', (kind) => {
  it('reads back exactly the fields of a stored lead', async () => {
    const store = await openStore(kind);
    const received = new Date('2026-03-01T10:00:00.000Z');
    const stored = await store.insertLead(umrahLead, { now: received });
    expect(stored).toEqual({
      ...umrahLead,
      id: expect.any(String),
      reference: expect.stringMatching(REFERENCE_PATTERN),
      receivedAt: '2026-03-01T10:00:00.000Z',
      firstTouch: NO_TOUCH,
      language: 'en',
    });
    expect(await store.getLead(stored!.id)).toEqual(stored);
    expect(await store.listLeads()).toEqual([stored]);
  });

  it('keeps text with quotes, emoji and accents intact and leaves missing page details empty', async () => {
    const store = await openStore(kind);
    const stored = (await store.insertLead(contactLead))!;
    expect(await store.getLead(stored.id)).toEqual({
      ...contactLead,
      id: stored.id,
      reference: stored.reference,
      receivedAt: stored.receivedAt,
      firstTouch: NO_TOUCH,
      language: 'en',
    });
  });

  it('keeps the language an enquiry came in, English when none is said, and refuses one we do not speak', async () => {
    const store = await openStore(kind);
    const urdu = (await store.insertLead({ ...contactLead, language: 'ur' }))!;
    expect(urdu.language).toBe('ur');
    expect((await store.getLead(urdu.id))?.language).toBe('ur');
    expect((await store.leadByReference(urdu.reference))?.language).toBe('ur');
    for (const language of ['fr', 'UR', '', 'ur ', null, 7]) {
      await expect(store.insertLead({ ...contactLead, language: language as unknown as 'ur' })).rejects.toThrow(
        /language must be one of ours/,
      );
    }
    expect((await store.listLeads()).map((lead) => lead.language)).toEqual(['ur']);
  });

  it('gives every lead its own id', async () => {
    const store = await openStore(kind);
    const first = (await store.insertLead(umrahLead))!;
    const second = (await store.insertLead(umrahLead))!;
    expect(first.id).not.toBe(second.id);
    expect(await leadCount(store)).toBe(2);
  });

  it('lists the newest lead first, of one form and within dates when asked', async () => {
    const store = await openStore(kind);
    const first = (await store.insertLead(umrahLead, { now: new Date('2026-03-01T10:00:00Z') }))!;
    const second = (await store.insertLead(contactLead, { now: new Date('2026-03-01T11:00:00Z') }))!;
    const third = (await store.insertLead(umrahLead, { now: new Date('2026-03-01T12:00:00Z') }))!;
    const ids = (leads: { id: string }[]) => leads.map((lead) => lead.id);
    expect(ids(await store.listLeads())).toEqual([third.id, second.id, first.id]);
    expect(ids(await store.listLeads({ formId: 'umrah' }))).toEqual([third.id, first.id]);
    expect(await store.listLeads({ formId: 'visa' })).toEqual([]);
    const window = { since: '2026-03-01T10:30:00.000Z', until: '2026-03-01T12:00:00.000Z' };
    expect(ids(await store.listLeads(window))).toEqual([second.id]);
    expect(ids(await store.listLeads({ formId: 'umrah', since: '2026-03-01' }))).toEqual([third.id, first.id]);
  });

  it('answers undefined for a lead that does not exist', async () => {
    expect(await (await openStore(kind)).getLead('no-such-id')).toBeUndefined();
  });

  it('keeps leads after the store is closed and opened again', async () => {
    const first = await openStore(kind);
    const stored = (await first.insertLead(umrahLead))!;
    await closeStore(first);
    const reopened = reopen(first.location);
    expect(await reopened.getLead(stored.id)).toEqual(stored);
    expect(await reopened.listLeads()).toEqual([stored]);
  });

  it('stores nothing for a second lead with an already spent captcha', async () => {
    const store = await openStore(kind);
    const captcha = { nonce: 'nonce-1', expiresAt: 1_800_000_000 };
    expect(await store.insertLead(umrahLead, { captcha })).not.toBeNull();
    expect(await store.insertLead(contactLead, { captcha })).toBeNull();
    expect(await leadCount(store)).toBe(1);
    expect((await store.listLeads()).map((lead) => lead.formId)).toEqual(['umrah']);
  });

  it('remembers spent captchas across a restart', async () => {
    const captcha = { nonce: 'nonce-2', expiresAt: 1_800_000_000 };
    const first = await openStore(kind);
    await first.insertLead(umrahLead, { captcha });
    await closeStore(first);
    const reopened = reopen(first.location);
    expect(await reopened.insertLead(umrahLead, { captcha })).toBeNull();
    expect(await leadCount(reopened)).toBe(1);
  });

  it('spends a captcha nonce once when two instances get it at the same moment', async () => {
    const one = await openStore(kind);
    const two = reopen(one.location);
    const captcha = { nonce: 'nonce-race', expiresAt: 1_800_000_000 };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 ? one : two).insertLead(umrahLead, { captcha })),
    );
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
    expect(await leadCount(one)).toBe(1);
  });

  it('accepts different captchas for different leads', async () => {
    const store = await openStore(kind);
    expect(await store.insertLead(umrahLead, { captcha: { nonce: 'a', expiresAt: 1_800_000_000 } })).not.toBeNull();
    expect(await store.insertLead(umrahLead, { captcha: { nonce: 'b', expiresAt: 1_800_000_000 } })).not.toBeNull();
    expect(await leadCount(store)).toBe(2);
  });

  it('lets a captcha nonce be used again once pruned after its expiry', async () => {
    const store = await openStore(kind);
    const captcha = { nonce: 'nonce-3', expiresAt: 1_000 };
    await store.insertLead(umrahLead, { captcha });
    await store.pruneSpentCaptchas(999);
    expect(await store.insertLead(umrahLead, { captcha })).toBeNull();
    await store.pruneSpentCaptchas(1_001);
    expect(await store.insertLead(umrahLead, { captcha })).not.toBeNull();
  });

  it('keeps a secret the same across a restart, and different secrets apart', async () => {
    const first = await openStore(kind);
    const secret = await first.secret('captcha-secret');
    expect(secret).toMatch(/^[\w-]{40,}$/);
    expect(await first.secret('captcha-secret')).toBe(secret);
    const other = await first.secret('another-key');
    expect(other).not.toBe(secret);
    await closeStore(first);
    const reopened = reopen(first.location);
    expect(await reopened.secret('captcha-secret')).toBe(secret);
    expect(await reopened.secret('another-key')).toBe(other);
  });

  it('makes a new secret for a new store', async () => {
    const one = await openStore(kind);
    const two = await openStore(kind);
    expect(await one.secret('captcha-secret')).not.toBe(await two.secret('captcha-secret'));
  });

  it('creates a secret once when several instances first ask for it at the same moment', async () => {
    const first = await openStore(kind);
    const instances = [first, reopen(first.location), reopen(first.location), reopen(first.location)];
    const secrets = await Promise.all(instances.map((store) => store.secret('inbox-session-secret')));
    expect(new Set(secrets).size).toBe(1);
    const rows = await first.database.all("SELECT value FROM settings WHERE key = 'inbox-session-secret'");
    expect(rows).toEqual([{ value: secrets[0] }]);
  });

  it('gives every lead a readable reference of its own', async () => {
    const store = await openStore(kind);
    const references: string[] = [];
    for (let count = 0; count < 200; count += 1) references.push((await store.insertLead(umrahLead))!.reference);
    expect(references.every((reference) => REFERENCE_PATTERN.test(reference))).toBe(true);
    expect(references.map((reference) => reference.slice(3)).join('')).not.toMatch(/[01ILOU]/);
    expect(new Set(references).size).toBe(200);
    expect((await store.getLead((await store.listLeads())[0]!.id))?.reference).toBe(references.at(-1));
  });

  it('finds a lead by its reference, however staff type it', async () => {
    const store = await openStore(kind);
    const stored = (await store.insertLead(umrahLead))!;
    const code = stored.reference.slice(3);
    for (const typed of [stored.reference, code, ` mq ${code.toLowerCase()} `, `MQ${code}`]) {
      expect((await store.leadByReference(normalizeReference(typed)!))?.id, typed).toBe(stored.id);
    }
    // A code that begins with MQ, typed without its prefix (a random reference does, one time in 900).
    expect(normalizeReference('MQ4K7P')).toBe('MQ-MQ4K7P');
    expect(normalizeReference('mq-mq4k7p')).toBe('MQ-MQ4K7P');
    expect(normalizeReference('MQ-0O1IL5')).toBeUndefined();
    expect(normalizeReference('')).toBeUndefined();
    expect(await store.leadByReference('MQ-ZZZZZZ')).toBeUndefined();
  });

  it('draws another reference when the first is taken, storing both leads', async () => {
    const drawn = ['MQ-AAAAAA', 'MQ-AAAAAA', 'MQ-AAAAAA', 'MQ-BBBBBB'];
    const store = await openStore(kind, { newReference: () => drawn.shift()! });
    expect((await store.insertLead(umrahLead))!.reference).toBe('MQ-AAAAAA');
    expect((await store.insertLead(contactLead))!.reference).toBe('MQ-BBBBBB');
    expect(await leadCount(store)).toBe(2);
  });

  it('opens a store that is already up to date without changing it, also two instances at once', async () => {
    const first = await openStore(kind);
    const stored = (await first.insertLead(umrahLead))!;
    const [second, third] = [reopen(first.location), reopen(first.location)];
    // Both migrate (or find nothing to do) at the same moment on their first call.
    await Promise.all([second.readiness(), third.readiness()]);
    expect(await third.listLeads()).toEqual([stored]);
    const steps = SCHEMA.map((_, index) => ({ step: index + 1 }));
    if (kind === 'postgresql') {
      expect(await first.database.all('SELECT step FROM schema_steps ORDER BY step')).toEqual(steps);
    } else {
      expect(fileOf(first).prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA.length });
    }
  });

  describe('idempotency keys', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const later = (ms: number) => new Date(now.getTime() + ms);
    const DAY = 24 * 60 * 60 * 1000;

    it('answers a repeated key with the first lead, marked repeat, storing nothing new', async () => {
      const store = await openStore(kind);
      const first = (await store.insertLead(umrahLead, { now, idempotencyKey: 'key-1' }))!;
      const again = (await store.insertLead(umrahLead, { now: later(1000), idempotencyKey: 'key-1' }))!;
      expect(first.repeat).toBeUndefined();
      expect(again).toEqual({ ...first, repeat: true });
      expect(await leadCount(store)).toBe(1);
    });

    it('stores one lead when two instances get the same key at the same moment', async () => {
      const one = await openStore(kind);
      const two = reopen(one.location);
      const answers = await Promise.all(
        [one, two, one, two].map((store) => store.insertLead(umrahLead, { now, idempotencyKey: 'key-race' })),
      );
      expect(new Set(answers.map((answer) => answer!.id)).size).toBe(1);
      expect(answers.filter((answer) => !answer!.repeat)).toHaveLength(1);
      expect(await leadCount(one)).toBe(1);
    });

    it('answers the repeat even when its captcha nonce is already spent', async () => {
      const store = await openStore(kind);
      const captcha = { nonce: 'nonce-key', expiresAt: 1_800_000_000 };
      const first = (await store.insertLead(umrahLead, { captcha, now, idempotencyKey: 'key-2' }))!;
      expect((await store.insertLead(umrahLead, { captcha, now, idempotencyKey: 'key-2' }))?.id).toBe(first.id);
    });

    it('keeps keys apart per form and forgets them after 24 hours', async () => {
      const store = await openStore(kind);
      const first = (await store.insertLead(umrahLead, { now, idempotencyKey: 'key-3' }))!;
      const otherForm = (await store.insertLead(contactLead, { now, idempotencyKey: 'key-3' }))!;
      expect(otherForm.id).not.toBe(first.id);
      expect((await store.leadForKey('umrah', 'key-3', later(DAY - 1).getTime()))?.id).toBe(first.id);
      const nextDay = (await store.insertLead(umrahLead, { now: later(DAY), idempotencyKey: 'key-3' }))!;
      expect(nextDay.id).not.toBe(first.id);
      expect(nextDay.repeat).toBeUndefined();
      expect(await leadCount(store)).toBe(3);
    });

    it('prunes keys older than 24 hours from the store', async () => {
      const store = await openStore(kind);
      await store.insertLead(umrahLead, { now, idempotencyKey: 'old' });
      await store.insertLead(umrahLead, { now: later(DAY + 1), idempotencyKey: 'new' });
      const keys = await store.database.all<{ key: string }>('SELECT key FROM idempotency_keys');
      expect(keys.map((row) => row.key)).toEqual(['new']);
    });
  });

  describe('the outbox', () => {
    const start = Date.parse('2026-03-01T10:00:00Z');
    const staff = [{ channel: 'email' as const, destination: 'staff@agency.example' }];

    it('hands out staff deliveries before acknowledgements when more are due than one pass takes', async () => {
      const store = await openStore(kind);
      for (let index = 0; index < 25; index += 1) {
        await store.insertLead(umrahLead, { now: new Date(start + index), acknowledgeTo: `v${index}@example.com` });
      }
      const lead = (await store.insertLead(contactLead, { now: new Date(start + 1000), deliveries: staff }))!;
      const due = await new OutboxQueue(store.database).claimDueDeliveries(start + 2000, 20);
      expect(due).toHaveLength(20);
      expect(due[0]).toMatchObject({ leadId: lead.id, channel: 'email' });
      expect(due.slice(1).every((delivery) => delivery.channel === 'acknowledgement')).toBe(true);
    });

    it('leases what it hands out: nobody gets it again until the lease ends, unless an attempt reschedules it', async () => {
      const store = await openStore(kind);
      const lead = (await store.insertLead(contactLead, { now: new Date(start), deliveries: staff }))!;
      const [claimed] = await new OutboxQueue(store.database).claimDueDeliveries(start, 20, 60_000);
      expect(claimed).toMatchObject({ leadId: lead.id, nextAttemptAt: start + 60_000 });
      expect(await new OutboxQueue(store.database).claimDueDeliveries(start + 59_999, 20, 60_000)).toEqual([]);
      // A worker that died holding it: the delivery comes back once the lease runs out.
      expect(await new OutboxQueue(store.database).claimDueDeliveries(start + 60_000, 20, 60_000)).toHaveLength(1);
      await new OutboxQueue(store.database).recordAttempt(
        claimed!.id,
        { ok: false, detail: 'timeout', durationMs: 5 },
        start + 65_000,
      );
      expect(await new OutboxQueue(store.database).claimDueDeliveries(start + 64_999)).toEqual([]);
      const [retried] = await new OutboxQueue(store.database).claimDueDeliveries(start + 65_000);
      await new OutboxQueue(store.database).recordAttempt(retried!.id, { ok: true, detail: 'sent', durationMs: 5 }, 0);
      expect(await new OutboxQueue(store.database).claimDueDeliveries(start + 10 * 60 * 60_000)).toEqual([]);
      expect(await new OutboxQueue(store.database).deliveriesOf(lead.id)).toEqual([
        expect.objectContaining({ status: 'delivered', attempts: 2, lastError: null }),
      ]);
    });

    it("lists each delivery's newest tries, oldest first, and no other lead's", async () => {
      const store = await openStore(kind);
      const webhook = { channel: 'webhook' as const, destination: 'https://hooks.example/leads' };
      const lead = (await store.insertLead(contactLead, { now: new Date(start), deliveries: [...staff, webhook] }))!;
      const other = (await store.insertLead(contactLead, { now: new Date(start), deliveries: staff }))!;
      const [email, hook] = await new OutboxQueue(store.database).deliveriesOf(lead.id);
      const [theirs] = await new OutboxQueue(store.database).deliveriesOf(other.id);
      const at = (second: number) => new Date(start + second * 1000);
      for (let second = 1; second <= 12; second += 1) {
        await new OutboxQueue(store.database).recordAttempt(
          hook!.id,
          { ok: false, detail: 'HTTP 503', durationMs: second },
          0,
          at(second),
        );
      }
      await new OutboxQueue(store.database).recordAttempt(
        hook!.id,
        { ok: true, detail: 'HTTP 200', durationMs: 13 },
        0,
        at(13),
      );
      await new OutboxQueue(store.database).recordAttempt(
        email!.id,
        { ok: true, detail: 'accepted', durationMs: 40 },
        0,
        at(1),
      );
      await new OutboxQueue(store.database).recordAttempt(
        theirs!.id,
        { ok: false, detail: 'refused', durationMs: 7 },
        0,
        at(2),
      );

      const tries = await new OutboxQueue(store.database).attemptsOf(lead.id, 10);
      expect(tries.filter((attempt) => attempt.deliveryId === email!.id)).toEqual([
        { deliveryId: email!.id, attemptedAt: at(1).toISOString(), ok: true, detail: 'accepted', durationMs: 40 },
      ]);
      const hookTries = tries.filter((attempt) => attempt.deliveryId === hook!.id);
      expect(hookTries.map((attempt) => attempt.durationMs)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
      expect(hookTries.at(-1)).toMatchObject({ ok: true, detail: 'HTTP 200', attemptedAt: at(13).toISOString() });
      expect(tries).toHaveLength(11);
      expect(await new OutboxQueue(store.database).attemptsOf(other.id, 10)).toEqual([
        expect.objectContaining({ detail: 'refused' }),
      ]);
    });

    it('renews a claim only for the worker that still holds it', async () => {
      const store = await openStore(kind);
      await store.insertLead(contactLead, { now: new Date(start), deliveries: staff });
      const [mine] = await new OutboxQueue(store.database).claimDueDeliveries(start, 20, 60_000);
      // Within its lease the holder may extend it, and the delivery stays out of other passes.
      expect(await new OutboxQueue(store.database).renewClaim(mine!.id, start + 60_000, start + 90_000)).toBe(true);
      expect(await new OutboxQueue(store.database).claimDueDeliveries(start + 89_999, 20, 60_000)).toEqual([]);
      // The lease lapses and another worker takes the delivery: the first holder's claim is gone.
      const [theirs] = await new OutboxQueue(store.database).claimDueDeliveries(start + 90_000, 20, 60_000);
      expect(theirs!.id).toBe(mine!.id);
      expect(await new OutboxQueue(store.database).renewClaim(mine!.id, start + 90_000, start + 200_000)).toBe(false);
      expect(await new OutboxQueue(store.database).renewClaim(theirs!.id, start + 150_000, start + 200_000)).toBe(true);
      // A delivered one is nobody's to renew.
      await new OutboxQueue(store.database).recordAttempt(theirs!.id, { ok: true, detail: 'sent', durationMs: 5 }, 0);
      expect(await new OutboxQueue(store.database).renewClaim(theirs!.id, start + 200_000, start + 300_000)).toBe(
        false,
      );
    });

    it('gives each delivery to one of two workers claiming at the same moment', async () => {
      const one = await openStore(kind);
      const two = reopen(one.location);
      const targets = [...staff, { channel: 'webhook' as const, destination: 'https://crm.example/hook' }];
      for (let index = 0; index < 30; index += 1) {
        await one.insertLead(umrahLead, { now: new Date(start), deliveries: targets });
      }
      const claimed: number[] = [];
      for (let round = 0; round < 4; round += 1) {
        const passes = await Promise.all(
          [one, two, one, two].map((store) => new OutboxQueue(store.database).claimDueDeliveries(start, 7)),
        );
        claimed.push(...passes.flat().map((delivery) => delivery.id));
      }
      expect(claimed).toHaveLength(60);
      expect(new Set(claimed).size).toBe(60);
    });

    it('reports the backlog of deliveries for readiness', async () => {
      const store = await openStore(kind);
      expect(await store.readiness(new Date(start))).toEqual({
        store: kind,
        pendingDeliveries: 0,
        oldestPendingSeconds: null,
      });
      const first = (await store.insertLead(umrahLead, { now: new Date(start), deliveries: staff }))!;
      await store.insertLead(contactLead, { now: new Date(start + 30_000), deliveries: staff });
      const [delivery] = await new OutboxQueue(store.database).deliveriesOf(first.id);
      await new OutboxQueue(store.database).recordAttempt(delivery!.id, { ok: true, detail: 'sent', durationMs: 3 }, 0);
      expect(await store.readiness(new Date(start + 90_000))).toEqual({
        store: kind,
        pendingDeliveries: 1,
        oldestPendingSeconds: 60,
      });
    });

    it('queues a message for a lead once per key and address, and counts its wait from when it was queued', async () => {
      const store = await openStore(kind);
      const lead = (await store.insertLead(umrahLead, { now: new Date(start), deliveries: [] }))!;
      const message = {
        leadId: lead.id,
        destination: 'amina@example.com',
        key: 'quote-sent:q1:1',
        message: {
          kind: 'quote-sent' as const,
          reference: lead.reference,
          version: 1,
          totalCents: 100,
          validUntil: '2026-03-08',
          token: 't',
        },
      };
      const weekLater = new Date(start + 7 * 24 * 60 * 60_000);
      const queue = (queued: typeof message) => store.database.transaction((tx) => queueMessage(tx, queued, weekLater));
      expect(await queue(message)).toBe(true);
      expect(await queue(message)).toBe(false);
      expect(await queue({ ...message, destination: 'omar@example.com' })).toBe(true);
      expect(await queue({ ...message, key: 'quote-sent:q1:2' })).toBe(true);
      expect(await new OutboxQueue(store.database).deliveriesOf(lead.id)).toEqual([
        expect.objectContaining({ channel: 'message', destination: 'amina@example.com', message: message.message }),
        expect.objectContaining({ destination: 'omar@example.com' }),
        expect.objectContaining({ destination: 'amina@example.com', nextAttemptAt: weekLater.getTime() }),
      ]);
      // The lead arrived a week before; its emails have waited 30 seconds.
      expect(await store.readiness(new Date(weekLater.getTime() + 30_000))).toEqual({
        store: kind,
        pendingDeliveries: 3,
        oldestPendingSeconds: 30,
      });
    });

    const acknowledgements = (store: SqlLeadStore) =>
      store.database.all("SELECT destination FROM outbox WHERE channel = 'acknowledgement' ORDER BY id");

    it('queues one acknowledgement per address a day, whatever the case of the address', async () => {
      const store = await openStore(kind);
      const DAY = 24 * 60 * 60 * 1000;
      await store.insertLead(umrahLead, { now: new Date(start), acknowledgeTo: 'amina@example.com' });
      await store.insertLead(umrahLead, { now: new Date(start + 60_000), acknowledgeTo: 'Amina@Example.com' });
      await store.insertLead(contactLead, { now: new Date(start + 60_000), acknowledgeTo: 'omar@example.com' });
      expect(await acknowledgements(store)).toEqual([
        { destination: 'amina@example.com' },
        { destination: 'omar@example.com' },
      ]);
      await store.insertLead(umrahLead, { now: new Date(start + DAY + 1), acknowledgeTo: 'amina@example.com' });
      expect(await acknowledgements(store)).toHaveLength(3);
      expect(await leadCount(store)).toBe(4);
    });
  });

  describe('rate-limit windows', () => {
    const start = 1_800_000_000_000;

    it('counts a client’s requests in one window across instances, apart per bucket and client', async () => {
      const one = await openStore(kind);
      const two = reopen(one.location);
      expect(await one.countRequest('submissions', '1.1.1.1', 60_000, start)).toEqual({ count: 1, windowStart: start });
      expect(await two.countRequest('submissions', '1.1.1.1', 60_000, start + 10)).toEqual({
        count: 2,
        windowStart: start,
      });
      expect(await two.countRequest('challenges', '1.1.1.1', 60_000, start + 20)).toMatchObject({ count: 1 });
      expect(await one.countRequest('submissions', '2.2.2.2', 60_000, start + 30)).toMatchObject({ count: 1 });
      const counts = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          (index % 2 ? one : two).countRequest('submissions', '1.1.1.1', 60_000, start + 40),
        ),
      );
      expect(counts.map((answer) => answer.count).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    });

    it('starts a new window once the old one has passed', async () => {
      const store = await openStore(kind);
      await store.countRequest('logins', 'a', 60_000, start);
      await store.countRequest('logins', 'a', 60_000, start + 59_999);
      expect(await store.countRequest('logins', 'a', 60_000, start + 60_000)).toEqual({
        count: 1,
        windowStart: start + 60_000,
      });
    });
  });
});

/** Takes a file back from the current schema to schema 4 (before the lead desk and its quotes), as that release wrote it. */
const undoDeskTables = `DROP TABLE hajj_unsubscribe_links; DROP TABLE review_decisions; DROP TABLE reviews; DROP TABLE review_links; DROP TABLE review_invitations; DROP TABLE trip_reminder_optouts; DROP TABLE trip_reminder_links; DROP TABLE trip_reminders; DROP TABLE trip_travellers; DROP TABLE hajj_alert_recipients; DROP TABLE hajj_alerts; DROP TABLE hajj_interest; DROP TABLE reply_templates; DROP TABLE digest_days; DROP TABLE job_leases; DROP TABLE quote_dues; DROP TABLE quote_payments; DROP TABLE quote_declines; DROP TABLE quote_acceptances; DROP TABLE quote_versions; DROP TABLE quotes;
  DROP TABLE staff; DROP TABLE staff_sessions; DROP TABLE lead_notes; DROP TABLE lead_history;
  DROP INDEX leads_status_form;
  DROP INDEX leads_received; DROP INDEX leads_status; DROP INDEX leads_assignee; DROP INDEX leads_contact_email;
  DROP INDEX leads_contact_phone;
  ${[
    'status',
    'lost_reason',
    'assignee_id',
    'follow_up',
    'first_contacted_at',
    'contact_name',
    'contact_email',
    'contact_phone',
    'first_contact_alerted_at',
    // The first touch.
    'landing_path',
    'referrer_host',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    // The enquiry's language.
    'language',
  ]
    .map((column) => `ALTER TABLE leads DROP COLUMN ${column};`)
    .join(' ')}
  PRAGMA user_version = 4;`;

describe('the SQLite lead store', () => {
  it('creates the folder for a database file that does not exist yet', async () => {
    const { location } = await openStore('sqlite');
    const path = (location as { sqlitePath: string }).sqlitePath.replace(/leads-\d+\.db$/, 'nested/deeper/leads.db');
    const store = new SqlLeadStore(openSqlite(path));
    open.push(store);
    expect(await store.insertLead(umrahLead)).not.toBeNull();
  });

  it('answers other work between the statements of a long pass, as the server answers requests during one', async () => {
    const store = await openStore('sqlite');
    // A scheduled pass (trip reminders, invitations) is hundreds of transactions one after another;
    // on SQLite each is synchronous, and chained on promises alone they held the event loop for the
    // whole pass, so a request that arrived meanwhile waited seconds for it to end.
    let passDone = false;
    const pass = (async () => {
      for (let index = 0; index < 200; index += 1)
        await store.database.transaction((tx) => tx.run('UPDATE leads SET status = status WHERE 0 = 1'));
      passDone = true;
    })();
    const answered = await new Promise<boolean>((resolve) => setImmediate(() => resolve(!passDone)));
    await pass;
    expect(answered, 'the event loop came round before the pass ended').toBe(true);
  });

  it('writes in WAL journal mode', async () => {
    const store = await openStore('sqlite');
    expect(fileOf(store).prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
  });

  it('indexes the name, email and phone of leads stored before the lead desk, for its search', async () => {
    const old = await openStore('sqlite');
    const stored = (await old.insertLead({
      ...contactLead,
      fields: { ...contactLead.fields, phone: '(713) 555-0123' },
    }))!;
    fileOf(old).exec(undoDeskTables);
    await closeStore(old);
    const reopened = reopen(old.location);
    const [row] = await reopened.database.all(
      'SELECT contact_name, contact_email, contact_phone, status FROM leads WHERE id = ?',
      [stored.id],
    );
    expect(row).toEqual({
      contact_name: 'omar farouk',
      contact_email: 'omar@example.com',
      contact_phone: '7135550123',
      status: 'new',
    });
  });

  it('gives the leads of an older file a reference when it is opened', async () => {
    const old = await openStore('sqlite');
    const stored = [(await old.insertLead(umrahLead))!, (await old.insertLead(contactLead))!];
    // Back to the schema before references (version 2), as a file written by the previous release.
    fileOf(old).exec(`${undoDeskTables}
      DROP INDEX leads_reference; DROP INDEX outbox_acknowledged; DROP TABLE idempotency_keys;
      DROP TABLE rate_limits; ALTER TABLE leads DROP COLUMN reference; PRAGMA user_version = 2;`);
    await closeStore(old);
    const reopened = reopen(old.location);
    const migrated = await Promise.all(stored.map(async (lead) => (await reopened.getLead(lead.id))!));
    expect(migrated.map((lead) => lead.fields)).toEqual([umrahLead.fields, contactLead.fields]);
    expect(migrated.every((lead) => REFERENCE_PATTERN.test(lead.reference))).toBe(true);
    expect(migrated[0]!.reference).not.toBe(migrated[1]!.reference);
    expect((await reopened.insertLead(umrahLead))!.reference).toMatch(REFERENCE_PATTERN);
  });
});
