import { describe, expect, it } from 'vitest';
import { FIRST_TOUCH_SCRIPT, firstTouchScriptHash } from '@/lib/first-touch-script';
import {
  NO_TOUCH,
  campaignTagOf,
  checkedFirstTouch,
  hostNameOf,
  landingPathOf,
  parseFirstTouch,
  referrerHostOf,
  requestFirstTouch,
  serializeFirstTouch,
  sourceLabel,
} from '@/lib/leads/first-touch';
import {
  CHART_LINES,
  byLanding,
  bySource,
  groupTotals,
  leadSourceDetails,
  sourceChart,
  type SourceRow,
} from '@/lib/desk/source-dashboard';

const OWN = ['miqat-travel.example', '127.0.0.1:4321'];

describe('first-touch parts', () => {
  it('keeps a site path alone and drops a query, another host, a protocol-relative path or a long one', () => {
    expect(landingPathOf('/ramadan-umrah')).toBe('/ramadan-umrah');
    expect(landingPathOf('/')).toBe('/');
    expect(landingPathOf('/package/7-night%20umrah')).toBe('/package/7-night%20umrah');
    for (const bad of ['', 'ramadan', '//evil.example/x', '/a?b=c', '/<script>', '/a"b', `/${'a'.repeat(200)}`, null]) {
      expect(landingPathOf(bad)).toBeNull();
    }
  });

  it('reads a host name in lowercase without www, refusing anything else', () => {
    expect(hostNameOf('WWW.Google.com')).toBe('google.com');
    expect(hostNameOf('l.facebook.com')).toBe('l.facebook.com');
    for (const bad of ['', 'exa mple.com', 'a_b.com', '-x.com', 'x..com', 'évil.com', `${'a'.repeat(101)}.com`]) {
      expect(hostNameOf(bad)).toBeNull();
    }
  });

  it("takes the referring site's host from an address or a bare host, never the site's own", () => {
    expect(referrerHostOf('https://www.google.com/search?q=umrah', OWN)).toBe('google.com');
    expect(referrerHostOf('android-app://com.google.android.gm/', OWN)).toBe('com.google.android.gm');
    expect(referrerHostOf('masjid.org', OWN)).toBe('masjid.org');
    expect(referrerHostOf('https://miqat-travel.example/about-us', OWN)).toBeNull();
    expect(referrerHostOf('https://www.miqat-travel.example/', OWN)).toBeNull();
    expect(referrerHostOf('http://127.0.0.1:4321/', OWN)).toBeNull();
    expect(referrerHostOf('not a url at all', OWN)).toBeNull();
    expect(referrerHostOf(null, OWN)).toBeNull();
  });

  it('keeps a campaign tag trimmed and lowercase, refusing markup, formulas and long values', () => {
    expect(campaignTagOf('  Masjid-Newsletter ')).toBe('masjid-newsletter');
    expect(campaignTagOf('Ramadan  2027')).toBe('ramadan 2027');
    expect(campaignTagOf('رمضان')).toBe('رمضان');
    for (const bad of ['', '   ', '<b>x</b>', '=HYPERLINK("x")', 'a;b', 'x'.repeat(61), 'x'.repeat(5000)]) {
      expect(campaignTagOf(bad)).toBeNull();
    }
  });
});

describe('parseFirstTouch', () => {
  it('reads every part the transport field carries', () => {
    const raw = 'landing=%2F&ref=www.masjid.org&utm_source=masjid-newsletter&utm_medium=email&utm_campaign=ramadan';
    expect(parseFirstTouch(raw, OWN)).toEqual({
      landingPath: '/',
      referrerHost: 'masjid.org',
      utmSource: 'masjid-newsletter',
      utmMedium: 'email',
      utmCampaign: 'ramadan',
    });
  });

  it('drops a bad part to null and keeps the others; a field over 1,000 characters is dropped whole', () => {
    const raw = `landing=/umrah-packages&ref=miqat-travel.example&utm_source=${'x'.repeat(80)}&utm_campaign=eid`;
    expect(parseFirstTouch(raw, OWN)).toEqual({ ...NO_TOUCH, landingPath: '/umrah-packages', utmCampaign: 'eid' });
    expect(parseFirstTouch(`landing=/&utm_source=a&pad=${'x'.repeat(1000)}`, OWN)).toEqual(NO_TOUCH);
    expect(parseFirstTouch('', OWN)).toEqual(NO_TOUCH);
    expect(parseFirstTouch(undefined, OWN)).toEqual(NO_TOUCH);
    expect(parseFirstTouch('%%%&&&==', OWN)).toEqual(NO_TOUCH);
  });

  it('reads back what serializeFirstTouch writes, leaving out the empty parts', () => {
    const touch = { ...NO_TOUCH, landingPath: '/hajj-packages', utmSource: 'whatsapp' };
    expect(serializeFirstTouch(touch)).toBe('landing=%2Fhajj-packages&utm_source=whatsapp');
    expect(parseFirstTouch(serializeFirstTouch(touch), OWN)).toEqual(touch);
    expect(serializeFirstTouch(NO_TOUCH)).toBe('');
  });
});

describe('checkedFirstTouch', () => {
  it('keeps parts as the parsers give them and drops any other to null', () => {
    const good = { landingPath: '/', referrerHost: 'google.com', utmSource: 'x', utmMedium: 'cpc', utmCampaign: 'eid' };
    expect(checkedFirstTouch(good)).toEqual(good);
    expect(checkedFirstTouch({ ...good, referrerHost: 'WWW.Google.com', utmSource: 'X', landingPath: 'x' })).toEqual({
      ...good,
      referrerHost: null,
      utmSource: null,
      landingPath: null,
    });
    expect(checkedFirstTouch(undefined)).toEqual(NO_TOUCH);
    expect(checkedFirstTouch({ utmMedium: 'email' })).toEqual({ ...NO_TOUCH, utmMedium: 'email' });
  });
});

