import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-page';
import { readFileSync } from 'node:fs';
import { FOUNDATION_PAGES } from './support/site';

const FAVICON = readFileSync('public/favicon.svg', 'utf8').trim();

const ORIGIN = 'https://miqat-travel.example';

async function jsonLdTypes(page: Page): Promise<unknown[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as { '@type': string });
}

async function meta(page: Page, key: string): Promise<string | null> {
  return page.locator(`meta[name="${key}"], meta[property="${key}"]`).first().getAttribute('content');
}

for (const { path } of FOUNDATION_PAGES) {
  test(`${path} has a complete head`, async ({ page }) => {
    await page.goto(path);
    const canonical = `${ORIGIN}${path === '/' ? '/' : path}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    expect(await meta(page, 'og:url')).toBe(canonical);
    expect(await page.title()).toContain('Miqat Travel');
    expect((await meta(page, 'description'))?.length).toBeGreaterThan(50);
    expect(await meta(page, 'keywords')).toBeTruthy();
    expect(await meta(page, 'og:title')).toBeTruthy();
    expect(await meta(page, 'og:description')).toBeTruthy();
    expect(await meta(page, 'og:type')).toBe('website');
    expect(await meta(page, 'og:site_name')).toBe('Miqat Travel');
    expect(await meta(page, 'og:locale')).toBe('en_US');
    expect(await meta(page, 'og:image')).toBe(`${ORIGIN}/og-default.png`);
    expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(await meta(page, 'geo.region')).toBe('US');
    expect(await meta(page, 'robots')).toBe('index, follow');
    expect(await meta(page, 'revisit-after')).toBe('7 days');
    expect(await meta(page, 'theme-color')).toBe('#0f5a43');
    // The icon travels in the page (no connection for it while the page loads) and draws public/favicon.svg.
    const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
    expect(icon).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(icon!.slice(icon!.indexOf(',') + 1))).toBe(FAVICON.replaceAll('"', "'"));
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);

    const types = (await jsonLdTypes(page)).map((data) => (data as { '@type': string })['@type']);
    if (path === '/') {
      expect(types).toContain('TravelAgency');
      expect(types).toContain('FAQPage');
    } else {
      expect(types).toContain('BreadcrumbList');
    }
  });
}

test("the desk's sign-in page carries the site's icon, so the browser asks for no /favicon.ico (a 404)", async ({
  page,
}) => {
  await page.goto('/admin/sign-in');
  const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  expect(icon).toMatch(/^data:image\/svg\+xml,/);
  expect(decodeURIComponent(icon!.slice(icon!.indexOf(',') + 1))).toBe(FAVICON.replaceAll('"', "'"));
  expect((await page.request.get('/favicon.ico')).status()).toBe(404);
});

test('the home page describes the agency in JSON-LD from the settings', async ({ page }) => {
  await page.goto('/');
  const agency = (await jsonLdTypes(page)).find(
    (data) => (data as { '@type': string })['@type'] === 'TravelAgency',
  ) as Record<string, unknown>;
  expect(agency['foundingDate']).toBe('2008');
  expect(agency['telephone']).toBe('+15125550143');
  expect(agency['address']).toMatchObject({ addressLocality: 'Austin', addressRegion: 'TX' });
  expect((agency['openingHoursSpecification'] as unknown[]).length).toBe(2);
});

test('the home FAQ JSON-LD matches the questions on the page', async ({ page }) => {
  await page.goto('/');
  const faq = (await jsonLdTypes(page)).find((data) => (data as { '@type': string })['@type'] === 'FAQPage') as {
    mainEntity: { name: string }[];
  };
  const shown = await page.locator('details summary').allInnerTexts();
  expect(faq.mainEntity.map((question) => question.name)).toEqual(shown.map((text) => text.trim()));
});

test('breadcrumbs in JSON-LD lead from home to the page', async ({ page }) => {
  await page.goto('/contact-us');
  const list = (await jsonLdTypes(page)).find(
    (data) => (data as { '@type': string })['@type'] === 'BreadcrumbList',
  ) as {
    itemListElement: { name: string; item: string }[];
  };
  expect(list.itemListElement.map((item) => item.item)).toEqual([`${ORIGIN}/`, `${ORIGIN}/contact-us`]);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toBeVisible();
});

test('the share image and icons exist at the sizes the head announces', async ({ request }) => {
  const og = await request.get('/og-default.png');
  expect(og.status()).toBe(200);
  const bytes = await og.body();
  // PNG IHDR: width and height are big-endian integers at bytes 16 and 20.
  expect(bytes.readUInt32BE(16)).toBe(1200);
  expect(bytes.readUInt32BE(20)).toBe(630);
  for (const icon of ['/favicon.svg', '/favicon-32.png', '/apple-touch-icon.png']) {
    expect((await request.get(icon)).status(), icon).toBe(200);
  }
});

test('pages drawn per request point their canonical, og:url and breadcrumb at addresses that answer 200', async ({
  page,
  request,
}) => {
  for (const path of [
    '/compare?ids=7-nights-4-star-chicago-umrah-package,dallas-7-nights-4-star',
    '/enquiry/sent?form=contact',
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    const named = [
      await page.locator('link[rel="canonical"]').getAttribute('href'),
      await meta(page, 'og:url'),
      ...(await jsonLdTypes(page)).flatMap((data) =>
        (data as { '@type': string })['@type'] === 'BreadcrumbList'
          ? (data as { itemListElement: { item: string }[] }).itemListElement.map((item) => item.item)
          : [],
      ),
      ...(await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))),
    ];
    expect(named.length, path).toBeGreaterThanOrEqual(2);
    for (const url of named) {
      const { pathname, search } = new URL(url!);
      expect((await request.get(`${pathname}${search}`, { maxRedirects: 0 })).status(), `${path}: ${url}`).toBe(200);
    }
  }
});
