import { describe, expect, it } from 'vitest';
import {
  SECURITY_HEADERS,
  cacheControlFor,
  isPrivatePath,
  pageFileUrl,
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
  });
});

describe('SECURITY_HEADERS', () => {
  it('forbids framing and sniffing', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(SECURITY_HEADERS['Strict-Transport-Security']).toMatch(/max-age=\d+/);
  });
});

describe('withSitePolicy', () => {
  const sitePolicy = SECURITY_HEADERS['Content-Security-Policy']!;

  it("keeps the site's policy beside the one Astro sends on pages drawn per request", () => {
    const pagePolicy = "script-src 'self' 'sha256-abc='";
    const headers = withSitePolicy({ 'content-type': 'text/html', 'content-security-policy': pagePolicy });
    expect(headers).toEqual({ 'content-type': 'text/html', 'Content-Security-Policy': [sitePolicy, pagePolicy] });
  });

  it("lets the desk's forms go on to WhatsApp, and no other page's", () => {
    const desk = sitePolicyFor('/admin/leads/abc');
    expect(desk).toContain("form-action 'self' https://wa.me;");
    expect(sitePolicyFor('/admin')).toBe(desk);
    for (const path of ['/', '/contact-us', '/administration', '/quote/abc', '/api/forms/contact']) {
      expect(sitePolicyFor(path), path).toBe(sitePolicy);
    }
    const pagePolicy = "script-src 'self' 'sha256-abc='";
    expect(withSitePolicy({ 'content-security-policy': pagePolicy }, desk)).toEqual({
      'Content-Security-Policy': [desk, pagePolicy],
    });
  });

  it('leaves responses without a policy alone', () => {
    expect(withSitePolicy({ 'content-type': 'text/css' })).toEqual({ 'content-type': 'text/css' });
  });
});

describe('pageFileUrl', () => {
  const pages = new Set(['/blog.html', '/about-us.html', '/blog/complete-umrah-guide-step-by-step.html']);

  it('serves a page whose name is also a folder from its .html file, keeping the query', () => {
    expect(pageFileUrl('/blog', pages)).toBe('/blog.html');
    expect(pageFileUrl('/blog?ref=home', pages)).toBe('/blog.html?ref=home');
    expect(pageFileUrl('/blog/complete-umrah-guide-step-by-step', pages)).toBe(
      '/blog/complete-umrah-guide-step-by-step.html',
    );
  });

  it('leaves assets, the root, unknown paths and slashed paths to Astro', () => {
    expect(pageFileUrl('/', pages)).toBeNull();
    expect(pageFileUrl('/_astro/app.css', pages)).toBeNull();
    expect(pageFileUrl('/nope', pages)).toBeNull();
    expect(pageFileUrl('/blog/', pages)).toBeNull();
  });
});
