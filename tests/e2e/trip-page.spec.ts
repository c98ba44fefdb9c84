import ICAL from 'ical.js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { formatDay, formatMonthYear } from '@/lib/dates';
import { site } from '@/lib/site';
import { addMonths } from '@/lib/trips/checklist';
import { FAMILY_ACTOR } from '@/lib/trips/family';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { QuoteStore } from '@/server/quotes/store';
import { TravellerStore } from '@/server/trips/store';
import { quoteDraft } from '../unit/support/quotes.ts';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';

/**
 * The family's trip page, in Chromium against the built server on SQLite (the stores' parity is the
 * unit suites' job). A quote for 2 adults and 2 children is sent through the store, as
 * desk-travellers.spec.ts does; the family accepts it on its page and staff record the deposit on
 * the lead page, both in the browser without JavaScript; the family then adds three travellers on
 * the same link, one whose passport expires too soon.
 */

const OWNER = { id: 'e2e-owner', email: 'owner@agency.example' };
const today = agencyDay(new Date(), site.timeZone);
const departure = addDays(today, 100);
/** Flights from Chicago: the travellers land the day after they leave. */
const arrival = addDays(departure, 1);
const goodPassport = addDays(departure, 2000);
/** Five months after arrival: within the six months Saudi Arabia asks for. */
const tooSoon = addMonths(arrival, 5);
const monthOf = (day: string) => formatMonthYear(new Date(`${day}T00:00:00Z`));

interface Booking {
  leadId: string;
  quoteId: string;
  token: string;
}

/** Runs `work` on the desk server's store, as staff's desk writes to it. */
async function onStore<T>(desk: Desk, work: (quotes: QuoteStore, travellers: TravellerStore) => Promise<T>) {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    return await work(new QuoteStore(store.database), new TravellerStore(store.database));
  } finally {
    await store.close();
  }
}

