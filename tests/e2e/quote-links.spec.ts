import { expect, test, type APIRequestContext } from '@playwright/test';
import { newLinkToken } from '@/lib/quotes/token';
import { PipelineStore } from '../../src/server/desk/pipeline-store.ts';
import { QuoteStore } from '../../src/server/quotes/store.ts';
import { eraseLead, onTestStore, sendQuote, withdrawQuote, type SentQuote } from './support/quotes';
import { sitemapPaths } from './support/site';

/**
 * The pilgrim's private quote links over HTTP, on the server Playwright starts: what a link that
 * opens nothing answers, the headers of one that does, and the answers its forms post, refused
 * unless they come from the page. Quotes are sent from the test process into the server's store.
 */
const SITE = 'https://miqat-travel.example';
const path = (token: string) => `/quote/${token}`;

/** The token the page's forms carry, read from the page as a browser would see it. */
async function formToken(request: APIRequestContext, token: string): Promise<string> {
  const html = await (await request.get(path(token))).text();
  return /name="form_token" value="([^"]+)"/.exec(html)![1]!;
}

/** Posts an answer as a browser without scripts posts the page's form: `Origin: null`, as the page's no-referrer policy makes it. */
function post(request: APIRequestContext, token: string, form: Record<string, string>, headers = {}) {
  return request.post(path(token), { form, headers: { Origin: 'null', ...headers }, maxRedirects: 0 });
}

/** What the pilgrim's posts could have changed: the acceptance, the decline and the lead's notes. */
async function recorded(quote: SentQuote) {
  return onTestStore(async (store) => {
    const shown = await new QuoteStore(store.database).quoteByToken(quote.token);
    const notes = await new PipelineStore(store.database).notesOf(quote.leadId);
    return { acceptance: shown?.acceptance ?? null, decline: shown?.decline ?? null, notes: notes.map((n) => n.body) };
  });
}

test('links that open nothing get the same plain 404 as a missing page', async ({ request }) => {
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  const [live, withdrawn, erased] = await onTestStore(async (store) => [
    await sendQuote(store),
    await sendQuote(store),
    await sendQuote(store),
  ]);
  const withdrawnForm = await formToken(request, withdrawn.token);
  await onTestStore(async (store) => {
    await withdrawQuote(store, withdrawn);
    await eraseLead(store, erased);
  });
  // One character changed, still well formed: the link was tampered with, not mistyped.
  const tampered = live.token.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'));
  const links = {
    random: path(newLinkToken()),
    malformed: path('not-a-token'),
    tampered: path(tampered),
    withdrawn: path(withdrawn.token),
    erased: path(erased.token),
    nested: `${path(live.token)}/more`,
  };
  for (const [name, link] of Object.entries(links)) {
    const response = await request.get(link);
    expect(response.status(), name).toBe(404);
    expect(await response.text(), name).toBe(await missing.text());
  }
  // A post to a withdrawn link, with the form token its page once carried, is the same 404 and records nothing.
  const answer = { answer: 'ask', version: '1', form_token: withdrawnForm, question: 'Still on offer?' };
  const refused = await post(request, withdrawn.token, answer);
  expect([refused.status(), await refused.text()]).toEqual([404, await missing.text()]);
  expect((await request.get(path(live.token))).status()).toBe(200);
});

test('a live link is private: never stored, indexed, referred or listed, and loads no script', async ({ request }) => {
  const quote = await onTestStore((store) => sendQuote(store));
  const response = await request.get(path(quote.token));
  expect(response.status()).toBe(200);
  expect(response.headers()).toMatchObject({
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
    'referrer-policy': 'no-referrer',
  });
  const html = await response.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(html).toContain('<meta name="referrer" content="no-referrer">');
  expect(html).not.toContain('<script');
  expect(html).not.toContain('rel="canonical"');
  expect(html).not.toContain(quote.token.slice(0, 12));
  expect(sitemapPaths().filter((page) => page.startsWith('/quote'))).toEqual([]);
});

