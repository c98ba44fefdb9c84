import { DatabaseSync } from 'node:sqlite';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import {
  FORM_IDS,
  FORM_PAGES,
  REFERENCE,
  expectStoredAsTyped,
  formDef,
  storedLeads,
  sumAnswer,
  uniqueEmail,
  validValues,
  requiredWhenBlank,
} from './support/forms';

/**
 * Every form's own post, over plain HTTP: what a browser without scripts sends is the form on the
 * page, untouched, so reading that form from the HTML and posting it is the same request. This is
 * where each of the 18 forms proves its names, its encoding and its pages; the browser specs
 * (forms.spec.ts, forms-no-script.spec.ts) drive one form of each shape.
 */

interface PageForm {
  action: string;
  enctype: string;
  /** What the browser would send as the page stands: each named control with its value or default. */
  values: Record<string, string>;
}

const decode = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

function attributesOf(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([:\w-]+)(?:="([^"]*)")?/g))
    found[name!.toLowerCase()] = decode(value ?? '');
  return found;
}

/** The form in `html` that posts to form `id`, read as a browser reads it. */
function formIn(html: string, id: string): PageForm {
  const start = html.search(new RegExp(`<form[^>]*action="/api/forms/${id}[?"]`));
  expect(start, `a form posting to /api/forms/${id}`).toBeGreaterThan(-1);
  const markup = html.slice(start, html.indexOf('</form>', start));
  const form = attributesOf(markup.slice(0, markup.indexOf('>')));
  const values: Record<string, string> = {};
  for (const [tag] of markup.matchAll(/<input\b[^>]*>/g)) {
    const input = attributesOf(tag);
    if (input['name']) values[input['name']] = input['value'] ?? '';
  }
  for (const [, tag, options] of markup.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const all = [...options!.matchAll(/<option\b([^>]*)>/g)].map(([, option]) => attributesOf(option!));
    const chosen = all.find((option) => 'selected' in option) ?? all[0];
    values[attributesOf(tag!)['name']!] = chosen?.['value'] ?? '';
  }
  for (const [, tag, text] of markup.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    values[attributesOf(tag!)['name']!] = decode(text!);
  }
  return { action: decode(form['action']!), enctype: form['enctype']!, values };
}

/** Posts a form as the browser does without scripts, from the page at `referer`. */
function post(request: APIRequestContext, form: PageForm, values: Record<string, string>, referer: string) {
  const options = { headers: { Accept: 'text/html', Referer: new URL(referer, baseURL).href }, maxRedirects: 0 };
  return form.enctype === 'multipart/form-data'
    ? request.post(form.action, { ...options, multipart: values })
    : request.post(form.action, { ...options, form: values });
}

/** The problems the page lists, each with the id of the control its link leads to. */
function listedProblems(html: string): { text: string; target: string }[] {
  const alert = /role="alert"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
  return [...alert.matchAll(/<a href="#([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(([, target, text]) => ({
    target: target!,
    text: decode(text!),
  }));
}

const unique = (id: string) => uniqueEmail(`http-${id}`);

