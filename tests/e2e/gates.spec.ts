import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/shared-page';
import {
  axeViolations,
  collectProblems,
  htmlProblems,
  picturesAtTheWrongPriority,
  selfHydratingIslandsReady,
  sidewaysOverflow,
} from './support/gates';
import { onePerShape } from '../support/page-shapes';
import { readFileSync } from 'node:fs';
import { contentLastmods } from '../../src/integrations/sitemap-dates.ts';
import { builtHtml, sitemapPaths } from './support/site';
import { splitLanguagePath } from '@/lib/languages';

/**
 * Quality gates over every page in the built sitemap (plus the not-found page): later issues
 * add pages and they are held to the same checks without touching this file. Every page is
 * validated and has its links followed; the browser's axe and console checks run once per page
 * shape (tests/support/page-shapes.ts: the 138 package pages come in three), or on
 * every page with `GATES=all`, before a release.
 */
const paths = [...sitemapPaths(), '/no-such-page'];
const widths = [1280, 390] as const;
const shapes = onePerShape(paths.map((path) => ({ path, html: builtHtml(path) })));
// Each translated page is judged by these same gates, all 24 of them, in translated-pages.spec.ts.
const judgedElsewhere = (path: string) => splitLanguagePath(path).lang !== 'en';
const browserPaths =
  process.env['GATES'] === 'all' ? paths : shapes.map((shape) => shape.path).filter((path) => !judgedElsewhere(path));

test('the sitemap lists the foundation pages', () => {
  expect(paths).toEqual(
    expect.arrayContaining(['/', '/about-us', '/contact-us', '/privacy-policy', '/terms-conditions']),
  );
});

// As served, not as built: a page drawn per request (the review policy's live counts) has no file.
test('every page in the sitemap has a description of its own', async ({ request }) => {
  const pagesOf = new Map<string, string[]>();
  for (const path of sitemapPaths()) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const description = /<meta name="description" content="([^"]*)"/.exec(await response.text())?.[1] ?? '(none)';
    pagesOf.set(description, [...(pagesOf.get(description) ?? []), path]);
  }
  expect([...pagesOf].filter(([, pages]) => pages.length > 1)).toEqual([]);
});

test('the sitemap dates each page whose copy is dated, with its latest updated or reviewed date', () => {
  const client = 'dist/client';
  const index = readFileSync(`${client}/sitemap-index.xml`, 'utf8');
  const entries = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].flatMap((match) => {
    const xml = readFileSync(`${client}${new URL(match[1]!).pathname}`, 'utf8');
    return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map(
      (url) => [new URL(url[1]!).pathname, url[2]] as const,
    );
  });
  const lastmod = new Map(entries);
  const expected = contentLastmods();
  for (const [path, date] of expected) {
    if (lastmod.has(path)) expect(lastmod.get(path)?.slice(0, 10), path).toBe(date);
  }
  expect(lastmod.get('/privacy-policy')).toBeTruthy();
  expect(lastmod.get('/december-umrah')).toBeTruthy();
  expect(entries.filter(([path, date]) => path.startsWith('/blog/') && date).length).toBeGreaterThan(10);
  // A page with no date of its own has none, rather than the day of the build.
  expect(lastmod.get('/')).toBeUndefined();
});

test('the browser gates cover every shape of page the site builds', () => {
  expect(shapes.reduce((sum, shape) => sum + shape.standsFor, 0)).toBe(paths.length);
  expect(browserPaths.length + paths.filter(judgedElsewhere).length).toBeGreaterThanOrEqual(shapes.length);
  console.log(`[gates] ${paths.length} pages in ${shapes.length} shapes; axe on ${browserPaths.length} at each width`);
});

// The gate judges a clean page without naming elements and names them only when it finds something:
// a fault that appears after a clean run, in the same document, must still be found and named.
test('the axe gate finds a violation that appears after a clean run, and names the element', async ({ page }) => {
  await page.goto('/contact-us');
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'gate-self-test';
    document.querySelector('main')!.append(button);
  });
  expect(await axeViolations(page)).toEqual(['button-name (critical): #gate-self-test']);
});

