import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { startServer, type SideServer } from './support/server';

/**
 * The lead API over HTTP, as a bot or a broken client would call it: the real server on its own
 * port with a fresh SQLite file and a small rate limit, so the counts below are exact.
 */
let origin: string;
const RATE_LIMIT = 5;
let server: SideServer;
let dbPath: string;
let clientNumber = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dbPath = join(mkdtempSync(join(tmpdir(), 'miqat-leads-')), 'leads.db');
  server = await startServer({
    LEADS_DB: dbPath,
    LEADS_RATE_LIMIT: String(RATE_LIMIT),
    LEADS_MAX_BODY_BYTES: '8192',
    TRUST_PROXY: '1',
  });
  origin = server.origin;
});

test.afterAll(() => {
  server.process.kill();
});

/** A new client address per request, so only the rate-limit test ever meets the limit. */
function freshClient(): string {
  clientNumber += 1;
  return `203.0.113.${clientNumber}`;
}

function leadCount(): number {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS count FROM leads').get() as { count: number }).count;
  } finally {
    db.close();
  }
}

async function challenge(client = freshClient()): Promise<{ token: string; sum: number }> {
  const response = await fetch(`${origin}/api/captcha`, { headers: { 'X-Forwarded-For': client } });
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { token: string; a: number; b: number };
  return { token: body.token, sum: body.a + body.b };
}

async function umrahLead(
  token: string,
  answer: number,
  extra: Record<string, string> = {},
  client = freshClient(),
  headers: Record<string, string> = {},
) {
  return fetch(`${origin}/api/forms/umrah`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': client, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({
      name: 'Bilal Rahman',
      email: 'bilal@example.com',
      phone: '3125550199',
      adults: '2',
      children: '0',
      answer: String(answer),
      _captcha: token,
      ...extra,
    }),
  });
}

test('a valid lead is answered 201 with its id only once it is in the file', async () => {
  const before = leadCount();
  const { token, sum } = await challenge();
  const response = await umrahLead(token, sum);
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(leadCount()).toBe(before + 1);
});

test('a captcha token works once: the same token again stores nothing', async () => {
  const { token, sum } = await challenge();
  expect((await umrahLead(token, sum)).status).toBe(201);
  const before = leadCount();
  const again = await umrahLead(token, sum);
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({ errors: { answer: 'Invalid Captcha' } });
  expect(leadCount()).toBe(before);
});

test('a missing, forged or wrongly answered captcha is refused and nothing is stored', async () => {
  const before = leadCount();
  const { token, sum } = await challenge();
  const [payload] = token.split('.');
  const forged = `${payload}.${'A'.repeat(43)}`;
  for (const [sentToken, answer] of [
    ['', sum],
    [forged, sum],
    [token, sum + 1],
  ] as const) {
    const response = await umrahLead(sentToken, answer);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { answer: 'Invalid Captcha' } });
  }
  expect(leadCount()).toBe(before);
});

test('bad fields get 400 with one message per field and store nothing', async () => {
  const before = leadCount();
  const { token, sum } = await challenge();
  const response = await umrahLead(token, sum, { email: 'not-an-email', phone: '123', adults: '0', surprise: 'x' });
  expect(response.status).toBe(400);
  const { errors } = (await response.json()) as { errors: Record<string, string> };
  expect(Object.keys(errors).sort()).toEqual(['adults', 'email', 'phone', 'surprise']);
  expect(errors['email']).toBe('Please enter a valid email address.');
  expect(leadCount()).toBe(before);
});

test('a filled honeypot is told "fine" and nothing is stored', async () => {
  const before = leadCount();
  const { token, sum } = await challenge();
  const response = await umrahLead(token, sum, { website: 'https://spam.example' });
  expect(response.status).toBe(200);
  expect(leadCount()).toBe(before);
});

test('the wrong encoding gets 415, an oversized body 413, broken multipart 400', async () => {
  const before = leadCount();
  const json = await fetch(`${origin}/api/forms/umrah`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': freshClient(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'x' }),
  });
  expect(json.status).toBe(415);
  // Ramadan is sent as multipart; the same fields url-encoded are refused.
  const urlEncodedRamadan = await fetch(`${origin}/api/forms/ramadan`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': freshClient(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'name=x',
  });
  expect(urlEncodedRamadan.status).toBe(415);
  const huge = await fetch(`${origin}/api/forms/hajj`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': freshClient(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'x', message: 'y'.repeat(20_000) }),
  });
  expect(huge.status).toBe(413);
  const broken = await fetch(`${origin}/api/forms/ramadan`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': freshClient(), 'Content-Type': 'multipart/form-data; boundary=xyz' },
    body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAmina\r\n--xy',
  });
  expect(broken.status).toBe(400);
  expect(leadCount()).toBe(before);
});

test('only POST is accepted, and an unknown form is 404', async () => {
  const get = await fetch(`${origin}/api/forms/umrah`, { headers: { 'X-Forwarded-For': freshClient() } });
  expect(get.status).toBe(405);
  expect(get.headers.get('allow')).toBe('POST');
  const unknown = await fetch(`${origin}/api/forms/no-such-form`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': freshClient(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'name=x',
  });
  expect(unknown.status).toBe(404);
});

test('a burst from one client is limited with 429 while another client is served', async () => {
  const busy = freshClient();
  const statuses: number[] = [];
  for (let index = 0; index < RATE_LIMIT + 2; index += 1) {
    const { token, sum } = await challenge();
    statuses.push((await umrahLead(token, sum, {}, busy)).status);
  }
  expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(201));
  expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
  const limited = await umrahLead('', 0, {}, busy);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  const { token, sum } = await challenge();
  expect((await umrahLead(token, sum)).status).toBe(201);
});

test('a forged left-most X-Forwarded-For entry does not dodge the limit behind one proxy', async () => {
  // TRUST_PROXY=1: the proxy appends the real address on the right; the client writes whatever it likes to its left.
  const real = '198.51.100.77';
  const statuses: number[] = [];
  for (let index = 0; index < 25; index += 1) {
    const response = await fetch(`${origin}/api/forms/contact`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': `10.66.${index}.1, ${real}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstName: 'Forged',
        lastName: `Client ${index}`,
        email: 'forged@example.com',
        subject: 'general-inquiry',
        message: 'Rotating the first forwarded address.',
      }),
    });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(201));
  expect(statuses.slice(RATE_LIMIT)).toEqual(Array(25 - RATE_LIMIT).fill(429));
});

test('the same Idempotency-Key twice stores one lead and gives one reference', async () => {
  const before = leadCount();
  const key = crypto.randomUUID();
  const client = freshClient();
  const { token, sum } = await challenge(client);
  const send = () => umrahLead(token, sum, {}, client, { 'Idempotency-Key': key });
  const first = await send();
  const again = await send();
  expect([first.status, again.status]).toEqual([201, 201]);
  const firstBody = (await first.json()) as { id: string; reference: string };
  expect(firstBody.reference).toMatch(/^MQ-[2-9A-HJKMNP-TV-Z]{6}$/);
  expect(await again.json()).toEqual(firstBody);
  expect(leadCount()).toBe(before + 1);
  const bad = await fetch(`${origin}/api/forms/umrah`, {
    method: 'POST',
    headers: {
      'X-Forwarded-For': freshClient(),
      'Content-Type': 'application/x-www-form-urlencoded',
      'Idempotency-Key': 'x',
    },
    body: 'name=x',
  });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: string }).error).toContain('Idempotency-Key');
});
