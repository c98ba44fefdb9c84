import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { personExport } from '@/lib/desk/privacy';
import { CONSENT_VALUE, INTEREST_CONSENT_FIELD, INTEREST_TRAVELLERS_FIELD } from '@/lib/forms/interest';
import type { HajjAlert } from '@/lib/hajj/alerts';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { HajjStore, issueUnsubscribeToken } from '@/server/hajj/store';
import { LeadApi } from '@/server/leads/api';
import { leadApiConfig } from '@/server/leads/config';
import { outboxKinds } from '@/server/message-kinds';
import { OutboxQueue } from '@/server/outbox/queue';
import { DeliveryWorker } from '@/server/outbox/worker';
import { parseMail, smtpMailer, startSmtpServer } from './support/smtp';
import { STORE_KINDS, storeAt, storeEnv, testStoreLocation, type StoreKind } from './support/stores';

/*
 * The Hajj interest list on both stores: a Hajj form's own questions stored beside the lead (the
 * consent off unless ticked), the spec's fields untouched; a phase alert queued once per person and
 * alert across a double submit and two instances on one database; one email each through the
 * outbox to a local SMTP server with RFC 8058's headers; an unsubscribe that stops the next alert
 * (and one queued before it); erased people never mailed; the export holding the interest.
 */

const SITE = 'https://miqat-travel.example';
const CLIENT = '203.0.113.9';
const NOW = new Date('2026-11-20T15:00:00.000Z');
const REGISTRATION: HajjAlert = { hijriYear: 1448, phase: 'registration', date: null };
const PAYMENT: HajjAlert = { hijriYear: 1448, phase: 'payment-deadline', date: '2027-03-01' };

const cleanups: (() => Promise<void> | void)[] = [];
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

async function setUp(kind: StoreKind, env: Record<string, string> = {}) {
  const location = await testStoreLocation(kind);
  const api = new LeadApi(leadApiConfig({ ...storeEnv(location), SITE_URL: SITE, LEADS_RATE_LIMIT: '100', ...env }));
  cleanups.push(() => api.store.close());
  const hajj = new HajjStore(api.store.database);
  let clients = 0;
  /** Posts the Hajj page's form as a browser without scripts would; the stored lead's id. */
  const signUp = async (email: string, extra: Record<string, string> = {}) => {
    clients += 1;
    const body = new URLSearchParams({
      name: 'Amina Yusuf',
      email,
      phone: '3125550147',
      message: 'Hajj for my parents, please.',
      ...extra,
    });
    const request = new Request('http://localhost/api/forms/hajj', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const outcome = await api.receive('hajj', request, `10.0.0.${clients}`);
    if (outcome.kind !== 'stored') throw new Error(`not stored: ${JSON.stringify(outcome)}`);
    return outcome.leadId;
  };
  const consenting = { [INTEREST_CONSENT_FIELD]: CONSENT_VALUE };
  const alertRows = async (leadId: string) =>
    (await new OutboxQueue(api.store.database).deliveriesOf(leadId)).filter(
      (delivery) => delivery.message?.kind === 'hajj-alert',
    );
  const send = async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { mailer, close } = smtpMailer(smtp.url);
    cleanups.push(close);
    const settings = leadApiConfig({ ...storeEnv(location), SMTP_URL: smtp.url, SITE_URL: SITE });
    const worker = new DeliveryWorker(api.store, settings, mailer, { kinds: outboxKinds });
    while ((await worker.runOnce(Date.now() + 60_000)) > 0);
    return smtp.state.received.filter((mail) => parseMail(mail.raw).headers['subject']?.startsWith('Hajj 1448:'));
  };
  return { location, api, hajj, signUp, consenting, alertRows, send };
}

