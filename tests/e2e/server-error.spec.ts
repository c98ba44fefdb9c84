import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type SideServer } from './support/server';

/**
 * The real server in front of an Astro handler that throws: the visitor must get HTTP 500 with
 * the site's plain error page, not a hung request or a stack trace.
 */
let server: SideServer;
const FAVICON = readFileSync('public/favicon.svg', 'utf8').trim();

test.beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'miqat-dist-'));
  mkdirSync(join(dist, 'server'));
  mkdirSync(join(dist, 'client'));
  copyFileSync('dist/client/500.html', join(dist, 'client/500.html'));
  writeFileSync(
    join(dist, 'server/entry.mjs'),
    'export const handler = async () => { throw new Error("database unavailable"); };\n',
  );
  server = await startServer({ DIST_DIR: dist });
});

test.afterAll(() => {
  server.process.kill();
});

test('an unhandled server error answers 500 with the plain error page', async ({ page }) => {
  const response = await page.goto(`${server.origin}/contact-us`);
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry, something went wrong on our side');
  await expect(page.getByRole('link', { name: '+1 (512) 555-0143' })).toHaveAttribute('href', 'tel:+15125550143');
  expect(await page.content()).not.toContain('database unavailable');
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  // The site's icon travels in the page, so the browser asks for no /favicon.ico (a 404) beside it.
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toMatch(/^data:image\/svg\+xml,/);
  expect(decodeURIComponent(icon!.slice(icon!.indexOf(',') + 1))).toBe(FAVICON.replaceAll('"', "'"));
});
