import { expect, test, type Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { TOUCH_FIELD } from '@/lib/forms/constants';
import { REPLY_MAX_LENGTH } from '@/lib/reviews/moderation';
import { FIRST_RESPONSE_MAX_BYTES } from '@/lib/page-budgets';
import { REVIEW_LIMITS, type ReviewEntry } from '@/lib/reviews/review';
import { travelledLabel } from '@/lib/reviews/summary';
import { site } from '@/lib/site';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { QuoteStore } from '@/server/quotes/store';
import { ReviewStore } from '@/server/reviews/store';
import { payDeposit, quoteDraft } from '../unit/support/quotes.ts';
import { startDesk, type Desk } from './support/desk.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';
import { firstResponseBytes } from './support/raw-http.ts';
import { afterRedraw } from './support/redraw';

/**
 * Published reviews on the static pages, against the built server on SQLite with its refresh set to
 * a look every 0.3 s (each page is read again every 0.2 s until it shows what changed): three
 * bookings of one package come back, their travellers write reviews through the real store (the
 * form itself is reviews.spec.ts's), staff publish two (one with a reply) and refuse one. In
 * Chromium with scripts off, the package page, still a precompressed file of the static index,
 * then shows the two with the right count, average, distribution and hotel share, the reply and the
 * Review items of its own JSON-LD block, never the refused one; the home page gives its "how
 * reviews will work" text way to them. The gates on the page, wide and narrow. Then two more, 2,000
 * characters each (one with a 1,000-character reply), on another Chicago package and an Umrah tier
 * package: the city and tier listings show the average of every rating among their packages after
 * the refresh, the comparison each package's own; the home page shows them shortened, with the way
 * to the whole review, and what they add to its first response is weighed.
 */

const DAY_MS = 86_400_000;
const STAFF = 'agent@agency.example';
const PACKAGE = '10-nights-3-star-chicago-umrah-package';
const PAGE = `/package/${PACKAGE}`;
const RETURNED_DAYS_AGO = 10;

/** A booking of a package (PACKAGE unless said) that came home RETURNED_DAYS_AGO days ago, invited, and the review its traveller wrote. */
async function reviewed(desk: Desk, email: string, entry: ReviewEntry, packageSlug = PACKAGE): Promise<string> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const booked = new Date(Date.now() - 60 * DAY_MS);
    const today = agencyDay(booked, site.timeZone);
    const returnOn = addDays(agencyDay(new Date(), site.timeZone), -RETURNED_DAYS_AGO);
    const draft = quoteDraft({
      packageSlug,
      departureOn: addDays(returnOn, -14),
      returnOn,
      validUntil: addDays(today, 7),
      schedule: [{ dueOn: addDays(today, 7), amountCents: 545_250 }],
    });
    const fields = { name: entry.displayName, email, phone: '713-555-0123', adults: '2' };
    const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: booked });
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

const WORDS =
  'we travelled as a family of five and the group leader met us at Jeddah airport before dawn with cold water dates bus hotel room view Haram gate prayer Madinah Quba mosque visa guide Ziyarat elderly mother wheelchair lift breakfast queue late early kind patient crowded quiet clean small large night morning bags Tawaf Sai Zamzam'.split(
    ' ',
  );

/** A traveller's words of exactly `length` characters that do not repeat as a block (so brotli cannot fold them away): a fixed pseudo-random draw from `seed`. */
function travellersWords(length: number, seed: number): string {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += `${WORDS[Math.floor(state / 65_536) % WORDS.length]}${Math.floor(state / 8_192) % 7 === 0 ? '. ' : ' '}`;
  }
  return `${text
    .slice(0, length - 1)
    .trimEnd()
    .padEnd(length - 1, 'x')}.`;
}

/**
 * What the home page's reviews may add to its first response (headers and brotli body, as
 * scripts/bench.mjs weighs it), however long the reviews: three shortened ones add about 600 bytes,
 * shown whole they would add some 1,700.
 */
