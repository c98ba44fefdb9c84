import { expect, test } from './support/shared-page';
import { recordScripts, selfStartedLoadsHadTheirChance } from './support/scripts';

const SLUGS = [
  'best-time-to-perform-umrah-seasonal-guide',
  'complete-umrah-guide-step-by-step',
  'makkah-madinah-hotels-accommodation-guide',
  'umrah-costs-2024-budget-breakdown',
  'umrah-for-families-guide-with-children',
  'umrah-visa-requirements-us-citizens-2024',
  'what-to-pack-for-umrah-checklist-2024',
  'umrah-vs-hajj-differences-explained',
  'umrah-preparation-checklist-2024',
  'mecca-madinah-travel-guide-2024',
  'umrah-shopping-guide-souvenirs-gifts',
  'umrah-group-vs-individual-packages',
  'umrah-weather-guide-what-to-expect',
  'umrah-with-elderly-parents-complete-guide',
];

test('the blog lists all fourteen guides, newest first, with date, reading time and category', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(14);
  const hrefs = await cards.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect([...hrefs].sort()).toEqual(SLUGS.map((slug) => `/blog/${slug}`).sort());
  const dates = await cards.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(cards.first()).toContainText(/\d+ min read/);
  // The cover is decorative on a card (the linked title names the guide) and described on the guide's page.
  await expect(cards.first().locator('img')).toHaveAttribute('alt', '');
  await cards.first().getByRole('link').click();
  await expect(page.locator('main img').first()).toHaveAttribute('alt', /.{10,}/);
});

test('the category filter works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/blog');
  await page.getByRole('navigation', { name: 'Guide categories' }).getByRole('link', { name: 'Visa' }).click();
  await expect(page).toHaveURL(/\/blog\/category\/visa$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visa guides');
  const categories = (await page.locator('main article p.text-gold-600').allTextContents()).map((text) => text.trim());
  expect(categories.length).toBeGreaterThan(0);
  expect(new Set(categories)).toEqual(new Set(['Visa']));
  await context.close();
});

test('a guide reads comfortably: contents, dates, reading time, related guides and packages, structured data', async ({
  page,
}) => {
  await page.goto('/blog/complete-umrah-guide-step-by-step');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('.page-hero').getByText(/\d+ min read/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' })).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await expect(toc).toBeVisible();
  const firstEntry = toc.getByRole('link').first();
  const target = (await firstEntry.getAttribute('href'))!;
  await expect(page.locator(target)).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Keep reading' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Packages for this journey' })).toBeVisible();
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
    JSON.parse(text),
  );
  const posting = blocks.find((data) => data['@type'] === 'BlogPosting');
  expect(posting.headline).toBeTruthy();
  expect(posting.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect(blocks.some((data) => data['@type'] === 'FAQPage')).toBe(true);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
});

test('prices in guides come from the catalogue', async ({ page }) => {
  let seen = 0;
  for (const slug of SLUGS) {
    await page.goto(`/blog/${slug}`);
    const prices = await page.locator('[data-catalogue-price]').allInnerTexts();
    for (const price of prices) expect(price).toMatch(/^\$\d{1,3}(,\d{3})*$/);
    seen += prices.length;
  }
  expect(seen).toBeGreaterThan(5);
});

test('the RSS feed is valid XML with every guide', async ({ page, request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  await page.setContent('<p>rss</p>');
  const result = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      items: [...doc.querySelectorAll('item > link')].map((link) => new URL(link.textContent!).pathname),
    };
  }, xml);
  expect(result.error).toBeNull();
  expect(result.items.sort()).toEqual(SLUGS.map((slug) => `/blog/${slug}`).sort());
  // The feed names its own address, as feed validators ask.
  const self = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const link = doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    return link && { rel: link.getAttribute('rel'), href: link.getAttribute('href'), type: link.getAttribute('type') };
  }, xml);
  expect(self).toEqual({ rel: 'self', href: 'https://miqat-travel.example/rss.xml', type: 'application/rss+xml' });
});

/**
 * The first search wakes the island, and a send before it has woken goes as a plain GET that wakes
 * it again on the new page; then Pagefind's index and its WebAssembly load. On a server that has
 * just started, beside a second browser, that is more than the default five seconds.
 */
const FIRST_SEARCH_MS = 20_000;

test('site search finds a guide by a word in its body', async ({ page }) => {
  await page.goto('/search');
  await page.getByLabel('Search guides and packages').fill('Marwah');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toHaveText(/\d+ results?/, { timeout: FIRST_SEARCH_MS });
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results.first()).toBeVisible();
  const hrefs = await results.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toContain('/blog/complete-umrah-guide-step-by-step');
  await expect(page).toHaveURL(/\?q=Marwah$/);
});

