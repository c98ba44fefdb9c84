import { OutboxQueue } from '@/server/outbox/queue';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeadApi } from '@/server/leads/api';
import { parseRelays } from '@/server/config';
import { deliveriesFor, leadApiConfig, type LeadApiConfig } from '@/server/leads/config';
import { acknowledgedPage } from '@/server/leads/delivery';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import type { NewLead, StoredLead } from '@/lib/leads/model';
import { outboxKinds } from '@/server/message-kinds';
import type { Mailer } from '@/server/outbox/mail';
import { DeliveryWorker, claimLeaseMs, retryDelay } from '@/server/outbox/worker';
import { whatsappTextIn, whatsappTexts } from '../support/whatsapp';
import { parseMail, smtpMailer, startSmtpServer } from './support/smtp';
import {
  STORE_KINDS,
  storeAt,
  storeEnv,
  testStoreLocation,
  type StoreKind,
  type TestStoreLocation,
} from './support/stores';

let location: TestStoreLocation;
const cleanups: (() => Promise<void> | void)[] = [];

// The worker warns on every failed attempt; the tests fail on purpose a lot.
const quietWarnings = () => void vi.spyOn(console, 'warn').mockImplementation(() => {});

/**
 * A simulated clock for the worker: each pass runs a day after the last, so every retry the worker
 * scheduled (from the time it was given) is due and backoff never slows a test.
 */
let clock = Date.now();
// Long enough for a loaded two-core machine to answer a local 500 within it (200 ms was not, once);
// short enough that a destination that hangs costs the suite little.
const DELIVERY_TIMEOUT_MS = 400;
const NO_ANSWER = `no answer within ${DELIVERY_TIMEOUT_MS} ms`;
const later = () => (clock += 24 * 60 * 60_000);

function config(env: Record<string, string> = {}, at: TestStoreLocation = location): LeadApiConfig {
  return leadApiConfig({
    ...storeEnv(at),
    LEADS_RETRY_BASE_MS: '1000',
    LEADS_RETRY_MAX_MS: '60000',
    LEADS_DELIVERY_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
    ...env,
  });
}

/** A second instance on the test's store, beside any `LeadApi` the test makes. */
function openStore(): SqlLeadStore {
  const store = storeAt(location);
  cleanups.push(() => store.close());
  return store;
}

// ---------------------------------------------------------------------------------------------
// A local destination whose behaviour is switched by phase.

type Phase = 'fail' | 'hang' | 'reset' | 'accept';

interface Received {
  phase: Phase;
  key: string | undefined;
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

interface Listener {
  listen(port: number, host: string, done: () => void): unknown;
  once(event: 'error', handler: (error: Error) => void): unknown;
}

async function listen(server: Listener, port = 0): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
}

/**
 * `fail` answers 500, `hang` takes the request and never answers, `reset` drops the connection,
 * `accept` answers 200; `down()` stops listening altogether and `up()` listens again on the same port.
 */
