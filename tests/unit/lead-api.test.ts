import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMS } from '@/lib/forms/definitions';
import { LeadApi } from '@/server/leads/api';
import { leadApiConfig } from '@/server/leads/config';
import { REFERENCE_PATTERN } from '@/lib/leads/reference';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { STORE_KINDS, storeEnv, testStoreLocation, type TestStoreLocation } from './support/stores';

const CLIENT = '203.0.113.7';
const OTHER_CLIENT = '198.51.100.23';

let location: TestStoreLocation;
let api: LeadApi;

function makeApi(env: Record<string, string> = {}): LeadApi {
  return new LeadApi(leadApiConfig({ ...storeEnv(location), LEADS_RATE_LIMIT: '3', ...env }));
}

afterEach(async () => {
  await api.store.close();
});

/** Makes the store refuse every new lead row, as a full disk or a broken database would. */
async function refuseLeadRows(api: LeadApi): Promise<void> {
  const { database } = api.store as SqlLeadStore;
  if (api.store.kind === 'sqlite') {
    await database.run("CREATE TRIGGER refuse BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    return;
  }
  await database.run(
    "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$",
  );
  await database.run('CREATE TRIGGER refuse BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION refuse()');
}

const hajjFields = (fields: Record<string, string> = {}) => ({
  name: 'Amina Yusuf',
  email: 'amina@example.com',
  phone: '3125550147',
  message: 'Hajj for my parents, please.',
  ...fields,
});

interface Challenge {
  token: string;
  a: number;
  b: number;
}

async function challenge(client = CLIENT): Promise<Challenge & { answer: string }> {
  const response = await api.challenge(client);
  expect(response.status).toBe(200);
  const body = (await response.json()) as Challenge;
  return { ...body, answer: String(body.a + body.b) };
}

function post(formId: string, body: URLSearchParams | FormData | string, contentType?: string): Request {
  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  else if (body instanceof URLSearchParams) headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Request(`http://localhost/api/forms/${formId}`, { method: 'POST', headers, body });
}

const umrahFields = (answer: string) => ({
  name: 'Amina Yusuf',
  email: 'amina@example.com',
  phone: '3125550147',
  adults: '2',
  children: '1',
  answer,
});

async function umrahRequest(client = CLIENT, extra: Record<string, string> = {}) {
  const { token, answer } = await challenge(client);
  const fields = umrahFields(answer);
  return { fields, token, request: post('umrah', new URLSearchParams({ ...fields, _captcha: token, ...extra })) };
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe.each(STORE_KINDS)('on %s', (kind) => {
  beforeEach(async () => {
    location = await testStoreLocation(kind);
    api = makeApi();
  });

  describe('GET /api/captcha', () => {
    it('hands out a signed sum of two numbers from 1 to 10 that is not cached', async () => {
      const response = await api.challenge(CLIENT);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as Challenge;
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+$/);
      expect(body.a).toBeGreaterThanOrEqual(1);
      expect(body.a).toBeLessThanOrEqual(10);
      expect(body.b).toBeGreaterThanOrEqual(1);
      expect(body.b).toBeLessThanOrEqual(10);
    });
  });

  describe('POST /api/forms/{formId}', () => {
    it('stores a valid enquiry and answers 201 with its id and reference', async () => {
      const { fields, request } = await umrahRequest(CLIENT, { website: '' });
      const response = await api.submit('umrah', request, CLIENT);
      expect(response.status).toBe(201);
      const { id, reference } = (await response.json()) as { id: string; reference: string };
      expect(id).toEqual(expect.any(String));
      expect(reference).toMatch(REFERENCE_PATTERN);
      const lead = await api.store.getLead(id);
      expect(lead?.reference).toBe(reference);
      expect(lead?.formId).toBe('umrah');
      expect(lead?.fields).toEqual(fields);
      expect(lead?.fields).not.toHaveProperty('_captcha');
      expect(lead?.fields).not.toHaveProperty('website');
    });

    it('keeps the page and browser the enquiry came from', async () => {
      const { token, answer } = await challenge();
      const request = new Request('http://localhost/api/forms/umrah', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          referer: 'https://miqat-travel.example/umrah-packages',
          'user-agent': 'Mozilla/5.0 (test)',
        },
        body: new URLSearchParams({ ...umrahFields(answer), _captcha: token }),
      });
      const { id } = (await (await api.submit('umrah', request, CLIENT)).json()) as { id: string };
      expect(await api.store.getLead(id)).toMatchObject({
        pageUrl: 'https://miqat-travel.example/umrah-packages',
        userAgent: 'Mozilla/5.0 (test)',
      });
    });

    it('stores an enquiry whose Referer does not parse, leaving the page out', async () => {
      for (const referer of ['http://[::1', 'http://x:99999/']) {
        const request = new Request('http://localhost/api/forms/hajj', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', referer },
          body: new URLSearchParams(hajjFields()),
        });
        const response = await api.submit('hajj', request, `203.0.113.${referer.length}`);
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: string };
        expect((await api.store.getLead(id))?.pageUrl).toBeNull();
      }
    });

    // PostgreSQL's index on the email and phone columns refused values of a few kilobytes (a 503 for
    // ever) while SQLite stored them: both now take the same limits and answer alike.
    it('takes an email of 254 characters and a phone of 40, and refuses longer ones with a message', async () => {
      const address = (length: number) => `${'a'.repeat(length - 12)}@example.com`;
      const cases = [
        { fields: { email: address(254) }, status: 201 },
        {
          fields: { email: address(255) },
          status: 400,
          error: ['email', 'Please keep this to 254 characters or fewer.'],
        },
        {
          fields: { email: address(3_000) },
          status: 400,
          error: ['email', 'Please keep this to 254 characters or fewer.'],
        },
        { fields: { phone: '7'.repeat(40) }, status: 201 },
        {
          fields: { phone: '7'.repeat(3_000) },
          status: 400,
          error: ['phone', 'Please keep this to 40 characters or fewer.'],
        },
      ];
      for (const [index, { fields, status, error }] of cases.entries()) {
        const request = post('hajj', new URLSearchParams(hajjFields(fields)));
        const response = await api.submit('hajj', request, `198.51.100.${index + 100}`);
        const body = (await response.json()) as { errors?: Record<string, string> };
        expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
        if (error) expect(body.errors?.[error[0]!]).toBe(error[1]);
      }
      expect(await api.store.listLeads()).toHaveLength(2);
    });

    it('takes a multipart form (ramadan) sent as FormData', async () => {
      const fields = {
        name: 'Omar Farouk',
        email: 'omar@example.com',
        phone: '555',
        message: 'The last ten nights, two adults.',
        package_type: 'ramadan_umrah',
      };
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      data.append('website', '');
      const response = await api.submit('ramadan', post('ramadan', data), CLIENT);
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect((await api.store.getLead(id))?.fields).toEqual(fields);
    });

    it('takes a form without a sum (contact) without a captcha token', async () => {
      const fields = {
        firstName: 'Omar',
        lastName: 'Farouk',
        email: 'omar@example.com',
        subject: 'general-inquiry',
        message: 'Hello',
      };
      const response = await api.submit('contact', post('contact', new URLSearchParams(fields)), CLIENT);
      expect(response.status).toBe(201);
      expect((await api.store.listLeads({ formId: 'contact' })).map((lead) => lead.fields)).toEqual([fields]);
    });

    it.each([
      ['JSON', 'application/json', JSON.stringify({ name: 'Amina' })],
      ['plain text', 'text/plain', 'name=Amina'],
      ['no content type', '', 'name=Amina'],
    ])('refuses %s with 415 and stores nothing', async (_label, contentType, body) => {
      const request = new Request('http://localhost/api/forms/umrah', {
        method: 'POST',
        headers: contentType ? { 'content-type': contentType } : {},
        body,
      });
      const response = await api.submit('umrah', request, CLIENT);
      expect(response.status).toBe(415);
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('refuses multipart sent to a urlencoded form with 415', async () => {
      const data = new FormData();
      data.append('name', 'Amina');
      expect((await api.submit('umrah', post('umrah', data), CLIENT)).status).toBe(415);
    });

    it('refuses a body over LEADS_MAX_BODY_BYTES with 413', async () => {
      await api.store.close();
      api = makeApi({ LEADS_MAX_BODY_BYTES: '1024' });
      const { request } = await umrahRequest(CLIENT, { padding: 'x'.repeat(2000) });
      const response = await api.submit('umrah', request, CLIENT);
      expect(response.status).toBe(413);
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('refuses a body whose declared length is over the limit with 413', async () => {
      await api.store.close();
      api = makeApi({ LEADS_MAX_BODY_BYTES: '1024' });
      const request = new Request('http://localhost/api/forms/umrah', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5000' },
        body: 'name=Amina',
      });
      expect((await api.submit('umrah', request, CLIENT)).status).toBe(413);
    });

    it('refuses an enquiry without a captcha token with 400 and "Invalid Captcha" on the answer', async () => {
      const { answer } = await challenge();
      const response = await api.submit('umrah', post('umrah', new URLSearchParams(umrahFields(answer))), CLIENT);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ errors: { answer: 'Invalid Captcha' } });
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('stores an enquiry whose sum was typed in Arabic digits, the answer as typed', async () => {
      const { token, answer } = await challenge();
      const arabic = answer.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));
      const body = new URLSearchParams({ ...umrahFields(arabic), _captcha: token });
      const response = await api.submit('umrah', post('umrah', body), CLIENT);
      expect(response.status, await response.clone().text()).toBe(201);
      const [stored] = await api.store.listLeads();
      expect(stored?.fields).toMatchObject({ answer: arabic });
    });

    it('refuses a wrong sum with 400 and "Invalid Captcha" on the answer', async () => {
      const { token, answer } = await challenge();
      const wrong = String(Number(answer) + 1);
      const body = new URLSearchParams({ ...umrahFields(wrong), _captcha: token });
      const response = await api.submit('umrah', post('umrah', body), CLIENT);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ errors: { answer: 'Invalid Captcha' } });
    });

    it('refuses a captcha token signed by someone else', async () => {
      const { answer } = await challenge();
      const other = new LeadApi(leadApiConfig(storeEnv(await testStoreLocation(kind))));
      const { token } = (await (await other.challenge(CLIENT)).json()) as Challenge;
      await other.store.close();
      const body = new URLSearchParams({ ...umrahFields(answer), _captcha: token });
      const response = await api.submit('umrah', post('umrah', body), CLIENT);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ errors: { answer: 'Invalid Captcha' } });
    });

    it('refuses an expired captcha', async () => {
      const { token, answer } = await challenge();
      const body = new URLSearchParams({ ...umrahFields(answer), _captcha: token });
      const threeHoursLater = Date.now() + 3 * 60 * 60 * 1000;
      const response = await api.submit('umrah', post('umrah', body), CLIENT, threeHoursLater);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ errors: { answer: 'Invalid Captcha' } });
    });

    it('refuses a captcha token that was already used, keeping only the first enquiry', async () => {
      const { token, answer } = await challenge();
      const body = new URLSearchParams({ ...umrahFields(answer), _captcha: token });
      expect((await api.submit('umrah', post('umrah', body), CLIENT)).status).toBe(201);
      const again = await api.submit('umrah', post('umrah', new URLSearchParams(body)), CLIENT);
      expect(again.status).toBe(400);
      expect(await json(again)).toMatchObject({ errors: { answer: 'Invalid Captcha' } });
      expect(await api.store.listLeads()).toHaveLength(1);
    });

    it('answers 400 with errors keyed by wire name for invalid fields', async () => {
      const { token, answer } = await challenge();
      const body = new URLSearchParams({ ...umrahFields(answer), phone: '123', email: 'nope', _captcha: token });
      const response = await api.submit('umrah', post('umrah', body), CLIENT);
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(errors).sort()).toEqual(['email', 'phone']);
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('pretends to accept a bot that fills the hidden website field, and stores nothing', async () => {
      const { request } = await umrahRequest(CLIENT, { website: 'http://spam.example' });
      const response = await api.submit('umrah', request, CLIENT);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('answers 404 for a form that does not exist', async () => {
      const response = await api.submit('no-such-form', post('no-such-form', new URLSearchParams({ a: '1' })), CLIENT);
      expect(response.status).toBe(404);
      expect(await api.store.listLeads()).toEqual([]);
    });

    it.each(['toString', '__proto__', 'constructor'])('answers 404 for the form id "%s"', async (id) => {
      expect((await api.submit(id, post('umrah', new URLSearchParams({ a: '1' })), CLIENT)).status).toBe(404);
    });

    it('refuses a field sent twice with 400', async () => {
      const { token, answer } = await challenge();
      const body = new URLSearchParams({ ...umrahFields(answer), _captcha: token });
      body.append('name', 'Someone Else');
      const response = await api.submit('umrah', post('umrah', body), CLIENT);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ error: expect.stringContaining('"name"') });
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('refuses an uploaded file with 400', async () => {
      const data = new FormData();
      data.append('name', 'Omar');
      data.append('message', new File(['hello'], 'hello.txt', { type: 'text/plain' }));
      const response = await api.submit('ramadan', post('ramadan', data), CLIENT);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ error: expect.stringContaining('"message"') });
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('slows down one client after LEADS_RATE_LIMIT submissions while others still get through', async () => {
      for (let count = 0; count < 3; count += 1) {
        const { request } = await umrahRequest(CLIENT);
        expect((await api.submit('umrah', request, CLIENT)).status).toBe(201);
      }
      const { request } = await umrahRequest(CLIENT);
      const refused = await api.submit('umrah', request, CLIENT);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await api.store.listLeads()).toHaveLength(3);

      const other = await umrahRequest(OTHER_CLIENT);
      expect((await api.submit('umrah', other.request, OTHER_CLIENT)).status).toBe(201);
    });

    it('lets a client submit again once the rate window has passed', async () => {
      const start = Date.now();
      for (let count = 0; count < 3; count += 1) {
        const { request } = await umrahRequest(CLIENT);
        await api.submit('umrah', request, CLIENT, start);
      }
      const late = await umrahRequest(CLIENT);
      expect((await api.submit('umrah', late.request, CLIENT, start + 1000)).status).toBe(429);
      const { request } = await umrahRequest(CLIENT);
      expect((await api.submit('umrah', request, CLIENT, start + 601_000)).status).toBe(201);
    });
  });

  describe('LeadApi.receive: the outcome before it is put into words', () => {
    const contactFields = {
      firstName: 'Omar',
      lastName: 'Farouk',
      email: 'omar@example.com',
      subject: 'general-inquiry',
      message: 'Hello',
    };

    it('stored: the form, the fields as stored, the lead id and its reference', async () => {
      const { fields, request } = await umrahRequest();
      const outcome = await api.receive('umrah', request, CLIENT);
      expect(outcome).toEqual({
        kind: 'stored',
        form: FORMS.umrah,
        fields,
        language: 'en',
        leadId: expect.any(String),
        reference: expect.stringMatching(REFERENCE_PATTERN),
        repeat: false,
      });
      if (outcome.kind !== 'stored') return;
      expect((await api.store.getLead(outcome.leadId))?.reference).toBe(outcome.reference);
    });

    it('ignored: a filled honeypot, and nothing stored', async () => {
      const { request } = await umrahRequest(CLIENT, { website: 'http://spam.example' });
      expect(await api.receive('umrah', request, CLIENT)).toEqual({ kind: 'ignored' });
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('invalid: the errors by wire name with every value the visitor sent kept', async () => {
      const { token, answer } = await challenge();
      const fields = { ...umrahFields(answer), email: 'nope' };
      const outcome = await api.receive(
        'umrah',
        post('umrah', new URLSearchParams({ ...fields, _captcha: token })),
        CLIENT,
      );
      expect(outcome).toEqual({
        kind: 'invalid',
        form: FORMS.umrah,
        fields,
        errors: { email: 'Please enter a valid email address.' },
        language: 'en',
      });
    });

    it.each([
      ['ur', 'ur'],
      ['bn', 'bn'],
      ['fr', 'en'],
      ['', 'en'],
      ['<script>', 'en'],
    ] as const)('the language "%s" sent beside the fields is stored as "%s", never as a field', async (sent, kept) => {
      const { token, answer } = await challenge();
      const fields = umrahFields(answer);
      const outcome = await api.receive(
        'umrah',
        post('umrah', new URLSearchParams({ ...fields, _captcha: token, _lang: sent })),
        CLIENT,
      );
      expect(outcome).toMatchObject({ kind: 'stored', language: kept, fields });
      if (outcome.kind !== 'stored') return;
      const lead = await api.store.getLead(outcome.leadId);
      expect(lead?.language).toBe(kept);
      expect(lead?.fields).toEqual(fields);
    });

    it('says the problems in the language the form was sent in, and in English for one we do not speak', async () => {
      const empty = { firstName: '', lastName: '', email: 'nope', subject: '', message: '' };
      const urdu = await api.receive(
        'contact',
        post('contact', new URLSearchParams({ ...empty, _lang: 'ur' })),
        CLIENT,
      );
      expect(urdu).toMatchObject({
        kind: 'invalid',
        language: 'ur',
        errors: { firstName: 'براہ کرم یہ خانہ پُر کریں: پہلا نام۔', email: 'براہ کرم درست ای میل ایڈریس درج کریں۔' },
      });
      const unknown = await api.receive(
        'contact',
        post('contact', new URLSearchParams({ ...empty, _lang: 'fr' })),
        CLIENT,
      );
      expect(unknown).toMatchObject({
        kind: 'invalid',
        language: 'en',
        errors: { firstName: 'Please enter your first name.', email: 'Please enter a valid email address.' },
      });
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('invalid with captcha "missing": a captcha form posted without any token, as a browser without scripts does', async () => {
      const fields = { ...umrahFields('') };
      const outcome = await api.receive('umrah', post('umrah', new URLSearchParams(fields)), CLIENT);
      expect(outcome).toMatchObject({
        kind: 'invalid',
        fields,
        captcha: 'missing',
        errors: { answer: 'Please answer the sum.' },
      });
      const answered = await api.receive('umrah', post('umrah', new URLSearchParams(umrahFields('7'))), CLIENT);
      expect(answered).toMatchObject({ kind: 'invalid', captcha: 'missing', errors: { answer: 'Invalid Captcha' } });
      expect(await api.store.listLeads()).toEqual([]);
    });

    it.each([
      ['forged', (token: string) => `${token.split('.')[0]}.${'A'.repeat(43)}`],
      ['malformed', () => 'not-a-token'],
    ] as const)('invalid with captcha "%s"', async (reason, spoil) => {
      const { token, answer } = await challenge();
      const body = new URLSearchParams({ ...umrahFields(answer), _captcha: spoil(token) });
      expect(await api.receive('umrah', post('umrah', body), CLIENT)).toMatchObject({
        kind: 'invalid',
        captcha: reason,
      });
    });

    it('invalid with captcha "wrong", "expired" and "reused"', async () => {
      const { token, answer } = await challenge();
      const wrong = new URLSearchParams({ ...umrahFields(String(Number(answer) + 1)), _captcha: token });
      expect(await api.receive('umrah', post('umrah', wrong), CLIENT)).toMatchObject({ captcha: 'wrong' });
      const right = new URLSearchParams({ ...umrahFields(answer), _captcha: token });
      const late = Date.now() + 3 * 60 * 60 * 1000;
      expect(await api.receive('umrah', post('umrah', right), CLIENT, late)).toMatchObject({ captcha: 'expired' });
      expect(await api.receive('umrah', post('umrah', right), CLIENT)).toMatchObject({ kind: 'stored' });
      expect(await api.receive('umrah', post('umrah', right), CLIENT)).toMatchObject({
        kind: 'invalid',
        captcha: 'reused',
        errors: { answer: 'Invalid Captcha' },
      });
    });

    it('refused 404 without a form, 415 and 413 with the form', async () => {
      expect(await api.receive('nope', post('nope', new URLSearchParams()), CLIENT)).toEqual({
        kind: 'refused',
        status: 404,
        message: 'There is no form with this address.',
        headers: {},
      });
      const json = new Request('http://localhost/', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(await api.receive('contact', json, CLIENT)).toMatchObject({
        kind: 'refused',
        status: 415,
        form: FORMS.contact,
      });
      await api.store.close();
      api = makeApi({ LEADS_MAX_BODY_BYTES: '1024' });
      const big = post('contact', new URLSearchParams({ ...contactFields, message: 'x'.repeat(2000) }));
      expect(await api.receive('contact', big, CLIENT)).toMatchObject({ kind: 'refused', status: 413 });
    });

    it('refused 429 with Retry-After once the client has used its window', async () => {
      for (let count = 0; count < 3; count += 1) {
        await api.receive('contact', post('contact', new URLSearchParams(contactFields)), CLIENT);
      }
      const outcome = await api.receive('contact', post('contact', new URLSearchParams(contactFields)), CLIENT);
      expect(outcome).toMatchObject({
        kind: 'refused',
        status: 429,
        headers: { 'Retry-After': expect.stringMatching(/^\d+$/) },
      });
    });

    it('refused 503 with the form and the values when the lead cannot be written', async () => {
      await refuseLeadRows(api);
      const quiet = console.error;
      console.error = () => {};
      try {
        const outcome = await api.receive('contact', post('contact', new URLSearchParams(contactFields)), CLIENT);
        expect(outcome).toMatchObject({ kind: 'refused', status: 503, form: FORMS.contact, fields: contactFields });
        // One transaction: no outbox entry or idempotency key without its lead.
        const { database } = api.store as SqlLeadStore;
        expect(await database.all('SELECT id FROM outbox')).toEqual([]);
        expect(await api.store.listLeads()).toEqual([]);
      } finally {
        console.error = quiet;
      }
    });

    it('issueChallenge: a signed sum, then null once the client has asked too often', async () => {
      const issued = await api.issueChallenge(CLIENT);
      expect(issued).toEqual({
        token: expect.any(String),
        a: expect.any(Number),
        b: expect.any(Number),
        expiresAt: expect.any(Number),
      });
      for (let count = 1; count < 36; count += 1) await api.issueChallenge(CLIENT);
      expect(await api.issueChallenge(CLIENT)).toBeNull();
      expect((await api.challenge(CLIENT)).status).toBe(429);
    });

    it('outcomeResponse puts each outcome in the JSON the island reads', async () => {
      const missing = await api.submit('umrah', post('umrah', new URLSearchParams(umrahFields('7'))), CLIENT);
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({ errors: { answer: 'Invalid Captcha' }, reason: 'missing' });
    });
  });

  /** One contact enquiry, sent under the same key by the idempotency tests. */
  const OMAR_CONTACT = {
    firstName: 'Omar',
    lastName: 'Farouk',
    email: 'omar@example.com',
    subject: 'general-inquiry',
    message: 'Hello',
  };

  describe('Idempotency-Key', () => {
    const KEY = '3f2b8c1e-9d4a-4b7e-8c2f-6a1d0e5b7c94';

    function keyed(request: Request, key: string): Request {
      const headers = new Headers(request.headers);
      headers.set('idempotency-key', key);
      return new Request(request, { headers });
    }

    it('answers a repeat of an accepted key with the same id and reference and stores one lead', async () => {
      const { token, answer } = await challenge();
      const body = () => new URLSearchParams({ ...umrahFields(answer), _captcha: token });
      const first = await api.submit('umrah', keyed(post('umrah', body()), KEY), CLIENT);
      const again = await api.submit('umrah', keyed(post('umrah', body()), KEY), CLIENT);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      const firstBody = await json(first);
      expect(await json(again)).toEqual(firstBody);
      expect(firstBody['reference']).toMatch(REFERENCE_PATTERN);
      expect(await api.store.listLeads()).toHaveLength(1);
      const outcome = await api.receive('umrah', keyed(post('umrah', body()), KEY), CLIENT);
      expect(outcome).toMatchObject({ kind: 'stored', repeat: true, reference: firstBody['reference'] });
    });

    it('refuses a key already used for a different enquiry, rather than dropping the new one', async () => {
      const contact = OMAR_CONTACT;
      expect(
        (await api.submit('contact', keyed(post('contact', new URLSearchParams(contact)), KEY), CLIENT)).status,
      ).toBe(201);
      const changed = new URLSearchParams({ ...contact, message: 'A different question' });
      const response = await api.submit('contact', keyed(post('contact', changed), KEY), CLIENT);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ error: expect.stringContaining('different enquiry') });
      expect(await api.store.listLeads()).toHaveLength(1);
    });

    it('stores a new lead for a new key, and for the same key on another form', async () => {
      const contact = OMAR_CONTACT;
      const hajj = { name: 'Omar Farouk', email: 'omar@example.com', phone: '3125550147', message: 'Hello' };
      await api.submit('contact', keyed(post('contact', new URLSearchParams(contact)), KEY), CLIENT);
      await api.submit('contact', keyed(post('contact', new URLSearchParams(contact)), `${KEY}-2`), CLIENT);
      await api.submit('hajj', keyed(post('hajj', new URLSearchParams(hajj)), KEY), OTHER_CLIENT);
      expect(await api.store.listLeads()).toHaveLength(3);
    });

    it.each([
      ['too short', 'abc'],
      ['too long', 'a'.repeat(129)],
      ['with spaces', 'not a valid key at all'],
      ['empty', ''],
    ])('refuses a key that is %s with 400 and a clear message, storing nothing', async (_label, key) => {
      const { request } = await umrahRequest();
      const response = await api.submit('umrah', keyed(request, key), CLIENT);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ error: expect.stringContaining('Idempotency-Key') });
      expect(await api.store.listLeads()).toEqual([]);
    });

    it('checks the honeypot and the rate limit first, as for any request', async () => {
      const bot = await umrahRequest(CLIENT, { website: 'http://spam.example' });
      expect((await api.submit('umrah', keyed(bot.request, 'bad'), CLIENT)).status).toBe(200);
      const { token, answer } = await challenge();
      const body = () => new URLSearchParams({ ...umrahFields(answer), _captcha: token });
      for (let count = 0; count < 2; count += 1) {
        expect((await api.submit('umrah', keyed(post('umrah', body()), KEY), CLIENT)).status).toBe(201);
      }
      expect((await api.submit('umrah', keyed(post('umrah', body()), KEY), CLIENT)).status).toBe(429);
    });
  });
});