describe.each(STORE_KINDS)('the Hajj interest list on %s', { timeout: 30_000 }, (kind) => {
  it('stores the interest from a form post beside the lead, the consent off unless ticked, the fields the spec’s', async () => {
    const { api, hajj, signUp, consenting } = await setUp(kind);
    const quiet = await signUp('quiet@example.com');
    const keen = await signUp('keen@example.com', { ...consenting, [INTEREST_TRAVELLERS_FIELD]: '4' });
    const lead = await api.store.getLead(keen);
    expect(Object.keys(lead!.fields).sort()).toEqual(['email', 'message', 'name', 'phone']);
    const list = await hajj.list();
    expect(list.map((entry) => [entry.leadId, entry.travellers, entry.consentedAt !== null])).toEqual([
      [keen, 4, true],
      [quiet, null, false],
    ]);
    expect(await hajj.recipientCount()).toBe(1);
  });

  it('refuses a party out of range or a consent with another value, storing nothing', async () => {
    const { api, hajj } = await setUp(kind);
    const request = (extra: Record<string, string>) =>
      new Request('http://localhost/api/forms/hajj', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'A', email: 'a@example.com', phone: '1', message: 'Hajj', ...extra }),
      });
    const outcome = await api.receive(
      'hajj',
      request({ [INTEREST_TRAVELLERS_FIELD]: '21', [INTEREST_CONSENT_FIELD]: 'on' }),
      CLIENT,
    );
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind === 'invalid') {
      expect(outcome.errors[INTEREST_TRAVELLERS_FIELD]).toMatch(/1 to 20/);
      expect(outcome.errors[INTEREST_CONSENT_FIELD]).toMatch(/Tick the box/);
      // Shown again as sent, so the visitor can correct it.
      expect(outcome.fields[INTEREST_TRAVELLERS_FIELD]).toBe('21');
    }
    // Another form does not take the list's questions at all.
    const data = new FormData();
    for (const [name, value] of Object.entries({
      name: 'A',
      email: 'a@example.com',
      phone: '1',
      message: 'Ramadan',
      package_type: 'ramadan_umrah',
      [INTEREST_CONSENT_FIELD]: CONSENT_VALUE,
    }))
      data.append(name, value);
    const ramadan = await api.receive(
      'ramadan',
      new Request('http://localhost/api/forms/ramadan', { method: 'POST', body: data }),
      CLIENT,
    );
    expect(ramadan.kind === 'invalid' && ramadan.errors[INTEREST_CONSENT_FIELD]).toBe('Unexpected field.');
    expect(await hajj.list()).toEqual([]);
    expect(await api.store.listLeads()).toEqual([]);
  });

  it('queues an alert once per person and alert: a double submit, two instances and a person signed up twice', async () => {
    const { location, hajj, signUp, consenting, alertRows, api } = await setUp(kind);
    const first = await signUp('Layla@Example.com', consenting);
    const again = await signUp('layla@example.com', consenting);
    const other = await signUp('omar@example.com', consenting);
    await signUp('no-consent@example.com');
    const second = storeAt(location);
    cleanups.push(() => second.close());
    const otherInstance = new HajjStore(second.database);

    expect(await hajj.recipientCount(REGISTRATION)).toBe(2);
    const results = await Promise.all([
      hajj.sendAlert(REGISTRATION, 'owner@agency.example', NOW),
      hajj.sendAlert(REGISTRATION, 'owner@agency.example', NOW),
      otherInstance.sendAlert(REGISTRATION, 'other-owner@agency.example', NOW),
    ]);
    expect(results.map((result) => result.queued).sort()).toEqual([0, 0, 2]);
    expect(await hajj.sendAlert(REGISTRATION, 'owner@agency.example', NOW)).toEqual({ queued: 0, earlier: 2 });
    expect(await hajj.recipientCount(REGISTRATION)).toBe(0);
    // The newest sign-up of an address carries it; the older one gets nothing.
    expect(await alertRows(first)).toHaveLength(0);
    expect((await alertRows(again)).map((row) => row.destination)).toEqual(['layla@example.com']);
    expect(await alertRows(other)).toHaveLength(1);
    const history = await new PipelineStore(api.store.database).historyOf(other);
    expect(history.filter((entry) => entry.action === 'hajj').map((entry) => entry.detail)).toEqual([
      'Phase alert queued to omar@example.com: "Hajj 1448: registration is open on Nusuk Hajj"',
    ]);
    const [logged] = await hajj.alerts();
    expect(logged).toMatchObject({ subject: 'Hajj 1448: registration is open on Nusuk Hajj', recipients: 2 });
    expect(['owner@agency.example', 'other-owner@agency.example']).toContain(logged!.sentBy);

    // Another alert is its own: everyone gets it once.
    expect((await hajj.sendAlert(PAYMENT, 'owner@agency.example', NOW)).queued).toBe(2);
  });

  it('sends one email each to a local SMTP server, with the one-click unsubscribe in the text and the headers', async () => {
    const { api, hajj, signUp, consenting, send } = await setUp(kind);
    await signUp('layla@example.com', consenting);
    await hajj.sendAlert(PAYMENT, 'owner@agency.example', NOW);
    const mails = await send();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['layla@example.com']);
    const { headers, text } = parseMail(mails[0]!.raw);
    expect(headers['subject']).toBe('Hajj 1448: the payment deadline on Nusuk Hajj is 1 March 2027');
    const link = /<(https:\/\/miqat-travel\.example\/hajj\/unsubscribe\?token=[\w-]{43})>/.exec(
      headers['list-unsubscribe'] ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(link);
    expect(text).toContain('pay for it only on Nusuk Hajj');
    // The email's own link works, and the database keeps only its hash.
    const token = new URL(link!).searchParams.get('token')!;
    expect(await hajj.subscription(token)).toEqual({ unsubscribed: false });
    expect(JSON.stringify(await api.store.database.all('SELECT * FROM hajj_unsubscribe_links'))).not.toContain(token);
    // Sent is sent: the worker's next pass sends nothing more.
    expect(await send()).toHaveLength(0);
  });

  it('an unsubscribe stops the next alert and one already queued; a new ticked sign-up is a new consent', async () => {
    const { api, hajj, signUp, consenting, send, alertRows } = await setUp(kind);
    const leadId = await signUp('layla@example.com', consenting);
    await signUp('layla@example.com', consenting);
    // The link an email to this sign-up carries (each email draws its own).
    const token = await issueUnsubscribeToken(api.store.database, leadId, NOW);
    await hajj.sendAlert(REGISTRATION, 'owner@agency.example', NOW);
    expect(await hajj.subscription(token)).toEqual({ unsubscribed: false });
    expect(await hajj.unsubscribe(token, NOW)).toEqual({ done: 'unsubscribed' });
    expect(await hajj.unsubscribe(token, NOW)).toEqual({ done: 'already' });
    expect(await hajj.subscription(token)).toEqual({ unsubscribed: true });
    // Queued before the unsubscribe: written out, found unsubscribed, not sent.
    expect(await send()).toHaveLength(0);
    expect(await hajj.recipientCount(PAYMENT)).toBe(0);
    expect((await hajj.sendAlert(PAYMENT, 'owner@agency.example', NOW)).queued).toBe(0);
    expect(await alertRows(leadId)).toHaveLength(0);
    const history = await new PipelineStore(api.store.database).historyOf(leadId);
    expect(history.map((entry) => entry.detail)).toContain('Unsubscribed from the Hajj phase alerts');
    // An unknown or malformed token names no one.
    expect(await hajj.unsubscribe('x'.repeat(43))).toBeUndefined();
    expect(await hajj.subscription('nope')).toBeUndefined();

    const renewed = await signUp('layla@example.com', consenting);
    expect((await hajj.sendAlert(PAYMENT, 'owner@agency.example', NOW)).queued).toBe(1);
    expect(await alertRows(renewed)).toHaveLength(1);
  });

  it('never mails erased people, and the export holds the interest, the unsubscribe and the alerts', async () => {
    const { api, hajj, signUp, consenting, send } = await setUp(kind);
    const kept = await signUp('layla@example.com', { ...consenting, [INTEREST_TRAVELLERS_FIELD]: '3' });
    const erased = await signUp('omar@example.com', consenting);
    await hajj.sendAlert(REGISTRATION, 'owner@agency.example', NOW);
    const privacy = new PrivacyStore(api.store);

    const records = await privacy.findPerson({ email: 'layla@example.com' });
    const exported = personExport(records, { email: 'layla@example.com', phone: '' }, NOW, outboxKinds.messageLabel);
    expect(exported.leads[0]!.hajjInterest).toEqual({
      travellers: 3,
      consentedAt: expect.any(String),
      unsubscribedAt: null,
      alerts: [{ subject: 'Hajj 1448: registration is open on Nusuk Hajj', queuedAt: NOW.toISOString() }],
    });
    expect(exported.leads[0]!.fields).not.toHaveProperty(INTEREST_CONSENT_FIELD);

    expect(await privacy.eraseLeads([erased], 'owner@agency.example', NOW)).toBe(1);
    const mails = await send();
    expect(mails.map((mail) => mail.to)).toEqual([['layla@example.com']]);
    expect((await hajj.list()).map((entry) => entry.leadId)).toEqual([kept]);
    // Nothing of the erased person is left on the list, its unsubscribe token included.
    const left = await api.store.database.all<{ email: string }>('SELECT email FROM hajj_alert_recipients');
    expect(left.map((row) => row.email)).toEqual(['layla@example.com']);
    const links = await api.store.database.all<{ lead_id: string }>('SELECT lead_id FROM hajj_unsubscribe_links');
    expect(links.map((row) => row.lead_id)).toEqual([kept]);
    expect((await hajj.sendAlert(PAYMENT, 'owner@agency.example', NOW)).queued).toBe(1);
  });
});