const HOME_REVIEWS_BYTES = 800;

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe('published reviews on the static pages', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let builtEtag: string;
  /** The home page's first response before any review, to weigh what the reviews add. */
  let homeWithoutReviews: number;

  test.beforeAll(async () => {
    desk = await startDesk('sqlite', { REVIEWS_REFRESH_MINUTES: '0.005' });
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  // That the parts' routes are a 404 to visitors needs no browser: security-headers.spec.ts.
  test('before any review the package and home pages say how reviews will work', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${desk.origin}${PAGE}`);
    expect(response?.headers()['content-encoding']).toBe('br');
    builtEtag = response!.headers()['etag']!;
    homeWithoutReviews = (await firstResponseBytes(`${desk.origin}/`)).bytes;
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
    // The server looks every 0.3 s: the page is read again until it shows the reviews.
    await afterRedraw(page, `${desk.origin}${PAGE}`, () => count.count()).toBe(1);
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
    // Layla's Madinah hotel was a similar one she was told about: not counted as the quote's (Q06).
    await expect(section.locator('[data-review-hotels]')).toHaveText(
      'Of 2 travellers who answered: 0 stayed in the hotels on their quote, 1 in a similar hotel they were told about, 1 in another hotel.',
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
    await afterRedraw(page, `${desk.origin}/`, () => home.getByRole('heading', { level: 2 }).textContent()).toBe(
      'What travellers wrote after their trip',
    );
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

  test("the listings count the reviews of their packages (weighted by each package's count) after the refresh, the comparison each package's; the home page shortens a 2,000-character review", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const CITY_PAGE = '/chicago-umrah';
    const OTHER_CHICAGO = '7-nights-4-star-chicago-umrah-package';
    const TIER_PACKAGE = 'economy-5-nights-umrah';
    const listing = page.locator('[data-listing-reviews]');
    /** The listing's average and count once its part reads `expected`, read again until then. */
    const listingReads = async (path: string, expected: string) =>
      afterRedraw(page, `${desk.origin}${path}`, async () =>
        (await listing.count()) ? listing.textContent() : 'nothing shown',
      ).toContain(expected);

    // The city page's two reviews (5 and 4) from the earlier test; a tier page with none shows nothing.
    await listingReads(CITY_PAGE, 'Rated 4.5 of 5 on average from 2 published reviews of the packages on this page');
    await page.goto(`${desk.origin}/umrah-packages`);
    await expect(listing).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('published review');

    const long = travellersWords(2000, 7);
    expect(long).toHaveLength(2000);
    // A reply as long as the desk takes.
    const LONG_REPLY = `Thank you. ${travellersWords(REPLY_MAX_LENGTH - 11, 13)}`;
    const lowOnChicago = await reviewed(
      desk,
      'yusuf@example.com',
      {
        rating: 1,
        hotels: { makkah: 'no' },
        title: 'Not the hotel we were quoted',
        text: travellersWords(2000, 11),
        displayName: 'Yusuf A.',
        city: 'Chicago',
      },
      OTHER_CHICAGO,
    );
    const longOnTier = await reviewed(
      desk,
      'maryam@example.com',
      {
        rating: 3,
        hotels: { makkah: 'yes' },
        title: 'A long account of our trip',
        text: long,
        displayName: 'Maryam K.',
        city: 'Chicago',
      },
      TIER_PACKAGE,
    );
    await moderate(desk, async (reviews) => {
      expect(await reviews.decide(lowOnChicago, { publish: true }, STAFF)).toBe('done');
      expect(await reviews.decide(longOnTier, { publish: true }, STAFF)).toBe('done');
      expect(await reviews.reply(longOnTier, LONG_REPLY, STAFF)).toBe('done');
    });

    // (5 + 4 + 1) / 3 = 3.3: every review counts once, not each package's average ((4.5 + 1) / 2 = 2.8).
    await listingReads(CITY_PAGE, 'Rated 3.3 of 5 on average from 3 published reviews of the packages on this page');
    const cityResponse = await page.goto(`${desk.origin}${CITY_PAGE}`);
    expect(cityResponse!.headers()['content-encoding']).toBe('br');
    await expect(listing.getByRole('link', { name: 'How we collect and publish reviews' })).toHaveAttribute(
      'href',
      '/how-we-collect-and-publish-reviews',
    );
    await listingReads(
      '/umrah-packages',
      'Rated 3.0 of 5 on average from 1 published review of the packages on this page',
    );
    // A listing none of whose packages was reviewed stays as built.
    await page.goto(`${desk.origin}/ramadan-umrah`);
    await expect(listing).toHaveCount(0);

    // The comparison is drawn per request: each package's own count and average, at once.
    await page.goto(`${desk.origin}/compare?ids=${PACKAGE},${OTHER_CHICAGO},economy-7-nights-umrah`);
    const compared = page.locator('[data-compare-reviews]');
    await expect(compared.locator(`[data-compare-review="${PACKAGE}"]`)).toHaveText(
      'Chicago 10 Nights 3 Star Umrah Package: 4.5 of 5 on average from 2 published reviews',
    );
    await expect(compared.locator(`[data-compare-review="${OTHER_CHICAGO}"]`)).toHaveText(
      'Chicago 7 Nights 4 Star Umrah Package: 1.0 of 5 on average from 1 published review',
    );
    await expect(compared.locator('[data-compare-review="economy-7-nights-umrah"]')).toContainText(
      'no published review yet',
    );
    await page.goto(`${desk.origin}/compare?ids=${TIER_PACKAGE}`);
    await expect(compared.locator(`[data-compare-review="${TIER_PACKAGE}"]`)).toHaveText(
      'Economy 5 Nights Umrah Package: 3.0 of 5 on average from 1 published review',
    );

    // The home page shows the long review shortened, with the way to the whole of it.
    const home = page.locator('[data-home-reviews]');
    await afterRedraw(page, `${desk.origin}/`, () => home.locator('[data-review-count]').textContent()).toContain(
      'The newest of 4 published reviews',
    );
    const longItem = home.locator('[data-review]', { hasText: 'A long account of our trip' });
    const shown = (await longItem.locator('blockquote').textContent())!.trim();
    expect(shown.length).toBeLessThan(400);
    expect(shown).toMatch(/…$/);
    expect(long.startsWith(shown.slice(0, -1))).toBe(true);
    expect(long.charAt(shown.length - 1)).toMatch(/[\s.]/);
    await expect(longItem).not.toContainText(long.slice(-120));
    const whole = longItem.getByRole('link', { name: 'Read the whole review by Maryam K.' });
    await expect(whole).toHaveAttribute('href', `/package/${TIER_PACKAGE}#reviews`);
    await whole.click();
    await expect(page.locator('[data-package-reviews]')).toContainText(long.slice(-200));
    await context.close();
  });

  test('a listing page with reviews passes axe and html-validate, wide and narrow', async ({ browser }) => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const response = await page.goto(`${desk.origin}/chicago-umrah`);
      await expect(page.locator('[data-listing-reviews]')).toContainText('Rated 3.3 of 5');
      expect(await htmlProblems(await response!.text(), `listing-reviews-${width}`), `at ${width} px`).toEqual([]);
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  test('the home page showing 2,000-character reviews and a 1,000-character reply grows its first response by a few hundred bytes at most', async () => {
    // The page as the earlier test left it: the two long reviews among the three newest, shortened.
    expect((await (await fetch(`${desk.origin}/`)).text()).match(/data-whole-review/g)).toHaveLength(2);
    const measured = await firstResponseBytes(`${desk.origin}/`);
    expect(measured.encoding).toBe('br');
    console.log(
      `The home page's first response: ${homeWithoutReviews} bytes before any review, ${measured.bytes} with the long reviews`,
    );
    expect(
      measured.bytes - homeWithoutReviews,
      'headers and brotli body, as scripts/bench.mjs weighs them',
    ).toBeLessThanOrEqual(HOME_REVIEWS_BYTES);
  });

  test('the home page whose three newest reviews are 2,000 characters long with 1,000-character replies fits one round trip', async ({
    browser,
  }) => {
    // The words and the reply at the most the form and the desk take, on packages other than PAGE; the
    // title, name and city as travellers write them (each at its most too, the page is some 200 bytes
    // heavier).
    const longest = async (index: number, packageSlug: string) =>
      reviewed(
        desk,
        `longest-${index}@example.com`,
        {
          rating: 2 + index,
          hotels: { makkah: 'yes' },
          title: ['Worth every dollar', 'Long days, kind guide', 'The hotel was far'][index]!,
          text: travellersWords(REVIEW_LIMITS.text, 50 + index),
          displayName: ['Zainab H.', 'Omar F.', 'Safiya N.'][index]!,
          city: ['Houston', 'Dallas', 'Detroit'][index]!,
        },
        packageSlug,
      );
    const ids = [
      await longest(0, 'economy-7-nights-umrah'),
      await longest(1, 'dallas-7-nights-4-star'),
      await longest(2, 'economy-5-nights-umrah'),
    ];
    await moderate(desk, async (reviews) => {
      for (const [index, id] of ids.entries()) {
        expect(await reviews.decide(id, { publish: true }, STAFF)).toBe('done');
        const reply = `Thank you. ${travellersWords(REPLY_MAX_LENGTH - 11, 80 + index)}`;
        expect(await reviews.reply(id, reply, STAFF)).toBe('done');
      }
    });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const home = page.locator('[data-home-reviews]');
    await afterRedraw(page, `${desk.origin}/`, () => home.locator('[data-whole-review]').count()).toBe(3);
    await expect(home.locator('[data-review-count]')).toContainText('The newest of 7 published reviews');
    await context.close();
    const measured = await firstResponseBytes(`${desk.origin}/`);
    expect(measured.encoding).toBe('br');
    console.log(`The home page's first response with three of the longest reviews: ${measured.bytes} bytes`);
    expect(measured.bytes, 'headers and brotli body, as scripts/bench.mjs weighs them').toBeLessThanOrEqual(
      FIRST_RESPONSE_MAX_BYTES,
    );
  });

  // Last, as it adds the newest reviews: the home page's three newest above are the earlier ones.
  test('every published review of a package can be read on its page, the oldest complaint too (Q08)', async ({
    browser,
  }) => {
    const later: string[] = [];
    for (const [index, name] of ['Amina R.', 'Bilal T.', 'Hana Q.', 'Idris M.'].entries()) {
      later.push(
        await reviewed(desk, `later-${index}@example.com`, {
          rating: 5,
          hotels: { makkah: 'yes' },
          title: `Later trip ${index + 1}`,
          text: 'The hotels were the ones on our quote, and the guide met us at the airport.',
          displayName: name,
          city: 'Chicago',
        }),
      );
    }
    await moderate(desk, async (reviews) => {
      for (const id of later) expect(await reviews.decide(id, { publish: true }, STAFF)).toBe('done');
    });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const section = page.locator('[data-package-reviews]');
    await afterRedraw(page, `${desk.origin}${PAGE}`, () => section.locator('[data-review-count]').textContent()).toBe(
      'From 6 reviews, each invited after a booked trip',
    );
    await expect(section.getByRole('heading', { name: 'Every review in full, newest first' })).toBeVisible();
    // Six reviews, more than the four a package page used to show: the first complaint is still there.
    await expect(section.locator('[data-review]')).toHaveCount(6);
    await expect(section.locator('[data-review]').last()).toContainText(
      /Close to the Haram|A different hotel in Makkah/,
    );
    await expect(section).toContainText('A different hotel in Makkah');
    await expect(section.locator('[data-review-hotels]')).toHaveText(
      'Of 6 travellers who answered: 4 stayed in the hotels on their quote, 1 in a similar hotel they were told about, 1 in another hotel.',
    );
    await context.close();
    // axe runs in the page, so with scripts on (the page loads none of its own).
    const scripted = await browser.newContext();
    const checked = await scripted.newPage();
    await checked.goto(`${desk.origin}${PAGE}`);
    await expect(checked.locator('[data-package-reviews] [data-review]')).toHaveCount(6);
    expect(await axeViolations(checked)).toEqual([]);
    await scripted.close();
  });
});
