import { expect, test, type Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { TOUCH_FIELD } from '@/lib/forms/constants';
import type { ReviewEntry } from '@/lib/reviews/review';
import { travelledLabel } from '@/lib/reviews/summary';
import { site } from '@/lib/site';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { QuoteStore } from '@/server/quotes/store';
import { ReviewStore } from '@/server/reviews/store';
import { payDeposit, quoteDraft } from '../unit/support/quotes.ts';
import { startDesk, type Desk } from './support/desk.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';

/**
 * Published reviews on the static pages, against the built server on SQLite with its refresh set to
 * a look every 1.2 s: three bookings of one package come back, their travellers write reviews
 * through the real store (the form itself is reviews.spec.ts's), staff publish two (one with a
 * reply) and refuse one. In Chromium with scripts off, the package page, still a precompressed
 * file of the static index, then shows the two with the right count, average, distribution and
 * hotel share, the reply and the Review items of its own JSON-LD block, never the refused one; the
 * home page gives its "how reviews will work" text way to them. The gates on the page, wide and narrow.
 */

const DAY_MS = 86_400_000;
const STAFF = 'agent@agency.example';
const PACKAGE = '10-nights-3-star-chicago-umrah-package';
const PAGE = `/package/${PACKAGE}`;
const RETURNED_DAYS_AGO = 10;

/** A booking of PACKAGE that came home RETURNED_DAYS_AGO days ago, invited, and the review its traveller wrote. */
async function reviewed(desk: Desk, email: string, entry: ReviewEntry): Promise<string> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const booked = new Date(Date.now() - 60 * DAY_MS);
    const today = agencyDay(booked, site.timeZone);
    const returnOn = addDays(agencyDay(new Date(), site.timeZone), -RETURNED_DAYS_AGO);
    const draft = quoteDraft({
      packageSlug: PACKAGE,
      departureOn: addDays(returnOn, -14),
      returnOn,
      validUntil: addDays(today, 7),
      schedule: [{ dueOn: addDays(today, 7), amountCents: 545_250 }],
    });
    const fields = { name: entry.displayName, email, phone: '713-555-0123', adults: '2' };
    const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, undefined, booked);
    const quotes = new QuoteStore(store.database);
    const staff = { id: 'staff-e2e', email: STAFF };
    const saved = await quotes.saveDraft({ leadId: lead!.id }, draft, staff, today, booked);
    if (!saved?.ok) throw new Error(`The draft was refused: ${JSON.stringify(saved)}`);
    const sent = await quotes.send({ leadId: lead!.id, quoteId: saved.quoteId }, staff, today, booked);
    if (!sent?.ok) throw new Error('The quote was not sent');
    await quotes.accept(sent.token, 1, entry.displayName, today, booked);
    await payDeposit(quotes, { leadId: lead!.id, quoteId: saved.quoteId }, staff, today, booked);
    const reviews = new ReviewStore(store.database);
    await reviews.inviteDue(3, site.timeZone);
    const token = await reviews.newLink(saved.quoteId);
    if (!token || !(await reviews.submit(token, entry))) throw new Error('The review was not taken');
    return saved.quoteId;
  } finally {
    await store.close();
  }
}

