/*
 * Published reviews on the static pages without a deploy. The build draws every package page and the
 * home page with no review (the build has no database). Each instance, at start and then every
 * REVIEWS_REFRESH_MINUTES, reads one cheap line per package (`PublishedReviews.publishedFingerprints`:
 * count and the last decision, reply and erasure); for each package whose line changed since its last
 * look, it asks itself over loopback for the parts of the page reviews change
 * (src/pages/internal/reviews/, drawn by the same components as the build, behind the process's key)
 * and puts them into the page in the static index (static-files.ts `replacePage`), compressed once.
 * The home page's reviews follow whenever any package's did, and so does the average on each listing
 * page (city and tier) that the package drawn named (lib/reviews/listings.ts `listingPagesOf`). Instances look on their own: each
 * serves its own index, and all converge within one interval.
 */
import { LISTINGS_HEADER, spliceMarked } from '../../lib/reviews/page-marks.ts';
import type { StaticFiles } from '../static-files.ts';
import { RENDER_KEY_HEADER } from './render-key.ts';

/** Parts the server drew: the HTML, and for a package the listing pages (paths) whose average counts it. */
export interface Drawn {
  html: string;
  listings: string[];
}

/** What a refresh needs: the fingerprints, a way to ask the server for a part, and the index to change. */
export interface RefreshDeps {
  fingerprints: () => Promise<ReadonlyMap<string, string>>;
  /** The parts drawn at an internal path, or null when the server did not answer 200. */
  draw: (path: string) => Promise<Drawn | null>;
  pages: Pick<StaticFiles, 'pages' | 'replacePage'>;
  log: (line: string) => void;
}

/** The built page file of a package's page. */
function packagePage(slug: string): string {
  return `/package/${slug}.html`;
}

/** The built page file of a listing page (`/chicago-umrah` is `/chicago-umrah.html`). */
function listingPage(path: string): string {
  return `${path}.html`;
}

/** One instance's view of what it last drew, so each look draws only what changed. */
export class ReviewRefresh {
  private readonly drawn = new Map<string, string>();
  /** Listing pages a package named whose average could not be drawn: asked again at the next look. */
  private readonly listingsDue = new Set<string>();
  private homeDrawn: string | null = null;
  private readonly deps: RefreshDeps;

  constructor(deps: RefreshDeps) {
    this.deps = deps;
  }

  /** One look: the pages drawn again (their built files), in the order drawn. */
  async run(): Promise<string[]> {
    const { fingerprints, draw, pages } = this.deps;
    const now = await fingerprints();
    const changed = [...new Set([...now.keys(), ...this.drawn.keys()])]
      .filter((slug) => now.get(slug) !== this.drawn.get(slug))
      .sort();
    const replaced: string[] = [];
    for (const slug of changed) {
      const page = packagePage(slug);
      // A booking of a package the catalogue no longer has: nothing to draw, nothing to look at again.
      if (!pages.pages.has(page)) {
        this.remember(slug, now.get(slug));
        continue;
      }
      const fragment = await draw(`/internal/reviews/package/${encodeURIComponent(slug)}`);
      if (fragment === null) continue;
      if (await pages.replacePage(page, (html) => spliceMarked(html, fragment.html))) replaced.push(page);
      for (const listing of fragment.listings) this.listingsDue.add(listing);
      this.remember(slug, now.get(slug));
    }
    for (const listing of [...this.listingsDue].sort()) {
      const file = listingPage(listing);
      if (!pages.pages.has(file)) {
        this.listingsDue.delete(listing);
        continue;
      }
      const fragment = await draw(`/internal/reviews/listing${listing}`);
      if (fragment === null) continue;
      if (await pages.replacePage(file, (html) => spliceMarked(html, fragment.html))) replaced.push(file);
      this.listingsDue.delete(listing);
    }
    const home = [...now].sort(([a], [b]) => a.localeCompare(b)).join('\n');
    if (home !== (this.homeDrawn ?? '')) {
      const fragment = await draw('/internal/reviews/home');
      if (fragment !== null) {
        if (await pages.replacePage('/index.html', (html) => spliceMarked(html, fragment.html)))
          replaced.push('/index.html');
        this.homeDrawn = home;
      }
    }
    return replaced;
  }

  private remember(slug: string, fingerprint: string | undefined): void {
    if (fingerprint === undefined) this.drawn.delete(slug);
    else this.drawn.set(slug, fingerprint);
  }
}

/** The URL origin that reaches a listening address from the same machine (`::` and `0.0.0.0` by loopback). */
export function loopbackOrigin(address: { address: string; port: number }): string {
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Asks this server (at `origin`, with the process's key) for a part; null unless it answers 200. */
export function loopbackDraw(origin: () => string, key: string, timeoutMs = 10_000): RefreshDeps['draw'] {
  return async (path) => {
    const response = await fetch(`${origin()}${path}`, {
      headers: { [RENDER_KEY_HEADER]: key, 'Accept-Encoding': 'identity' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return null;
    }
    const listings = (response.headers.get(LISTINGS_HEADER) ?? '').split(' ').filter(Boolean);
    return { html: await response.text(), listings };
  };
}

/** Runs a look now and then every `minutes`, one at a time; a failed look is said and tried at the next. */
export function startReviewRefresh(
  refresh: ReviewRefresh,
  minutes: number,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  let current: Promise<void> | null = null;
  let stopped = false;
  const look = () => {
    if (current || stopped) return;
    current = refresh
      .run()
      .then((pages) => {
        if (pages.length > 0) log(`Reviews: drew ${pages.length} page(s) again: ${pages.join(', ')}`);
      })
      .catch((error: unknown) => {
        log(`Reviews: the pages could not be drawn again (${error instanceof Error ? error.message : String(error)})`);
      })
      .finally(() => {
        current = null;
      });
  };
  look();
  const timer = setInterval(look, minutes * 60_000);
  timer.unref();
  return {
    /** Stops the looks; resolves once the one in progress ends. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
