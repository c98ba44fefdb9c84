import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { startDesk, type Desk } from './support/desk';
import { rawRequest, type RawResponse } from './support/raw-http';

/**
 * The whole header set against the OWASP Secure Headers Project, on the real server: a built page, a
 * desk page, the not-found page and the desk's sign-out. Every header an answer carries is named
 * here, so one added or lost by a change shows.
 */
const CHROMIUM = 'gzip, deflate, br, zstd';

/** What every answer carries, whatever it is. */
const EVERY_ANSWER = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-permitted-cross-domain-policies': 'none',
};
/** Node's own, about the connection. */
const CONNECTION = ['connection', 'date', 'keep-alive'];

/** Every header name of an answer, sorted. */
function names(response: RawResponse): string[] {
  return Object.keys(response.headers).sort();
}

/** The policy Astro wrote into a built page's meta tag. */
function metaPolicy(file: string): string {
  return /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(readFileSync(file, 'utf8'))![1]!;
}

/** A directive's sources in a policy. */
function directive(policy: string, name: string): string | undefined {
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

/** What every policy must hold: no inline code but by hash, no framing, no plugin, no foreign form target. */
function expectStrictPolicy(policy: string, pagePolicy: string): void {
  expect(policy).not.toContain('unsafe-inline');
  expect(directive(policy, 'script-src')).toBe(directive(pagePolicy, 'script-src'));
  expect(directive(policy, 'style-src')).toBe(directive(pagePolicy, 'style-src'));
  expect(directive(policy, 'default-src')).toBe("'self'");
  expect(directive(policy, 'frame-ancestors')).toBe("'none'");
  expect(directive(policy, 'object-src')).toBe("'none'");
  expect(directive(policy, 'base-uri')).toBe("'self'");
}

function expectPermissionsPolicy(response: RawResponse): void {
  const features = String(response.headers['permissions-policy']).split(', ');
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'fullscreen', 'autoplay', 'midi'])
    expect(features, feature).toContain(`${feature}=()`);
  expect(features).toContain('clipboard-write=(self)');
}

