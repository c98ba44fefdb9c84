import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DESK_PATHS,
  DRAWN_PATHS,
  INTERNAL_PATHS,
  PRIVATE_LINKS,
  SERVER_PATHS,
  leftOutOfSitemap,
  matchesAny,
} from '@/lib/private-paths';
import { cacheControlFor, isPrivatePath, referrerPolicyFor } from '@/server/http-policy';

/** A path a pattern matches: the folder's pattern with a token in place of its `*`. */
const example = (pattern: string) => pattern.replace('/*', '/8c1f0a2b');

describe('matchesAny', () => {
  it('matches an exact path, and every path under a `/*` folder but not the folder or a look-alike', () => {
    expect(matchesAny(['/trip/stop-reminders'], '/trip/stop-reminders')).toBe(true);
    expect(matchesAny(['/trip/stop-reminders'], '/trip/stop-reminders/x')).toBe(false);
    expect(matchesAny(['/quote/*'], '/quote/abc')).toBe(true);
    expect(matchesAny(['/quote/*'], '/quote/abc/trip.ics')).toBe(true);
    expect(matchesAny(['/quote/*'], '/quote')).toBe(false);
    expect(matchesAny(['/quote/*'], '/quotes-and-terms')).toBe(false);
    expect(matchesAny([], '/')).toBe(false);
  });
});

describe('the private paths, read by the HTTP policy and the build', () => {
  it.each([...PRIVATE_LINKS, ...DESK_PATHS])(
    '%s is private to the HTTP policy (never cached, never indexed) and left out of the sitemap',
    (pattern) => {
      const path = example(pattern);
      expect(isPrivatePath(path)).toBe(true);
      expect(cacheControlFor(path)).toBe('no-store');
      expect(leftOutOfSitemap(path)).toBe(true);
    },
  );

  it.each(PRIVATE_LINKS)('%s sends no Referer, so its token reaches no other site', (pattern) => {
    expect(referrerPolicyFor(example(pattern))).toBe('no-referrer');
  });

  it('keeps the lead API private, the internal routes out of the sitemap, and the public pages public and listed', () => {
    for (const pattern of API_PATHS) expect(isPrivatePath(example(pattern))).toBe(true);
    for (const pattern of INTERNAL_PATHS) expect(leftOutOfSitemap(example(pattern))).toBe(true);
    for (const path of ['/', '/about-us', '/package/umrah-economy', '/how-we-collect-and-publish-reviews', '/blog']) {
      expect(isPrivatePath(path), path).toBe(false);
      expect(leftOutOfSitemap(path), path).toBe(false);
    }
    for (const path of ['/404', '/500', '/compare', '/enquiry/sent', '/ur/enquiry/sent', '/ar/enquiry/check'])
      expect(leftOutOfSitemap(path), path).toBe(true);
    // The translated pages themselves are for search engines; only their answer pages are not.
    for (const path of ['/ur', '/ur/contact-us', '/bn/umrah-visa']) expect(leftOutOfSitemap(path), path).toBe(false);
  });

  it("is the only list: astro.config.ts's sitemap filter is leftOutOfSitemap, and the policy names no path of it itself", () => {
    const config = readFileSync('astro.config.ts', 'utf8');
    expect(config).toMatch(/filter: \(page\) => !leftOutOfSitemap\(new URL\(page\)\.pathname\)/);
    const policy = readFileSync('src/server/http-policy.ts', 'utf8');
    for (const pattern of [...PRIVATE_LINKS, ...DESK_PATHS, ...API_PATHS]) {
      expect(policy, pattern).not.toContain(`'${pattern.replace('/*', '/')}'`);
    }
  });

  it('sends a CDN every path a visitor uses, and not the internal routes', () => {
    expect(SERVER_PATHS).toEqual(
      expect.arrayContaining([...API_PATHS, ...DESK_PATHS, ...PRIVATE_LINKS, ...DRAWN_PATHS]),
    );
    for (const pattern of INTERNAL_PATHS) expect(SERVER_PATHS).not.toContain(pattern);
  });
});
