import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewEntry } from '@/lib/reviews/review';
import { markEnd, markStart, type ReviewMark } from '@/lib/reviews/page-marks';
import { PrivacyStore } from '@/server/desk/privacy-store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import { ReviewRefresh, loopbackOrigin } from '@/server/reviews/refresh';
import { RENDER_KEY_HEADER, isRenderRequest, offerRenderKey } from '@/server/reviews/render-key';
import { PublishedReviews } from '@/server/reviews/published';
import { ReviewStore } from '@/server/reviews/store';
import { indexStaticFiles, type StaticFiles } from '@/server/static-files';
import { QUOTE_TODAY as TODAY, payDeposit, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

/*
 * How published reviews reach the static pages: the store's one line per package on both stores
 * (what counts as a change), the refresh that draws again only the pages whose line changed (over
 * a real static index), the loopback address it asks, and the key only this process holds.
 */

const open: SqlLeadStore[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

const BOOKED = new Date('2026-11-20T15:00:00.000Z');
const DUE = new Date('2027-03-27T17:00:00.000Z');
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
const REVIEW: ReviewEntry = {
  rating: 4,
  hotels: { makkah: 'yes' },
  title: 'Close to the Haram',
  text: 'The Makkah hotel was the one on our quote.',
  displayName: 'Layla H.',
  city: 'Houston',
};

/** A returned booking (deposit paid) of `packageSlug` whose traveller wrote REVIEW; its quote and lead. */
async function reviewedBooking(store: SqlLeadStore, email: string, packageSlug: string) {
  const quotes = new QuoteStore(store.database);
  const fields = { name: 'Layla Haddad', email, adults: '2' };
  const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: BOOKED });
  const leadId = lead!.id;
  const saved = await quotes.saveDraft({ leadId }, quoteDraft({ packageSlug }), AMINA, TODAY, BOOKED);
  if (!saved?.ok) throw new Error('draft refused');
  const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, BOOKED);
  if (!sent?.ok) throw new Error('not sent');
  await quotes.accept(sent.token, 1, 'Layla Haddad', TODAY, BOOKED);
  await payDeposit(quotes, { leadId, quoteId: saved.quoteId }, AMINA, TODAY, BOOKED);
  const reviews = new ReviewStore(store.database);
  await reviews.inviteDue(3, 'America/Chicago', DUE);
  const token = await reviews.newLink(saved.quoteId, DUE);
  await reviews.submit(token!, REVIEW, DUE);
  return { leadId, quoteId: saved.quoteId };
}

describe.each(STORE_KINDS)('publishedFingerprints on %s', { timeout: 30_000 }, (kind: StoreKind) => {
  it('changes for a package when a review is published, replied to or erased; never for a pending or refused one', async () => {
    const store = await openTestStore(kind);
    open.push(store);
    const reviews = new ReviewStore(store.database);
    const kept = await reviewedBooking(store, 'layla@example.com', 'ten-nights');
    const refused = await reviewedBooking(store, 'omar@example.com', 'seven-nights');
    expect(await new PublishedReviews(store.database).publishedFingerprints()).toEqual(new Map());

    await reviews.decide(refused.quoteId, { publish: false, reason: 'abuse' }, AMINA.email, DUE);
    expect(await new PublishedReviews(store.database).publishedFingerprints()).toEqual(new Map());

    await reviews.decide(kept.quoteId, { publish: true }, AMINA.email, DUE);
    const published = await new PublishedReviews(store.database).publishedFingerprints();
    expect([...published.keys()]).toEqual(['ten-nights']);
    expect(published.get('ten-nights')).toMatch(/^1\|2027-03-27T17:00:00\.000Z\|\|$/);

    await reviews.reply(kept.quoteId, 'Thank you.', AMINA.email, new Date(DUE.getTime() + 60_000));
    const replied = (await new PublishedReviews(store.database).publishedFingerprints()).get('ten-nights');
    expect(replied).not.toBe(published.get('ten-nights'));

    await new PrivacyStore(store).eraseLeads([kept.leadId], AMINA.email, new Date(DUE.getTime() + 120_000));
    const erased = (await new PublishedReviews(store.database).publishedFingerprints()).get('ten-nights');
    // The rating stays in the averages, so the package still counts one review, drawn again without its words.
    expect(erased).toMatch(/^1\|/);
    expect(erased).not.toBe(replied);
  });
});