describe('requestFirstTouch', () => {
  const at = (path: string) => new URL(path, 'https://miqat-travel.example');

  it('answers the touch of a page request from another site or with campaign tags', () => {
    expect(requestFirstTouch(at('/contact-us'), 'https://www.bing.com/', OWN)).toEqual({
      ...NO_TOUCH,
      landingPath: '/contact-us',
      referrerHost: 'bing.com',
    });
    expect(requestFirstTouch(at('/?utm_source=Masjid-Newsletter&utm_campaign=ramadan'), null, OWN)).toEqual({
      ...NO_TOUCH,
      landingPath: '/',
      utmSource: 'masjid-newsletter',
      utmCampaign: 'ramadan',
    });
  });

  it('answers null for a request from within the site or with nothing to keep', () => {
    expect(requestFirstTouch(at('/contact-us'), 'https://miqat-travel.example/', OWN)).toBeNull();
    expect(requestFirstTouch(at('/contact-us'), null, OWN)).toBeNull();
    expect(requestFirstTouch(at('/?utm_source=<x>'), 'not a host!', OWN)).toBeNull();
  });
});

describe('sourceLabel', () => {
  it('is the utm_source, else the referring host, else direct', () => {
    expect(sourceLabel({ utmSource: 'newsletter', referrerHost: 'google.com' })).toBe('newsletter');
    expect(sourceLabel({ utmSource: null, referrerHost: 'google.com' })).toBe('google.com');
    expect(sourceLabel({ utmSource: null, referrerHost: null })).toBe('direct');
  });
});

describe('the first-touch script', () => {
  it('is small, names the storage key, and its CSP hash is of its exact text', async () => {
    expect(Buffer.byteLength(FIRST_TOUCH_SCRIPT)).toBeLessThan(512);
    expect(FIRST_TOUCH_SCRIPT).toContain('"first-touch"');
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(FIRST_TOUCH_SCRIPT)));
    expect(firstTouchScriptHash()).toBe(`sha256-${digest.toString('base64')}`);
  });
});

const row = (overrides: Partial<SourceRow>): SourceRow => ({
  source: null,
  landingPath: null,
  enquiries: 1,
  quotes: 0,
  bookings: 0,
  receivedCents: 0,
  ...overrides,
});

describe('the dashboard by source', () => {
  const rows = [
    row({
      source: 'masjid-newsletter',
      landingPath: '/',
      enquiries: 3,
      quotes: 2,
      bookings: 1,
      receivedCents: 150_000,
    }),
    row({ source: 'masjid-newsletter', landingPath: '/ramadan-umrah', enquiries: 1 }),
    row({ source: 'google.com', landingPath: '/', enquiries: 4, quotes: 1 }),
    row({ source: null, landingPath: null, enquiries: 2 }),
  ];

  it('sums by source, "direct" for neither, most enquiries first', () => {
    expect(bySource(rows)).toEqual([
      { label: 'masjid-newsletter', enquiries: 4, quotes: 2, bookings: 1, receivedCents: 150_000 },
      { label: 'google.com', enquiries: 4, quotes: 1, bookings: 0, receivedCents: 0 },
      { label: 'direct', enquiries: 2, quotes: 0, bookings: 0, receivedCents: 0 },
    ]);
  });

  it('sums by landing page, "Not recorded" for none', () => {
    expect(byLanding(rows).map((line) => [line.label, line.enquiries])).toEqual([
      ['/', 7],
      ['Not recorded', 2],
      ['/ramadan-umrah', 1],
    ]);
  });

  it('groups under any label, ties broken by value received then name', () => {
    const tied = [row({ source: 'b' }), row({ source: 'a' }), row({ source: 'c', receivedCents: 1 })];
    expect(groupTotals(tied, (line) => line.source!).map((line) => line.label)).toEqual(['c', 'a', 'b']);
  });

  it('draws the first lines and sums the rest into one bar; the table lists every line with its figures', () => {
    const many = Array.from({ length: CHART_LINES + 2 }, (_, index) =>
      row({ source: `source-${index}`, enquiries: 20 - index }),
    );
    const chart = sourceChart(bySource(many), { one: 'source', many: 'sources' });
    expect(chart.items).toHaveLength(CHART_LINES + 1);
    expect(chart.items.at(-1)).toEqual({ label: '2 other sources', value: 12 + 11, text: '23' });
    expect(chart.rows).toHaveLength(CHART_LINES + 2);
    const table = sourceChart(bySource(rows), { one: 'source', many: 'sources' });
    expect(table.rows[0]).toEqual(['masjid-newsletter', '4', '2', '1', '$1,500']);
    expect(table.description).toBe(
      'Enquiries of the last 12 weeks by source, most first: masjid-newsletter (4 enquiries, 1 booked), ' +
        'google.com (4 enquiries, 0 booked), direct (2 enquiries, 0 booked).',
    );
    expect(sourceChart([], { one: 'source', many: 'sources' }).description).toBe('No enquiries in the last 12 weeks.');
  });

  it("lists a lead's source and the parts of its first touch that were kept", () => {
    expect(leadSourceDetails({ ...NO_TOUCH, referrerHost: 'google.com', landingPath: '/' })).toEqual([
      { label: 'Source', value: 'google.com' },
      { label: 'Landing page', value: '/' },
      { label: 'Referring site', value: 'google.com' },
    ]);
    expect(leadSourceDetails(NO_TOUCH)).toEqual([{ label: 'Source', value: 'direct' }]);
  });
});
