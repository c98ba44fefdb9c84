import { describe, expect, it } from 'vitest';
import {
  SECURITY_HEADERS,
  cacheControlFor,
  isPrivatePath,
  servedOverHttps,
  siteHeaders,
  sitePolicyFor,
  referrerPolicyFor,
  withSitePolicy,
  wwwRedirectLocation,
} from '@/server/http-policy';

describe('wwwRedirectLocation', () => {
  const origin = 'https://miqat-travel.example';

  it('sends the www host to the canonical https host with path and query', () => {
    expect(wwwRedirectLocation('www.miqat-travel.example', '/about-us?ref=ad', origin)).toBe(
      'https://miqat-travel.example/about-us?ref=ad',
    );
    expect(wwwRedirectLocation('WWW.Miqat-Travel.example', '/', origin)).toBe('https://miqat-travel.example/');
  });

  it('leaves the canonical host and other hosts alone', () => {
    expect(wwwRedirectLocation('miqat-travel.example', '/', origin)).toBeNull();
    expect(wwwRedirectLocation('localhost:4321', '/', origin)).toBeNull();
    expect(wwwRedirectLocation(undefined, '/', origin)).toBeNull();
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates pages', () => {
    expect(cacheControlFor('/_astro/index.abc123.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/about-us')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/api/leads/contact')).toBe('no-store');
  });

  it('never lets an error be kept as immutable: a 404 for an asset not yet deployed is asked again', () => {
    expect(cacheControlFor('/_astro/index.abc123.css', 404)).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/_astro/index.abc123.css', 416)).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/_astro/index.abc123.css', 500)).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/_astro/index.abc123.css', 304)).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/api/forms/contact', 404)).toBe('no-store');
  });

  it("caches Pagefind's content-hashed files as immutable, and revalidates those whose names never change", () => {
    for (const hashed of [
      '/pagefind/fragment/en_034f1ce.pf_fragment',
      '/pagefind/index/en_1c34929.pf_index',
      '/pagefind/filter/en_9a8b7c6.pf_filter',
      '/pagefind/pagefind.en_c38c1fbc16.pf_meta',
    ]) {
      expect(cacheControlFor(hashed), hashed).toBe('public, max-age=31536000, immutable');
    }
    for (const named of [
      '/pagefind/pagefind.js',
      '/pagefind/pagefind-entry.json',
      '/pagefind/wasm.en.pagefind',
      '/pagefind/pagefind-worker.js',
      '/pagefind/pagefind-ui.css',
      '/pagefind/fragment/',
    ]) {
      expect(cacheControlFor(named), named).toBe('public, max-age=0, must-revalidate');
    }
  });

  it("never caches the lead desk, which shows visitors' details", () => {
    expect(cacheControlFor('/admin/leads')).toBe('no-store');
    expect(cacheControlFor('/admin/leads/8c1f')).toBe('no-store');
    expect(cacheControlFor('/administration-fees')).toBe('public, max-age=0, must-revalidate');
    expect(isPrivatePath('/admin')).toBe(true);
    expect(isPrivatePath('/about-us')).toBe(false);
  });
});

describe("the pilgrim's private quote links", () => {
  it('are never cached or indexed and send no Referer; other pages keep the site-wide policy', () => {
    expect(cacheControlFor('/quote/abc')).toBe('no-store');
    expect(isPrivatePath('/quote/abc')).toBe(true);
    expect(isPrivatePath('/quotes-and-terms')).toBe(false);
    expect(referrerPolicyFor('/quote/abc')).toBe('no-referrer');
    expect(referrerPolicyFor('/terms-conditions')).toBe('strict-origin-when-cross-origin');
    // The desk tells other sites nothing, and still its own forms where they come from.
    expect(referrerPolicyFor('/admin/leads')).toBe('same-origin');
  });

  it('include the traveller’s review link and its thanks; the public review policy stays public', () => {
    for (const path of ['/review/abc', '/review/thanks']) {
      expect(cacheControlFor(path)).toBe('no-store');
      expect(isPrivatePath(path)).toBe(true);
      expect(referrerPolicyFor(path)).toBe('no-referrer');
    }
    expect(isPrivatePath('/how-we-collect-and-publish-reviews')).toBe(false);
  });
});

describe('SECURITY_HEADERS', () => {
  it('forbids framing and sniffing', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(SECURITY_HEADERS['Strict-Transport-Security']).toMatch(/max-age=\d+/);
  });

  it("carries the OWASP Secure Headers Project's isolation headers and allows no device or API the site never uses", () => {
    expect(SECURITY_HEADERS).toMatchObject({
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'X-Permitted-Cross-Domain-Policies': 'none',
    });
    const permissions = SECURITY_HEADERS['Permissions-Policy']!.split(', ');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'fullscreen', 'autoplay'])
      expect(permissions, feature).toContain(`${feature}=()`);
    // The desk's "Copy link" writes a quote's link to the clipboard.
    expect(permissions).toContain('clipboard-write=(self)');
  });

  it("allows no inline script or style without a page's hashes", () => {
    const policy = SECURITY_HEADERS['Content-Security-Policy']!;
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("style-src 'self';");
  });
});

