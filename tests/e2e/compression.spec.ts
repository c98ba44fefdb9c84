import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { rawRequest, type RawResponse } from './support/raw-http';

/**
 * Built files leave the server as the build compressed them, in the coding the browser accepts; pages
 * drawn per request are still compressed on the fly. Bytes are read raw, as they cross the wire.
 */
const PAGE = '/umrah-packages';
const BUILT_PAGE = readFileSync(`dist/client${PAGE}.html`);
const CHROMIUM = 'gzip, deflate, br, zstd';
const COMPARE = '/compare?ids=7-nights-4-star-chicago-umrah-package,dallas-7-nights-4-star';

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${baseURL}${path}`, headers, method);

function decoded({ headers, body }: RawResponse): Buffer {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
}

test('brotli, gzip and plain answers decode to the same built page, each marked and varying', async () => {
  const br = await get(PAGE, { 'accept-encoding': CHROMIUM });
  const gzip = await get(PAGE, { 'accept-encoding': 'gzip, deflate' });
  const plain = await get(PAGE);
  expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(
    ['br', 'gzip', undefined],
  );
  for (const response of [br, gzip, plain]) {
    expect(response.status).toBe(200);
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(decoded(response).equals(BUILT_PAGE)).toBe(true);
  }
  expect(br.body.length).toBeLessThan(gzip.body.length);
  expect(gzip.body.length).toBeLessThan(BUILT_PAGE.length / 3);
});

test("the build's compressed copies are variants of their file, not files of their own", async () => {
  for (const path of [`${PAGE}.html.br`, `${PAGE}.html.gz`, '/favicon.svg.br']) {
    const copy = await get(path, { 'accept-encoding': CHROMIUM });
    expect(copy.status, path).toBe(404);
    expect(copy.headers['content-type'], path).toBe('text/html; charset=utf-8');
  }
});

test('a refused coding is not sent: br;q=0 gets gzip', async () => {
  const response = await get(PAGE, { 'accept-encoding': 'br;q=0, gzip' });
  expect(response.headers['content-encoding']).toBe('gzip');
  expect(decoded(response).equals(BUILT_PAGE)).toBe(true);
});

test('each variant has its own ETag, and a revalidation answers 304 for that variant only', async () => {
  const br = await get(PAGE, { 'accept-encoding': 'br' });
  const gzip = await get(PAGE, { 'accept-encoding': 'gzip' });
  const plain = await get(PAGE);
  const tags = [br, gzip, plain].map((response) => response.headers['etag']);
  expect(new Set(tags).size).toBe(3);
  for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);

  const fresh = await get(PAGE, { 'accept-encoding': 'br', 'if-none-match': br.headers['etag']! });
  expect(fresh.status).toBe(304);
  expect(fresh.body.length).toBe(0);
  expect(fresh.headers['etag']).toBe(br.headers['etag']);
  expect(fresh.headers['vary']).toBe('Accept-Encoding');
  expect(fresh.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  // A cache that kept the brotli copy must not get 304 for a gzip request: it would serve brotli.
  const otherVariant = await get(PAGE, { 'accept-encoding': 'gzip', 'if-none-match': br.headers['etag']! });
  expect(otherVariant.status).toBe(200);
  expect(otherVariant.headers['content-encoding']).toBe('gzip');
  expect((await get(PAGE, { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers['etag']! })).status).toBe(304);
});

test('a Range request gets 206 with those bytes of the chosen variant, and 416 past its end', async () => {
  const whole = await get(PAGE, { 'accept-encoding': 'gzip' });
  const part = await get(PAGE, { 'accept-encoding': 'gzip', range: 'bytes=100-299' });
  expect(part.status).toBe(206);
  expect(part.headers['content-encoding']).toBe('gzip');
  expect(part.headers['content-range']).toBe(`bytes 100-299/${whole.body.length}`);
  expect(part.body.equals(whole.body.subarray(100, 300))).toBe(true);

  const tail = await get(PAGE, { range: 'bytes=-50' });
  expect(tail.status).toBe(206);
  expect(tail.body.equals(BUILT_PAGE.subarray(-50))).toBe(true);

  const past = await get(PAGE, { range: `bytes=${BUILT_PAGE.length}-` });
  expect(past.status).toBe(416);
  expect(past.headers['content-range']).toBe(`bytes */${BUILT_PAGE.length}`);
});

test('HEAD sends the headers of GET and no body', async () => {
  for (const acceptEncoding of [CHROMIUM, 'gzip', 'identity']) {
    const full = await get(PAGE, { 'accept-encoding': acceptEncoding });
    const head = await get(PAGE, { 'accept-encoding': acceptEncoding }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'vary', 'cache-control']) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
  }
});

test('built files keep the headers the server always sent', async () => {
  const page = await get(PAGE, { 'accept-encoding': CHROMIUM });
  expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(page.headers['x-content-type-options']).toBe('nosniff');
  expect(page.headers['x-frame-options']).toBe('DENY');
  expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(page.headers['permissions-policy']).toContain('camera=()');
  expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers['last-modified']).toBeTruthy();

  const css = /href="(\/_astro\/[^"]+\.css)"/.exec(BUILT_PAGE.toString())![1]!;
  const asset = await get(css, { 'accept-encoding': CHROMIUM });
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['content-type']).toBe('text/css; charset=utf-8');
  expect(asset.headers['content-encoding']).toBe('br');
  expect(decoded(asset).equals(readFileSync(`dist/client${css}`))).toBe(true);

  const image = await get('/og-default.png', { 'accept-encoding': CHROMIUM });
  expect(image.headers['content-type']).toBe('image/png');
  expect(image.headers['content-encoding']).toBeUndefined();
  expect(image.headers['vary']).toBeUndefined();
});

test('pages drawn per request and the not-found page are still compressed on the fly', async () => {
  const compare = await get(COMPARE, { 'accept-encoding': CHROMIUM });
  expect(compare.status).toBe(200);
  expect(compare.headers['content-encoding']).toBe('br');
  expect(compare.headers['vary']).toBe('Accept-Encoding');
  // Drawn per request, the page is sent with the charset its bytes are in, as built pages are.
  expect(compare.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(decoded(compare).toString()).toContain('<h1');
  // Astro's hash-based policy joins the site's own: one header with both.
  expect(compare.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(compare.headers['content-security-policy']).toContain('sha256-');

  const missing = await get('/no-such-page', { 'accept-encoding': 'gzip' });
  expect(missing.status).toBe(404);
  expect(missing.headers['content-encoding']).toBe('gzip');
  expect(decoded(missing).toString()).toContain('404 - Page Not Found');
});
