import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN, normalizeReference } from '@/server/leads/reference';
import { LeadStore, type NewLead } from '@/server/leads/store';

let dir: string;
let path: string;
const open: LeadStore[] = [];

function openStore(file = path): LeadStore {
  const store = new LeadStore(file);
  open.push(store);
  return store;
}

function closeStore(store: LeadStore): void {
  store.close();
  open.splice(open.indexOf(store), 1);
}

function leadCount(store: LeadStore): number {
  return (store.db.prepare('SELECT COUNT(*) AS count FROM leads').get() as { count: number }).count;
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

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lead-store-'));
  path = join(dir, 'leads.db');
});

afterEach(() => {
  for (const store of open.splice(0)) store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('LeadStore', () => {
  it('reads back exactly the fields of a stored lead', () => {
    const store = openStore();
    const received = new Date('2026-03-01T10:00:00.000Z');
    const stored = store.insertLead(umrahLead, undefined, received);
    expect(stored).toEqual({
      ...umrahLead,
      id: expect.any(String),
      reference: expect.stringMatching(REFERENCE_PATTERN),
      receivedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(store.getLead(stored!.id)).toEqual(stored);
    expect(store.listLeads()).toEqual([stored]);
  });

  it('keeps text with quotes, emoji and accents intact and leaves missing page details empty', () => {
    const store = openStore();
    const stored = store.insertLead(contactLead)!;
    expect(store.getLead(stored.id)).toEqual({
      ...contactLead,
      id: stored.id,
      reference: stored.reference,
      receivedAt: stored.receivedAt,
    });
  });

  it('gives every lead its own id', () => {
    const store = openStore();
    const first = store.insertLead(umrahLead)!;
    const second = store.insertLead(umrahLead)!;
    expect(first.id).not.toBe(second.id);
    expect(leadCount(store)).toBe(2);
  });

  it('lists the newest lead first', () => {
    const store = openStore();
    const first = store.insertLead(umrahLead, undefined, new Date('2026-03-01T10:00:00Z'))!;
    const second = store.insertLead(contactLead, undefined, new Date('2026-03-01T11:00:00Z'))!;
    const third = store.insertLead(umrahLead, undefined, new Date('2026-03-01T12:00:00Z'))!;
    expect(store.listLeads().map((lead) => lead.id)).toEqual([third.id, second.id, first.id]);
  });

  it('lists only one form’s leads when asked', () => {
    const store = openStore();
    const first = store.insertLead(umrahLead)!;
    store.insertLead(contactLead);
    const third = store.insertLead(umrahLead)!;
    expect(store.listLeads('umrah').map((lead) => lead.id)).toEqual([third.id, first.id]);
    expect(store.listLeads('visa')).toEqual([]);
  });

  it('answers undefined for a lead that does not exist', () => {
    expect(openStore().getLead('no-such-id')).toBeUndefined();
  });

  it('keeps leads after the store is closed and the file opened again', () => {
    const first = openStore();
    const stored = first.insertLead(umrahLead)!;
    closeStore(first);
    const reopened = openStore();
    expect(reopened.getLead(stored.id)).toEqual(stored);
    expect(reopened.listLeads()).toEqual([stored]);
  });

  it('creates the folder for a database file that does not exist yet', () => {
    const store = openStore(join(dir, 'nested', 'deeper', 'leads.db'));
    expect(store.insertLead(umrahLead)).not.toBeNull();
  });

  it('stores nothing for a second lead with an already spent captcha', () => {
    const store = openStore();
    const captcha = { nonce: 'nonce-1', expiresAt: 1_800_000_000 };
    expect(store.insertLead(umrahLead, captcha)).not.toBeNull();
    expect(store.insertLead(contactLead, captcha)).toBeNull();
    expect(leadCount(store)).toBe(1);
    expect(store.listLeads().map((lead) => lead.formId)).toEqual(['umrah']);
  });

  it('remembers spent captchas across a restart', () => {
    const captcha = { nonce: 'nonce-2', expiresAt: 1_800_000_000 };
    const first = openStore();
    first.insertLead(umrahLead, captcha);
    closeStore(first);
    const reopened = openStore();
    expect(reopened.insertLead(umrahLead, captcha)).toBeNull();
    expect(leadCount(reopened)).toBe(1);
  });

  it('accepts different captchas for different leads', () => {
    const store = openStore();
    expect(store.insertLead(umrahLead, { nonce: 'a', expiresAt: 1_800_000_000 })).not.toBeNull();
    expect(store.insertLead(umrahLead, { nonce: 'b', expiresAt: 1_800_000_000 })).not.toBeNull();
    expect(leadCount(store)).toBe(2);
  });

  it('lets a captcha nonce be used again once pruned after its expiry', () => {
    const store = openStore();
    const captcha = { nonce: 'nonce-3', expiresAt: 1_000 };
    store.insertLead(umrahLead, captcha);
    store.pruneSpentCaptchas(999);
    expect(store.insertLead(umrahLead, captcha)).toBeNull();
    store.pruneSpentCaptchas(1_001);
    expect(store.insertLead(umrahLead, captcha)).not.toBeNull();
  });

  it('writes in WAL journal mode', () => {
    const store = openStore();
    expect(store.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
  });

  it('keeps a secret the same across a restart, and different secrets apart', () => {
    const first = openStore();
    const secret = first.secret('captcha-secret');
    expect(secret).toMatch(/^[\w-]{40,}$/);
    expect(first.secret('captcha-secret')).toBe(secret);
    const other = first.secret('another-key');
    expect(other).not.toBe(secret);
    closeStore(first);
    const reopened = openStore();
    expect(reopened.secret('captcha-secret')).toBe(secret);
    expect(reopened.secret('another-key')).toBe(other);
  });

  it('makes a new secret for a new database file', () => {
    const one = openStore();
    const two = openStore(join(dir, 'other.db'));
    expect(one.secret('captcha-secret')).not.toBe(two.secret('captcha-secret'));
  });

  it('gives every lead a readable reference of its own', () => {
    const store = openStore();
    const references = Array.from({ length: 500 }, () => store.insertLead(umrahLead)!.reference);
    expect(references.every((reference) => REFERENCE_PATTERN.test(reference))).toBe(true);
    expect(references.map((reference) => reference.slice(3)).join('')).not.toMatch(/[01ILOU]/);
    expect(new Set(references).size).toBe(500);
    expect(store.getLead(store.listLeads()[0]!.id)?.reference).toBe(references.at(-1));
  });

  it('finds a lead by its reference, however staff type it', () => {
    const store = openStore();
    const stored = store.insertLead(umrahLead)!;
    const code = stored.reference.slice(3);
    for (const typed of [stored.reference, code, ` mq ${code.toLowerCase()} `, `MQ${code}`]) {
      expect(store.leadByReference(normalizeReference(typed)!)?.id, typed).toBe(stored.id);
    }
    expect(normalizeReference('MQ-0O1IL5')).toBeUndefined();
    expect(normalizeReference('')).toBeUndefined();
    expect(store.leadByReference('MQ-ZZZZZZ')).toBeUndefined();
  });

  it('draws another reference when the first is taken, storing both leads', () => {
    const drawn = ['MQ-AAAAAA', 'MQ-AAAAAA', 'MQ-AAAAAA', 'MQ-BBBBBB'];
    const store = new LeadStore(path, { newReference: () => drawn.shift()! });
    open.push(store);
    expect(store.insertLead(umrahLead)!.reference).toBe('MQ-AAAAAA');
    expect(store.insertLead(contactLead)!.reference).toBe('MQ-BBBBBB');
    expect(leadCount(store)).toBe(2);
  });

  it('gives the leads of an older file a reference when it is opened', () => {
    const old = openStore();
    const stored = [old.insertLead(umrahLead)!, old.insertLead(contactLead)!];
    // Back to the schema before references (version 2), as a file written by the previous release.
    old.db.exec(`DROP INDEX leads_reference; DROP INDEX outbox_acknowledged; DROP TABLE idempotency_keys;
      ALTER TABLE leads DROP COLUMN reference; PRAGMA user_version = 2;`);
    closeStore(old);
    const reopened = openStore();
    const migrated = stored.map((lead) => reopened.getLead(lead.id)!);
    expect(migrated.map((lead) => lead.fields)).toEqual([umrahLead.fields, contactLead.fields]);
    expect(migrated.every((lead) => REFERENCE_PATTERN.test(lead.reference))).toBe(true);
    expect(migrated[0]!.reference).not.toBe(migrated[1]!.reference);
    expect(reopened.insertLead(umrahLead)!.reference).toMatch(REFERENCE_PATTERN);
  });

  describe('idempotency keys', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const later = (ms: number) => new Date(now.getTime() + ms);
    const DAY = 24 * 60 * 60 * 1000;

    it('answers a repeated key with the first lead, marked repeat, storing nothing new', () => {
      const store = openStore();
      const first = store.insertLead(umrahLead, undefined, now, [], { idempotencyKey: 'key-1' })!;
      const again = store.insertLead(umrahLead, undefined, later(1000), [], { idempotencyKey: 'key-1' })!;
      expect(first.repeat).toBeUndefined();
      expect(again).toEqual({ ...first, repeat: true });
      expect(leadCount(store)).toBe(1);
    });

    it('answers the repeat even when its captcha nonce is already spent', () => {
      const store = openStore();
      const captcha = { nonce: 'nonce-key', expiresAt: 1_800_000_000 };
      const first = store.insertLead(umrahLead, captcha, now, [], { idempotencyKey: 'key-2' })!;
      expect(store.insertLead(umrahLead, captcha, now, [], { idempotencyKey: 'key-2' })?.id).toBe(first.id);
    });

    it('keeps keys apart per form and forgets them after 24 hours', () => {
      const store = openStore();
      const first = store.insertLead(umrahLead, undefined, now, [], { idempotencyKey: 'key-3' })!;
      const otherForm = store.insertLead(contactLead, undefined, now, [], { idempotencyKey: 'key-3' })!;
      expect(otherForm.id).not.toBe(first.id);
      expect(store.leadForKey('umrah', 'key-3', later(DAY - 1).getTime())?.id).toBe(first.id);
      const nextDay = store.insertLead(umrahLead, undefined, later(DAY), [], { idempotencyKey: 'key-3' })!;
      expect(nextDay.id).not.toBe(first.id);
      expect(nextDay.repeat).toBeUndefined();
      expect(leadCount(store)).toBe(3);
    });

    it('prunes keys older than 24 hours from the file', () => {
      const store = openStore();
      store.insertLead(umrahLead, undefined, now, [], { idempotencyKey: 'old' });
      store.insertLead(umrahLead, undefined, later(DAY + 1), [], { idempotencyKey: 'new' });
      const keys = store.db.prepare('SELECT key FROM idempotency_keys').all() as { key: string }[];
      expect(keys.map((row) => row.key)).toEqual(['new']);
    });
  });

  describe('acknowledgements', () => {
    it('come after the staff deliveries when more are due than one pass takes', () => {
      const store = openStore();
      const start = Date.parse('2026-03-01T10:00:00Z');
      for (let index = 0; index < 25; index += 1) {
        store.insertLead(umrahLead, undefined, new Date(start + index), [], { acknowledgeTo: `v${index}@example.com` });
      }
      const staff = store.insertLead(contactLead, undefined, new Date(start + 1000), [
        { channel: 'email', destination: 'staff@agency.example' },
      ])!;
      const due = store.dueDeliveries(start + 2000, 20);
      expect(due[0]).toMatchObject({ leadId: staff.id, channel: 'email' });
      expect(due.slice(1).every((delivery) => delivery.channel === 'acknowledgement')).toBe(true);
    });

    const DAY = 24 * 60 * 60 * 1000;
    const acknowledgements = (store: LeadStore) =>
      store.db.prepare("SELECT destination FROM outbox WHERE channel = 'acknowledgement' ORDER BY id").all();

    it('queues one per address a day, whatever the case of the address', () => {
      const store = openStore();
      const start = new Date('2026-03-01T10:00:00Z');
      store.insertLead(umrahLead, undefined, start, [], { acknowledgeTo: 'amina@example.com' });
      store.insertLead(umrahLead, undefined, new Date(start.getTime() + 60_000), [], {
        acknowledgeTo: 'Amina@Example.com',
      });
      store.insertLead(contactLead, undefined, new Date(start.getTime() + 60_000), [], {
        acknowledgeTo: 'omar@example.com',
      });
      expect(acknowledgements(store)).toEqual([
        { destination: 'amina@example.com' },
        { destination: 'omar@example.com' },
      ]);
      store.insertLead(umrahLead, undefined, new Date(start.getTime() + DAY + 1), [], {
        acknowledgeTo: 'amina@example.com',
      });
      expect(acknowledgements(store)).toHaveLength(3);
      expect(leadCount(store)).toBe(4);
    });
  });
});