describe('client', () => {
  beforeEach(async () => {
    location = await testStoreLocation('sqlite');
    api = makeApi();
  });

  const forwarded = (value: string) => new Request('http://localhost/', { headers: { 'x-forwarded-for': value } });
  const request = forwarded('192.0.2.1, 10.0.0.1');

  it('uses the socket address unless the proxy is trusted', async () => {
    expect(api.client(request, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('takes the right-most forwarded address behind one proxy (TRUST_PROXY=1), whatever the client wrote to its left', async () => {
    const behindProxy = makeApi({ TRUST_PROXY: '1' });
    expect(behindProxy.client(request, '10.0.0.2')).toBe('10.0.0.1');
    expect(behindProxy.client(forwarded('1.2.3.4, 5.6.7.8, 203.0.113.9'), '10.0.0.2')).toBe('203.0.113.9');
    expect(behindProxy.client(forwarded('203.0.113.9'), '10.0.0.2')).toBe('203.0.113.9');
    expect(behindProxy.client(new Request('http://localhost/'), '10.0.0.2')).toBe('10.0.0.2');
    await behindProxy.store.close();
  });

  it('counts hops from the right behind two proxies', async () => {
    const twoProxies = makeApi({ TRUST_PROXY: '2' });
    expect(twoProxies.client(forwarded('6.6.6.6, 203.0.113.9, 10.0.0.1'), '10.0.0.2')).toBe('203.0.113.9');
    expect(twoProxies.client(forwarded('203.0.113.9'), '10.0.0.2')).toBe('203.0.113.9');
    await twoProxies.store.close();
  });

  it('walks from the right past the listed proxy addresses', async () => {
    const listed = makeApi({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' });
    expect(listed.client(forwarded('6.6.6.6, 203.0.113.9, 10.0.0.1'), '10.0.0.2')).toBe('203.0.113.9');
    expect(listed.client(forwarded('6.6.6.6, 203.0.113.9'), '::ffff:10.0.0.2')).toBe('203.0.113.9');
    // A request that did not come through a listed proxy names itself, whatever its header says.
    expect(listed.client(forwarded('6.6.6.6'), '198.51.100.5')).toBe('198.51.100.5');
    await listed.store.close();
  });

  it.each(['yes', '-1', '1.5', '10.0.0.1, nope', '999'])('refuses TRUST_PROXY="%s", naming the variable', (value) => {
    expect(() => leadApiConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('reads "true" as one proxy and "0" or nothing as none', async () => {
    expect(leadApiConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(leadApiConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(leadApiConfig({}).trustProxy).toBe(0);
  });
});