async function startDestination(path = '/in', closers = cleanups) {
  const state = { phase: 'accept' as Phase, log: [] as { phase: Phase; key: string | undefined }[] };
  const accepted: Received[] = [];
  const server = createServer((request, response) => {
    const phase = state.phase;
    const key = header(request.headers, 'idempotency-key');
    state.log.push({ phase, key });
    if (phase === 'hang') return;
    if (phase === 'reset') {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (phase === 'fail') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      accepted.push({
        phase,
        key,
        contentType: header(request.headers, 'content-type') ?? '',
        body: new Uint8Array(Buffer.concat(chunks)),
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  const close = async () => {
    server.closeAllConnections();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  closers.push(close);
  return {
    state,
    accepted,
    url: `http://127.0.0.1:${port}${path}`,
    down: close,
    up: () => listen(server, port),
  };
}

/** The fields a received form body carries, in order, as the destination's own parser reads them. */
async function formEntries(received: Received): Promise<[string, string][]> {
  const data = await new Response(received.body, { headers: { 'content-type': received.contentType } }).formData();
  return [...data].map(([name, value]) => {
    if (typeof value !== 'string') throw new Error(`${name} arrived as a file`);
    return [name, value];
  });
}

function countBy(keys: readonly (string | undefined)[]): Map<string | undefined, number> {
  const counts = new Map<string | undefined, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Leads of a url-encoded form (umrah) and a multipart one (ramadan), with text that encodings mangle.

function umrahLead(index: number): NewLead {
  return {
    formId: 'umrah',
    fields: {
      name: `Amina Yusuf-Fārūqī ${index}`,
      email: `amina.${index}+umrah@example.com`,
      phone: `+1 (312) 555-01${String(index).padStart(2, '0')}`,
      adults: String((index % 4) + 1),
      children: String(index % 3),
      answer: '7',
    },
    pageUrl: `https://miqat-travel.example/umrah-packages?from=ad&n=${index}`,
    userAgent: 'Mozilla/5.0 (test)',
  };
}

function ramadanLead(index: number): NewLead {
  return {
    formId: 'ramadan',
    fields: {
      name: `Omar Farouk ${index}`,
      email: `omar.${index}@example.com`,
      phone: `555-01${String(index).padStart(2, '0')}`,
      // Browsers send a textarea's line breaks as CRLF, which multipart keeps as they are.
      message: `The last ten nights 🕋, two adults.\r\nBudget: 2 × $3,000 & "flexible" = yes; 50%+ café`,
      package_type: 'ramadan_umrah',
    },
    pageUrl: 'https://miqat-travel.example/ramadan-umrah',
    userAgent: 'Mozilla/5.0 (test)',
  };
}

async function storeLeads(
  store: SqlLeadStore,
  settings: LeadApiConfig,
  from: number,
  count: number,
): Promise<StoredLead[]> {
  const leads: StoredLead[] = [];
  for (let index = from; index < from + count; index += 1) {
    const lead = index % 2 === 0 ? umrahLead(index) : ramadanLead(index);
    const stored = await store.insertLead(lead, { now: new Date(), deliveries: deliveriesFor(lead.formId, settings) });
    if (!stored) throw new Error('lead not stored');
    leads.push(stored);
  }
  return leads;
}

const CONTENT_TYPES: Record<string, RegExp> = {
  umrah: /^application\/x-www-form-urlencoded(;\s*charset=utf-8)?$/i,
  ramadan: /^multipart\/form-data;\s*boundary=\S+$/i,
};

/** Checks that every lead arrived exactly once, in its form's encoding, with its fields exactly as stored. */
async function expectEachArrivedOnce(accepted: readonly Received[], leads: readonly StoredLead[]): Promise<void> {
  const counts = countBy(accepted.map((request) => request.key));
  expect(accepted).toHaveLength(leads.length);
  for (const lead of leads) expect(counts.get(lead.id), `lead ${lead.id}`).toBe(1);
  const byId = new Map(leads.map((lead) => [lead.id, lead]));
  for (const request of accepted) {
    const lead = byId.get(request.key ?? '');
    if (!lead) throw new Error(`an unknown lead arrived: ${request.key}`);
    expect(request.contentType).toMatch(CONTENT_TYPES[lead.formId]!);
    // The spec's fields exactly as stored, then the reference under a name no form uses.
    expect(await formEntries(request)).toEqual([...Object.entries(lead.fields), ['reference', lead.reference]]);
  }
}

function attemptsOf(store: SqlLeadStore, outboxId: number): Promise<{ ok: number; detail: string }[]> {
  return store.database.all('SELECT ok, detail FROM delivery_attempts WHERE outbox_id = ? ORDER BY id', [outboxId]);
}

const relayTo = (url: string, ...forms: string[]) =>
  JSON.stringify(Object.fromEntries(forms.map((form) => [form, { type: 'form', url }])));

// ---------------------------------------------------------------------------------------------

describe.each(STORE_KINDS)('on %s', (kind) => {
  beforeEach(async () => {
    quietWarnings();
    location = await testStoreLocation(kind);
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    vi.restoreAllMocks();
  });

  describe('relay to the agency form service', () => {
    it('gets every lead there exactly once when two workers on one store pass at the same moment', async () => {
      const destination = await startDestination();
      const settings = config({ LEADS_RELAYS: relayTo(destination.url, 'umrah', 'ramadan') });
      const store = openStore();
      const workers = [0, 1].map(() => new DeliveryWorker(openStore(), settings, undefined, { kinds: outboxKinds }));
      const leads = await storeLeads(store, settings, 0, 30);
      // A failed pass first, so the retries are due together too.
      destination.state.phase = 'fail';
      let at = later();
      const first = await Promise.all(workers.map((worker) => worker.runOnce(at)));
      expect(first[0]! + first[1]!).toBe(30);
      destination.state.phase = 'accept';
      let attempted = 0;
      do {
        at = later();
        const pass = await Promise.all(workers.map((worker) => worker.runOnce(at)));
        attempted = pass[0]! + pass[1]!;
      } while (attempted > 0);
      await expectEachArrivedOnce(destination.accepted, leads);
      expect(destination.state.log).toHaveLength(60);
    });

    it('does not send a delivery whose lease lapsed and went to another worker during a long pass', async () => {
      const destination = await startDestination();
      const settings = config({ LEADS_RELAYS: relayTo(destination.url, 'umrah', 'ramadan') });
      const store = openStore();
      await storeLeads(store, settings, 0, 3);
      destination.state.phase = 'hang';
      const at = later();
      const slow = new DeliveryWorker(store, settings, undefined, { kinds: outboxKinds }).runOnce(at);
      await vi.waitFor(() => expect(destination.state.log).toHaveLength(1));
      // While the first attempt hangs, another worker whose clock is past the lease takes all three.
      const other = openStore();
      const taken = await new OutboxQueue(other.database).claimDueDeliveries(
        at + claimLeaseMs(settings.deliveryTimeoutMs) + 1,
        20,
      );
      expect(taken).toHaveLength(3);
      expect(await slow).toBe(1);
      expect(destination.state.log).toHaveLength(1);
    });

    it('loses nothing while a destination is down for a long time', async () => {
      const destination = await startDestination();
      const settings = config({ LEADS_RELAYS: relayTo(destination.url, '*') });
      const store = openStore();
      const worker = new DeliveryWorker(store, settings, undefined, { kinds: outboxKinds });
      const leads = await storeLeads(store, settings, 0, 5);
      const snapshot = await store.listLeads();

      // Forty failed passes: refused connections, dropped connections and 500s, with leads still coming in.
      const outage = ['down', 'reset', 'fail'] as const;
      let listening = true;
      for (let pass = 0; pass < 40; pass += 1) {
        const phase = outage[Math.floor(pass / 4) % outage.length]!;
        if (phase === 'down' && listening) {
          await destination.down();
          listening = false;
        } else if (phase !== 'down') {
          if (!listening) await destination.up();
          listening = true;
          destination.state.phase = phase;
        }
        if (pass === 20) leads.push(...(await storeLeads(store, settings, 5, 3)));
        expect(await worker.runOnce(later())).toBe(pass >= 20 ? 8 : 5);
      }
      expect(destination.accepted).toEqual([]);
      for (const [index, lead] of leads.entries()) {
        const [delivery] = await new OutboxQueue(store.database).deliveriesOf(lead.id);
        expect(delivery).toMatchObject({ status: 'pending', attempts: index < 5 ? 40 : 20 });
        expect(delivery!.lastError).toEqual(expect.any(String));
        // Backoff is capped, so even after forty failures the next try is at most a minute away.
        expect(delivery!.nextAttemptAt).toBeLessThanOrEqual(clock + 60_000);
      }

      if (!listening) await destination.up();
      destination.state.phase = 'accept';
      expect(await worker.runOnce(later())).toBe(8);
      expect(await worker.runOnce(later())).toBe(0);
      await expectEachArrivedOnce(destination.accepted, leads);
      for (const [index, lead] of leads.entries()) {
        expect(await new OutboxQueue(store.database).deliveriesOf(lead.id)).toEqual([
          expect.objectContaining({ status: 'delivered', attempts: index < 5 ? 41 : 21 }),
        ]);
      }
      expect((await store.listLeads()).slice(3)).toEqual(snapshot);
    }, 20_000);

    it('sends a webhook lead stored by the API as JSON', async () => {
      const destination = await startDestination('/hooks/leads');
      const settings = config({ LEADS_RELAYS: JSON.stringify({ '*': { type: 'webhook', url: destination.url } }) });
      const api = new LeadApi(settings);
      cleanups.push(() => api.store.close());
      const fields = {
        firstName: 'Zaynab',
        lastName: 'Al-Fārūqī',
        email: 'zaynab@example.com',
        subject: 'visa-services',
        message: 'Do we need a visa?\nWe fly on 3 March & return "soon".',
      };
      const response = await api.submit(
        'contact',
        new Request('http://localhost/api/forms/contact', {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            referer: 'https://miqat-travel.example/contact',
          },
          body: new URLSearchParams(fields),
        }),
        '203.0.113.7',
      );
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const lead = (await api.store.getLead(id))!;
      expect(await new OutboxQueue(api.store.database).deliveriesOf(id)).toEqual([
        expect.objectContaining({ channel: 'webhook', destination: destination.url, status: 'pending' }),
      ]);

      const worker = new DeliveryWorker(api.store, settings, undefined, { kinds: outboxKinds });
      expect(await worker.runOnce(later())).toBe(1);
      expect(destination.accepted).toHaveLength(1);
      const [received] = destination.accepted;
      expect(received!.key).toBe(id);
      expect(received!.contentType).toBe('application/json');
      expect(JSON.parse(new TextDecoder().decode(received!.body))).toEqual({
        id,
        reference: lead.reference,
        formId: 'contact',
        receivedAt: lead.receivedAt,
        pageUrl: 'https://miqat-travel.example/contact',
        fields,
      });
      expect((await new OutboxQueue(api.store.database).deliveriesOf(id))[0]).toMatchObject({
        status: 'delivered',
        attempts: 1,
      });
    });
  });

  describe('retry backoff', () => {
    it('doubles from the base and stops at the cap', async () => {
      const top = () => 1;
      expect([0, 1, 2, 3, 4, 5, 6].map((attempts) => retryDelay(attempts, 1000, 60_000, top))).toEqual([
        1000, 2000, 4000, 8000, 16_000, 32_000, 60_000,
      ]);
      expect(retryDelay(30, 1000, 60_000, top)).toBe(60_000);
      expect(retryDelay(10_000, 5000, 900_000, top)).toBe(900_000);
    });

    it('keeps the jitter within half to all of the exponential wait', async () => {
      expect(retryDelay(3, 1000, 60_000, () => 0)).toBe(4000);
      for (let attempts = 0; attempts < 12; attempts += 1) {
        const exponential = Math.min(60_000, 1000 * 2 ** attempts);
        for (let sample = 0; sample < 50; sample += 1) {
          const delay = retryDelay(attempts, 1000, 60_000);
          expect(delay).toBeGreaterThanOrEqual(exponential / 2);
          expect(delay).toBeLessThanOrEqual(exponential);
        }
      }
    });

    it('does not try a failed delivery again before its next attempt is due', async () => {
      const destination = await startDestination();
      destination.state.phase = 'fail';
      const settings = config({
        LEADS_RELAYS: relayTo(destination.url, 'umrah'),
        LEADS_RETRY_BASE_MS: '60000',
        LEADS_RETRY_MAX_MS: '3600000',
      });
      const store = openStore();
      const worker = new DeliveryWorker(store, settings, undefined, { kinds: outboxKinds });
      const [lead] = await storeLeads(store, settings, 0, 1);

      let before = Date.now();
      expect(await worker.runOnce()).toBe(1);
      const after = Date.now();
      let [delivery] = await new OutboxQueue(store.database).deliveriesOf(lead!.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
      expect(delivery!.nextAttemptAt).toBeGreaterThanOrEqual(before + 30_000);
      expect(delivery!.nextAttemptAt).toBeLessThanOrEqual(after + 60_000);

      expect(await worker.runOnce()).toBe(0);
      expect(await worker.runOnce(delivery!.nextAttemptAt - 1)).toBe(0);
      expect(destination.state.log).toHaveLength(1);

      // The retry is scheduled from the time the pass was given, not the wall clock.
      before = delivery!.nextAttemptAt;
      expect(await worker.runOnce(before)).toBe(1);
      [delivery] = await new OutboxQueue(store.database).deliveriesOf(lead!.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
      expect(delivery!.nextAttemptAt).toBeGreaterThanOrEqual(before + 60_000);
      expect(delivery!.nextAttemptAt).toBeLessThanOrEqual(before + 120_000);
      expect(await worker.runOnce(delivery!.nextAttemptAt - 1)).toBe(0);
      expect(destination.state.log).toHaveLength(2);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Staff email through a local SMTP server.

  /** A local SMTP server for this test, closed after it. */
  async function startSmtp() {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    return smtp;
  }

  /** The mailer as `startDeliveries` (src/server/outbox/worker.ts) builds it, closed after the test. */
  function nodemailer(settings: LeadApiConfig): Mailer {
    const { mailer, close } = smtpMailer(settings.smtpUrl!);
    cleanups.push(close);
    return mailer;
  }

  const contactLead: NewLead = {
    formId: 'contact',
    fields: {
      firstName: 'Zaynab',
      lastName: 'Al-Fārūqī',
      email: 'zaynab.alfaruqi@example.com',
      phone: '+44 20 7946 0958',
      subject: 'group-bookings',
      message:
        'As-salamu alaykum,\nWe are a family of six (two grandparents).\n\nCan we travel in the first week of Ramadan? — Zaynab',
    },
    pageUrl: 'https://miqat-travel.example/contact?ref=newsletter',
    userAgent: 'Mozilla/5.0 (test)',
  };

  describe('staff email', () => {
    it('sends the staff an email with every field, answerable to the visitor', async () => {
      const smtp = await startSmtp();
      const settings = config({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'staff@agency.example' });
      expect(deliveriesFor('contact', settings)).toEqual([{ channel: 'email', destination: 'staff@agency.example' }]);
      const store = openStore();
      const lead = (await store.insertLead(contactLead, {
        now: new Date(),
        deliveries: deliveriesFor('contact', settings),
      }))!;
      const worker = new DeliveryWorker(store, settings, nodemailer(settings), { kinds: outboxKinds });

      expect(await worker.runOnce(later())).toBe(1);
      expect(await new OutboxQueue(store.database).deliveriesOf(lead.id)).toEqual([
        expect.objectContaining({ channel: 'email', status: 'delivered', attempts: 1, lastError: null }),
      ]);
      expect(smtp.state.received).toHaveLength(1);
      const [mail] = smtp.state.received;
      expect(mail!.to).toEqual(['staff@agency.example']);
      expect(mail!.from).toBe('leads@miqat-travel.example');

      const { headers, text } = parseMail(mail!.raw);
      expect(headers['to']).toBe('staff@agency.example');
      expect(headers['reply-to']).toBe('zaynab.alfaruqi@example.com');
      expect(headers['from']).toContain('leads@miqat-travel.example');
      expect(headers['subject']).toContain('Send us a message');
      expect(headers['subject']).toContain('Zaynab Al-Fārūqī');
      expect(headers['subject']).toContain(lead.reference);
      expect(text).toContain(`Reference: ${lead.reference}`);
      expect(headers['message-id']).toBe(`<${lead.id}@miqat-travel.example>`);
      expect(headers['content-type']).toMatch(/^text\/plain/);
      for (const value of Object.values(contactLead.fields)) expect(text).toContain(value);
      expect(text).toContain('https://miqat-travel.example/contact?ref=newsletter');
      expect(text).toContain(lead.id);
    });

    it('keeps the email pending while the SMTP server refuses it, and sends it once when it accepts', async () => {
      const smtp = await startSmtp();
      const settings = config({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'staff@agency.example' });
      const store = openStore();
      const lead = (await store.insertLead(contactLead, {
        now: new Date(),
        deliveries: deliveriesFor('contact', settings),
      }))!;
      const worker = new DeliveryWorker(store, settings, nodemailer(settings), { kinds: outboxKinds });

      smtp.state.reject = true;
      expect(await worker.runOnce(later())).toBe(1);
      expect(await worker.runOnce(later())).toBe(1);
      expect(smtp.state.refused).toBe(2);
      const [pending] = await new OutboxQueue(store.database).deliveriesOf(lead.id);
      expect(pending).toMatchObject({ channel: 'email', status: 'pending', attempts: 2 });
      expect(pending!.lastError).toContain('451');
      expect(pending!.lastError).toContain('Mailbox busy');

      smtp.state.reject = false;
      expect(await worker.runOnce(later())).toBe(1);
      expect(await worker.runOnce(later())).toBe(0);
      expect(smtp.state.received).toHaveLength(1);
      expect(parseMail(smtp.state.received[0]!.raw).headers['message-id']).toContain(lead.id);
      expect((await new OutboxQueue(store.database).deliveriesOf(lead.id))[0]).toMatchObject({
        status: 'delivered',
        attempts: 3,
        lastError: null,
      });
      expect(await store.getLead(lead.id)).toEqual(lead);
    });

    it('keeps the email pending while no SMTP server listens at all', async () => {
      const smtp = await startSmtp();
      const settings = config({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'staff@agency.example' });
      const store = openStore();
      // A port nothing listens on: take one and give it back.
      const probe = createServer();
      await listen(probe);
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const downSettings = { ...settings, smtpUrl: `smtp://127.0.0.1:${port}` };
      const lead = (await store.insertLead(contactLead, {
        now: new Date(),
        deliveries: deliveriesFor('contact', settings),
      }))!;

      const down = new DeliveryWorker(store, downSettings, nodemailer(downSettings), { kinds: outboxKinds });
      expect(await down.runOnce(later())).toBe(1);
      const [pending] = await new OutboxQueue(store.database).deliveriesOf(lead.id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending!.lastError).toMatch(/ECONNREFUSED|connect/i);

      const up = new DeliveryWorker(store, settings, nodemailer(settings), { kinds: outboxKinds });
      expect(await up.runOnce(later())).toBe(1);
      expect(smtp.state.received).toHaveLength(1);
      expect((await new OutboxQueue(store.database).deliveriesOf(lead.id))[0]).toMatchObject({
        status: 'delivered',
        attempts: 2,
      });
    });

    it('records a missing mailer as a failed attempt instead of dropping the email', async () => {
      const settings = config({ SMTP_URL: 'smtp://127.0.0.1:1', LEADS_NOTIFY_TO: 'staff@agency.example' });
      const store = openStore();
      const lead = (await store.insertLead(contactLead, {
        now: new Date(),
        deliveries: deliveriesFor('contact', settings),
      }))!;
      expect(await new DeliveryWorker(store, settings, undefined, { kinds: outboxKinds }).runOnce(later())).toBe(1);
      expect((await new OutboxQueue(store.database).deliveriesOf(lead.id))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'SMTP_URL is not set',
      });
    });
  });

  // ---------------------------------------------------------------------------------------------
  // The visitor's acknowledgement, through the API, the outbox and a local SMTP server.

  describe('acknowledgement email', () => {
    const DAY = 24 * 60 * 60_000;

    function contactRequest(fields: Record<string, string>, referer = 'https://miqat-travel.example/contact-us') {
      return new Request('http://localhost/api/forms/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer },
        body: new URLSearchParams(fields),
      });
    }

    const visitor = { ...contactLead.fields };

    async function setUp(env: Record<string, string> = {}) {
      const smtp = await startSmtp();
      const settings = config({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'staff@agency.example', ...env });
      const api = new LeadApi(settings);
      cleanups.push(() => api.store.close());
      const worker = new DeliveryWorker(api.store, settings, nodemailer(settings), { kinds: outboxKinds });
      let client = 0;
      const submit = async (fields: Record<string, string>, nowMs = Date.now(), referer?: string) => {
        client += 1;
        const response = await api.submit('contact', contactRequest(fields, referer), `203.0.113.${client}`, nowMs);
        expect(response.status).toBe(201);
        return (await response.json()) as { id: string; reference: string };
      };
      const acknowledgements = () => smtp.state.received.filter((mail) => !mail.to.includes('staff@agency.example'));
      return { smtp, settings, api, worker, submit, acknowledgements };
    }

    it('tells the visitor the reference, the form and page, what happens next and how to reach us, and nothing they typed', async () => {
      const { worker, submit, acknowledgements, smtp } = await setUp();
      const { reference } = await submit(visitor);
      expect(await worker.runOnce(later())).toBe(2);
      expect(smtp.state.received).toHaveLength(2);
      const [mail] = acknowledgements();
      expect(mail!.to).toEqual(['zaynab.alfaruqi@example.com']);
      const { headers, text } = parseMail(mail!.raw);
      expect(headers['subject']).toBe(`Your enquiry to Miqat Travel: reference ${reference}`);
      expect(headers['from']).toContain('Miqat Travel');
      expect(headers['reply-to']).toBe('hello@miqat-travel.example');
      expect(text).toContain(`Your reference: ${reference}`);
      expect(text).toContain('Send us a message');
      expect(text).toContain('https://miqat-travel.example/contact-us');
      expect(text).toContain('reply within one business day');
      expect(text).toContain('+1 (512) 555-0143');
      expect(text).toContain('https://wa.me/15125550143');
      // An English enquiry's WhatsApp link sends the agency's greeting alone.
      expect(whatsappTexts(text)).toEqual([whatsappTextIn('en')]);
      expect(text).toContain('Monday - Friday: 9:00 AM - 6:00 PM');
      expect(text).toContain('Sunday: Closed');
      // Not a word of the visitor's own: no message, no name, no phone.
      for (const line of visitor['message']!.split('\n').filter(Boolean)) expect(text).not.toContain(line);
      for (const typed of [visitor['firstName']!, visitor['lastName']!, visitor['phone']!]) {
        expect(text).not.toContain(typed);
        expect(headers['subject']).not.toContain(typed);
      }
    });

    it('is written in the language the enquiry came in, with the same email in English below, in UTF-8', async () => {
      const { worker, submit, acknowledgements } = await setUp();
      const { reference } = await submit(
        { ...visitor, _lang: 'ur' },
        Date.now(),
        'https://miqat-travel.example/ur/contact-us',
      );
      while ((await worker.runOnce(later())) > 0);
      const [mail] = acknowledgements();
      const { headers, text } = parseMail(mail!.raw);
      expect(headers['content-type']).toMatch(/charset=utf-8/i);
      // The Urdu subject first, the English after it; the reference isolated in its own direction.
      expect(headers['subject']).toBe(
        `Miqat Travel کو آپ کا استفسار: حوالہ نمبر \u2066${reference}\u2069 | Your enquiry to Miqat Travel: reference ${reference}`,
      );
      const [urdu, english] = text.split('The same message in English');
      expect(urdu).toContain('السلام علیکم،');
      expect(urdu).toContain(`آپ کا حوالہ نمبر:`);
      expect(urdu).toContain(`\u2066${reference}\u2069`);
      expect(urdu).toContain('ہمیں پیغام بھیجیں');
      expect(urdu).toContain('https://miqat-travel.example/ur/contact-us');
      expect(urdu).toContain('نیچے انگریزی پیغام میں درج ہے');
      expect(urdu).toContain('یہی پیغام انگریزی میں');
      // The English below is the English acknowledgement, whole: contacts, hours and the signature.
      expect(english).toContain(`Your reference: ${reference}`);
      expect(english).toContain('Send us a message');
      expect(english).toContain('+1 (512) 555-0143');
      expect(english).toContain('Monday - Friday: 9:00 AM - 6:00 PM');
      expect(urdu).not.toContain('+1 (512) 555-0143');
      // The WhatsApp link the Urdu half points to sends the Urdu greeting (staff speak Urdu: no English under it).
      expect(whatsappTexts(text)).toEqual([whatsappTextIn('ur')]);
      for (const typed of [visitor['firstName']!, visitor['lastName']!, visitor['phone']!])
        expect(text).not.toContain(typed);
    });

    it('goes at most once a day to one address, whatever its case', async () => {
      const { worker, submit, acknowledgements } = await setUp();
      const start = Date.now();
      await submit(visitor, start);
      await submit({ ...visitor, email: 'Zaynab.AlFaruqi@Example.com', message: 'A second question.' }, start + 60_000);
      await submit({ ...visitor, email: 'omar@example.com' }, start + 120_000);
      while ((await worker.runOnce(later())) > 0);
      expect(acknowledgements().map((mail) => mail.to)).toEqual([
        ['zaynab.alfaruqi@example.com'],
        ['omar@example.com'],
      ]);
      await submit(visitor, start + DAY + 1);
      while ((await worker.runOnce(later())) > 0);
      expect(acknowledgements()).toHaveLength(3);
    });

    it('is off with LEADS_ACKNOWLEDGE=off, and without SMTP_URL', async () => {
      const { worker, submit, acknowledgements, smtp } = await setUp({ LEADS_ACKNOWLEDGE: 'off' });
      await submit(visitor);
      while ((await worker.runOnce(later())) > 0);
      expect(acknowledgements()).toEqual([]);
      expect(smtp.state.received).toHaveLength(1);
      expect(config({}).acknowledge).toBe(false);
      expect(config({ SMTP_URL: 'smtp://127.0.0.1:25' }).acknowledge).toBe(true);
      expect(() => config({ LEADS_ACKNOWLEDGE: 'no' })).toThrow(/LEADS_ACKNOWLEDGE/);
    });

    it('failing to send it changes nothing for the lead or the staff email', async () => {
      const { api, worker, submit, smtp } = await setUp();
      smtp.state.refuseRecipients = ['zaynab.alfaruqi@example.com'];
      const { id } = await submit(visitor);
      const stored = await api.store.getLead(id);
      expect(await worker.runOnce(later())).toBe(2);
      const byChannel = Object.fromEntries(
        (await new OutboxQueue(api.store.database).deliveriesOf(id)).map((delivery) => [delivery.channel, delivery]),
      );
      expect(byChannel['email']).toMatchObject({ status: 'delivered' });
      expect(byChannel['acknowledgement']).toMatchObject({ status: 'pending', attempts: 1 });
      expect(byChannel['acknowledgement']!.lastError).toContain('550');
      expect(smtp.state.received.map((mail) => mail.to)).toEqual([['staff@agency.example']]);
      expect(await api.store.getLead(id)).toEqual(stored);
    });

    it('leaves out a page that is not a plain path on our own site (the Referer is the client’s to write)', async () => {
      expect(acknowledgedPage('https://miqat-travel.example/umrah-packages?x=1', 'https://miqat-travel.example')).toBe(
        'https://miqat-travel.example/umrah-packages',
      );
      expect(acknowledgedPage('https://evil.example/win-a-prize', 'https://miqat-travel.example')).toBeUndefined();
      expect(
        acknowledgedPage('https://miqat-travel.example/Call%20this%20number%20now', 'https://miqat-travel.example'),
      ).toBeUndefined();
      expect(acknowledgedPage(null, 'https://miqat-travel.example')).toBeUndefined();
      const { worker, submit, acknowledgements } = await setUp();
      await submit(visitor, Date.now(), 'https://evil.example/free-umrah');
      await worker.runOnce(later());
      expect(parseMail(acknowledgements()[0]!.raw).text).not.toContain('evil.example');
    });
  });
});

/**
 * A store of `kind` for one test that runs beside another, and the clean-ups it runs when it ends
 * (the file's shared `cleanups` run after each test, under a concurrent neighbour); the store is
 * closed last.
 */
async function storeOfItsOwn(kind: StoreKind, onTestFinished: (fn: () => Promise<void>) => void) {
  const own = await testStoreLocation(kind);
  const store = storeAt(own);
  const ownCleanups: (() => Promise<void> | void)[] = [() => store.close()];
  onTestFinished(async () => {
    for (const cleanup of ownCleanups.splice(0).reverse()) await cleanup();
  });
  return { own, ownCleanups, store };
}

// A pass waits out the timeout once while the destination hangs: the two stores' runs wait side by
// side, each on a store, a destination and clean-ups of its own.
describe('relay to the agency form service, on both stores at once', () => {
  // Restored after both, not after each: the first to finish would restore it under the other.
  beforeEach(quietWarnings);
  afterAll(() => vi.restoreAllMocks());

  it.concurrent.for(STORE_KINDS)(
    'gets every lead there exactly once through a destination that fails, then hangs, then recovers (%s)',
    { timeout: 20_000 },
    async (kind, { onTestFinished }) => {
      const { own, ownCleanups, store } = await storeOfItsOwn(kind, onTestFinished);
      const destination = await startDestination('/in', ownCleanups);
      const settings = config({ LEADS_RELAYS: relayTo(destination.url, 'umrah', 'ramadan') }, own);
      const worker = new DeliveryWorker(store, settings, undefined, { kinds: outboxKinds });

      // Phase 1: the destination answers 500.
      const early = await storeLeads(store, settings, 0, 14);
      destination.state.phase = 'fail';
      expect(await worker.runOnce(later())).toBe(14);
      for (const lead of early) {
        expect(await new OutboxQueue(store.database).deliveriesOf(lead.id)).toEqual([
          expect.objectContaining({
            channel: 'relay',
            destination: destination.url,
            status: 'pending',
            attempts: 1,
            lastError: 'HTTP 500',
          }),
        ]);
      }

      // Phase 2: more leads come in; the destination takes the connection and never answers. Once one
      // try has run out its timeout, the pass tries that destination no more: the rest wait, untried.
      const late = await storeLeads(store, settings, 14, 6);
      const leads = [...early, ...late];
      const snapshot = await store.listLeads();
      destination.state.phase = 'hang';
      expect(await worker.runOnce(later())).toBe(1);
      const hung: StoredLead[] = [];
      for (const lead of leads) {
        const [delivery] = await new OutboxQueue(store.database).deliveriesOf(lead.id);
        const before = early.includes(lead) ? { attempts: 1, lastError: 'HTTP 500' } : { attempts: 0, lastError: null };
        if (delivery!.lastError === NO_ANSWER) {
          hung.push(lead);
          expect(delivery).toMatchObject({ status: 'pending', attempts: before.attempts + 1 });
        } else expect(delivery).toMatchObject({ status: 'pending', ...before });
      }
      expect(hung).toHaveLength(1);
      expect(destination.state.log.filter((entry) => entry.phase === 'hang')).toHaveLength(1);
      expect(destination.accepted).toEqual([]);

      // Phase 3: the destination is back; the leads the hanging pass left untried are due with the rest.
      destination.state.phase = 'accept';
      let passes = 0;
      while ((await worker.runOnce(later())) > 0) passes += 1;
      expect(passes).toBe(1);
      expect(await worker.runOnce(later())).toBe(0);

      await expectEachArrivedOnce(destination.accepted, leads);
      for (const lead of leads) {
        const [delivery, ...others] = await new OutboxQueue(store.database).deliveriesOf(lead.id);
        expect(others).toEqual([]);
        expect(delivery).toMatchObject({ status: 'delivered', lastError: null, deliveredAt: expect.any(String) });
        const details = [
          ...(early.includes(lead) ? ['HTTP 500'] : []),
          ...(hung.includes(lead) ? [NO_ANSWER] : []),
          'HTTP 200',
        ];
        expect(delivery!.attempts).toBe(details.length);
        expect(await attemptsOf(store, delivery!.id)).toEqual(
          details.map((detail, index) => ({ ok: index === details.length - 1 ? 1 : 0, detail })),
        );
      }
      // Every try of a lead, failed or not, carried the same key, so the destination can drop repeats.
      const tries = countBy(destination.state.log.map((entry) => entry.key));
      for (const lead of leads)
        expect(tries.get(lead.id)).toBe(1 + (early.includes(lead) ? 1 : 0) + (hung.includes(lead) ? 1 : 0));
      expect(tries.size).toBe(leads.length);
      // The leads themselves went through all of it untouched.
      expect(await store.listLeads()).toEqual(snapshot);
      for (const lead of leads) expect(await store.getLead(lead.id)).toEqual(lead);
    },
  );

  it.concurrent.for(STORE_KINDS)(
    'a destination that hangs costs a pass one timeout, and another destination still gets its leads in that pass (%s)',
    { timeout: 20_000 },
    async (kind, { onTestFinished }) => {
      const { own, ownCleanups, store } = await storeOfItsOwn(kind, onTestFinished);
      const hanging = await startDestination('/in', ownCleanups);
      const answering = await startDestination('/in', ownCleanups);
      hanging.state.phase = 'hang';
      const relays = { umrah: { type: 'form', url: hanging.url }, ramadan: { type: 'form', url: answering.url } };
      const settings = config({ LEADS_RELAYS: JSON.stringify(relays) }, own);
      const worker = new DeliveryWorker(store, settings, undefined, { kinds: outboxKinds });

      // Five Umrah leads for the hanging destination, five Ramadan ones for the other, one channel.
      const leads = await storeLeads(store, settings, 0, 10);
      expect(await worker.runOnce(later())).toBe(6);
      expect(hanging.state.log).toHaveLength(1);
      await expectEachArrivedOnce(
        answering.accepted,
        leads.filter((lead) => lead.formId === 'ramadan'),
      );
      const untried = [];
      for (const lead of leads.filter((each) => each.formId === 'umrah')) {
        const [delivery] = await new OutboxQueue(store.database).deliveriesOf(lead.id);
        expect(delivery).toMatchObject({ status: 'pending' });
        if (delivery!.attempts === 0) untried.push(lead);
      }
      expect(untried).toHaveLength(4);
    },
  );
});

describe('parseRelays', () => {
  it('reads form and webhook destinations', async () => {
    expect(
      parseRelays(
        '{"umrah": {"type": "form", "url": "http://127.0.0.1:8080/in"}, "*": {"type": "webhook", "url": "https://hooks.example/x"}}',
      ),
    ).toEqual({
      umrah: { type: 'form', url: 'http://127.0.0.1:8080/in' },
      '*': { type: 'webhook', url: 'https://hooks.example/x' },
    });
    expect(parseRelays(undefined)).toEqual({});
    expect(parseRelays('')).toEqual({});
  });

  it('rejects text that is not JSON', async () => {
    expect(() => parseRelays('{umrah: form}')).toThrow(/LEADS_RELAYS must be JSON/);
  });

  it('rejects JSON that is not an object keyed by form id', async () => {
    expect(() => parseRelays('[]')).toThrow(/keyed by form id/);
    expect(() => parseRelays('"umrah"')).toThrow(/keyed by form id/);
  });

  it.each([
    ['ftp://files.example/in', 'ftp'],
    ['mailto:staff@agency.example', 'mailto'],
    ['127.0.0.1:8080/in', 'no scheme'],
    ['http://', 'no host'],
  ])('rejects the URL %s (%s), naming the form', (url) => {
    expect(() => parseRelays(JSON.stringify({ ramadan: { type: 'form', url } }))).toThrow(
      'LEADS_RELAYS.ramadan.url must be an http(s) URL',
    );
  });

  it('rejects an unknown or missing type, naming the form', async () => {
    expect(() => parseRelays('{"visa": {"type": "email", "url": "https://hooks.example/x"}}')).toThrow(
      'LEADS_RELAYS.visa.type must be "form" or "webhook"',
    );
    expect(() => parseRelays('{"hajj": {"url": "https://hooks.example/x"}}')).toThrow('LEADS_RELAYS.hajj.type');
    expect(() => parseRelays('{"hajj": null}')).toThrow('LEADS_RELAYS.hajj.type');
  });

  it('stops leadApiConfig from starting with a bad relay', async () => {
    expect(() =>
      leadApiConfig({ LEADS_RELAYS: '{"contact": {"type": "webhook", "url": "file:///etc/passwd"}}' }),
    ).toThrow('LEADS_RELAYS.contact.url');
  });
});