describe('ReviewRefresh over a real static index', () => {
  const part = (mark: ReviewMark, words: string) => `${markStart(mark)}<section>${words}</section>${markEnd(mark)}`;
  let dir: string;
  let index: StaticFiles;
  let fingerprints: Map<string, string>;
  let asked: string[];
  let failing: Set<string>;
  let refresh: ReviewRefresh;
  /** The listings each package's drawn parts name (the route's X-Review-Listings header). */
  const listingsOf = new Map<string, string[]>();

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'miqat-refresh-'));
    const files = {
      'index.html': `<title>Home</title>${part('home-reviews', 'how reviews will work')}`,
      'package/ten-nights.html': `<title>Ten</title>${part('package-reviews', 'no review yet')}`,
      'package/seven-nights.html': `<title>Seven</title>${part('package-reviews', 'no review yet')}`,
      'umrah-packages.html': `<title>Umrah</title>${part('listing-reviews', '')}`,
      'chicago-umrah.html': `<title>Chicago</title>${part('listing-reviews', '')}`,
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    index = indexStaticFiles(dir);
    fingerprints = new Map();
    asked = [];
    failing = new Set();
    refresh = new ReviewRefresh({
      fingerprints: () => Promise.resolve(new Map(fingerprints)),
      draw: (path) => {
        asked.push(path);
        if (failing.has(path)) return Promise.resolve(null);
        const mark =
          path === '/internal/reviews/home'
            ? 'home-reviews'
            : path.startsWith('/internal/reviews/listing/')
              ? 'listing-reviews'
              : 'package-reviews';
        return Promise.resolve({
          html: part(mark, `${path} at ${JSON.stringify([...fingerprints])}`),
          listings: listingsOf.get(path) ?? [],
        });
      },
      pages: index,
      log: () => undefined,
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const body = async (path: string) => {
    let html = '';
    await index.replacePage(path, (current) => {
      html = current;
      return null;
    });
    return html;
  };

  it('draws nothing while no review is published: the built pages already say how reviews will work', async () => {
    expect(await refresh.run()).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('draws only the pages whose reviews changed, and the home page with them', async () => {
    fingerprints.set('ten-nights', '1|a||');
    fingerprints.set('retired-package', '1|a||');
    expect(await refresh.run()).toEqual(['/package/ten-nights.html', '/index.html']);
    expect(asked).toEqual(['/internal/reviews/package/ten-nights', '/internal/reviews/home']);
    expect(await body('/package/ten-nights.html')).toContain('/internal/reviews/package/ten-nights at');
    expect(await body('/package/seven-nights.html')).toContain('no review yet');
    expect(await body('/index.html')).not.toContain('how reviews will work');

    asked.length = 0;
    expect(await refresh.run()).toEqual([]);
    expect(asked).toEqual([]);

    fingerprints.set('seven-nights', '1|b||');
    expect(await refresh.run()).toEqual(['/package/seven-nights.html', '/index.html']);
    expect(asked).toEqual(['/internal/reviews/package/seven-nights', '/internal/reviews/home']);
  });

  it('asks again at the next look for a page the server did not draw', async () => {
    asked.length = 0;
    fingerprints.set('ten-nights', '2|c||');
    failing.add('/internal/reviews/package/ten-nights');
    expect(await refresh.run()).toEqual(['/index.html']);
    failing.clear();
    asked.length = 0;
    expect(await refresh.run()).toEqual(['/package/ten-nights.html']);
    expect(asked).toEqual(['/internal/reviews/package/ten-nights']);
    expect(await body('/package/ten-nights.html')).toContain('2|c||');
  });

  it('draws again the listing pages a changed package names, and asks again for one the server did not draw', async () => {
    listingsOf.set('/internal/reviews/package/seven-nights', ['/umrah-packages', '/chicago-umrah', '/retired-listing']);
    asked.length = 0;
    fingerprints.set('seven-nights', '2|d||');
    failing.add('/internal/reviews/listing/umrah-packages');
    expect(await refresh.run()).toEqual(['/package/seven-nights.html', '/chicago-umrah.html', '/index.html']);
    expect(asked).toEqual([
      '/internal/reviews/package/seven-nights',
      '/internal/reviews/listing/chicago-umrah',
      '/internal/reviews/listing/umrah-packages',
      '/internal/reviews/home',
    ]);
    expect(await body('/chicago-umrah.html')).toContain('/internal/reviews/listing/chicago-umrah at');
    expect(await body('/umrah-packages.html')).not.toContain('/internal/reviews/listing');

    // Nothing changed since, but the listing the server did not draw is asked for again, alone.
    failing.clear();
    asked.length = 0;
    expect(await refresh.run()).toEqual(['/umrah-packages.html']);
    expect(asked).toEqual(['/internal/reviews/listing/umrah-packages']);
    expect(await body('/umrah-packages.html')).toContain('2|d||');
    asked.length = 0;
    expect(await refresh.run()).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('loopbackOrigin', () => {
  it('reaches an address listening on every interface by loopback, and IPv6 in brackets', () => {
    expect(loopbackOrigin({ address: '0.0.0.0', port: 4321 })).toBe('http://127.0.0.1:4321');
    expect(loopbackOrigin({ address: '::', port: 4321 })).toBe('http://[::1]:4321');
    expect(loopbackOrigin({ address: '::1', port: 80 })).toBe('http://[::1]:80');
    expect(loopbackOrigin({ address: '10.0.0.5', port: 8080 })).toBe('http://10.0.0.5:8080');
  });
});

describe('isRenderRequest', () => {
  it('takes only the key this process made', () => {
    const request = (key?: string) =>
      new Request('http://localhost/internal/reviews/home', key ? { headers: { [RENDER_KEY_HEADER]: key } } : {});
    const key = offerRenderKey();
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(isRenderRequest(request(key))).toBe(true);
    expect(isRenderRequest(request())).toBe(false);
    expect(isRenderRequest(request(`${key.slice(0, -1)}x`))).toBe(false);
    // A new start makes a new key: the old one opens nothing.
    offerRenderKey();
    expect(isRenderRequest(request(key))).toBe(false);
  });
});
