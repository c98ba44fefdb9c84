import { afterEach, describe, expect, it } from 'vitest';
import { formTokenFor, QuotePage } from '@/server/quotes/pilgrim-page';
import { postedFromSite } from '@/server/private-form';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QUOTE_TODAY as TODAY, sentQuote as sentQuoteOn } from './support/quotes';
import { STORE_KINDS, openTestStore } from './support/stores';

const SITE = 'https://miqat-travel.example';
const NOW = new Date('2026-11-20T15:00:00.000Z');
const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

describe('where an answer was posted from', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it("takes the site's own origin, and the null a no-referrer page makes a browser send", () => {
    expect(postedFromSite(headers({ Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }), SITE)).toBe(true);
    expect(postedFromSite(headers({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }), SITE)).toBe(true);
    // Not a browser: it names no origin, and the form token alone decides.
    expect(postedFromSite(headers({}), SITE)).toBe(true);
  });

  it('refuses another origin, and any post a browser says came from elsewhere', () => {
    expect(postedFromSite(headers({ Origin: 'https://evil.example' }), SITE)).toBe(false);
    expect(postedFromSite(headers({ Origin: 'https://miqat-travel.example.evil.example' }), SITE)).toBe(false);
    expect(postedFromSite(headers({ Origin: 'http://miqat-travel.example' }), SITE)).toBe(false);
    expect(postedFromSite(headers({ Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }), SITE)).toBe(false);
    expect(postedFromSite(headers({ 'Sec-Fetch-Site': 'same-site' }), SITE)).toBe(false);
  });

  it("signs each link's forms apart, with the server's secret", () => {
    expect(formTokenFor('link-a', 'secret')).toBe(formTokenFor('link-a', 'secret'));
    expect(formTokenFor('link-a', 'secret')).not.toBe(formTokenFor('link-b', 'secret'));
    expect(formTokenFor('link-a', 'secret')).not.toBe(formTokenFor('link-a', 'other secret'));
  });
});

describe.each(STORE_KINDS)('the quote page on %s', (kind) => {
  async function sentQuote() {
    const store = await openTestStore(kind);
    open.push(store);
    const { quotes, token } = await sentQuoteOn(store, NOW);
    const page = new QuotePage(() => store, { siteUrl: SITE, limit: 3, windowMs: 60_000, emails: false });
    return { page, quotes, token };
  }

  const posted = (body: string, type = 'application/x-www-form-urlencoded') =>
    new Request('http://localhost/quote/x', { method: 'POST', headers: { 'Content-Type': type }, body });

  it('takes an answer from its own form once, and refuses other encodings and oversized bodies', async () => {
    const { page, quotes, token } = await sentQuote();
    const shown = await page.show(token);
    expect(shown?.quote.reference).toMatch(/^MQ-/);
    const form = new URLSearchParams({
      answer: 'accept',
      version: '1',
      form_token: shown!.formToken,
      full_name: 'Layla Haddad',
      terms_read: 'yes',
    });
    expect(await page.answer(posted(form.toString(), 'text/plain'), token, '192.0.2.1', TODAY, NOW)).toMatchObject({
      kind: 'refused',
      status: 415,
    });
    const huge = `${form.toString()}&question=${'x'.repeat(20_000)}`;
    expect(await page.answer(posted(huge), token, '192.0.2.1', TODAY, NOW)).toMatchObject({ status: 413 });
    expect((await quotes.quoteByToken(token))?.acceptance).toBeNull();
    expect(await page.answer(posted(form.toString()), token, '192.0.2.1', TODAY, NOW)).toEqual({
      kind: 'done',
      code: 'accepted',
    });
    // The limit (3 here) counts every post of this client on this quote; another client is not held up.
    expect(await page.answer(posted(form.toString()), token, '192.0.2.1', TODAY, NOW)).toMatchObject({ status: 429 });
    expect(await page.answer(posted(form.toString()), token, '192.0.2.2', TODAY, NOW)).toEqual({
      kind: 'done',
      code: 'already-accepted',
    });
  });

  it('shows a form with problems again with what was typed, and answers an unknown link as not found', async () => {
    const { page, token } = await sentQuote();
    const { formToken } = (await page.show(token))!;
    const form = new URLSearchParams({ answer: 'ask', version: '1', form_token: formToken, question: '  ' });
    expect(await page.answer(posted(form.toString()), token, '192.0.2.1', TODAY, NOW)).toMatchObject({
      kind: 'problems',
      answer: 'ask',
      problems: [{ inputId: 'ask-question' }],
      values: { question: '  ' },
    });
    expect(await page.answer(posted(form.toString()), 'not-a-token', '192.0.2.1', TODAY, NOW)).toEqual({
      kind: 'not-found',
    });
    expect(await page.show('not-a-token')).toBeNull();
  });
});
