import { afterEach, describe, expect, it } from 'vitest';
import { newLinkToken } from '@/lib/quotes/token';
import { RateLimiter } from '@/server/leads/rate-limit';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { HajjStore, issueUnsubscribeToken } from '@/server/hajj/store';
import {
  oneClickAnswer,
  privateLinkForm,
  type OneClickLink,
  type PrivateLinkSteps,
  type RefusalWords,
} from '@/server/private-form';
import { QuotePage } from '@/server/quotes/pilgrim-page';
import { QUOTE_TODAY as TODAY, sentQuote } from './support/quotes';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

/*
 * The private links' one guard order (src/server/private-form.ts): a malformed token is never
 * looked up, a post is counted before anything is read, a link that opens nothing is the plain 404
 * whatever was posted to it, a post from elsewhere or without the page's form token never reaches
 * the page's reading or its store, and a store that fails is a 503 in the page's words.
 */

const SITE = 'https://miqat-travel.example';
const NOW = new Date('2026-11-20T15:00:00.000Z');
const CLIENT = '192.0.2.1';
const WORDS: RefusalWords = {
  notFromPage: 'Not from your page.',
  tooMany: 'Too many.',
  tooLong: 'Too long.',
  notTaken: 'Not taken just now.',
};
const stores: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

async function testStore(kind: StoreKind): Promise<SqlLeadStore> {
  const store = await openTestStore(kind);
  stores.push(store);
  return store;
}