/** Staff's decisions, through the real store, as the moderation page makes them. */
async function moderate(desk: Desk, act: (reviews: ReviewStore) => Promise<void>): Promise<void> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    await act(new ReviewStore(store.database));
  } finally {
    await store.close();
  }
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe('published reviews on the static pages', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let builtEtag: string;

  test.beforeAll(async () => {
    desk = await startDesk('sqlite', { REVIEWS_REFRESH_MINUTES: '0.02' });
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  test('before any review the package and home pages say how reviews will work, and the parts route is a 404 to visitors', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${desk.origin}${PAGE}`);
    expect(response?.headers()['content-encoding']).toBe('br');
    builtEtag = response!.headers()['etag']!;
    const section = page.locator('[data-package-reviews]');
    await expect(section).toContainText('No traveller has reviewed this package yet.');
    await expect(section).toContainText('Only travellers who booked a trip with us can write a review');
    await expect(section.getByRole('link', { name: 'How we collect and publish reviews' })).toHaveAttribute(
      'href',
      '/how-we-collect-and-publish-reviews',
    );
    await expect(section).not.toContainText(/coming soon/i);
    const service = (await jsonLd(page)).find((block) => block['@type'] === 'Service');
    expect(service?.['review']).toBeUndefined();

    await page.goto(`${desk.origin}/`);
    const home = page.locator('[data-home-reviews]');
    await expect(home.getByRole('heading', { level: 2 })).toHaveText('How reviews of our trips will work');
    // Today's testimonials hold no consent or trip record: none shows.
    await expect(home).not.toContainText('Amina R.');
    await expect(home.locator('blockquote')).toHaveCount(0);
    await context.close();

    for (const path of ['/internal/reviews/home', `/internal/reviews/package/${PACKAGE}`]) {
      expect((await request.get(`${desk.origin}${path}`)).status(), path).toBe(404);
      const guessed = await request.get(`${desk.origin}${path}`, { headers: { 'x-miqat-render-key': 'guess' } });
      expect(guessed.status(), `${path} with a guessed key`).toBe(404);
    }
  });

  test('two published reviews reach the package page after the refresh, the refused one never; the home page shows them', async ({
    browser,
  }) => {
    const praised = await reviewed(desk, 'layla@example.com', {
      rating: 5,
      hotels: { makkah: 'yes', madinah: 'similar-told' },
      title: 'Close to the Haram',
      text: 'The Makkah hotel was the one on our quote, five minutes from the gate.',
      displayName: 'Layla H.',
      city: 'Houston',
    });
    const mixed = await reviewed(desk, 'omar@example.com', {
      rating: 4,
      hotels: { makkah: 'no', madinah: 'yes' },
      title: 'A different hotel in Makkah',
      text: 'We were moved to another hotel in Makkah, further out; Madinah was as promised.',
      displayName: 'Omar S.',
      city: 'Dallas',
    });
    const abusive = await reviewed(desk, 'sam@example.com', {
      rating: 1,
      hotels: { makkah: 'yes' },
      title: 'Refused words',
      text: 'Abuse aimed at a named person, which the policy refuses.',
      displayName: 'Sam K.',
      city: 'Austin',
    });
    await moderate(desk, async (reviews) => {
      expect(await reviews.decide(praised, { publish: true }, STAFF)).toBe('done');
      expect(await reviews.decide(mixed, { publish: true }, STAFF)).toBe('done');
      expect(await reviews.decide(abusive, { publish: false, reason: 'abuse' }, STAFF)).toBe('done');
      expect(await reviews.reply(mixed, 'We are sorry: the move should have been told to you before.', STAFF)).toBe(
        'done',
      );
    });

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const count = page.locator('[data-review-count]');
    // The server looks every 1.2 s: the page is read again until it shows the reviews.
    await expect
      .poll(
        async () => {
          await page.goto(`${desk.origin}${PAGE}`);
          return count.count();
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toBe(1);
    const response = await page.goto(`${desk.origin}${PAGE}`);
    const headers = response!.headers();
    expect(headers['content-encoding']).toBe('br');
    expect(headers['etag']).toMatch(/^"[\w-]{22}-br"$/);
    expect(headers['etag']).not.toBe(builtEtag);
    expect(Date.parse(headers['last-modified']!)).toBeGreaterThan(Date.now() - 60_000);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    const section = page.locator('[data-package-reviews]');
    await expect(count).toHaveText('From 2 reviews, each invited after a booked trip');
    await expect(section.locator('[data-review-average]')).toContainText('4.5');
    const rows = section.getByRole('table', { name: 'Reviews by rating' }).getByRole('row');
    await expect(rows).toHaveText([/^5 stars\s*1$/, /^4 stars\s*1$/, /^3 stars\s*0$/, /^2 stars\s*0$/, /^1 star\s*0$/]);
    await expect(section.locator('[data-review-hotels]')).toHaveText(
      '50% of travellers who answered (1 of 2) said their hotels were the ones on their quote.',
    );
    const items = section.locator('[data-review]');
    await expect(items).toHaveCount(2);
    const travelled = travelledLabel(addDays(addDays(agencyDay(new Date(), site.timeZone), -RETURNED_DAYS_AGO), -14));
    for (const item of await items.all()) {
      await expect(item).toContainText(`${travelled} on this package`);
      await expect(item).toContainText('Invited after a booked trip');
    }
    await expect(section).toContainText('Close to the Haram');
    await expect(section).toContainText('Layla H., Houston');
    await expect(section).toContainText('Reply from Miqat Travel');
    await expect(section).toContainText('We are sorry: the move should have been told to you before.');
    await expect(section.getByRole('link', { name: 'How we collect and publish reviews' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Refused words');
    // The rest of the page is the build's: its enquiry form is there, and a visitor arriving from a
    // search engine still finds the first touch written into it.
    await expect(
      page.locator('form[action="/api/forms/booking"]').getByRole('button', { name: 'Request Booking' }),
    ).toBeVisible();
    const arrival = await page.request.get(`${desk.origin}${PAGE}`, {
      headers: { Referer: 'https://www.google.com/' },
    });
    const arrived = await arrival.text();
    expect(arrived).toContain('data-package-reviews');
    expect(arrived).toContain(`name="${TOUCH_FIELD}" value="`);
    expect(arrived).not.toContain(`name="${TOUCH_FIELD}" value=""`);

    const blocks = await jsonLd(page);
    const service = blocks.find((block) => block['@type'] === 'Service')!;
    expect(service['review']).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: expect.stringMatching(/^(Layla H\.|Omar S\.)$/) as unknown },
        reviewRating: { '@type': 'Rating', ratingValue: expect.any(Number) as unknown, bestRating: 5, worstRating: 1 },
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
        name: expect.any(String) as unknown,
        reviewBody: expect.any(String) as unknown,
      },
      expect.objectContaining({ '@type': 'Review' }),
    ]);
    const names = (service['review'] as { author: { name: string } }[]).map((review) => review.author.name).sort();
    expect(names).toEqual(['Layla H.', 'Omar S.']);
    for (const block of blocks) expect(JSON.stringify(block)).not.toContain('AggregateRating');
    expect(JSON.stringify(blocks)).not.toContain('aggregateRating');

    // The home page's reviews followed in the same look (or the next).
    const home = page.locator('[data-home-reviews]');
    await expect
      .poll(
        async () => {
          await page.goto(`${desk.origin}/`);
          return home.getByRole('heading', { level: 2 }).textContent();
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toBe('What travellers wrote after their trip');
    await expect(home.locator('[data-review-count]')).toContainText('The newest of 2 published reviews, 4.5 of 5');
    await expect(home).toContainText('A different hotel in Makkah');
    await expect(home.getByRole('link', { name: 'Chicago 10 Nights 3 Star Umrah Package' }).first()).toHaveAttribute(
      'href',
      PAGE,
    );
    await expect(home).not.toContainText('Refused words');
    const homeLd = await jsonLd(page);
    expect(JSON.stringify(homeLd)).not.toContain('aggregateRating');
    await context.close();
  });

  test('the package page with reviews passes axe and html-validate, wide and narrow', async ({ browser }) => {
    for (const width of [1280, 390]) {
      // axe runs as a script in the page, so this browser runs scripts; the reviews need none.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const response = await page.goto(`${desk.origin}${PAGE}`);
      await expect(page.locator('[data-review]')).toHaveCount(2);
      expect(await htmlProblems(await response!.text(), `package-reviews-${width}`), `at ${width} px`).toEqual([]);
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});
