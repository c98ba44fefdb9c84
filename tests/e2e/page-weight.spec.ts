import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { FIRST_RESPONSE_HELD, FIRST_RESPONSE_MAX_BYTES, PUBLIC_CSS_MAX_KB } from '@/lib/page-budgets';
import { baseURL } from '../../playwright.config';
import { firstResponseBytes, rawRequest } from './support/raw-http';
import { sitemapPaths } from './support/site';

/**
 * The two page budgets that need no browser, on every page of the built sitemap and the comparison,
 * weighed as `npm run bench` weighs them: the first response (status line, headers and brotli body)
 * fits a new connection's first round trip, and the stylesheets a page links weigh at most 9 KB
 * gzip. A page over either fails here by name, before anyone runs the bench.
 */
const COMPARE_PAGE =
  '/compare?ids=7-nights-4-star-chicago-umrah-package,dallas-7-nights-4-star,istanbul-3-days-package';
const PAGES = [...sitemapPaths(), COMPARE_PAGE];

test('every page’s first response, headers and brotli body, fits one round trip', async () => {
  const over: string[] = [];
  let heaviest = { path: '', bytes: 0 };
  for (const path of PAGES) {
    const { bytes, encoding } = await firstResponseBytes(`${baseURL}${path}`);
    expect(encoding, path).toBe('br');
    if (bytes > heaviest.bytes) heaviest = { path, bytes };
    const budget = FIRST_RESPONSE_HELD[path] ?? FIRST_RESPONSE_MAX_BYTES;
    if (bytes > budget) over.push(`${path}: ${bytes} bytes, over ${budget}`);
  }
  console.log(`${PAGES.length} pages; the heaviest first response is ${heaviest.path}, ${heaviest.bytes} bytes`);
  expect(over, 'over the first round trip').toEqual([]);
  // A page held above the budget is in the sitemap still, so its ceiling is not a stale name.
  expect(Object.keys(FIRST_RESPONSE_HELD).filter((path) => !PAGES.includes(path))).toEqual([]);
});

test('the stylesheets every page links weigh at most 9 KB gzip', async () => {
  const weights = new Map<string, number>();
  const over: string[] = [];
  for (const path of PAGES) {
    const { body, encoding } = await firstResponseBytes(`${baseURL}${path}`);
    const html = (encoding === 'br' ? brotliDecompressSync(body) : body).toString('utf8');
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
    let total = 0;
    for (const sheet of sheets) {
      if (!weights.has(sheet)) {
        const response = await rawRequest(`${baseURL}${sheet}`);
        expect(response.status, sheet).toBe(200);
        // As the bench weighs it: the stylesheet's bytes gzipped at Node's default level.
        weights.set(sheet, gzipSync(response.body).length);
      }
      total += weights.get(sheet)!;
    }
    if (total / 1024 > PUBLIC_CSS_MAX_KB) over.push(`${path}: ${total} bytes (${sheets.join(', ')})`);
  }
  console.log(`Stylesheets, gzip: ${[...weights].map(([sheet, bytes]) => `${sheet} ${bytes} bytes`).join('; ')}`);
  expect(weights.size).toBeGreaterThan(0);
  expect(over, `over ${PUBLIC_CSS_MAX_KB} KB`).toEqual([]);
});
