import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCoding, etagMatches, indexStaticFiles, requestedRange } from '@/server/static-files';
import { rawRequest } from '../e2e/support/raw-http';

const ALL = ['br', 'gzip', 'identity'] as const;
/** What Chromium and Firefox send. */
const BROWSER = 'gzip, deflate, br, zstd';

describe('chooseCoding', () => {
  it('prefers brotli, then gzip, for what browsers send', () => {
    expect(chooseCoding(BROWSER, ALL)).toBe('br');
    expect(chooseCoding('gzip, deflate', ALL)).toBe('gzip');
    expect(chooseCoding('deflate, gzip, br', ALL)).toBe('br');
  });

  it('sends the plain file to a client that names no coding it has', () => {
    expect(chooseCoding(undefined, ALL)).toBe('identity');
    expect(chooseCoding('', ALL)).toBe('identity');
    expect(chooseCoding('identity', ALL)).toBe('identity');
    expect(chooseCoding('deflate, zstd', ALL)).toBe('identity');
  });

  it('honours q=0 refusals and weights', () => {
    expect(chooseCoding('br;q=0, gzip', ALL)).toBe('gzip');
    expect(chooseCoding('gzip;q=1.0, br;q=0.5', ALL)).toBe('gzip');
    expect(chooseCoding('br;q=0.5, identity', ALL)).toBe('identity');
    expect(chooseCoding('br;q=0, gzip;q=0', ALL)).toBe('identity');
    expect(chooseCoding('gzip;q=0.001, identity;q=0', ALL)).toBe('gzip');
  });

  it('reads the wildcard for codings not named, names case-insensitively, and a malformed weight as a refusal', () => {
    expect(chooseCoding('*', ALL)).toBe('br');
    expect(chooseCoding('br;q=0, *;q=0.5', ALL)).toBe('gzip');
    expect(chooseCoding('*;q=0, identity', ALL)).toBe('identity');
    expect(chooseCoding('GZIP, Br;Q=0.9', ALL)).toBe('gzip');
    expect(chooseCoding('br;q=high, gzip', ALL)).toBe('gzip');
    expect(chooseCoding('br;q=1.5, gzip', ALL)).toBe('gzip');
  });

  it('chooses among the variants the file has', () => {
    expect(chooseCoding(BROWSER, ['gzip', 'identity'])).toBe('gzip');
    expect(chooseCoding(BROWSER, ['identity'])).toBe('identity');
    expect(chooseCoding('br', ['gzip', 'identity'])).toBe('identity');
  });

  it('sends the plain file when the client refuses everything, rather than no page', () => {
    expect(chooseCoding('*;q=0', ALL)).toBe('identity');
    expect(chooseCoding('identity;q=0', ['identity'])).toBe('identity');
  });
});

