import { fillFamilyQuote } from './support/quotes';
import { expect, test } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { BOOKING_CONFIRMED_WHEN, HELD_WHEN, PRICE_GUARANTEED_WHEN } from '@/lib/quotes/booking-rule';
import { site } from '@/lib/site';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { axeViolations, axeViolationsWithWideTables, htmlProblems } from './support/gates.ts';
import { recordScripts } from './support/scripts.ts';
import { parseMail, startSmtpServer } from '../unit/support/smtp.ts';

/**
 * Issue 35, before any deposit (review P05, P06, P07), in Chromium against the built server on
 * SQLite with a local SMTP server: staff send a quote from the desk; the pilgrim opens it with
 * scripts off and sees, above "Accept", the agency's cancellation charges worked out for the quote
 * and the total by credit card; accepts; the acceptance email carries the charges, and the lead page
 * shows the ones accepted. The terms print the same schedule as a table and the same rule.
 */

const PACKAGE = '10-nights-3-star-chicago-umrah-package';
const today = agencyDay(new Date(), site.timeZone);
const departure = addDays(today, 100);
/** The quote below: two adults at $1,899.50 and a child at $1,499, three insurances at $85: $5,553. */
const CHARGES = [
  ['More than 60 days before departure', '$100 per traveler', '$300'],
  ['60 to 31 days before departure', '25% of the trip price', '$1,388.25'],
  ['30 to 15 days before departure', '50% of the trip price', '$2,776.50'],
  ['14 days or fewer before departure', '100% of the trip price', '$5,553'],
] as const;
const RULE = `${PRICE_GUARANTEED_WHEN} ${HELD_WHEN} ${BOOKING_CONFIRMED_WHEN}`;

