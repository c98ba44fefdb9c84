import { describe, expect, it } from 'vitest';
import { formHeadingId } from '@/lib/forms/constants';
import { FORMS } from '@/lib/forms/definitions';
import { wantsPage } from '@/lib/forms/page-request';
import { formAgain, refererUrl, sentFromPath, sitePath } from '@/lib/forms/returned-form';

const CHROME_NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

describe('wantsPage', () => {
  it('answers a browser posting the form itself with a page', () => {
    expect(wantsPage(new Headers(CHROME_NAVIGATION))).toBe(true);
    // An old browser without fetch metadata: its Accept prefers HTML.
    expect(wantsPage(new Headers({ accept: CHROME_NAVIGATION.accept }))).toBe(true);
  });

  it("answers the island's fetch and other clients with JSON", () => {
    expect(
      wantsPage(new Headers({ accept: 'application/json', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })),
    ).toBe(false);
    // Fetch metadata wins over an Accept header that happens to mention HTML.
    expect(wantsPage(new Headers({ accept: 'text/html', 'sec-fetch-mode': 'same-origin' }))).toBe(false);
    expect(wantsPage(new Headers({ accept: '*/*' }))).toBe(false);
    expect(wantsPage(new Headers())).toBe(false);
    expect(wantsPage(new Headers({ accept: 'application/json, text/html;q=0.5' }))).toBe(false);
  });
});

describe('formAgain', () => {
  it('keeps what the visitor typed, not the old answer, and lists problems in form order', () => {
    const again = formAgain(
      FORMS.umrah,
      { name: 'Amina', email: 'bad', phone: '', adults: '2', children: '0', answer: '12' },
      { phone: 'Please enter your phone number.', email: 'Please enter a valid email address.' },
      { sumNotAsked: false, challenge: { token: 't', a: 3, b: 4 } },
    );
    expect(again.returned.values).toEqual({ name: 'Amina', email: 'bad', phone: '', adults: '2', children: '0' });
    expect(again.summary.map((item) => item.name)).toEqual(['email', 'phone']);
    expect(again.returned.challenge).toEqual({ token: 't', a: 3, b: 4 });
  });

  it('treats the sum that was never asked as the next step, not a problem', () => {
    const again = formAgain(
      FORMS.umrah,
      { name: 'Amina', email: 'a@example.com', phone: '5125550100', adults: '1', children: '0' },
      { answer: 'Please answer the sum.' },
      { sumNotAsked: true },
    );
    expect(again.summary).toEqual([]);
    expect(again.returned.errors).toEqual({});
  });

  it("gives the page's own values back as page values, apart from the visitor's", () => {
    const again = formAgain(
      FORMS.booking,
      { name: '', email: 'a@example.com', phone: '', package_id: 'economy-7-nights-umrah', package_name: 'Economy' },
      { name: 'Please enter your full name.' },
      { sumNotAsked: false },
    );
    expect(again.pageValues).toEqual({ package_id: 'economy-7-nights-umrah', package_name: 'Economy' });
    expect(again.returned.values).not.toHaveProperty('package_id');
  });
});

describe('sentFromPath', () => {
  const endpoint = new URL('https://site.example/api/forms/umrah');

  it('reads the page from the Referer, and from ?from= when the form was shown again at its endpoint', () => {
    expect(sentFromPath(endpoint, 'https://site.example/umrah-packages')).toBe('/umrah-packages');
    expect(sentFromPath(new URL('?from=%2Fumrah-packages', endpoint), 'https://site.example/api/forms/umrah')).toBe(
      '/umrah-packages',
    );
    expect(sentFromPath(endpoint, 'https://site.example/api/forms/umrah?from=%2Fdallas-umrah')).toBe('/dallas-umrah');
  });

  it('never yields an API path or a link to another host', () => {
    expect(sentFromPath(endpoint, 'https://site.example/api/forms/umrah')).toBeUndefined();
    expect(sitePath('//evil.example/x')).toBe('/x');
    expect(sitePath('https://site.example//evil.example/')).toBe('/evil.example/');
    expect(sitePath(null)).toBeUndefined();
  });

  it('ignores a Referer that does not parse, as a client may send any bytes there', () => {
    expect(sentFromPath(endpoint, 'http://[::1')).toBeUndefined();
    expect(sentFromPath(endpoint, 'http://x:99999/')).toBeUndefined();
    expect(sentFromPath(new URL('?from=%2Fhajj-packages', endpoint), 'http://[::1')).toBe('/hajj-packages');
    expect(refererUrl('http://x:99999/', endpoint)).toBeUndefined();
    expect(refererUrl('/umrah-packages', endpoint)?.href).toBe('https://site.example/umrah-packages');
  });
});

describe('formHeadingId', () => {
  it("gives each form's heading an id of its own, a valid one, the same for the page and the island", () => {
    const ids = Object.keys(FORMS).map((formId) => formHeadingId(formId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*-form-heading$/);
    expect(formHeadingId('hajj')).toBe(formHeadingId('hajj'));
  });
});
