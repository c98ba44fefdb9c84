import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
    expect(stored).toEqual({ ...umrahLead, id: expect.any(String), receivedAt: '2026-03-01T10:00:00.000Z' });
    expect(store.getLead(stored!.id)).toEqual(stored);
    expect(store.listLeads()).toEqual([stored]);
  });

  it('keeps text with quotes, emoji and accents intact and leaves missing page details empty', () => {
    const store = openStore();
    const stored = store.insertLead(contactLead)!;
    expect(store.getLead(stored.id)).toEqual({ ...contactLead, id: stored.id, receivedAt: stored.receivedAt });
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
});