for (const path of browserPaths) {
  // One visit, judged at each width in turn: the layout follows the window as it would on a phone
  // turned sideways, and the page is loaded and hydrated once.
  test(`${path} at ${widths.join(' and ')}px: axe finds no WCAG A/AA violation, the console stays clean and a phone's first screen is what loads first`, async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await page.setViewportSize({ width: widths[0], height: 900 });
    await page.goto(path, { waitUntil: 'load' });
    // A failed hydration or a CSP refusal of a self-hydrating island reaches `problems`.
    await selfHydratingIslandsReady(page);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `at ${width}px`).toEqual([]);
    }
    // The page is still at its top, in the phone's width, and nothing on it pushes it sideways.
    expect(await sidewaysOverflow(page), 'scrolls sideways at 390 px').toBe(0);
    expect(await picturesAtTheWrongPriority(page), 'pictures at 390 px').toEqual({
      lazyInView: [],
      urgentOutOfView: [],
    });
    expect(problems).toEqual([]);
  });
}

for (const path of paths) {
  test(`${path}: the HTML validates`, async ({ request }) => {
    const response = await request.get(path);
    expect(await htmlProblems(await response.text(), path)).toEqual([]);
  });
}

/** The HTML of a path, fetched once. */
function htmlCache(request: APIRequestContext) {
  const cache = new Map<string, Promise<{ status: number; html: string }>>();
  return (path: string) => {
    if (!cache.has(path)) {
      cache.set(
        path,
        request
          .get(path, { maxRedirects: 0 })
          .then(async (response) => ({ status: response.status(), html: await response.text() })),
      );
    }
    return cache.get(path)!;
  };
}

const hrefsIn = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
const idsIn = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!));

test('every internal link and anchor on every page resolves', async ({ request }) => {
  const fetchPage = htmlCache(request);
  const broken: string[] = [];
  for (const path of paths) {
    const { html } = await fetchPage(path);
    for (const href of hrefsIn(html).filter((link) => link.startsWith('/') || link.startsWith('#'))) {
      const url = new URL(href, `http://site${path}`);
      const target = href.startsWith('#') ? path : url.pathname;
      const { status, html: targetHtml } = await fetchPage(target);
      if (status !== 200 && target !== path) broken.push(`${path} -> ${href} (${status})`);
      if (url.hash && !idsIn(targetHtml).has(decodeURIComponent(url.hash.slice(1)))) {
        broken.push(`${path} -> ${href} (no element with that id)`);
      }
    }
  }
  expect(broken).toEqual([]);
});

// The browser runs with images off (playwright.config.ts), so a missing image is found here.
test('every image, icon and preloaded file on every page is served', async ({ request }) => {
  const statuses = new Map<string, Promise<number>>();
  const statusOf = (url: string) => {
    if (!statuses.has(url))
      statuses.set(
        url,
        request.get(url, { maxRedirects: 0 }).then((answer) => answer.status()),
      );
    return statuses.get(url)!;
  };
  const missing: string[] = [];
  for (const path of paths) {
    const html = builtHtml(path);
    for (const url of assetUrlsIn(html).filter((each) => each.startsWith('/'))) {
      const status = await statusOf(url);
      if (status !== 200) missing.push(`${path} -> ${url} (${status})`);
    }
  }
  expect(statuses.size, 'the pages name images at all').toBeGreaterThan(10);
  expect(missing).toEqual([]);
});

/** The files a page's markup asks the browser to fetch by itself: images, their sources, icons and preloads. */
function assetUrlsIn(html: string): string[] {
  const urls: string[] = [];
  for (const [, attributes] of html.matchAll(/<(?:img|source|link)\b([^>]*)>/g)) {
    const link = /\brel="([^"]+)"/.exec(attributes!)?.[1];
    if (link !== undefined && !/icon|preload|apple-touch/.test(link)) continue;
    const src = /\s(?:src|href)="([^"]+)"/.exec(attributes!)?.[1];
    if (src) urls.push(src);
    const srcset = /\ssrcset="([^"]+)"/.exec(attributes!)?.[1];
    if (srcset) urls.push(...srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!));
  }
  return urls.map((url) => url.replaceAll('&amp;', '&'));
}