test('a post from another site, or without the form token, is refused and changes nothing', async ({ request }) => {
  const [quote, other] = await onTestStore(async (store) => [await sendQuote(store), await sendQuote(store)]);
  const token = await formToken(request, quote.token);
  const accept = { answer: 'accept', version: '1', full_name: 'Layla Haddad', terms_read: 'yes' };
  const attempts = [
    { why: 'foreign origin', form: { ...accept, form_token: token }, headers: { Origin: 'https://evil.example' } },
    { why: 'cross-site fetch', form: { ...accept, form_token: token }, headers: { 'Sec-Fetch-Site': 'cross-site' } },
    { why: 'no form token', form: accept, headers: { Origin: SITE } },
    { why: "another quote's form token", form: { ...accept, form_token: await formToken(request, other.token) } },
  ];
  for (const { why, form, headers } of attempts) {
    const response = await post(request, quote.token, form, headers);
    expect(response.status(), why).toBe(403);
    expect(await response.text(), why).toContain('This answer did not come from your quote page');
  }
  expect(await recorded(quote)).toEqual({ acceptance: null, decline: null, notes: [] });
  // The same answer from the page itself is taken, whether the browser names the site or withholds its origin.
  const taken = await post(request, quote.token, { ...accept, form_token: token }, { Origin: SITE });
  expect(taken.status()).toBe(303);
  expect(taken.headers()['location']).toBe(`${path(quote.token)}?done=accepted`);
});

test('questions and declines are recorded once; bad input is shown again and changes nothing', async ({ request }) => {
  const quote = await onTestStore((store) => sendQuote(store));
  const form_token = await formToken(request, quote.token);
  const question = 'Can my mother have a wheelchair at the airport?';
  const empty = await post(request, quote.token, { answer: 'ask', version: '1', form_token, question: ' ' });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain('Write your question before sending it.');
  const long = await post(request, quote.token, {
    answer: 'decline',
    version: '1',
    form_token,
    reason: 'x'.repeat(1001),
  });
  expect(long.status()).toBe(400);
  expect(await long.text()).toContain('>' + 'x'.repeat(1001) + '</textarea>');
  expect(await recorded(quote)).toEqual({ acceptance: null, decline: null, notes: [] });

  for (const expected of ['asked', 'already-asked']) {
    const asked = await post(request, quote.token, { answer: 'ask', version: '1', form_token, question });
    expect(asked.headers()['location']).toBe(`${path(quote.token)}?done=${expected}`);
  }
  const declined = await post(request, quote.token, {
    answer: 'decline',
    version: '1',
    form_token,
    reason: 'Next year.',
  });
  expect(declined.headers()['location']).toBe(`${path(quote.token)}?done=declined`);
  expect(await recorded(quote)).toMatchObject({
    acceptance: null,
    decline: { reason: 'Next year.' },
    notes: [question],
  });
  const page = await (await request.get(`${path(quote.token)}?done=declined`)).text();
  expect(page).toContain('we have recorded that you decline this quote');
  expect(page).toContain('You declined this quote on');
});

test('answers are rate limited per client and quote: past the limit, 429 and nothing recorded', async ({ request }) => {
  const [quote, other] = await onTestStore(async (store) => [await sendQuote(store), await sendQuote(store)]);
  const form_token = await formToken(request, quote.token);
  // The test server keeps the default QUOTE_RATE_LIMIT, 10 answers per window: these nine empty
  // questions and the one below fill it.
  for (let n = 0; n < 9; n += 1) {
    expect((await post(request, quote.token, { answer: 'ask', version: '1', form_token, question: '' })).status()).toBe(
      400,
    );
  }
  const question = { answer: 'ask', version: '1', form_token, question: 'Is Zamzam water included?' };
  expect((await post(request, quote.token, question)).status()).toBe(303);
  const limited = await post(request, quote.token, { ...question, question: 'And the visa?' });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await limited.text()).toContain('Too many answers from this connection');
  expect((await recorded(quote)).notes).toEqual(['Is Zamzam water included?']);
  const elsewhere = { ...question, form_token: await formToken(request, other.token) };
  expect((await post(request, other.token, elsewhere)).status()).toBe(303);
});
