import { outboxKinds } from '@/server/message-kinds';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_TOUCH_SCRIPT } from '@/lib/first-touch-script';
import { NO_TOUCH } from '@/lib/leads/first-touch';
import { findPersonRecords, personExport } from '@/lib/desk/privacy';
import { DeskListStore } from '@/server/desk/list-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import { LeadApi } from '@/server/leads/api';
import { leadApiConfig } from '@/server/leads/config';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, storeEnv, testStoreLocation, type StoreKind } from './support/stores';

/*
 * Where an enquiry came from, on both stores: what the lead API keeps of the first touch a form
 * carries (and what it drops), what the store keeps when handed a touch directly, and the
 * dashboard's sums per source and landing page.
 */

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((store) => store.close()));
});

const CLIENT = '203.0.113.7';
const hajj = { name: 'Amina Yusuf', email: 'amina@example.com', phone: '3125550147', message: 'Hajj for my parents.' };

async function apiOn(kind: StoreKind) {
  const api = new LeadApi(leadApiConfig({ ...storeEnv(await testStoreLocation(kind)), LEADS_RATE_LIMIT: '50' }));
  closing.push(api.store);
  /** Sends the Hajj form with `touch` as its first-touch field; answers the stored lead. */
  const send = async (touch: string | undefined, headers: Record<string, string> = {}) => {
    const body = new URLSearchParams({ ...hajj, ...(touch === undefined ? {} : { _touch: touch }) });
    const request = new Request('http://127.0.0.1:4321/api/forms/hajj', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:4321', ...headers },
      body,
    });
    const response = await api.submit('hajj', request, CLIENT);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    return (await api.store.getLead(id))!;
  };
  return { api, send };
}

describe.each(STORE_KINDS)('first-touch capture on %s', (kind) => {
  it('keeps the landing page, the referring host and the campaign tags beside the fields, never in them', async () => {
    const { send } = await apiOn(kind);
    const lead = await send(
      'landing=%2F&ref=www.Masjid.org&utm_source=Masjid-Newsletter&utm_medium=email&utm_campaign=ramadan',
      { referer: 'https://miqat-travel.example/hajj-packages' },
    );
    expect(lead.firstTouch).toEqual({
      landingPath: '/',
      referrerHost: 'masjid.org',
      utmSource: 'masjid-newsletter',
      utmMedium: 'email',
      utmCampaign: 'ramadan',
    });
    expect(lead.fields).toEqual(hajj);
    expect(lead.pageUrl).toBe('https://miqat-travel.example/hajj-packages');
  });

  it('stores the enquiry whatever the touch holds: hostile or long parts are dropped to null, the rest kept', async () => {
    const { send } = await apiOn(kind);
    const hostile = new URLSearchParams({
      landing: '//evil.example/<script>',
      ref: 'javascript:alert(1)',
      utm_source: "=HYPERLINK('x')",
      utm_medium: 'x'.repeat(61),
      utm_campaign: 'eid',
    }).toString();
    expect((await send(hostile)).firstTouch).toEqual({ ...NO_TOUCH, utmCampaign: 'eid' });
    // Over 1,000 characters the field is not read at all.
    expect((await send(`landing=%2F&utm_source=a&pad=${'x'.repeat(1000)}`)).firstTouch).toEqual(NO_TOUCH);
    expect((await send(undefined)).firstTouch).toEqual(NO_TOUCH);
    expect((await send('')).firstTouch).toEqual(NO_TOUCH);
  });

  it("ignores the site's own host as a referrer: the canonical one and the one the request was made to", async () => {
    const { send } = await apiOn(kind);
    expect((await send('landing=%2Fabout-us&ref=miqat-travel.example')).firstTouch).toEqual({
      ...NO_TOUCH,
      landingPath: '/about-us',
    });
    expect((await send('landing=%2F&ref=127.0.0.1')).firstTouch).toEqual({ ...NO_TOUCH, landingPath: '/' });
  });

  it('checks a touch handed to the store directly the same way, on both stores', async () => {
    const store = await openTestStore(kind);
    closing.push(store);
    const firstTouch = {
      landingPath: '/ramadan-umrah?x=1',
      referrerHost: 'google.com',
      utmSource: 'A'.repeat(10),
      utmMedium: 'cpc',
      utmCampaign: 'x'.repeat(61),
    };
    const stored = await store.insertLead({ formId: 'hajj', fields: hajj, pageUrl: null, userAgent: null, firstTouch });
    expect(stored!.firstTouch).toEqual({ ...NO_TOUCH, referrerHost: 'google.com', utmMedium: 'cpc' });
    expect((await store.getLead(stored!.id))!.firstTouch).toEqual(stored!.firstTouch);
  });
});

describe.each(STORE_KINDS)('first touch and privacy on %s', (kind) => {
  it("is in the person's export and leaves with the enquiry when it is erased", async () => {
    const store = await openTestStore(kind);
    closing.push(store);
    const privacy = new PrivacyStore(store);
    const firstTouch = { ...NO_TOUCH, landingPath: '/', utmSource: 'masjid-newsletter' };
    const lead = (await store.insertLead({
      formId: 'hajj',
      fields: hajj,
      pageUrl: null,
      userAgent: null,
      firstTouch,
      language: 'bn',
    }))!;
    const query = { email: hajj.email, phone: '' };
    const exported = personExport(await findPersonRecords(privacy, query), query, new Date(), outboxKinds.messageLabel);
    expect(exported.leads[0]!.firstTouch).toEqual(firstTouch);
    // The language the enquiry came in is the person's too.
    expect(exported.leads[0]!.language).toBe('Bengali');
    await privacy.eraseLeads([lead.id], 'owner@agency.example');
    expect(await store.database.all('SELECT utm_source FROM leads WHERE utm_source IS NOT NULL')).toEqual([]);
  });
});