describe('sitePolicyFor', () => {
  const meta =
    "font-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-one='; style-src 'self' 'sha256-two=' 'sha256-three=';";

  it("takes a page's scripts and styles from its own policy, never 'unsafe-inline', and keeps the site's other directives", () => {
    const policy = sitePolicyFor('/about-us', { pagePolicy: meta });
    expect(policy).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-one='; style-src 'self' 'sha256-two=' 'sha256-three='; " +
        "img-src 'self' data:; form-action 'self'; base-uri 'self'; object-src 'none'; " +
        "frame-ancestors 'none'",
    );
  });

  it('asks the browser to upgrade plain http requests only when the visitor came over https', () => {
    expect(sitePolicyFor('/', { https: true })).toMatch(/; upgrade-insecure-requests$/);
    expect(sitePolicyFor('/')).not.toContain('upgrade-insecure-requests');
  });

  it("keeps any other directive of the page's policy, so the header is never looser than the tag", () => {
    expect(sitePolicyFor('/', { pagePolicy: "script-src 'self'; worker-src 'self'" })).toContain("worker-src 'self'");
  });

  it("says a fetch directive only where it differs from default-src 'self', to which a browser falls back", () => {
    const policy = sitePolicyFor('/about-us', { pagePolicy: meta });
    expect(policy).not.toMatch(/(?:font|connect)-src/);
    expect(policy).toMatch(/^default-src 'self';/);
    expect(sitePolicyFor('/', { pagePolicy: "font-src 'self' data:" })).toContain("font-src 'self' data:");
  });
});

describe('servedOverHttps', () => {
  it('believes X-Forwarded-Proto only from a proxy the operator declared', () => {
    expect(servedOverHttps(true, undefined, 0)).toBe(true);
    expect(servedOverHttps(false, 'https', 0)).toBe(false);
    expect(servedOverHttps(false, 'https', 1)).toBe(true);
    expect(servedOverHttps(false, 'HTTPS, http', ['10.0.0.1'])).toBe(true);
    expect(servedOverHttps(false, 'http', 1)).toBe(false);
    expect(servedOverHttps(false, undefined, 1)).toBe(false);
  });
});

describe('siteHeaders', () => {
  it('adds the policy, cache rule and Referrer-Policy of the path to the headers every answer carries', () => {
    expect(siteHeaders('/about-us')).toEqual({
      ...SECURITY_HEADERS,
      'Cache-Control': 'public, max-age=0, must-revalidate',
    });
    const desk = siteHeaders('/admin/leads', { status: 200 });
    expect(desk).toMatchObject({
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'same-origin',
    });
    expect(siteHeaders('/_astro/app.abc.js', { status: 404 })['Cache-Control']).toBe(
      'public, max-age=0, must-revalidate',
    );
  });
});

describe('withSitePolicy', () => {
  const sitePolicy = SECURITY_HEADERS['Content-Security-Policy']!;

  it("gives pages drawn per request one policy: the site's, with the hashes Astro sent", () => {
    const pagePolicy = "script-src 'self' 'sha256-abc='";
    const headers = withSitePolicy({ 'content-type': 'text/html', 'content-security-policy': pagePolicy }, '/compare');
    expect(headers).toEqual({
      'content-type': 'text/html',
      'Content-Security-Policy': sitePolicy.replace(
        "script-src 'self' 'wasm-unsafe-eval'",
        "script-src 'self' 'sha256-abc='",
      ),
    });
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });

  it("lets the desk's forms go on to WhatsApp, and no other page's", () => {
    const desk = sitePolicyFor('/admin/leads/abc');
    expect(desk).toContain("form-action 'self' https://wa.me;");
    expect(sitePolicyFor('/admin')).toBe(desk);
    for (const path of ['/', '/contact-us', '/administration', '/quote/abc', '/api/forms/contact']) {
      expect(sitePolicyFor(path), path).toBe(sitePolicy);
    }
    const pagePolicy = "script-src 'self' 'sha256-abc='";
    expect(withSitePolicy({ 'content-security-policy': pagePolicy }, '/admin/leads/abc')).toEqual({
      'Content-Security-Policy': sitePolicyFor('/admin/leads/abc', { pagePolicy }),
    });
    expect(
      withSitePolicy({ 'content-security-policy': pagePolicy }, '/admin/leads/abc', true)['Content-Security-Policy'],
    ).toContain('upgrade-insecure-requests');
  });

  it('leaves responses without a policy alone', () => {
    expect(withSitePolicy({ 'content-type': 'text/css' }, '/')).toEqual({ 'content-type': 'text/css' });
  });
});