test.describe('on the site', () => {
  test('a built page carries the whole header set, its policy as strict as its meta tag', async () => {
    const page = await rawRequest(`${baseURL}/contact-us`, { 'accept-encoding': CHROMIUM });
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({
      ...EVERY_ANSWER,
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': 'public, max-age=0, must-revalidate',
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
    });
    expectPermissionsPolicy(page);
    expect(names(page)).toEqual(
      [
        ...Object.keys(EVERY_ANSWER),
        ...CONNECTION,
        'referrer-policy',
        'permissions-policy',
        'content-security-policy',
        'cache-control',
        'vary',
        'etag',
        'last-modified',
        'accept-ranges',
        'content-type',
        'content-encoding',
        'content-length',
      ].sort(),
    );
    const policy = String(page.headers['content-security-policy']);
    expectStrictPolicy(policy, metaPolicy('dist/client/contact-us.html'));
    expect(directive(policy, 'form-action')).toBe("'self'");
    // Plain http here, and this server trusts no proxy: a forged X-Forwarded-Proto changes nothing.
    expect(policy).not.toContain('upgrade-insecure-requests');
    const forged = await rawRequest(`${baseURL}/contact-us`, { 'x-forwarded-proto': 'https' });
    expect(forged.headers['content-security-policy']).toBe(policy);
  });

  test('the not-found page is never cached as immutable, not even for a missing build asset', async () => {
    for (const path of ['/no-such-page', '/_astro/no-such-file.js', '/pagefind/fragment/en_0000000.pf_fragment']) {
      const missing = await rawRequest(`${baseURL}${path}`, { 'accept-encoding': CHROMIUM });
      expect(missing.status, path).toBe(404);
      expect(missing.headers, path).toMatchObject({
        ...EVERY_ANSWER,
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cache-control': 'public, max-age=0, must-revalidate',
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
        vary: 'Accept-Encoding',
      });
      expectPermissionsPolicy(missing);
      expect(names(missing), path).toEqual(
        [
          ...Object.keys(EVERY_ANSWER),
          ...CONNECTION,
          'referrer-policy',
          'permissions-policy',
          'content-security-policy',
          'cache-control',
          'vary',
          'content-type',
          'content-encoding',
          'transfer-encoding',
        ].sort(),
      );
      expectStrictPolicy(String(missing.headers['content-security-policy']), metaPolicy('dist/client/404.html'));
    }
    // What matches no route is Astro's to answer, whatever the method: the built 404 page as it is.
    for (const method of ['POST', 'DELETE']) {
      const missing = await rawRequest(`${baseURL}/no-such-page`, {}, method);
      expect(missing.status, method).toBe(404);
      expect(missing.body.equals(readFileSync('dist/client/404.html')), method).toBe(true);
    }
  });

  test('a built page asked with another method is the page GET gets, with its own policy', async () => {
    const get = await rawRequest(`${baseURL}/contact-us`, { 'accept-encoding': CHROMIUM });
    for (const method of ['POST', 'OPTIONS']) {
      const other = await rawRequest(`${baseURL}/contact-us`, { 'accept-encoding': CHROMIUM }, method);
      expect(other.status, method).toBe(200);
      // Its own hashes, not the 404 page's: with those the page's own style and scripts were blocked.
      expect(other.headers['content-security-policy'], method).toBe(get.headers['content-security-policy']);
      expect(other.headers, method).toMatchObject({
        ...EVERY_ANSWER,
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
        etag: get.headers['etag'],
      });
      expect(other.body.equals(get.body), method).toBe(true);
    }
  });

  test('a method no page or route answers (TRACE) is refused with 501 and the whole header set, never a 500', async () => {
    for (const path of ['/no-such-page', '/blog/', '/api/forms/hajj']) {
      const refused = await rawRequest(`${baseURL}${path}`, {}, 'TRACE');
      expect(refused.status, path).toBe(501);
      expect(refused.body.toString(), path).toBe('Not implemented.');
      expect(refused.headers, path).toMatchObject({ ...EVERY_ANSWER, 'content-type': 'text/plain; charset=utf-8' });
    }
  });

  test('a URL that does not decode is refused with 400 and the whole header set, never cached as immutable', async () => {
    const refusals: [string, string, string][] = [
      ['GET', '/%E0%A4%A', 'public, max-age=0, must-revalidate'],
      ['GET', '/_astro/%ZZ.css', 'public, max-age=0, must-revalidate'],
      ['GET', '/compare?ids=%E0', 'public, max-age=0, must-revalidate'],
      ['POST', '/api/forms/hajj?from=%E0', 'no-store'],
    ];
    for (const [method, path, cacheControl] of refusals) {
      const refused = await rawRequest(`${baseURL}${path}`, { 'accept-encoding': CHROMIUM }, method);
      expect(refused.status, path).toBe(400);
      expect(refused.body.toString(), path).toBe('Bad request.');
      expect(refused.headers, path).toMatchObject({
        ...EVERY_ANSWER,
        'cache-control': cacheControl,
        'content-type': 'text/plain; charset=utf-8',
      });
      expectStrictPolicy(String(refused.headers['content-security-policy']), metaPolicy('dist/client/404.html'));
    }
  });

  test("Pagefind's content-hashed files are immutable; the files it finds them by revalidate", async () => {
    const entry = JSON.parse(readFileSync('dist/client/pagefind/pagefind-entry.json', 'utf8')) as {
      languages: Record<string, { hash: string }>;
    };
    const meta = `/pagefind/pagefind.${Object.values(entry.languages)[0]!.hash}.pf_meta`;
    for (const path of [meta]) {
      const hashed = await rawRequest(`${baseURL}${path}`);
      expect(hashed.status, path).toBe(200);
      expect(hashed.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/pagefind/pagefind.js', '/pagefind/pagefind-entry.json', '/pagefind/wasm.en.pagefind']) {
      const named = await rawRequest(`${baseURL}${path}`);
      expect(named.status, path).toBe(200);
      expect(named.headers['cache-control'], path).toBe('public, max-age=0, must-revalidate');
    }
  });
});

test.describe('on the desk', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let cookie: string;

  test.beforeAll(async () => {
    desk = await startDesk('sqlite');
    const signedIn = await fetch(`${desk.origin}/admin/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: desk.origin, 'X-Forwarded-For': '198.51.100.36' },
      body: new URLSearchParams({ email: desk.owner.email, password: desk.owner.password }),
    });
    expect(signedIn.status).toBe(303);
    cookie = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('miqat_desk='))!
      .split(';')[0]!;
  });

  test.afterAll(async () => {
    await desk.stop();
  });

  test('a desk page carries the whole header set: never cached, never indexed, no Referer to other sites', async () => {
    const page = await rawRequest(`${desk.origin}/admin/leads`, { cookie, 'accept-encoding': CHROMIUM });
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({
      ...EVERY_ANSWER,
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
    });
    expectPermissionsPolicy(page);
    expect(names(page)).toEqual(
      [
        ...Object.keys(EVERY_ANSWER),
        ...CONNECTION,
        'referrer-policy',
        'permissions-policy',
        'content-security-policy',
        'cache-control',
        'x-robots-tag',
        'vary',
        'content-type',
        'content-encoding',
        'transfer-encoding',
      ].sort(),
    );
    // One policy: the site's, with the hashes Astro gave this page drawn per request.
    const policy = String(page.headers['content-security-policy']);
    expect(policy).not.toContain('unsafe-inline');
    expect(directive(policy, 'script-src')).toMatch(/^'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(directive(policy, 'form-action')).toBe("'self' https://wa.me");
    expect(directive(policy, 'frame-ancestors')).toBe("'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');

    // Behind the proxy this desk trusts, a visitor who came over https has every request upgraded.
    const overHttps = await rawRequest(`${desk.origin}/admin/leads`, { cookie, 'x-forwarded-proto': 'https' });
    expect(String(overHttps.headers['content-security-policy'])).toMatch(/; upgrade-insecure-requests$/);
    const builtOverHttps = await rawRequest(`${desk.origin}/contact-us`, { 'x-forwarded-proto': 'https' });
    expect(String(builtOverHttps.headers['content-security-policy'])).toMatch(/; upgrade-insecure-requests$/);
  });

  test('signing out clears what the browser kept of the site: cache, cookies and storage', async () => {
    const leads = await rawRequest(`${desk.origin}/admin/leads`, { cookie });
    const csrf = /name="csrf" value="([^"]+)"/.exec(leads.body.toString())![1]!;
    const signOut = await fetch(`${desk.origin}/admin/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, Origin: desk.origin },
      body: new URLSearchParams({ csrf }),
    });
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get('location')).toBe('/admin/sign-in?signed-out=1');
    const headers = Object.fromEntries(signOut.headers);
    expect(headers).toMatchObject({
      ...EVERY_ANSWER,
      'clear-site-data': '"cache", "cookies", "storage"',
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
    });
    expect(Object.keys(headers).sort()).toEqual(
      [
        ...Object.keys(EVERY_ANSWER),
        ...CONNECTION,
        'referrer-policy',
        'permissions-policy',
        'content-security-policy',
        'cache-control',
        'x-robots-tag',
        'clear-site-data',
        'location',
        'set-cookie',
        'transfer-encoding',
      ].sort(),
    );
    // The session is over on the server too.
    const after = await fetch(`${desk.origin}/admin/leads`, { redirect: 'manual', headers: { cookie } });
    expect(after.status).toBe(303);
  });
});

test("the review parts' internal routes are the plain 404 to visitors, with or without a guessed key", async () => {
  // Moved from reviews-display.spec.ts: it needs no browser. Only the server's own key opens them.
  for (const path of [
    '/internal/reviews/home',
    '/internal/reviews/package/10-nights-3-star-chicago-umrah-package',
    '/internal/reviews/listing/chicago-umrah',
  ]) {
    expect((await rawRequest(`${baseURL}${path}`)).status, path).toBe(404);
    const guessed = await rawRequest(`${baseURL}${path}`, { 'x-miqat-render-key': 'guess' });
    expect(guessed.status, `${path} with a guessed key`).toBe(404);
  }
});
