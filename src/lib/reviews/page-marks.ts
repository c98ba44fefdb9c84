/**
 * The parts of a built page that published reviews change, each between two HTML comments that the
 * components write around themselves: the server draws those parts again with the same components
 * (src/pages/internal/reviews/) and puts them in place of the build's, leaving every other byte.
 */

/** The marked parts: a package's reviews section and its JSON-LD block, the home page's reviews, a listing's average. */
export const REVIEW_MARKS = ['package-reviews', 'package-ld', 'home-reviews', 'listing-reviews'] as const;
export type ReviewMark = (typeof REVIEW_MARKS)[number];

/** The comment that opens a marked part. */
export function markStart(mark: ReviewMark): string {
  return `<!--${mark}-->`;
}

/** The comment that closes a marked part. */
export function markEnd(mark: ReviewMark): string {
  return `<!--/${mark}-->`;
}

/** The marked part of `html` (comments included), or null when it is missing or not closed once. */
function markedPart(html: string, mark: ReviewMark): { start: number; end: number } | null {
  const start = html.indexOf(markStart(mark));
  if (start === -1 || html.indexOf(markStart(mark), start + 1) !== -1) return null;
  const close = html.indexOf(markEnd(mark), start);
  if (close === -1) return null;
  return { start, end: close + markEnd(mark).length };
}

/**
 * The page with each part the fragment holds put in place of the page's own; null when the fragment
 * holds none, or names a part the page lacks (the page stays as built rather than half changed).
 */
export function spliceMarked(page: string, fragment: string): string | null {
  let result = page;
  let replaced = 0;
  for (const mark of REVIEW_MARKS) {
    const part = markedPart(fragment, mark);
    if (!part) continue;
    const target = markedPart(result, mark);
    if (!target) return null;
    result = result.slice(0, target.start) + fragment.slice(part.start, part.end) + result.slice(target.end);
    replaced += 1;
  }
  return replaced === 0 ? null : result;
}

/** How many reviews a package page shows in full: all of them, since we say we publish every review (Q08). */
export const PACKAGE_REVIEWS_SHOWN = Number.POSITIVE_INFINITY;
/** How many of the newest reviews, across packages, the home page shows: few, as its first response must fit one round trip. */
export const HOME_REVIEWS_SHOWN = 3;
/** The header on a package's drawn parts naming the listing pages (paths, space-separated) whose average counts it. */
export const LISTINGS_HEADER = 'X-Review-Listings';