/** A lead with a quote for 2 adults and 2 children, sent (the family accepts it on its page). */
async function acceptedQuote(desk: Desk): Promise<Booking> {
  const response = await fetch(`${desk.origin}/api/forms/booking`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': '10.89.0.2', Accept: 'application/json' },
    body: new URLSearchParams({ name: 'Layla Haddad', email: 'layla@example.com', phone: '(713) 555-0123' }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return onStore(desk, async (quotes) => {
    const draft = quoteDraft({
      departureOn: departure,
      returnOn: addDays(departure, 14),
      validUntil: addDays(today, 7),
      lines: [
        { kind: 'double', label: '', unitCents: 189_900, count: 2 },
        { kind: 'child-with-bed', label: '', unitCents: 149_950, count: 2 },
        { kind: 'extra', label: 'Travel insurance', unitCents: 8_500, count: 4 },
      ],
      schedule: [
        { dueOn: addDays(today, 7), amountCents: 150_000 },
        { dueOn: addDays(departure, -45), amountCents: 553_700 },
      ],
    });
    const saved = await quotes.saveDraft({ leadId: id }, draft, OWNER, today);
    if (!saved?.ok) throw new Error(`draft refused: ${JSON.stringify(saved)}`);
    const sent = await quotes.send({ leadId: id, quoteId: saved.quoteId }, OWNER, today);
    if (!sent?.ok) throw new Error('not sent');
    return { leadId: id, quoteId: saved.quoteId, token: sent.token };
  });
}

const travellersCard = (page: Page) => page.locator('section[aria-labelledby="travellers-heading"]');
const addForm = (page: Page) => page.locator('#new-form');

/** Fills the family's add form and sends it. */
async function addTraveller(page: Page, fields: { name: string; category?: string; passport?: string }) {
  await addForm(page).getByLabel('Name as in the passport').fill(fields.name);
  if (fields.category)
    await addForm(page).getByLabel('Adult, child or infant').selectOption({ label: fields.category });
  if (fields.passport) await addForm(page).getByLabel('Passport expiry date').fill(fields.passport);
  await addForm(page).getByRole('button', { name: 'Add traveller' }).click();
}

function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}

/** A page in a context of its own; the axe checks need scripts on to run, the page itself has none. */
async function newPage(browser: Browser, width = 1280, javaScriptEnabled = false) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

test.describe("the family's trip page", () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let booking: Booking;

  test.beforeAll(async () => {
    desk = await startDesk('sqlite');
    booking = await acceptedQuote(desk);
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  test('becomes the trip once a deposit is recorded; the family adds three travellers without JavaScript', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser);
    const link = `${desk.origin}/quote/${booking.token}`;
    // The family accepts; accepted but not paid, the link is still the quote.
    await page.goto(link);
    await page.getByLabel('Your full name').fill('Layla Haddad');
    await page.getByLabel(/I have read the terms and conditions/).check();
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    // The accepting name is shortened as the travellers' are (issue 41): the link is forwarded.
    await expect(page.getByText(/^Accepted on .+ by Layla H\., for/)).toBeVisible();
    await expect(page.getByText('Layla Haddad')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Quote MQ-/);
    // Staff record the deposit on the lead page.
    const staff = await browser.newContext({ javaScriptEnabled: false });
    const desktop = await staff.newPage();
    await signIn(desktop, desk.origin, desk.agent.email, desk.agent.password);
    await desktop.goto(`${desk.origin}/admin/leads/${booking.leadId}`);
    await desktop.getByLabel('Amount ($)').fill('1,500');
    await desktop.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await desktop.getByRole('button', { name: 'Record payment' }).click();
    await expect(desktop.getByRole('status')).toHaveText('Payment recorded.');
    const response = await page.goto(link);
    expect(response?.headers()).toMatchObject({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your trip');
    await expect(page.locator('section[aria-labelledby="payments-heading"]')).toContainText(
      `$5,537 due by ${formatDay(addDays(departure, -45))}`,
    );
    await expect(page.locator('section[aria-labelledby="payments-heading"]')).toContainText('Paid so far: $1,500.');
    await expect(page.locator('section[aria-labelledby="call-heading"]')).toContainText(site.phone.display);
    await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(page.locator('section[aria-labelledby="carry-heading"]')).toContainText('Each passport');
    await expect(page.getByRole('heading', { name: 'Prices' })).toBeVisible();
    await expect(travellersCard(page)).toContainText(
      'The quote is for 2 adults, 2 children: 2 adults, 2 children still to add.',
    );

    // A name left empty: refused, said at once and beside the field, nothing added.
    await addTraveller(page, { name: '', passport: goodPassport });
    await expect(page.getByRole('alert')).toContainText('Please enter the name as in the passport.');
    await expect(addForm(page).getByLabel('Name as in the passport')).toHaveAttribute('aria-invalid', 'true');
    await expect(travellersCard(page)).toContainText('No travellers yet');

    await addTraveller(page, { name: 'Layla Haddad', passport: goodPassport });
    await expect(page).toHaveURL(/done=traveller/);
    await expect(page.getByRole('status')).toHaveText('Traveller saved.');
    await addTraveller(page, { name: 'Omar Haddad', passport: tooSoon });
    await expect(page.getByRole('status')).toHaveText('Traveller saved.');
    // A third adult is more than the quote: refused with the message, then saved as a child.
    await addTraveller(page, { name: 'Sara Haddad', passport: goodPassport });
    await expect(page.getByRole('alert')).toContainText(
      'The accepted quote is for 2 adults, 2 children: this would make 3 adults.',
    );
    await addForm(page).getByLabel('Adult, child or infant').selectOption({ label: 'Child' });
    await addForm(page).getByRole('button', { name: 'Add traveller' }).click();
    await expect(page.getByRole('status')).toHaveText('Traveller saved.');
    await expect(travellersCard(page)).toContainText('1 child still to add.');

    const omar = travellersCard(page).getByRole('listitem').filter({ hasText: 'Omar H.' });
    await expect(omar).toContainText('Standing: Blocked');
    const blocked = omar.getByText(`Blocked: it expires in ${monthOf(tooSoon)}, and it must be valid until`);
    await expect(blocked).toContainText(`${formatDay(addMonths(arrival, 6))}. A new passport is needed.`);
    expect(await blocked.evaluate((element) => element.className)).toContain('text-red-800');
    // Never the details back in full: no full expiry day, no full family name.
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(formatDay(tooSoon));
    expect(text).not.toContain(formatDay(goodPassport));
    expect(text).not.toContain('Omar Haddad');

    // Filling in what is missing for a traveller, without seeing what is stored.
    const layla = travellersCard(page).getByRole('listitem').filter({ hasText: 'Layla H.' });
    await layla.getByText('Add or correct details for Layla H.').click();
    const laylaForm = page.locator('#t1-form');
    await expect(laylaForm.getByLabel('Passport expiry date')).toHaveValue('');
    await laylaForm.getByLabel('Nusuk permit booked for').fill(addDays(arrival, 1));
    await laylaForm.getByRole('button', { name: 'Save these details' }).click();
    await expect(page.getByRole('status')).toHaveText('Traveller saved.');
    await expect(travellersCard(page).getByRole('listitem').filter({ hasText: 'Layla H.' })).toContainText(
      'Done: booked.',
    );
    await context.close();

    // The desk's history has each change, as the family's, with its time.
    await desktop.goto(`${desk.origin}/admin/leads/${booking.leadId}`);
    const history = desktop.locator('section[aria-labelledby="history-heading"] li');
    // Each entry with its time, the family as who, and which traveller and fields (never the values).
    const when = String.raw`\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M`;
    await expect(history.filter({ hasText: 'Traveller 3 added (child)' })).toHaveText(
      new RegExp(`^${when} \\w+, ${FAMILY_ACTOR}: Travellers: Traveller 3 added \\(child\\)$`),
    );
    await expect(history.filter({ hasText: 'Traveller 1 changed: Nusuk permit' })).toHaveText(
      new RegExp(`^${when} \\w+, ${FAMILY_ACTOR}: Travellers: Traveller 1 changed: Nusuk permit$`),
    );
    await staff.close();
  });

  test('a family of four prints on one or two pages of Letter and of A4', async ({ browser }) => {
    await onStore(desk, async (_, travellers) => {
      const fourth = {
        quoteId: booking.quoteId,
        position: '',
        name: 'Yusuf Haddad',
        category: 'child',
        passportExpiresOn: goodPassport,
        vaccine: '',
        vaccinatedOn: '',
        visaKind: 'umrah',
        visa: 'not-applied',
        visaOn: '',
        visaValidUntil: '',
        nusukPermitOn: '',
      };
      expect(await travellers.save(booking.leadId, fourth, FAMILY_ACTOR, today)).toMatchObject({ ok: true });
    });
    const { context, page } = await newPage(browser);
    await page.goto(`${desk.origin}/quote/${booking.token}`);
    await expect(travellersCard(page).getByRole('listitem')).toHaveCount(4);
    await page.emulateMedia({ media: 'print' });
    await expect(addForm(page)).toHaveCount(0);
    await expect(page.getByText('Add or correct details for Layla H.')).toBeHidden();
    await expect(page.getByText('Standing: Blocked')).toBeVisible();
    for (const format of ['Letter', 'A4'] as const) {
      const pages = pdfPages(await page.pdf({ format }));
      console.log(`trip page printed on ${format}: ${pages} page(s)`);
      expect(pages, format).toBeGreaterThanOrEqual(1);
      expect(pages, format).toBeLessThanOrEqual(2);
    }
    await context.close();
  });

  test("the calendar file parses with ical.js and has the trip's dates, with no names", async ({ request }) => {
    const response = await request.get(`${desk.origin}/quote/${booking.token}/trip.ics`);
    expect(response.status()).toBe(200);
    expect(response.headers()).toMatchObject({
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    });
    const text = await response.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).not.toMatch(/Layla|Omar|Sara|Yusuf|Haddad|conjugate|vaccinated/i);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((each) => new ICAL.Event(each));
    const byDay = events.map((event) => `${event.startDate.toString()} ${event.summary}`);
    expect(byDay).toEqual(
      expect.arrayContaining([
        `${departure} Umrah trip: departure`,
        `${addDays(departure, 14)} Umrah trip: return`,
        // 30 days before the latest arrival: the computed one and the 2 days' margin for a late flight.
        `${addDays(arrival, 2 - 30)} Visa window opens for 4 travellers`,
        `${addDays(departure, -45)} Balance due: $5,537`,
      ]),
    );
    expect(events.every((event) => event.startDate.isDate && event.uid.length > 0)).toBe(true);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
  });

  test('the trip page and its print view pass axe and html-validate, wide and narrow', async ({ browser }) => {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, width, true);
      const response = await page.goto(`${desk.origin}/quote/${booking.token}`);
      expect(response?.status()).toBe(200);
      const html = await response!.text();
      expect(await htmlProblems(html, `trip-page-${width}`), `at ${width} px`).toEqual([]);
      expect(await axeViolations(page), `screen at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await page.emulateMedia({ media: 'print' });
      expect(await axeViolations(page), `print at ${width} px`).toEqual([]);
      await page.emulateMedia({ media: 'screen' });
      // A refused fill-in: its form open again with the problem, beside the field and announced.
      await page.getByText('Add or correct details for Sara H.').click();
      await page.locator('#t3-form').getByLabel('Status').selectOption({ label: 'Issued' });
      await page.locator('#t3-form').getByRole('button', { name: 'Save these details' }).click();
      await expect(page.getByRole('alert')).toContainText('Please enter the day the visa was issued.');
      await expect(page.locator('#t3-form').getByLabel('Applied or issued on')).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(page), `a refused form at ${width} px`).toEqual([]);
      await context.close();
    }
  });

  test("the form's post is answered with a 303 to the page; a forged or cross-site one is refused and saves nothing", async ({
    request,
  }) => {
    const link = `${desk.origin}/quote/${booking.token}`;
    const html = await (await request.get(link)).text();
    const formToken = /name="tripToken" value="([^"]+)"/.exec(html)?.[1];
    expect(formToken).toBeTruthy();
    // A client of its own: the browser tests' posts count against the limit per client and link.
    const client = { 'X-Forwarded-For': '10.89.0.3' };
    const fill = { action: 'traveller', position: '4', tripToken: formToken!, nusukPermitOn: addDays(arrival, 2) };
    const before = await onStore(desk, (_, travellers) => travellers.travellersOf(booking.leadId));
    for (const [name, form, headers] of [
      ['forged token', { ...fill, tripToken: 'forged' }, { ...client, Origin: 'null' }],
      ['another site', fill, { ...client, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ] as const) {
      const refused = await request.post(link, { form, headers, maxRedirects: 0 });
      expect(refused.status(), name).toBe(403);
      expect(await refused.text(), name).toContain('This form did not come from your trip page, so nothing was saved.');
    }
    expect(await onStore(desk, (_, travellers) => travellers.travellersOf(booking.leadId))).toEqual(before);
    const saved = await request.post(link, { form: fill, headers: { ...client, Origin: 'null' }, maxRedirects: 0 });
    expect(saved.status()).toBe(303);
    expect(saved.headers()['location']).toBe(`/quote/${booking.token}?done=traveller`);
    const after = await onStore(desk, (_, travellers) => travellers.travellersOf(booking.leadId));
    expect(after[3]).toMatchObject({
      name: 'Yusuf Haddad',
      nusukPermitOn: addDays(arrival, 2),
      updatedBy: FAMILY_ACTOR,
    });
  });

  test('a random link and a replaced link get the same 404 as a missing page, on the page and its calendar', async ({
    request,
  }) => {
    const missing = await request.get(`${desk.origin}/no-such-page`);
    expect(missing.status()).toBe(404);
    const fresh = await onStore(desk, (quotes) => quotes.reissueLink(booking, { id: 'e2e-owner', email: OWNER.email }));
    const random = 'A'.repeat(booking.token.length);
    for (const token of [random, booking.token]) {
      for (const path of [`/quote/${token}`, `/quote/${token}/trip.ics`]) {
        const response = await request.get(`${desk.origin}${path}`);
        expect(response.status(), path).toBe(404);
        expect(await response.text(), path).toBe(await missing.text());
      }
    }
    expect((await request.get(`${desk.origin}/quote/${fresh}`)).status()).toBe(200);
    expect((await request.get(`${desk.origin}/quote/${fresh}/trip.ics`)).status()).toBe(200);
  });
});
