import { expect, test, type Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { formatDay } from '@/lib/dates';
import { site } from '@/lib/site';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { QuoteStore } from '@/server/quotes/store';
import { TravellerStore } from '@/server/trips/store';
import { quoteDraft } from '../unit/support/quotes.ts';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { axeViolations, axeViolationsWithWideTables, htmlProblems } from './support/gates.ts';

/**
 * The departures board, in Chromium with scripts off against the built server on SQLite (the
 * stores' parity is the unit suites' job). Two families accept a quote for 2 adults and a child
 * (through the store, as the pilgrim's page does): staff record the Haddads' deposit and add their
 * two of their three travellers on the lead page, one with a passport expiring too soon; the Rahmans' deposit and
 * travellers, all ready, are recorded through the store. The board shows both with their counts, and
 * its "blocked" filter keeps the Haddads and drops the Rahmans.
 */

const OWNER = { id: 'e2e-owner', email: 'owner@agency.example' };
const today = agencyDay(new Date(), site.timeZone);
const HADDAD_DEPARTS = addDays(today, 30);
const RAHMAN_DEPARTS = addDays(today, 20);

/** A lead with a quote for 2 adults and a child departing on `departureOn`, accepted; its quote's id. */
async function acceptedQuote(desk: Desk, name: string, departureOn: string) {
  const response = await fetch(`${desk.origin}/api/forms/booking`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': '10.89.0.2', Accept: 'application/json' },
    body: new URLSearchParams({
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      phone: '(713) 555-0123',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id, reference } = (await response.json()) as { id: string; reference: string };
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const quotes = new QuoteStore(store.database);
    const draft = quoteDraft({
      departureOn,
      returnOn: addDays(departureOn, 14),
      validUntil: addDays(today, 7),
      schedule: [
        { dueOn: addDays(today, 7), amountCents: 150_000 },
        { dueOn: addDays(today, 10), amountCents: 395_250 },
      ],
    });
    const saved = await quotes.saveDraft({ leadId: id }, draft, OWNER, today);
    if (!saved?.ok) throw new Error(`draft refused: ${JSON.stringify(saved)}`);
    const sent = await quotes.send({ leadId: id, quoteId: saved.quoteId }, OWNER, today);
    if (!sent?.ok) throw new Error('not sent');
    await quotes.accept(sent.token, 1, name, today);
    return { leadId: id, quoteId: saved.quoteId, reference };
  } finally {
    await store.close();
  }
}

/** The Rahmans' deposit and three travellers, every one ready, recorded through the store. */
async function readyFamily(desk: Desk, target: { leadId: string; quoteId: string }, departureOn: string) {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const deposit = { paidOn: today, amountCents: 150_000, method: 'bank-transfer' };
    const paid = await new QuoteStore(store.database).recordPayment(target, deposit, OWNER, today);
    if (!paid?.ok) throw new Error('deposit refused');
    const travellers = new TravellerStore(store.database);
    for (const [name, category] of [
      ['Yusuf Rahman', 'adult'],
      ['Aisha Rahman', 'adult'],
      ['Zaid Rahman', 'child'],
    ] as const) {
      const saved = await travellers.save(
        target.leadId,
        {
          quoteId: target.quoteId,
          position: '',
          name,
          category,
          passportExpiresOn: addDays(departureOn, 3000),
          vaccine: 'conjugate',
          vaccinatedOn: addDays(today, -20),
          // Their own tourist eVisa, issued: a visa only applied for waits, and is never ready (issue 41).
          visaKind: 'tourist',
          visa: 'issued',
          visaOn: today,
          visaValidUntil: '',
          nusukPermitOn: addDays(departureOn, 2),
        },
        OWNER.email,
        today,
      );
      if (!saved?.ok) throw new Error(`traveller refused: ${JSON.stringify(saved)}`);
    }
  } finally {
    await store.close();
  }
}

const form = (page: Page) => page.locator('#traveller-form');
const row = (page: Page, reference: string) => page.locator(`tr[data-reference="${reference}"]`);
const cells = (page: Page, reference: string) => row(page, reference).locator('td').allInnerTexts();

test.describe('the departures board', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let haddad: { leadId: string; quoteId: string; reference: string };
  let rahman: { leadId: string; quoteId: string; reference: string };

  test.beforeAll(async () => {
    desk = await startDesk('sqlite');
    haddad = await acceptedQuote(desk, 'Layla Haddad', HADDAD_DEPARTS);
    rahman = await acceptedQuote(desk, 'Yusuf Rahman', RAHMAN_DEPARTS);
    await readyFamily(desk, rahman, RAHMAN_DEPARTS);
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  test('staff record a deposit and travellers, one blocked; the board counts them and its filter keeps only the blocked', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);

    // Accepted but no deposit yet: not a booking, not on the board.
    await page.goto(`${desk.origin}/admin/departures`);
    await expect(row(page, rahman.reference)).toHaveCount(1);
    await expect(row(page, haddad.reference)).toHaveCount(0);

    await page.goto(`${desk.origin}/admin/leads/${haddad.leadId}`);
    await page.getByLabel('Amount ($)').fill('1,500');
    await page.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByRole('status')).toHaveText('Payment recorded.');
    for (const [name, category, passport] of [
      ['Layla Haddad', 'Adult', addDays(HADDAD_DEPARTS, 3000)],
      ['Omar Haddad', 'Adult', addDays(HADDAD_DEPARTS, 60)],
    ] as const) {
      await form(page).getByLabel('Name as in the passport').fill(name);
      await form(page).getByLabel('Category').selectOption({ label: category });
      await form(page).getByLabel('Passport expiry date').fill(passport);
      await form(page).getByRole('button', { name: 'Add traveller' }).click();
      await expect(page.getByRole('status')).toHaveText('Traveller saved.');
    }

    // From the nav, as staff would reach it.
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Departures' }).click();
    await expect(page).toHaveURL(/\/admin\/departures$/);
    await expect(page.getByRole('link', { name: 'Departures' })).toHaveAttribute('aria-current', 'page');
    await expect(
      page.getByText('2 bookings departing in the next 60 days: 1 not ready, 1 with a blocked traveller.'),
    ).toBeVisible();
    // Soonest first.
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await expect(page.locator('tbody tr').first()).toHaveAttribute('data-reference', rahman.reference);
    expect(await cells(page, haddad.reference)).toEqual([
      formatDay(HADDAD_DEPARTS),
      formatDay(addDays(HADDAD_DEPARTS, 14)),
      haddad.reference,
      'Layla Haddad',
      'English',
      '2 of 3\n2 adults, 1 child',
      '0',
      '0',
      '1',
      '1 blocked',
    ]);
    expect(await cells(page, rahman.reference)).toEqual([
      formatDay(RAHMAN_DEPARTS),
      formatDay(addDays(RAHMAN_DEPARTS, 14)),
      rahman.reference,
      'Yusuf Rahman',
      'English',
      '3 of 3\n2 adults, 1 child',
      '3',
      '0',
      '0',
      '0',
    ]);

    await page.getByLabel('Only bookings with a blocked traveller').check();
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/show=blocked/);
    await expect(page.getByLabel('Only bookings with a blocked traveller')).toBeChecked();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(row(page, haddad.reference)).toHaveCount(1);

    // The reference opens the lead page at its Travellers card.
    await row(page, haddad.reference).getByRole('link', { name: haddad.reference }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${haddad.leadId}#travellers-heading$`));
    await expect(page.locator('section[aria-labelledby="travellers-heading"]')).toContainText('Omar Haddad');
    await context.close();
  });

  test('works from the keyboard: the filter is ticked and sent, and each booking opened, without a mouse', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/departures`);
    const box = page.getByLabel('Only bookings with a blocked traveller');
    await page.locator('#main').focus();
    for (let tabs = 0; tabs < 30 && !(await box.evaluate((element) => element === document.activeElement)); tabs += 1)
      await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    // Focus is shown.
    expect(await box.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/show=blocked/);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    const link = row(page, haddad.reference).getByRole('link', { name: haddad.reference });
    for (let tabs = 0; tabs < 30 && !(await link.evaluate((element) => element === document.activeElement)); tabs += 1)
      await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${haddad.leadId}#travellers-heading$`));
    await context.close();
  });

  test('the board passes axe and html-validate, wide and narrow, whole and filtered', async ({ browser }) => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      for (const path of ['/admin/departures', '/admin/departures?show=blocked']) {
        const response = await page.goto(`${desk.origin}${path}`);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('tbody tr').first()).toBeVisible();
        expect(await htmlProblems(await response!.text(), `departures-${width}`), `${path} at ${width} px`).toEqual([]);
        expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
        if (width === 390) expect(await axeViolationsWithWideTables(page), `${path}, wide tables`).toEqual([]);
      }
      await context.close();
    }
  });
});