for (const id of FORM_IDS) {
  const def = formDef(id);
  const { path } = FORM_PAGES[id];

  test.describe(`${id} form on ${path}, posted by the browser itself`, () => {
    let page: PageForm;
    test.beforeEach(async ({ request }) => {
      page = formIn(await (await request.get(path)).text(), id);
    });

    test('the page posts to its form with its encoding, and holds every field the definition names', () => {
      expect(page.action).toBe(`/api/forms/${id}`);
      expect(page.enctype).toBe(
        def.encoding === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
      );
      expect(Object.keys(page.values)).toEqual(expect.arrayContaining(def.fields.map((field) => field.name)));
    });

    test('a valid enquiry, sum and all, is stored once under the spec names and confirmed with its reference', async ({
      request,
    }) => {
      const email = unique(id);
      const typed = validValues(def, email);
      const values = { ...page.values, ...typed };
      if (def.travellers) Object.assign(values, { [def.travellers.adults]: '2', [def.travellers.children]: '1' });
      let response: APIResponse = await post(request, page, values, path);
      if (def.captcha) {
        // One extra step: the values come back with a sum to answer.
        expect(response.status()).toBe(200);
        let html = await response.text();
        expect(html).toContain('One more step to send your enquiry');
        let again = formIn(html, id);
        for (const [name, value] of Object.entries(typed)) expect(again.values[name], name).toBe(value);
        response = await post(request, again, { ...again.values, [def.captcha]: sumAnswer(html, 1) }, again.action);
        expect(response.status()).toBe(400);
        html = await response.text();
        expect(listedProblems(html).map((problem) => problem.text)).toEqual(['Invalid Captcha']);
        again = formIn(html, id);
        response = await post(request, again, { ...again.values, [def.captcha]: sumAnswer(html) }, again.action);
      }
      expect(response.status()).toBe(303);
      const sent = response.headers()['location']!;
      expect(sent).toMatch(/^\/enquiry\/sent\?lead=/);

      const leads = storedLeads(id, email);
      expect(leads).toHaveLength(1);
      expect(leads[0]!.reference).toMatch(REFERENCE);
      expectStoredAsTyped(leads[0]!, id, typed);
      const confirmation = await request.get(sent);
      expect(confirmation.status()).toBe(200);
      expect(decode(await confirmation.text())).toContain(
        `${def.messages.success} Your reference is ${leads[0]!.reference}.`,
      );
    });

    test('an empty send comes back 400 with every required field listed and linked, and stores nothing', async ({
      request,
    }) => {
      const email = unique(id);
      const blank = Object.fromEntries(
        Object.entries(page.values).map(([name, value]) => [name, name === 'email' ? '' : value]),
      );
      const response = await post(request, page, blank, path);
      expect(response.status()).toBe(400);
      const html = await response.text();
      const required = requiredWhenBlank(def);
      const problems = listedProblems(html);
      expect(problems).toHaveLength(required.length);
      for (const { target } of problems) {
        expect(html, `the link to #${target} leads to a control marked invalid`).toMatch(
          new RegExp(
            `<(input|select|textarea)\\b[^>]*id="${target}"[^>]*aria-invalid="true"|<(input|select|textarea)\\b[^>]*aria-invalid="true"[^>]*id="${target}"`,
          ),
        );
      }
      expect(storedLeads(id, email)).toHaveLength(0);
    });
  });
}

test.describe('where a visitor without scripts came from', () => {
  const path = FORM_PAGES.umrah.path;
  const def = formDef('umrah');

  test('a form page served to a visitor from another site carries its host through the sum step onto the lead', async ({
    request,
  }) => {
    const arriving = await request.get(path, {
      headers: { Referer: 'https://www.masjid.org/newsletter/ramadan', 'Accept-Encoding': 'br, gzip' },
    });
    // That answer is this visitor's own: compressed for it, never kept by a cache.
    expect(arriving.headers()['cache-control']).toBe('no-store');
    expect(arriving.headers()['content-encoding']).toBe('br');
    expect(arriving.headers()['etag']).toBeUndefined();
    const page = formIn(await arriving.text(), 'umrah');
    expect(page.values['_touch']).toBe('landing=%2Fumrah-packages&ref=masjid.org');

    // From within the site the page is the shared, precompressed one, with nothing filled in.
    const inside = await request.get(path, {
      headers: { Referer: new URL('/', baseURL).href, 'Accept-Encoding': 'br' },
    });
    expect(inside.headers()['content-encoding']).toBe('br');
    expect(formIn(await inside.text(), 'umrah').values['_touch']).toBe('');

    const email = unique('touch');
    const typed = validValues(def, email);
    let response = await post(request, page, { ...page.values, ...typed }, path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const again = formIn(html, 'umrah');
    expect(again.values['_touch']).toBe(page.values['_touch']);
    response = await post(request, again, { ...again.values, [def.captcha!]: sumAnswer(html) }, again.action);
    expect(response.status()).toBe(303);
    const [lead] = storedLeads('umrah', email);
    expect(lead?.fields).not.toHaveProperty('_touch');
    expect(firstTouchOf(lead!.reference)).toEqual({
      landing_path: '/umrah-packages',
      referrer_host: 'masjid.org',
      utm_source: null,
    });
  });
});

/** The first touch stored with the lead of `reference`, read straight from the SQLite file. */
function firstTouchOf(reference: string): Record<string, string | null> | undefined {
  const db = new DatabaseSync(resolve('reports/e2e-leads.db'), { readOnly: true });
  try {
    return db
      .prepare('SELECT landing_path, referrer_host, utm_source FROM leads WHERE reference = ?')
      .get(reference) as Record<string, string | null> | undefined;
  } finally {
    db.close();
  }
}
