import ICAL from 'ical.js';
import { expect, test } from '@playwright/test';
import type { QuoteDraft } from '@/lib/quotes/model';
import type { TravellerFields } from '@/lib/trips/travellers';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { QuoteStore } from '@/server/quotes/store';
import { TravellerStore } from '@/server/trips/store';
import { quoteDraft } from '../unit/support/quotes.ts';
import { startDesk, type Desk } from './support/desk.ts';
import { countOf } from '@/lib/format';
import { serverConfig } from '@/server/config';

/**
 * Issue 41's three cases on the family's trip page, in Chromium without JavaScript, against the
 * built server on SQLite: a tourist eVisa issued in December for a January trip, a departure on
 * 27 March 2027, a Cairo trip in January. Each booking is made through the store (quote sent,
 * accepted, deposit recorded, one traveller) as trip-page.spec.ts's family and staff would.
 */

const OWNER = { id: 'e2e-owner', email: 'owner@agency.example' };
/** The store's day for the booking's steps: the quotes were sent and accepted on it. */
const BOOKED_ON = '2026-12-01';

async function bookedTrip(desk: Desk, draft: Partial<QuoteDraft>, traveller: Partial<TravellerFields>) {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const fields = { name: 'Layla Haddad', email: 'layla@example.com', adults: '2' };
    const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null });
    const quotes = new QuoteStore(store.database);
    const saved = await quotes.saveDraft(
      { leadId: lead!.id },
      quoteDraft({ validUntil: '2026-12-31', schedule: [{ dueOn: '2026-12-10', amountCents: 545_250 }], ...draft }),
      OWNER,
      BOOKED_ON,
    );
    if (!saved?.ok) throw new Error(`draft refused: ${JSON.stringify(saved)}`);
    const sent = await quotes.send({ leadId: lead!.id, quoteId: saved.quoteId }, OWNER, BOOKED_ON);
    if (!sent?.ok) throw new Error('not sent');
    await quotes.accept(sent.token, 1, 'Layla Haddad', BOOKED_ON);
    const paid = await quotes.recordPayment(
      { leadId: lead!.id, quoteId: saved.quoteId },
      { paidOn: BOOKED_ON, amountCents: 150_000, method: 'cash' },
      OWNER,
      BOOKED_ON,
    );
    if (!paid?.ok) throw new Error(`payment refused: ${JSON.stringify(paid)}`);
    const added = await new TravellerStore(store.database).save(
      lead!.id,
      {
        quoteId: saved.quoteId,
        position: '',
        name: 'Layla Haddad',
        category: 'adult',
        passportExpiresOn: '2032-01-01',
        vaccine: 'given',
        vaccinatedOn: '',
        visaKind: 'umrah',
        visa: 'not-applied',
        visaOn: '',
        visaValidUntil: '',
        nusukPermitOn: '',
        ...traveller,
      },
      OWNER.email,
      BOOKED_ON,
    );
    if (!added?.ok) throw new Error(`traveller refused: ${JSON.stringify(added)}`);
    return sent.token;
  } finally {
    await store.close();
  }
}

const card = (page: import('@playwright/test').Page) => page.locator('section[aria-labelledby="travellers-heading"]');

test.describe("issue 41's cases on the family's trip page", () => {
  let desk: Desk;
  test.beforeAll(async () => {
    desk = await startDesk('sqlite');
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  test('a tourist eVisa issued in December for a January trip is done, not blocked', async ({ browser }) => {
    const token = await bookedTrip(
      desk,
      { departureOn: '2027-01-20', returnOn: '2027-02-03' },
      { visaKind: 'tourist', visa: 'issued', visaOn: '2026-12-01' },
    );
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${desk.origin}/quote/${token}`);
    await expect(card(page)).toContainText('Tourist eVisa');
    await expect(card(page)).toContainText('Done: issued.');
    await expect(card(page)).not.toContainText('Blocked');
    await expect(card(page)).not.toContainText('A new visa is needed');
    await context.close();
  });

  test('a departure on 27 March 2027 is told the Umrah visa cannot be used and what to do instead', async ({
    browser,
  }) => {
    const token = await bookedTrip(
      desk,
      {
        departureOn: '2027-03-27',
        returnOn: '2027-04-05',
        hotels: [
          { city: 'makkah', name: 'Hilton Suites Makkah', nights: 5, confirmed: true },
          { city: 'madinah', name: 'Pullman Zamzam Madinah', nights: 4, confirmed: false },
        ],
      },
      {},
    );
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${desk.origin}/quote/${token}`);
    await expect(card(page)).toContainText(
      'Blocked: an Umrah visa cannot be used for this arrival, as the last entry on one is about March 23, 2027, before Hajj. Use a tourist eVisa instead, or change the dates.',
    );
    await expect(card(page)).not.toContainText('apply between');
    const calendar = await (await fetch(`${desk.origin}/quote/${token}/trip.ics`)).text();
    const summaries = new ICAL.Component(ICAL.parse(calendar))
      .getAllSubcomponents('vevent')
      .map((event) => String(event.getFirstPropertyValue('summary')));
    expect(summaries.some((summary) => summary.includes('Visa window'))).toBe(false);
    await context.close();
  });

  test('a Cairo trip in January shows Egypt’s entry rule and no Umrah item, and its calendar says what it is', async ({
    browser,
  }) => {
    const token = await bookedTrip(
      desk,
      { packageSlug: 'cairo-4-days-package', hotels: [], departureOn: '2027-01-10', returnOn: '2027-01-14' },
      {},
    );
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${desk.origin}/quote/${token}`);
    await expect(card(page)).toContainText('Entry to Egypt');
    await expect(card(page)).toContainText('visa on arrival at Cairo airport');
    for (const umrah of ['Umrah visa', 'Nusuk permit', 'Meningitis']) await expect(card(page)).not.toContainText(umrah);
    await expect(page.getByText(/^Holiday in Egypt · departs/)).toBeVisible();
    const calendar = await (await fetch(`${desk.origin}/quote/${token}/trip.ics`)).text();
    const parsed = new ICAL.Component(ICAL.parse(calendar));
    expect(parsed.getFirstPropertyValue('x-wr-calname')).toBe('Holiday in Egypt with Miqat Travel');
    const summaries = parsed
      .getAllSubcomponents('vevent')
      .map((event) => String(event.getFirstPropertyValue('summary')));
    expect(summaries).toContain('Holiday in Egypt: departure');
    expect(summaries.join(' ')).not.toMatch(/Umrah|Nusuk|meningitis/);
    await context.close();
  });

  test('the privacy policy gives the travellers’ retention from the setting, and what is kept of the vaccine', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${desk.origin}/privacy-policy`);
    const policy = page.locator('article');
    // The setting as the site was built with it (the MDX holds a placeholder, never the figure).
    const retention = countOf(serverConfig().TRAVELLER_RETENTION_DAYS, 'day');
    await expect(policy).toContainText(`checklist details ${retention} after your return date`);
    await expect(policy).toContainText(`deleted automatically ${retention} after the trip`);
    await expect(policy).not.toContainText('a few weeks after');
    await expect(policy).toContainText('whether it is given and nothing more');
    await context.close();
  });
});