describe('the first-touch script', () => {
  /** Runs the layout's script on one page load of a tab whose storage is `storage`. */
  const load = (storage: Map<string, string>, href: string, referrer: string) => {
    const sessionStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: unknown) => storage.set(key, String(value)),
    };
    const location = new URL(href);
    runInNewContext(FIRST_TOUCH_SCRIPT, { sessionStorage, location, document: { referrer }, URL, URLSearchParams });
  };

  it('keeps the first page of the tab and its tags, and keeps them across the pages after it', () => {
    const tab = new Map<string, string>();
    load(
      tab,
      'https://miqat-travel.example/?utm_source=masjid-newsletter&utm_campaign=ramadan',
      'https://masjid.org/x',
    );
    load(tab, 'https://miqat-travel.example/hajj-packages?utm_source=other', 'https://miqat-travel.example/');
    expect(Object.fromEntries(new URLSearchParams(tab.get('first-touch')))).toEqual({
      landing: '/',
      ref: 'masjid.org',
      utm_source: 'masjid-newsletter',
      utm_campaign: 'ramadan',
    });
  });

  it('leaves out its own site as a referrer and cuts long tags short', () => {
    const tab = new Map<string, string>();
    load(tab, `https://miqat-travel.example/contact-us?utm_medium=${'m'.repeat(300)}`, 'https://miqat-travel.example/');
    const kept = new URLSearchParams(tab.get('first-touch'));
    expect(kept.get('ref')).toBeNull();
    expect(kept.get('utm_medium')).toHaveLength(100);
  });

  it('does nothing when the browser refuses storage', () => {
    const refusing = {
      get sessionStorage(): never {
        throw new Error('SecurityError');
      },
    };
    expect(() => runInNewContext(FIRST_TOUCH_SCRIPT, refusing)).not.toThrow();
  });
});

const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
const NOW = new Date('2026-11-20T15:00:00.000Z');

describe.each(STORE_KINDS)('the dashboard by source on %s', (kind) => {
  it('sums the leads since a time per source and landing page, with their quotes, bookings and payments', async () => {
    const store = await openTestStore(kind);
    closing.push(store);
    const quotes = new QuoteStore(store.database);
    const lead = async (touch: Partial<typeof NO_TOUCH>, receivedAt = new Date('2026-11-18T10:00:00.000Z')) =>
      (await store.insertLead(
        { formId: 'hajj', fields: hajj, pageUrl: null, userAgent: null, firstTouch: { ...NO_TOUCH, ...touch } },
        { now: receivedAt },
      ))!.id;
    const newsletter = { utmSource: 'masjid-newsletter', referrerHost: 'masjid.org', landingPath: '/' };
    const booked = await lead(newsletter);
    await lead(newsletter);
    await lead({ ...newsletter, landingPath: '/ramadan-umrah' });
    const searched = await lead({ referrerHost: 'google.com', landingPath: '/' });
    await lead({});
    // Before the period: left out.
    await lead(newsletter, new Date('2026-08-01T10:00:00.000Z'));

    const sendQuote = async (leadId: string) => {
      const saved = await quotes.saveDraft({ leadId }, quoteDraft(), AMINA, TODAY, NOW);
      if (!saved?.ok) throw new Error('draft refused');
      const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, NOW);
      if (!sent?.ok) throw new Error('not sent');
      return { quoteId: saved.quoteId, token: sent.token };
    };
    const { quoteId, token } = await sendQuote(booked);
    await quotes.accept(token, 1, 'Amina Yusuf', TODAY, NOW);
    const payment = { paidOn: TODAY, amountCents: 150_000, method: 'bank-transfer' };
    expect((await quotes.recordPayment({ leadId: booked, quoteId }, payment, AMINA, TODAY, NOW))?.ok).toBe(true);
    await sendQuote(searched);
    // A draft never sent is not a quote sent.
    await quotes.saveDraft({ leadId: searched }, quoteDraft(), AMINA, TODAY, NOW);

    const rows = await new DeskListStore(store.database).sourceRows('2026-09-01T00:00:00.000Z');
    const sorted = [...rows].sort((a, b) => `${a.source}${a.landingPath}`.localeCompare(`${b.source}${b.landingPath}`));
    expect(sorted).toEqual([
      { source: 'google.com', landingPath: '/', enquiries: 1, quotes: 1, bookings: 0, receivedCents: 0 },
      { source: 'masjid-newsletter', landingPath: '/', enquiries: 2, quotes: 1, bookings: 1, receivedCents: 150_000 },
      {
        source: 'masjid-newsletter',
        landingPath: '/ramadan-umrah',
        enquiries: 1,
        quotes: 0,
        bookings: 0,
        receivedCents: 0,
      },
      { source: null, landingPath: null, enquiries: 1, quotes: 0, bookings: 0, receivedCents: 0 },
    ]);
  });
});
