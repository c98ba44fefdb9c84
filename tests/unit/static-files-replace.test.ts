import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOUCH_FIELD } from '@/lib/forms/constants';
import { markEnd, markStart, spliceMarked } from '@/lib/reviews/page-marks';
import { indexStaticFiles, type StaticFiles } from '@/server/static-files';
import { rawRequest } from '../e2e/support/raw-http';

/*
 * A page replaced in the static index (reviews/refresh.ts): served as the build's pages are, from
 * one lookup, with brotli and gzip worked out once, a new ETag and Last-Modified, its policy's
 * hashes and its first-touch slot, under every URL of the old page; the rest of the index untouched.
 */

const POLICY = "script-src 'self' 'sha256-abc='; style-src 'self'";
const reviewsPart = (words: string) =>
  `${markStart('package-reviews')}<section>${words}</section>${markEnd('package-reviews')}`;
const built = [
  `<!doctype html><meta http-equiv="content-security-policy" content="${POLICY}"><title>Package</title>`,
  '<p>Ten nights near the Haram.</p>'.repeat(100),
  reviewsPart('No traveller has reviewed this package yet.'),
  `<form><input type="hidden" name="${TOUCH_FIELD}" value=""></form>`,
].join('');
const BROWSER = 'gzip, deflate, br, zstd';

describe('replacePage over a real folder and server', () => {
  let dir: string;
  let server: http.Server;
  let port: number;
  let index: StaticFiles;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'miqat-replace-'));
    const files: Record<string, string | Buffer> = {
      'package/ten-nights.html': built,
      'package/ten-nights.html.br': brotliCompressSync(built),
      'package/ten-nights.html.gz': gzipSync(built),
      'robots.txt': 'User-agent: *',
      'other.html': `<!doctype html><title>Other</title>${reviewsPart('untouched')}`,
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    index = indexStaticFiles(dir);
    server = http.createServer((req, res) => {
      const touch = () => (req.headers.referer ? 'search:google' : null);
      if (!index.serve(req, res, { touch })) res.writeHead(418).end('fell through');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(`http://127.0.0.1:${port}${path}`, headers);

  it('refuses what is not a known page, or an edit that gives nothing, and changes nothing', async () => {
    const before = await get('/package/ten-nights', { 'accept-encoding': BROWSER });
    expect(await index.replacePage('/package/nope.html', () => 'x')).toBe(false);
    expect(await index.replacePage('/robots.txt', () => 'x')).toBe(false);
    expect(await index.replacePage('/package/ten-nights.html', () => null)).toBe(false);
    const after = await get('/package/ten-nights', { 'accept-encoding': BROWSER });
    expect(after.headers['etag']).toBe(before.headers['etag']);
    expect(after.body).toEqual(before.body);
  });

  it('serves the new page precompressed, under every URL of the old, with a new ETag and Last-Modified', async () => {
    const old = await get('/package/ten-nights', { 'accept-encoding': BROWSER });
    const modified = new Date('2027-04-02T10:00:00.000Z');
    const fragment = reviewsPart('Two reviews, 4.5 of 5');
    expect(await index.replacePage('/package/ten-nights.html', (html) => spliceMarked(html, fragment), modified)).toBe(
      true,
    );
    const expected = built.replace('No traveller has reviewed this package yet.', 'Two reviews, 4.5 of 5');

    for (const path of ['/package/ten-nights', '/package/ten-nights.html', '/package/ten-nights?from=home']) {
      const br = await get(path, { 'accept-encoding': BROWSER });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(br.body).toString()).toBe(expected);
      expect(br.headers['content-length']).toBe(String(br.body.length));
      expect(br.headers['etag']).toMatch(/^"[\w-]{22}-br"$/);
      expect(br.headers['etag']).not.toBe(old.headers['etag']);
      expect(br.headers['last-modified']).toBe(modified.toUTCString());
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(String(br.headers['content-security-policy'])).toContain("'sha256-abc='");
    }
    const gz = await get('/package/ten-nights', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(expected);
    const plain = await get('/package/ten-nights');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);

    // A copy under the old ETag is stale; one under the new is current.
    const stale = await get('/package/ten-nights', {
      'accept-encoding': BROWSER,
      'if-none-match': String(old.headers['etag']),
    });
    expect(stale.status).toBe(200);
    const current = await get('/package/ten-nights', {
      'accept-encoding': BROWSER,
      'if-none-match': String((await get('/package/ten-nights', { 'accept-encoding': BROWSER })).headers['etag']),
    });
    expect(current.status).toBe(304);
    // Other pages are the build's.
    expect((await get('/other')).body.toString()).toContain('untouched');
  });

  it('still writes a visitor’s first touch into the replaced page’s form', async () => {
    const arrival = await get('/package/ten-nights', { referer: 'https://www.google.com/' });
    expect(arrival.headers['cache-control']).toBe('no-store');
    expect(arrival.body.toString()).toContain(`name="${TOUCH_FIELD}" value="search:google"`);
    expect(arrival.body.toString()).toContain('Two reviews, 4.5 of 5');
  });
});
