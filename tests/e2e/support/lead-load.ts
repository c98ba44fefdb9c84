import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { expect } from '@playwright/test';
import pg from 'pg';
import { FORMS, optionValues } from '@/lib/forms/definitions';
import type { FormDef } from '@/lib/forms/types';
import { freshDatabase } from '../../support/postgres.ts';
import type { StoreKind } from '../../support/store-kinds.ts';

/**
 * What the lead specs that run servers under load share: submissions, a load that keeps a number
 * of them in flight, a webhook that counts what reaches it, and a read-only view of the store.
 */

/** The contact form's subjects, as its definition lists them. */
const SUBJECTS = optionValues(FORMS.contact, 'subject');

export type LoadFormId = 'contact' | 'hajj' | 'umrah';
export interface Submission {
  formId: LoadFormId;
  /** The fields as they must be stored (a captcha token is added when it is sent, and never stored). */
  fields: Record<string, string>;
}

/**
 * Submission `n` of a run, with a unique email: contact, Hajj and (captcha-checked) Umrah enquiries
 * in turn, with accents, Arabic, a newline and URL-special characters, which must be stored byte for byte.
 */
export function submission(n: number, run: string): Submission {
  const email = `${run}-${n}@example.com`;
  const message = `Salam, enquiry ${n} — مرحبا\nTwo adults & one child; 100% flexible? a=b+c`;
  switch (n % 3) {
    case 0:
      return {
        formId: 'contact',
        fields: {
          firstName: `Zoë ${n}`,
          lastName: 'Al-Fārūqī',
          email,
          ...(n % 2 === 0 ? { phone: '+1 312 555 0199' } : {}),
          subject: SUBJECTS[n % SUBJECTS.length]!,
          message,
        },
      };
    case 1:
      return { formId: 'hajj', fields: { name: `Bilal Rahman ${n}`, email, phone: '3125550199', message } };
    default:
      return {
        formId: 'umrah',
        fields: { name: `Maryam Siddiqui ${n}`, email, phone: '7135550123', adults: '2', children: String(n % 4) },
      };
  }
}

/** A distinct client address per submission, so that behind `TRUST_PROXY=1` no load meets the rate limit. */
function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A new signed sum from `origin`, and its answer. */
export async function challenge(origin: string, client: string): Promise<{ token: string; answer: string }> {
  const response = await fetch(`${origin}/api/captcha`, { headers: { 'X-Forwarded-For': client } });
  expect(response.status).toBe(200);
  const { token, a, b } = (await response.json()) as { token: string; a: number; b: number };
  return { token, answer: String(a + b) };
}