test('a shared search link runs its query and finds packages too', async ({ page }) => {
  await page.goto('/search?q=Cappadocia');
  await expect(page.getByLabel('Search guides and packages')).toHaveValue('Cappadocia');
  const links = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(hrefs).toContain('/package/cappadocia-3-day-package');
});

test('when the search index cannot load, search says so instead of "Searching…", and works once it can', async ({
  page,
}) => {
  await page.route('**/pagefind/pagefind.js', (route) => route.abort());
  await page.goto('/search');
  const box = page.getByLabel('Search guides and packages');
  await box.fill('Marwah');
  await box.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Search could not load. Check your connection and try again.', {
    timeout: FIRST_SEARCH_MS,
  });
  await page.unroute('**/pagefind/pagefind.js');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toHaveText(/\d+ results?/, { timeout: FIRST_SEARCH_MS });
});

test('an Enter pressed in the instant the island wakes still searches', async ({ freshPage: page }) => {
  // React hydrates the island in a task of its own, queued through a MessageChannel; a visitor's
  // Enter lands before that task only by chance. Parking the task makes the chance certain.
  await page.addInitScript(() => {
    const Native = window.MessageChannel;
    const parked: (() => void)[] = [];
    let holding = false;
    Object.assign(window, {
      holdScheduledWork: () => (holding = true),
      releaseScheduledWork: () => {
        holding = false;
        const held = parked.splice(0);
        for (const send of held) send();
        return held.length;
      },
      MessageChannel: class extends Native {
        constructor() {
          super();
          const post = this.port2.postMessage.bind(this.port2);
          this.port2.postMessage = (message: unknown) => (holding ? parked.push(() => post(message)) : post(message));
        }
      },
    });
  });
  await page.goto('/search');
  const box = page.getByLabel('Search guides and packages');
  const island = page.locator('astro-island', { has: page.getByRole('search') });
  // Hold the island's script until the words are typed, so they are in the box before React starts.
  const script = await island.getAttribute('component-url');
  let typed!: () => void;
  const wordsIn = new Promise<void>((done) => (typed = done));
  await page.route(`**${script}`, async (route) => {
    await wordsIn;
    await route.continue();
  });
  await box.fill('Marwah');
  await page.evaluate(() => (window as unknown as { holdScheduledWork: () => void }).holdScheduledWork());
  typed();
  // Astro drops `ssr` once it has handed the island to React, which has yet to draw it.
  await expect(island).not.toHaveAttribute('ssr');
  await page.keyboard.press('Enter');
  // Work was held, so the Enter did land before React's own pass: the test still tests the race.
  expect(
    await page.evaluate(() => (window as unknown as { releaseScheduledWork: () => number }).releaseScheduledWork()),
  ).toBeGreaterThan(0);
  await expect(page.getByRole('status')).toHaveText(/\d+ results?/, { timeout: FIRST_SEARCH_MS });
  await expect(page).toHaveURL(/\?q=Marwah$/);
});

test('the search page loads no JavaScript until the visitor reaches for the box', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/search');
  await selfStartedLoadsHadTheirChance(page);
  expect(scripts).toEqual([]);
  await page.getByLabel('Search guides and packages').focus();
  await expect.poll(() => scripts.some((url) => url.includes('SiteSearch'))).toBe(true);
});

test('search adds no JavaScript to other pages', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('pagefind')) scripts.push(request.url());
  });
  await page.goto('/blog/umrah-weather-guide-what-to-expect');
  await selfStartedLoadsHadTheirChance(page);
  expect(scripts).toEqual([]);
});

test('the home page features the six default guides', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Guides for your journey' });
  const hrefs = await section.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual([
    '/blog/complete-umrah-guide-step-by-step',
    '/blog/what-to-pack-for-umrah-checklist-2024',
    '/blog/umrah-visa-requirements-us-citizens-2024',
    '/blog/best-time-to-perform-umrah-seasonal-guide',
    '/blog/makkah-madinah-hotels-accommodation-guide',
    '/blog/umrah-for-families-guide-with-children',
  ]);
});

for (const path of ['/blog', '/umrah-without-flight']) {
  test(`on ${path} the first picture in view is fetched first, the ones below the fold lazily`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const pictures = page.locator('main ul img');
    await expect(pictures.first()).toHaveAttribute('loading', 'eager');
    await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(pictures.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1);
  });
}
