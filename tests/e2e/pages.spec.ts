import { request as httpRequest } from 'node:http';
import { expect, test } from './support/shared-page';
import { FOUNDATION_PAGES } from './support/site';
import { baseURL } from '../../playwright.config';
import { facts } from '../../src/lib/facts';

for (const { path, h1 } of FOUNDATION_PAGES) {
  test(`${path} answers 200 with its heading`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.locator('h1')).toHaveCount(1);
  });
}

test('an unknown URL answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
  await expect(page.getByText('This page has not been generated')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Browse Umrah packages' })).toHaveAttribute('href', '/umrah-packages');
  await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
});

test('a nested unknown URL also answers 404', async ({ request }) => {
  const response = await request.get('/blog/not-a-real-post/extra');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('404 - Page Not Found');
});

test('terms print the agency details from the settings and a real revision date', async ({ page }) => {
  await page.goto('/terms-conditions');
  await expect(page.getByText('Last updated November 28, 2026')).toBeVisible();
  const text = await page.locator('main').innerText();
  expect(text).toContain('Texas');
  expect(text).toContain('+1 (512) 555-0143');
  expect(text).toContain('hello@miqat-travel.example');
  expect(text).not.toMatch(/\[[^\]]*(address|email|phone|jurisdiction)[^\]]*\]/i);
  await expect(page.locator('main article h2')).toHaveCount(12);
});

test('payment security states the card fee, cheque delay and support contacts', async ({ page }) => {
  await page.goto('/payment-security');
  const text = await page.locator('main').innerText();
  const fee = `${facts.payment.cardFee.percent}% fee on payments by credit card`;
  for (const fact of [fee, '10', '3D Secure', 'receipt', '+1 (512) 555-0143', '+1 (512) 555-0199']) {
    expect(text).toContain(fact);
  }
});

function rawGet(path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  const { port } = new URL(baseURL);
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest({ host: 'localhost', port, path, headers: { host } }, (res) => {
      res.resume();
      resolvePromise({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${path} within 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

test('the www host redirects permanently to the canonical https host, keeping path and query', async () => {
  const result = await rawGet('/about-us?ref=flyer', 'www.miqat-travel.example');
  expect(result.status).toBe(301);
  expect(result.location).toBe('https://miqat-travel.example/about-us?ref=flyer');
  const canonical = await rawGet('/about-us', 'miqat-travel.example');
  expect(canonical.status).toBe(200);
});

test('a path that begins with two slashes is answered like any other, not left hanging', async () => {
  // The URL parser reads `//` as an empty host and threw; the request then went unanswered.
  expect(await rawGet('//', 'localhost')).toEqual({ status: 301, location: '/' });
  expect((await rawGet('//[x', 'localhost')).status).toBe(404);
});

test('responses carry security headers and the right cache rules', async ({ request, page }) => {
  const html = await request.get('/contact-us');
  const headers = html.headers();
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['cache-control']).toContain('must-revalidate');
  // Pages travel compressed: phones on mobile data download a fraction of the bytes.
  expect(headers['content-encoding']).toMatch(/^(br|gzip)$/);

  await page.goto('/contact-us');
  const cssHref = await page.locator('link[rel="stylesheet"][href^="/_astro/"]').first().getAttribute('href');
  expect(cssHref).toBeTruthy();
  const asset = await request.get(cssHref!);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const missing = await request.get('/no-such-page');
  expect(missing.headers()['x-content-type-options']).toBe('nosniff');
});

test('robots.txt points at the sitemap on the canonical host', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Sitemap: https://miqat-travel.example/sitemap-index.xml');
  const sitemap = await request.get('/sitemap-index.xml');
  expect(sitemap.status()).toBe(200);
});

test('a served URL is its canonical URL: no trailing-slash duplicate', async ({ page, request }) => {
  await page.goto('/about-us');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://miqat-travel.example/about-us');
  const slashed = await request.get('/about-us/', { maxRedirects: 0 });
  expect([301, 404]).toContain(slashed.status());
  if (slashed.status() === 301) expect(slashed.headers()['location']).toBe('/about-us');
  // A page that is also a folder of pages (blog.html beside blog/) likewise, keeping the query.
  expect(await rawGet('/blog/', 'localhost')).toEqual({ status: 301, location: '/blog' });
  expect(await rawGet('/blog/?ref=home', 'localhost')).toEqual({ status: 301, location: '/blog?ref=home' });
  // A path that only resolves to a page is not that page (it was, with the 404 page's script and style hashes).
  for (const path of ['//about-us', '/./about-us', '/blog/../about-us'])
    expect(await rawGet(path, 'localhost'), path).toEqual({ status: 404, location: undefined });
});

test("the home page's table of package tiers has a caption a screen reader names it by", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('table', { name: /Economy.*packages side by side/ })).toHaveCount(1);
});