/** Posts one submission as a browser without scripts would (form encoding), from `client`. */
export async function post(
  origin: string,
  lead: Submission,
  client: string,
  captcha?: { token: string; answer: string },
): Promise<Response> {
  const fields = captcha ? { ...lead.fields, answer: captcha.answer, _captcha: captcha.token } : lead.fields;
  return fetch(`${origin}/api/forms/${lead.formId}`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': client, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

/** The stored fields of an Umrah lead include the sum's answer that was sent with it. */
function storedFields(lead: Submission, captcha: { answer: string } | undefined): Record<string, string> {
  return captcha ? { ...lead.fields, answer: captcha.answer } : lead.fields;
}

/**
 * Concurrent submissions against one or more servers. `target(n)` names the origin submission `n`
 * goes to; an Umrah enquiry fetches its captcha from `target(n + 1)`, so on two instances the sum
 * is issued by one and answered on the other.
 */
export class LeadLoad {
  /** Every submission sent, by its email, with the fields it must be stored with. */
  readonly sent = new Map<string, Submission>();
  /** Lead id from each 201 body → the email of the submission it answered. */
  readonly acknowledged = new Map<string, string>();
  /** Answers other than 201, by status. */
  readonly otherStatuses = new Map<number, number>();
  /** Requests that got no answer at all (refused or reset connection, or a body cut off). */
  readonly connectionErrors: string[] = [];
  /** Submissions posted and awaiting their answer, by origin. */
  readonly inFlight = new Map<string, number>();
  /**
   * Set to send again, to whatever `target` then names, a submission no instance answered because its
   * connection was refused or reset before any answer: what a balancer such as nginx does when the
   * instance it picked has just gone. A keep-alive connection the client reuses can be closed by an
   * instance that is shutting down before it reads the request. Had the first try been stored, its lead
   * would show as stored without a 201, so a retry hides no lost or doubled lead.
   */
  retryUnanswered = false;
  /** Submissions sent again after no answer, by the connection's error. */
  readonly retried = new Map<string, number>();

  private readonly run: string;
  private readonly target: (n: number) => string;
  private next = 0;
  private stopped = false;

  constructor(run: string, target: (n: number) => string) {
    this.run = run;
    this.target = target;
  }

  /** Sends no new submission after this; those in flight still get their answers. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Keeps `concurrency` submissions in flight until `stop()` or `max` were sent; `afterEach`
   * runs after every answered or failed submission (e.g. to stop the load after some 201s).
   */
  async drive(concurrency: number, max: number, afterEach: () => void = () => {}): Promise<void> {
    const worker = async () => {
      while (!this.stopped && this.next < max) {
        this.next += 1;
        await this.submitOne(this.next);
        afterEach();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  private async submitOne(n: number): Promise<void> {
    const lead = submission(n, this.run);
    const email = lead.fields['email']!;
    const client = clientAddress(n);
    for (;;) {
      let origin: string | undefined;
      try {
        const form: FormDef = FORMS[lead.formId];
        const captcha = form.captcha ? await challenge(this.target(n + 1), client) : undefined;
        this.sent.set(email, { formId: lead.formId, fields: storedFields(lead, captcha) });
        origin = this.target(n);
        this.inFlight.set(origin, (this.inFlight.get(origin) ?? 0) + 1);
        const response = await post(origin, lead, client, captcha);
        // Acknowledged means the client holds the id; a body cut off is no acknowledgement.
        const text = await response.text();
        if (response.status !== 201) {
          this.otherStatuses.set(response.status, (this.otherStatuses.get(response.status) ?? 0) + 1);
          return;
        }
        const { id } = JSON.parse(text) as { id: string };
        expect(this.acknowledged.has(id), `the id ${id} was given twice`).toBe(false);
        this.acknowledged.set(id, email);
        return;
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const code = cause?.code ?? cause?.message ?? String(error);
        if ((code === 'ECONNREFUSED' || code === 'ECONNRESET') && this.retryUnanswered) {
          this.retried.set(code, (this.retried.get(code) ?? 0) + 1);
          continue;
        }
        this.connectionErrors.push(`${origin ?? 'captcha'}: ${code}`);
        return;
      } finally {
        if (origin) this.inFlight.set(origin, this.inFlight.get(origin)! - 1);
      }
    }
  }

  /** One line of figures for the spec's log. */
  summary(): string {
    return (
      `sent ${this.sent.size}; acknowledged (201) ${this.acknowledged.size}; ` +
      `other statuses ${JSON.stringify(Object.fromEntries(this.otherStatuses))}; ` +
      `connection errors ${this.connectionErrors.length}; sent again ${JSON.stringify(Object.fromEntries(this.retried))}`
    );
  }
}

export interface Receipt {
  /** The receiver's `phase` when the delivery arrived (e.g. before or after a restart). */
  phase: string;
  body: string;
}

/** A webhook endpoint that records each delivery it accepts, by `Idempotency-Key`; while `up` is false it answers 503. */
export class WebhookReceiver {
  up = true;
  phase = '';
  /** Deliveries answered 200, by Idempotency-Key (the lead id). */
  readonly receipts = new Map<string, Receipt[]>();
  /** Deliveries answered 503 while down. */
  refused = 0;
  url = '';
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      if (req.method !== 'POST' || typeof key !== 'string') {
        res.writeHead(400).end();
        return;
      }
      if (!this.up) {
        this.refused += 1;
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('down for maintenance');
        return;
      }
      const list = this.receipts.get(key) ?? [];
      list.push({ phase: this.phase, body: Buffer.concat(chunks).toString('utf8') });
      this.receipts.set(key, list);
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The environment that sends every form's leads here only, retried quickly. */
  serverEnv(): Record<string, string> {
    return {
      LEADS_RELAYS: JSON.stringify({ '*': { type: 'webhook', url: this.url } }),
      LEADS_RETRY_BASE_MS: '200',
      LEADS_RETRY_MAX_MS: '1000',
      LEADS_DELIVERY_TIMEOUT_MS: '10000',
      LEADS_WORKER_INTERVAL_MS: '50',
      // Only the webhook: no email rows in the outbox, whatever the shell has set.
      SMTP_URL: '',
      LEADS_NOTIFY_TO: '',
    };
  }

  /** How many deliveries were accepted, counting repeats. */
  get delivered(): number {
    return [...this.receipts.values()].reduce((sum, list) => sum + list.length, 0);
  }
}

export interface LeadRow {
  id: string;
  formId: string;
  fields: Record<string, string>;
}
export interface OutboxRow {
  leadId: string;
  channel: string;
  destination: string;
  status: string;
  /** When the delivery is next due, in ms; a claimed one is leased until then. */
  nextAttemptAt: number;
}

/** One recorded delivery attempt. */
export interface AttemptRow {
  leadId: string;
  ok: boolean;
  detail: string;
}

/** A spec's own empty lead store: the environment that points a server at it, and its rows read directly. */
export interface TestLeadDb {
  kind: StoreKind;
  env: Record<string, string>;
  leads(): Promise<LeadRow[]>;
  outbox(): Promise<OutboxRow[]>;
  attempts(): Promise<AttemptRow[]>;
  close(): Promise<void>;
}

const LEADS_SQL = 'SELECT id, form_id AS "formId", fields FROM leads';
const ATTEMPTS_SQL = `SELECT outbox.lead_id AS "leadId", delivery_attempts.ok AS ok, delivery_attempts.detail AS detail
  FROM delivery_attempts JOIN outbox ON outbox.id = delivery_attempts.outbox_id`;
const OUTBOX_SQL =
  'SELECT lead_id AS "leadId", channel, destination, status, next_attempt_at AS "nextAttemptAt" FROM outbox';

/** A new SQLite file, or a fresh database on the run's PostgreSQL (`TEST_POSTGRES_URL`, see postgres-setup.ts). */
export async function testLeadDb(kind: StoreKind): Promise<TestLeadDb> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'miqat-leads-'));
    const path = join(dir, 'leads.db');
    const read = <T>(sql: string): T[] => {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        return db.prepare(sql).all() as T[];
      } finally {
        db.close();
      }
    };
    return {
      kind,
      env: { LEADS_DB: path, DATABASE_URL: '' },
      leads: async () => read<LeadRow & { fields: string }>(LEADS_SQL).map(parseFields),
      outbox: async () => read<OutboxRow>(OUTBOX_SQL),
      attempts: async () => read<AttemptRow>(ATTEMPTS_SQL).map((row) => ({ ...row, ok: Boolean(row.ok) })),
      close: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env['TEST_POSTGRES_URL'];
  if (!serverUrl) throw new Error('TEST_POSTGRES_URL is not set: run the specs through playwright.config.ts.');
  const url = await freshDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    kind,
    env: { DATABASE_URL: url },
    leads: async () => (await pool.query<LeadRow>(LEADS_SQL)).rows.map(parseFields),
    // BIGINT comes back from node-postgres as text.
    outbox: async () =>
      (await pool.query<OutboxRow>(OUTBOX_SQL)).rows.map((row) => ({
        ...row,
        nextAttemptAt: Number(row.nextAttemptAt),
      })),
    attempts: async () =>
      (await pool.query<AttemptRow>(ATTEMPTS_SQL)).rows.map((row) => ({ ...row, ok: Boolean(row.ok) })),
    close: () => pool.end(),
  };
}

/** Fields are JSON text in SQLite; in PostgreSQL they may be JSON text or already parsed (jsonb). */
function parseFields(row: { id: string; formId: string; fields: string | Record<string, string> }): LeadRow {
  return { ...row, fields: typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields };
}

/** Resolves when `done()` holds, checking every 100 ms; false when `timeoutMs` passed first. */
export async function waitFor(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Checks the rows against what the load sent: every row is one sent submission stored exactly as
 * sent, never twice. Returns the acknowledged leads missing from the rows, and the rows whose 201
 * never reached the client (only a crash or a cut connection may leave such rows).
 */
export function compareWithRows(load: LeadLoad, rows: LeadRow[]): { missing: string[]; unacknowledged: LeadRow[] } {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = [...load.acknowledged.keys()].filter((id) => !byId.has(id));
  // Collected, then checked once: an expect per row would hold up the event loop, and with it the
  // spec's own webhook, long enough for a delivery to time out.
  const problems: string[] = [];
  for (const [id, email] of load.acknowledged) {
    const row = byId.get(id);
    if (row && row.fields['email'] !== email) problems.push(`lead ${id} is not the submission its 201 answered`);
  }
  const emails = new Set<string>();
  for (const row of rows) {
    const email = row.fields['email'] ?? '';
    const lead = load.sent.get(email);
    if (!lead) problems.push(`row ${row.id} has an email that was never sent: ${email}`);
    else if (row.formId !== lead.formId || !isDeepStrictEqual(row.fields, lead.fields)) {
      problems.push(`row ${row.id} is not stored as sent: ${JSON.stringify(row)} vs ${JSON.stringify(lead)}`);
    }
    if (emails.has(email)) problems.push(`the submission ${email} is stored twice`);
    emails.add(email);
  }
  expect(problems).toEqual([]);
  return { missing, unacknowledged: rows.filter((row) => !load.acknowledged.has(row.id)) };
}

/**
 * Checks that the webhook received exactly the stored leads, each body being its lead; returns the
 * leads received more than once, for the caller to judge.
 */
export function compareWithReceipts(receiver: WebhookReceiver, rows: LeadRow[]): [string, Receipt[]][] {
  expect(new Set(receiver.receipts.keys())).toEqual(new Set(rows.map((row) => row.id)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [key, list] of receiver.receipts) {
    for (const receipt of list) {
      const body = JSON.parse(receipt.body) as { id: string; formId: string; fields: Record<string, string> };
      expect(body.id).toBe(key);
      expect(body.formId).toBe(byId.get(key)!.formId);
      expect(body.fields).toEqual(byId.get(key)!.fields);
    }
  }
  return [...receiver.receipts].filter(([, list]) => list.length > 1);
}