const posted = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${SITE}/private/x`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** A form whose link `known` opens, recording each step the guard let it reach. */
function recordedForm(
  store: SqlLeadStore,
  known: string,
  overrides: Partial<PrivateLinkSteps<Link, string, Done>> = {},
) {
  const reached: string[] = [];
  const post = privateLinkForm<Link, string, Done>({
    limiter: new RateLimiter(() => store, 'private-form-test', 3, 60_000),
    siteUrl: SITE,
    words: WORDS,
    failure: 'take a test post',
    open: async (token) => {
      reached.push('open');
      return token === known ? { formToken: 'drawn-by-the-page' } : null;
    },
    formTokenField: 'form_token',
    read: (fields) => {
      reached.push('read');
      return fields['text'];
    },
    store: async (text) => {
      reached.push('store');
      return { kind: 'done', text };
    },
    ...overrides,
  });
  return { reached, post: (request: Request, token: string) => post({ request, token, client: CLIENT, now: NOW }) };
}

interface Link {
  formToken: string;
}
type Done = { kind: 'done'; text: string };

describe('the private links’ guard order', () => {
  it('looks up no malformed token, and counts a post before it opens the link', async () => {
    const store = await testStore('sqlite');
    const known = newLinkToken();
    const { reached, post } = recordedForm(store, known);
    const form = { form_token: 'drawn-by-the-page', text: 'hello' };
    expect(await post(posted(form), 'not-a-token')).toEqual({ kind: 'not-found' });
    expect(reached).toEqual([]);
    for (let i = 0; i < 3; i += 1) await post(posted(form, { Origin: 'https://evil.example' }), known);
    reached.length = 0;
    // The fourth post is refused by the count alone: the link is not even opened.
    expect(await post(posted(form), known)).toMatchObject({ kind: 'refused', status: 429, message: WORDS.tooMany });
    expect(reached).toEqual([]);
  });

  it('answers a link that opens nothing with the plain 404 before it looks at the post', async () => {
    const store = await testStore('sqlite');
    const { reached, post } = recordedForm(store, newLinkToken());
    const foreign = posted({ form_token: 'drawn-by-the-page' }, { Origin: 'https://evil.example' });
    const huge = posted({ form_token: 'drawn-by-the-page', text: 'x'.repeat(20_000) });
    const plain = new Request(`${SITE}/private/x`, { method: 'POST', body: 'form_token=drawn-by-the-page' });
    for (const request of [foreign, huge, plain]) {
      expect(await post(request, newLinkToken())).toEqual({ kind: 'not-found' });
    }
    expect(reached).toEqual(['open', 'open', 'open']);
  });

  it('never reads or stores a post from elsewhere, too large, or without the form token the page drew', async () => {
    const store = await testStore('sqlite');
    const known = newLinkToken();
    const { reached, post } = recordedForm(store, known);
    const cases: [Request, number][] = [
      [posted({ form_token: 'drawn-by-the-page', text: 'a' }, { Origin: 'https://evil.example' }), 403],
      [posted({ form_token: 'drawn-by-the-page', text: 'x'.repeat(20_000) }), 413],
      [posted({ form_token: 'forged', text: 'a' }), 403],
    ];
    for (const [request, status] of cases) {
      const result = await post(request, known);
      expect(result).toMatchObject({ kind: 'refused', status });
    }
    expect(reached).toEqual(['open', 'open', 'open']);
  });

  it('refuses fields that are not the page’s form before the store, and takes its own form once read', async () => {
    const store = await testStore('sqlite');
    const known = newLinkToken();
    const { reached, post } = recordedForm(store, known, { read: () => undefined });
    expect(await post(posted({ form_token: 'drawn-by-the-page' }), known)).toMatchObject({
      status: 403,
      message: WORDS.notFromPage,
    });
    expect(reached).toEqual(['open']);
    const taken = recordedForm(store, known);
    expect(await taken.post(posted({ form_token: 'drawn-by-the-page', text: 'hello' }), known)).toEqual({
      kind: 'done',
      text: 'hello',
    });
    expect(taken.reached).toEqual(['open', 'read', 'store']);
  });

  it('answers a store that fails with a 503 in the page’s words', async () => {
    const store = await testStore('sqlite');
    const known = newLinkToken();
    const { post } = recordedForm(store, known, {
      store: () => Promise.reject(new Error('the database is gone')),
    });
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await post(posted({ form_token: 'drawn-by-the-page', text: 'a' }), known)).toEqual({
        kind: 'refused',
        status: 503,
        message: WORDS.notTaken,
      });
    } finally {
      console.error = log;
    }
    expect(errors).toHaveLength(1);
  });
});

describe.each(STORE_KINDS)('a quote link that opens nothing on %s', (kind) => {
  it('answers an unknown link and a replaced one alike, whatever was posted to them', async () => {
    const store = await testStore(kind);
    const { quotes, target, token } = await sentQuote(store, NOW);
    const staff = { id: 'staff-1', email: 'amina@agency.example' };
    const page = new QuotePage(() => store, { siteUrl: SITE, limit: 10, windowMs: 60_000, emails: false });
    const { formToken } = (await page.show(token))!;
    await quotes.reissueLink(target, staff);
    const answer = {
      answer: 'accept',
      version: '1',
      form_token: formToken,
      full_name: 'Layla Haddad',
      terms_read: 'yes',
    };
    for (const request of [() => posted(answer), () => posted(answer, { Origin: 'https://evil.example' })]) {
      const replaced = await page.answer(request(), token, CLIENT, TODAY, NOW);
      const unknown = await page.answer(request(), newLinkToken(), CLIENT, TODAY, NOW);
      expect(replaced).toEqual({ kind: 'not-found' });
      expect(unknown).toEqual(replaced);
    }
    expect((await quotes.quoteByToken(token)) === null).toBe(true);
  });
});

describe.each(STORE_KINDS)('a one-click link on %s', (kind) => {
  it('shows the button, turns the mail off once, and answers a token that names no one with the plain 404', async () => {
    const store = await testStore(kind);
    const fields = { name: 'Layla Haddad', email: 'layla@example.com' };
    const lead = await store.insertLead(
      { formId: 'hajj', fields, pageUrl: null, userAgent: null },
      { now: NOW, interest: { travellers: 2, consent: true } },
    );
    const hajj = new HajjStore(store.database);
    const link: OneClickLink = {
      isOff: async (token) => (await hajj.subscription(token))?.unsubscribed,
      turnOff: async (token) => {
        const done = await hajj.unsubscribe(token, NOW);
        return done && done.done === 'unsubscribed';
      },
    };
    const token = await issueUnsubscribeToken(store.database, lead!.id, NOW);
    expect(await oneClickAnswer('GET', token, link)).toEqual({ off: false, justNow: false });
    expect(await oneClickAnswer('HEAD', token, link)).toEqual({ off: false, justNow: false });
    expect(await oneClickAnswer('POST', token, link)).toEqual({ off: true, justNow: true });
    expect(await oneClickAnswer('POST', token, link)).toEqual({ off: true, justNow: false });
    expect(await oneClickAnswer('GET', token, link)).toEqual({ off: true, justNow: false });
    for (const [method, other] of [
      ['GET', newLinkToken()],
      ['POST', newLinkToken()],
      ['POST', null],
      ['GET', 'short'],
    ] as const) {
      const answer = await oneClickAnswer(method, other, link);
      expect('response' in answer && answer.response.status).toBe(404);
    }
    const put = await oneClickAnswer('PUT', token, link);
    expect('response' in put && put.response.status).toBe(405);
  });
});
