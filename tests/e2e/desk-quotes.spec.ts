import { editorRow, fillFamilyQuote } from './support/quotes';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { site } from '@/lib/site';
import { resolveSiteUrl } from '@/lib/site-url';
import { formatDay } from '@/lib/dates';
import { QuoteStore } from '@/server/quotes/store';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { parseMail, startSmtpServer } from '../unit/support/smtp.ts';
import { axeViolations, axeViolationsWithWideTables, htmlProblems } from './support/gates.ts';

/**
 * Quotes and payments in the desk, in Chromium against the built server on SQLite (the stores'
 * parity is the unit suites' job): staff make a quote from an enquiry, are refused a schedule that
 * does not add up, send it (a local SMTP server receives its email), pass its link on; the pilgrim's
 * acceptance is recorded through the
 * store, as a second instance would; staff take the deposit and the lead is Booked.
 */

const PACKAGE = '10-nights-3-star-chicago-umrah-package';
const CARD = '4111 1111 1111 1111';
const OWNER = { id: 'e2e-owner', email: 'owner@agency.example' };
const today = agencyDay(new Date(), site.timeZone);
const departure = addDays(today, 100);
let clients = 0;

/** Sends a package page's booking request through the public API; its id and reference. */
async function bookingLead(desk: Desk, name: string, phone: string): Promise<{ id: string; reference: string }> {
  clients += 1;
  const response = await fetch(`${desk.origin}/api/forms/booking`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': `10.88.0.${clients}`, Accept: 'application/json' },
    body: new URLSearchParams({
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      phone,
      package_id: PACKAGE,
      package_name: 'Chicago 10 Nights 3 Star Umrah Package',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

/** Runs `work` on the desk's store from the test process, as a second instance of the server would. */
async function withQuotes<T>(desk: Desk, work: (quotes: QuoteStore) => Promise<T>): Promise<T> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    return await work(new QuoteStore(store.database));
  } finally {
    await store.close();
  }
}

/** A row of the editor: the fieldset its legend names. */
const row = editorRow;
const history = (page: Page) => page.locator('section[aria-labelledby="history-heading"] li');

test.describe('quotes and payments in the desk', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let lead: { id: string; reference: string };
  let link = '';

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    desk = await startDesk('sqlite', { SMTP_URL: smtp.url, LEADS_WORKER_INTERVAL_MS: '250' });
    lead = await bookingLead(desk, 'Layla Haddad', '(713) 555-0123');
  });
  test.afterAll(async () => {
    await desk?.stop();
    await smtp?.close();
  });

  test('staff make a quote from an enquiry, are refused a schedule that does not add up, send it and pass the link on', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/leads/${lead.id}`);
    await page.getByRole('link', { name: 'Make a quote' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New quote for Layla Haddad');
    // The enquiry's package gives the hotels ("or similar") and the airport; the prices are typed.
    await expect(page.getByLabel('Package')).toHaveValue(PACKAGE);
    await expect(row(page, 'Hotel 1').getByLabel('Hotel', { exact: true })).toHaveValue('3-star hotel in Misfalah');
    await expect(row(page, 'Hotel 1').getByLabel('Booking')).toHaveValue('similar');
    await expect(page.getByLabel('Departure airport')).toHaveValue('ORD');
    await expect(page.getByLabel('Valid until')).toHaveValue(addDays(today, 7));

    await fillFamilyQuote(page, departure);
    await row(page, 'Deposit').getByLabel('Due on').fill(addDays(today, 7));
    await row(page, 'Deposit').getByLabel('Amount ($)').fill('1,000');
    await row(page, 'Payment 2').getByLabel('Due on').fill(addDays(departure, -45));
    await row(page, 'Payment 2').getByLabel('Amount ($)').fill('100');
    await page.getByRole('button', { name: 'Save draft' }).first().click();

    // Refused: nothing saved, the total worked out from the lines, the sum's problem beside the schedule.
    const problem = 'The payments add up to $1,100 but the total is $5,553.';
    await expect(page.getByRole('alert')).toContainText(problem);
    await expect(page.locator('#schedule-problem')).toHaveText(problem);
    await expect(page.locator('section[aria-labelledby="totals-heading"]')).toContainText('Total$5,553');
    await expect(row(page, 'Double room (2 sharing), per person')).toContainText('Line total $3,799');
    expect(await axeViolations(page), 'the refused editor').toEqual([]);
    expect(await withQuotes(desk, (quotes) => quotes.quotesOfLead(lead.id))).toEqual([]);

    // The desk proposes the schedule: $500 for each adult and child, the balance 45 days before departure.
    await page.getByRole('button', { name: 'Propose a schedule' }).click();
    await expect(page.getByRole('status')).toContainText('proposed the schedule');
    await expect(row(page, 'Deposit').getByLabel('Amount ($)')).toHaveValue('1,500');
    await expect(row(page, 'Payment 2').getByLabel('Amount ($)')).toHaveValue('4,053');
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await expect(page.getByRole('status')).toHaveText('Quote saved. Check the totals and the schedule, then send it.');
    await expect(page.locator('section[aria-labelledby="totals-heading"]')).toContainText('Total$5,553');

    // Sent: the lead is Quoted and the link is shown; a second Send of the same version changes nothing.
    await page.getByRole('button', { name: 'Send version 1' }).click();
    await expect(page.getByRole('status')).toHaveText('Quote sent. Its link is below: copy it or send it by WhatsApp.');
    await expect(page.getByText('Now: Quoted')).toBeVisible();
    link = await page.getByLabel('Private link').inputValue();
    expect(link).toMatch(new RegExp(`^${resolveSiteUrl({})}/quote/[\\w-]{43}$`));
    // The pilgrim's email leaves through the outbox: the reference, the total and the same link.
    await expect
      .poll(() => smtp.state.received.filter((mail) => mail.raw.includes('/quote/')).length, { timeout: 15_000 })
      .toBe(1);
    const sentMail = smtp.state.received.find((mail) => mail.raw.includes('/quote/'))!;
    expect(sentMail.to).toEqual(['layla@example.com']);
    const { headers, text } = parseMail(sentMail.raw);
    expect(headers['subject']).toContain(lead.reference);
    expect(text).toContain(link);
    expect(text).toContain('$5,553');
    const [quote] = await withQuotes(desk, (quotes) => quotes.quotesOfLead(lead.id));
    const again = await page.request.post(`${desk.origin}/admin/leads/${lead.id}`, {
      form: {
        csrf: await page.locator('input[name="csrf"]').first().inputValue(),
        action: 'quote-send',
        quoteId: quote!.id,
        version: '1',
      },
      headers: { Origin: desk.origin },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers()['location']).toContain('done=quote-already-sent');
    await expect(history(page).filter({ hasText: 'Quote sent' })).toHaveCount(1);

    // Copy link: on the clipboard and in the history.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status')).toHaveText('Link copied to your clipboard and noted in the history.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(history(page).first()).toContainText(`${desk.agent.email}: Quote: Link copied`);

    // WhatsApp: recorded, then off to wa.me with the message typed in, in a tab of its own. The
    // request itself is the proof (the page's form-action lets it go); the chat is never loaded.
    const [chat] = await Promise.all([
      context.waitForEvent('request', (request) => request.url().startsWith('https://wa.me/')),
      page.getByRole('button', { name: /Send by WhatsApp/ }).click(),
    ]);
    expect(chat.isNavigationRequest()).toBe(true);
    // The lead page stays where it was: the chat opened in a tab of its own.
    expect(new URL(page.url()).pathname).toBe(`/admin/leads/${lead.id}`);
    const sent = new URL(chat.url());
    expect(sent.pathname).toBe('/17135550123');
    expect(sent.searchParams.get('text')).toContain(`here is your quote ${lead.reference}`);
    expect(sent.searchParams.get('text')).toContain(link);
    await page.reload();
    await expect(history(page).first()).toContainText('Quote: Link sent by WhatsApp');
  });

  test('without scripts: the link is shown to copy by hand; the deposit after an acceptance books the lead, a card number is refused', async ({
    browser,
  }) => {
    const token = link.split('/').at(-1)!;
    const accepted = await withQuotes(desk, (quotes) => quotes.accept(token, 1, 'Layla Haddad', today));
    expect(accepted.outcome).toBe('accepted');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/leads/${lead.id}`);
    await expect(page.getByRole('heading', { name: /^Quote 1: Accepted by Layla Haddad on / })).toBeVisible();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status')).toHaveText('Link noted in the history: select it below and copy it.');
    await expect(page.getByLabel('Private link')).toHaveValue(link);

    const payments = page.locator('section[aria-labelledby="payments-heading"]');
    await expect(payments).toContainText('Next paymentDeposit: $1,500 due');

    await page.getByLabel('Amount ($)').fill('1,500');
    await page.getByLabel('Method').selectOption({ label: 'Credit card' });
    await page.getByLabel('Reference (optional)').fill(CARD);
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByRole('alert')).toContainText('This looks like a card number.');
    await expect(page.getByLabel('Reference (optional)')).toHaveValue('');
    expect(await page.content()).not.toContain(CARD);
    await expect(page.getByLabel('Amount ($)')).toHaveValue('1,500');
    await expect(payments).toContainText('Paid$0');

    await page.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await page.getByLabel('Reference (optional)').fill('TRX-20261127-77');
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByRole('status')).toHaveText('Payment recorded.');
    await expect(page.getByText('Now: Booked')).toBeVisible();
    await expect(payments).toContainText('Paid$1,500');
    await expect(payments).toContainText('Balance$4,053');
    await expect(payments).toContainText(`Next paymentBalance: $4,053 due ${formatDay(addDays(departure, -45))}`);
    await expect(payments).toContainText('reference TRX-20261127-77');
    await context.close();
  });

  test('the quote pages and the lead page with quotes and payments pass axe and html-validate, wide and narrow', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A second enquiry, without a phone, with a draft that was never sent: the editor as it comes back.
    const other = await bookingLead(desk, 'Bilal Okafor', '');
    const [accepted] = await withQuotes(desk, (quotes) => quotes.quotesOfLead(lead.id));
    const draft = await withQuotes(desk, async (quotes) => {
      const saved = await quotes.saveDraft({ leadId: other.id }, accepted!.versions[0]!.draft, OWNER, today);
      return saved?.ok ? saved.quoteId : '';
    });
    // Pages with disclosures and tables are judged again with every one open and every table too wide.
    const paths = {
      'lead with quotes and payments': { path: `/admin/leads/${lead.id}`, opened: true },
      'new quote': { path: `/admin/leads/${other.id}/quotes/new?from=none`, opened: false },
      'draft quote': { path: `/admin/leads/${other.id}/quotes/${draft}`, opened: false },
      'a version to read': { path: `/admin/leads/${lead.id}/quotes/${accepted!.id}?version=1`, opened: true },
    };
    await gates(browser, desk, paths);
  });
});

/** axe and html-validate on each page at both widths, one signed-in session per width. */
async function gates(
  browser: Browser,
  desk: Desk,
  paths: Record<string, { path: string; opened: boolean }>,
): Promise<void> {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
    for (const [name, { path, opened }] of Object.entries(paths)) {
      const response = await page.goto(`${desk.origin}${path}`);
      expect(response?.status(), name).toBe(200);
      expect(await htmlProblems(await response!.text(), `${name}-${width}`), `${name} at ${width} px`).toEqual([]);
      expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      if (width === 390 && opened) expect(await axeViolationsWithWideTables(page), `${name}, opened`).toEqual([]);
    }
    await context.close();
  }
}
