import { TRANSLATED_LANGUAGES } from './languages.ts';

/**
 * The paths the Node server answers that are not built pages, said once: the HTTP policy reads them
 * (never cached, never indexed, no Referer: src/server/http-policy.ts), the build leaves them out of
 * the sitemap (astro.config.ts), and docs/operations.md's CDN recipe lists every one a visitor uses
 * (a docs test holds it to this file). A pattern is an exact path, or a folder ending in `/*`: every
 * path under it, not the folder itself.
 */

/**
 * The private links, whose token is their only key: the pilgrim's quote and trip page and its `.ics`
 * (src/pages/quote/), the traveller's review form and its thanks (src/pages/review/), and the
 * one-click unsubscribes of the Hajj alerts and the trip reminders, whose token is in the query.
 */
export const PRIVATE_LINKS = ['/quote/*', '/review/*', '/hajj/unsubscribe', '/trip/stop-reminders'] as const;

/** The staff's lead desk, its sign-in and downloads. */
export const DESK_PATHS = ['/admin', '/admin/*'] as const;

/** The lead API: form submissions and captcha sums. */
export const API_PATHS = ['/api/*'] as const;

/**
 * The server's own routes, asked over loopback with a key made at start (the review parts:
 * src/server/reviews/refresh.ts); a 404 to anyone else, so no CDN passes them on.
 */
export const INTERNAL_PATHS = ['/internal/*'] as const;

/**
 * Pages drawn per request for every visitor: the answers to a form posted without scripts (in
 * English and under each translated language's prefix), the comparison (one page per choice), the
 * review policy (its figures read from the store), and the health probes.
 */
export const DRAWN_PATHS = [
  '/enquiry/*',
  ...TRANSLATED_LANGUAGES.map((lang) => `/${lang}/enquiry/*` as const),
  '/compare',
  '/how-we-collect-and-publish-reviews',
  '/healthz',
  '/readyz',
] as const;

/** The error pages: answers, not pages to find. */
const ERROR_PAGES = ['/404', '/500'] as const;

/** Whether `pathname` is one of `patterns` (an exact path, or under a `/*` folder). */
export function matchesAny(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) =>
    pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern,
  );
}

/** Every path a visitor's request must reach the server by, whatever serves the built files: the CDN recipe's list. */
export const SERVER_PATHS: readonly string[] = [...API_PATHS, ...DESK_PATHS, ...PRIVATE_LINKS, ...DRAWN_PATHS];

/**
 * Whether the sitemap leaves a page out: error pages, the desk, the answers to a posted form, the
 * comparison, the private links and the internal routes are not for search engines. The review
 * policy, drawn per request, is a public page and stays in.
 */
export function leftOutOfSitemap(pathname: string): boolean {
  return matchesAny(
    [
      ...ERROR_PAGES,
      ...DESK_PATHS,
      ...PRIVATE_LINKS,
      ...INTERNAL_PATHS,
      ...DRAWN_PATHS.filter((path) => path !== '/how-we-collect-and-publish-reviews'),
    ],
    pathname,
  );
}