/** `text` as a regular expression that matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('cancellation charges before any deposit', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let lead: { id: string; reference: string };
  let token = '';

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    desk = await startDesk('sqlite', { SMTP_URL: smtp.url, LEADS_WORKER_INTERVAL_MS: '250' });
    const response = await fetch(`${desk.origin}/api/forms/booking`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '10.89.0.1', Accept: 'application/json' },
      body: new URLSearchParams({
        name: 'Maryam Siddiqui',
        email: 'maryam@example.com',
        phone: '(312) 555-0148',
        package_id: PACKAGE,
        package_name: 'Chicago 10 Nights 3 Star Umrah Package',
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    lead = (await response.json()) as { id: string; reference: string };
  });
  test.afterAll(async () => {
    await desk?.stop();
    await smtp?.close();
  });

  test('staff send a quote from the desk; it goes with the schedule', async ({ page }) => {
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/leads/${lead.id}`);
    await page.getByRole('link', { name: 'Make a quote' }).click();
    await fillFamilyQuote(page, departure);
    await page.getByRole('button', { name: 'Propose a schedule' }).click();
    await expect(page.getByRole('status')).toContainText('proposed the schedule');
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await expect(page.getByRole('status')).toHaveText('Quote saved. Check the totals and the schedule, then send it.');
    await page.getByRole('button', { name: 'Send version 1' }).click();
    await expect(page.getByRole('status')).toHaveText('Quote sent. Its link is below: copy it or send it by WhatsApp.');
    token = (await page.getByLabel('Private link').inputValue()).split('/').at(-1)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    // The quote's email: the total by credit card beside the total, and the price rule.
    await expect
      .poll(() => smtp.state.received.filter((mail) => mail.raw.includes('/quote/')).length, { timeout: 15_000 })
      .toBe(1);
    const { text } = parseMail(smtp.state.received.find((mail) => mail.raw.includes('/quote/'))!.raw);
    expect(text).toContain('$5,553 (total by credit card (3% fee): $5,719.59)');
    expect(text).toContain(PRICE_GUARANTEED_WHEN);
  });

  test('the pilgrim, scripts off, sees the charges and the card total above Accept, accepts, and is emailed the charges', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${desk.origin}/quote/${token}`);
    const charges = page.getByRole('table', { name: /^Cancellation charges for this quote/ });
    await expect(charges.getByRole('row')).toHaveText([
      /When you cancel\s*Charge\s*For this quote/,
      ...CHARGES.map(([when, rule, amount]) => new RegExp(`${when}.*${escape(rule)}\\s*${escape(amount)}`)),
    ]);
    await expect(page.locator('[data-card-total]')).toHaveText(/Total by credit card \(3% fee\)\s*\$5,719\.59/);
    await expect(page.locator('[data-booking-rule]')).toHaveText(RULE);
    // Above "Accept": the charges and the card total come before the form, on the page and to the eye.
    const acceptY = (await page.getByRole('heading', { name: 'Accept this quote' }).boundingBox())!.y;
    expect((await charges.boundingBox())!.y).toBeLessThan(acceptY);
    expect((await page.locator('[data-card-total]').boundingBox())!.y).toBeLessThan(acceptY);
    await expect(page.getByRole('form', { name: 'Accept this quote' })).toContainText(BOOKING_CONFIRMED_WHEN);

    await page.getByLabel('Your full name').fill('Maryam Siddiqui');
    await page.getByLabel(/I have read the terms and conditions and the cancellation charges/).check();
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Thank you: your acceptance is recorded\./);
    await expect(page.getByText(`by Maryam S., for $5,553. ${BOOKING_CONFIRMED_WHEN}`)).toBeVisible();
    // The accepted quote still shows the charges it was accepted with.
    await expect(charges.getByRole('row')).toHaveCount(CHARGES.length + 1);
    expect(scripts).toEqual([]);
    await context.close();

    const confirmation = () =>
      smtp.state.received.find(
        (mail) => mail.to.includes('maryam@example.com') && mail.raw.includes('Thank you for accepting your quote'),
      );
    await expect.poll(() => confirmation() !== undefined, { timeout: 15_000 }).toBe(true);
    const { headers, text } = parseMail(confirmation()!.raw);
    expect(headers['subject']).toBe(`Thank you for accepting your quote: reference ${lead.reference}`);
    expect(text).toContain('Cancellation charges (as accepted)');
    for (const [when, rule, amount] of CHARGES)
      expect(text).toMatch(new RegExp(`- ${when} \\(.+\\): ${escape(`${rule}, ${amount}`)}`));
    expect(text).toContain('$5,553 (total by credit card (3% fee): $5,719.59)');
    expect(text).toContain(BOOKING_CONFIRMED_WHEN);
  });

  test('the lead page shows the charges accepted; it, the quote page and the terms pass axe and html-validate', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      const leadPage = await page.goto(`${desk.origin}/admin/leads/${lead.id}`);
      expect(await htmlProblems(await leadPage!.text(), `lead-${width}`)).toEqual([]);
      await page.getByText('Cancellation charges accepted').click();
      const accepted = page.getByRole('table', { name: 'Cancellation charges the pilgrim accepted' });
      await expect(accepted.getByRole('row')).toHaveCount(CHARGES.length + 1);
      await expect(accepted.getByRole('row').nth(2)).toContainText(`${CHARGES[1][1]}${CHARGES[1][2]}`);
      expect(await axeViolations(page), `lead page at ${width} px`).toEqual([]);
      if (width === 390) expect(await axeViolationsWithWideTables(page), 'lead page, opened').toEqual([]);

      for (const path of [`/quote/${token}`, '/terms-conditions']) {
        const response = await page.goto(`${desk.origin}${path}`);
        expect(response?.status(), path).toBe(200);
        const name = path.startsWith('/quote/') ? 'quote' : 'terms';
        expect(await htmlProblems(await response!.text(), `${name}-${width}`), `${name} at ${width} px`).toEqual([]);
        expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
        // The quote's own sections must fit a phone; its Prices table was already wider than 390 px
        // with this quote's words and cents before issue 35 (see the report), so it is left out here.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (name === 'terms') expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      }
      // The terms: the schedule as a table with its caption, and the same rule as the quote.
      const schedule = page.getByRole('table', { name: 'Cancellation charges, by when we receive your cancellation' });
      await expect(schedule.getByRole('row')).toHaveText([
        /When you cancel\s*Charge/,
        ...CHARGES.map(([when, rule]) => new RegExp(`${when}\\s*${escape(rule)}`)),
      ]);
      await expect(page.locator('main')).toContainText(`${PRICE_GUARANTEED_WHEN} ${HELD_WHEN}`);
      await expect(page.locator('main')).toContainText(BOOKING_CONFIRMED_WHEN);
      await context.close();
    }
  });
});