describe('requestedRange', () => {
  it('reads one range in its three forms, clamped to the body', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('refuses a range that starts past the end', () => {
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=2000-2100', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores what it does not serve as a range: the whole body is sent', () => {
    expect(requestedRange(undefined, 1000)).toBeNull();
    expect(requestedRange('bytes=0-9, 20-29', 1000)).toBeNull();
    expect(requestedRange('bytes=50-10', 1000)).toBeNull();
    expect(requestedRange('items=0-9', 1000)).toBeNull();
    expect(requestedRange('bytes=-', 1000)).toBeNull();
  });
});

describe('etagMatches', () => {
  it('compares weakly, in a list, or with *', () => {
    expect(etagMatches('"abc-br"', '"abc-br"')).toBe(true);
    expect(etagMatches('"x", W/"abc-br"', '"abc-br"')).toBe(true);
    expect(etagMatches('*', '"abc-br"')).toBe(true);
    expect(etagMatches('"abc"', '"abc-br"')).toBe(false);
    expect(etagMatches('"abc-gzip"', '"abc-br"')).toBe(false);
  });
});

/** A built page's own policy, as Astro writes it into the meta tag. */
const PAGE_POLICY =
  "font-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='; style-src 'self' 'sha256-def=';";

describe('indexStaticFiles over a real folder and server', () => {
  const page = `<!doctype html><title>Umrah</title>${'<p>Labbayk Allahumma labbayk.</p>'.repeat(200)}`;
  const files: Record<string, string | Buffer> = {
    'index.html': page,
    'index.html.br': brotliCompressSync(page),
    'index.html.gz': gzipSync(page),
    'blog.html': 'the blog page',
    'blog/first-post.html': 'a post',
    'guides/index.html': 'guides',
    'robots.txt': 'User-agent: *',
    'robots.txt.gz': gzipSync('an older robots.txt'),
    'icon.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    '.env': 'SECRET=1',
    'about-us.html': `<!doctype html><meta http-equiv="content-security-policy" content="${PAGE_POLICY}"><title>About</title>`,
    '_astro/app.Ab12Cd.js': 'console.log(1)',
  };
  let dir: string;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'miqat-static-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    // robots.txt changed after its gzip sibling was written: the sibling is stale.
    utimesSync(join(dir, 'robots.txt.gz'), new Date('2026-01-01'), new Date('2026-01-01'));
    const index = indexStaticFiles(dir);
    server = http.createServer((req, res) => {
      const https = req.headers['x-test-https'] === '1';
      if (!index.serve(req, res, { https })) res.writeHead(418).end('fell through');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`http://127.0.0.1:${port}${path}`, headers, method);

  it('serves a page at its URL without .html, its folder index, and the root', async () => {
    expect((await get('/blog')).body.toString()).toBe('the blog page');
    expect((await get('/blog.html')).body.toString()).toBe('the blog page');
    expect((await get('/blog/first-post?from=home')).body.toString()).toBe('a post');
    expect((await get('/guides')).body.toString()).toBe('guides');
    expect((await get('/')).body.toString()).toBe(page);
  });

  it('sends the brotli bytes written by the build, with their own ETag', async () => {
    const br = await get('/', { 'accept-encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(files['index.html.br']);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['etag']).not.toBe(plain.headers['etag']);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('never sends a compressed sibling older than its file', async () => {
    const robots = await get('/robots.txt', { 'accept-encoding': 'gzip' });
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body.toString()).toBe('User-agent: *');
  });

  it('leaves hidden files, sibling files and unknown paths to the next handler', async () => {
    expect((await get('/.env')).status).toBe(418);
    expect((await get('/index.html.br')).status).toBe(418);
    expect((await get('/nope')).status).toBe(418);
    expect((await get('/nope', {}, 'POST')).status).toBe(418);
    expect((await get('/icon.png')).headers['vary']).toBeUndefined();
  });

  it('answers another method as GET, and HEAD without the body', async () => {
    const page = await get('/about-us', { 'accept-encoding': BROWSER });
    for (const method of ['POST', 'PUT', 'OPTIONS']) {
      const other = await get('/about-us', { 'accept-encoding': BROWSER }, method);
      expect(other.status, method).toBe(200);
      expect(other.headers, method).toEqual({ ...page.headers, date: other.headers['date'] });
      expect(other.body, method).toEqual(page.body);
    }
    expect((await get('/blog', {}, 'POST')).body.toString()).toBe('the blog page');
    const head = await get('/blog', {}, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, '13', 0]);
  });

  it('answers If-Modified-Since when no ETag is sent', async () => {
    const first = await get('/blog');
    const since = first.headers['last-modified']!;
    expect((await get('/blog', { 'if-modified-since': since })).status).toBe(304);
    expect((await get('/blog', { 'if-modified-since': since, 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('applies a Range only while If-Range still names the variant', async () => {
    const { headers } = await get('/', { 'accept-encoding': 'gzip' });
    const current = await get('/', { 'accept-encoding': 'gzip', range: 'bytes=0-9', 'if-range': headers['etag']! });
    expect(current.status).toBe(206);
    const changed = await get('/', { 'accept-encoding': 'gzip', range: 'bytes=0-9', 'if-range': '"older"' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(files['index.html.gz']);
  });

  it("sends each page the site's headers with its own hashes as the only inline code, worked out at start", async () => {
    const page = await get('/about-us');
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': 'public, max-age=0, must-revalidate',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='; style-src 'self' 'sha256-def=';");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('upgrade-insecure-requests');
    const overHttps = await get('/about-us', { 'x-test-https': '1' });
    expect(String(overHttps.headers['content-security-policy'])).toBe(`${policy}; upgrade-insecure-requests`);
    // Each scheme's headers are worked out on its first request and kept apart from the other's.
    expect(String((await get('/about-us')).headers['content-security-policy'])).toBe(policy);
    expect(String((await get('/about-us', { 'x-test-https': '1' })).headers['content-security-policy'])).toBe(
      `${policy}; upgrade-insecure-requests`,
    );
    // A file that is not a page allows no inline code at all.
    expect(String((await get('/robots.txt')).headers['content-security-policy'])).toContain(
      "script-src 'self' 'wasm-unsafe-eval'; style-src 'self';",
    );
  });

  it('caches a hashed asset for a year, and never an error about it', async () => {
    const asset = await get('/_astro/app.Ab12Cd.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const fresh = await get('/_astro/app.Ab12Cd.js', { 'if-none-match': asset.headers['etag']! });
    expect(fresh.status).toBe(304);
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const past = await get('/_astro/app.Ab12Cd.js', { range: 'bytes=500-' });
    expect(past.status).toBe(416);
    expect(past.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});
