import { expect, test, type Page } from '@playwright/test';
import { site } from '@/lib/site';
import { PipelineStore } from '../../src/server/desk/pipeline-store.ts';
import { QuoteStore } from '../../src/server/quotes/store.ts';
import { axeViolations, collectProblems, htmlProblems } from './support/gates';
import { onTestStore, sendQuote } from './support/quotes';
import { recordScripts } from './support/scripts';

/**
 * The pilgrim's side of a quote in Chromium with JavaScript off, as a family opens the link from an
 * email or WhatsApp: read it, print it, accept it. Quotes are sent from the test process into the
 * store of the server Playwright starts.
 */
test.use({ javaScriptEnabled: false });

const link = (token: string) => `/quote/${token}`;

/** How many pages a PDF has: each page object says `/Type /Page`. */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}

async function accept(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your full name').fill(name);
  await page.getByLabel(/I have read the terms and conditions/).check();
  await page.getByRole('button', { name: 'Accept the quote' }).click();
}

test('the pilgrim reads a quote with scripts off, prints it on one page, and accepts it once', async ({ page }) => {
  const quote = await onTestStore((store) => sendQuote(store));
  const scripts = recordScripts(page);
  await page.goto(link(quote.token));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote ${quote.reference}`);
  const prices = page.getByRole('table', { name: 'Prices, in US dollars' });
  await expect(prices.getByRole('row')).toHaveText([
    /Item\s*Price each\s*Number\s*Amount/,
    /Double room \(2 sharing\), per person\s*\$1,899\s*2\s*\$3,798/,
    /Child with bed\s*\$1,499\.50\s*1\s*\$1,499\.50/,
    /Travel insurance\s*\$85\s*3\s*\$255/,
    /Subtotal\s*\$5,552\.50/,
    /Early booking\s*-\$100/,
    /Total\s*\$5,452\.50/,
  ]);
  await expect(page.getByRole('table', { name: 'Payments and their due dates' })).toContainText('Deposit');
  await expect(page.getByText('A 3% fee on payments by credit card')).toBeVisible();

  // Printed: the quote without its forms, on one page of either paper size.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Your answer' })).toBeHidden();
  await expect(page.getByText('$5,452.50').first()).toBeVisible();
  for (const format of ['Letter', 'A4'] as const) {
    expect(pdfPages(await page.pdf({ format })), format).toBe(1);
  }
  await page.emulateMedia({ media: 'screen' });

  // A second tab keeps the page as it was, to answer again after the first acceptance.
  const stale = await page.context().newPage();
  await stale.goto(link(quote.token));
  await accept(page, '  Layla   Haddad ');
  await expect(page).toHaveURL(`${link(quote.token)}?done=accepted`);
  await expect(page.getByRole('status')).toHaveText(/^Thank you: your acceptance is recorded\./);
  await expect(page.getByText(/^Accepted on .+ by Layla H\., for \$5,452\.50\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the quote' })).toHaveCount(0);

  // The repeat, with a double click for good measure, changes nothing and says so.
  await stale.getByLabel('Your full name').fill('Someone Else');
  await stale.getByLabel(/I have read the terms and conditions/).check();
  await stale.getByRole('button', { name: 'Accept the quote' }).dblclick();
  await expect(stale.getByRole('status')).toHaveText('This quote was already accepted, so nothing has changed.');
  await expect(stale.getByText(/by Layla H\./)).toBeVisible();
  const recorded = await onTestStore(async (store) => ({
    acceptance: (await new QuoteStore(store.database).quoteByToken(quote.token))?.acceptance,
    history: (await new PipelineStore(store.database).historyOf(quote.leadId)).map((entry) => entry.detail),
  }));
  expect(recorded.acceptance).toMatchObject({ version: 1, typedName: 'Layla Haddad', totalCents: 545_250 });
  expect(recorded.history.filter((detail) => detail.startsWith('Quote accepted'))).toHaveLength(1);
  expect(scripts).toEqual([]);
});

test("the card total follows the paying family's state: none in Connecticut, 2% in Colorado, none unknown (Q10)", async ({
  page,
}) => {
  const total = page.locator('[data-card-total]');
  const connecticut = await onTestStore((store) => sendQuote(store, { payerState: 'CT' }));
  await page.goto(link(connecticut.token));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote ${connecticut.reference}`);
  await expect(total).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('by credit card');
  await expect(page.locator('main')).toContainText(
    "No fee on payments by card: Connecticut's law does not allow a credit card surcharge.",
  );
  const colorado = await onTestStore((store) => sendQuote(store, { payerState: 'CO' }));
  await page.goto(link(colorado.token));
  // $5,452.50 and 2% of it ($109.05), in whole cents.
  await expect(total).toHaveText(/Total by credit card \(2% fee\)\s*\$5,561\.55/);
  await expect(page.locator('main')).toContainText(
    "A 2% fee on payments by credit card (the most Colorado's law allows)",
  );
  const unknown = await onTestStore((store) => sendQuote(store, { payerState: null }));
  await page.goto(link(unknown.token));
  await expect(total).toHaveCount(0);
  await expect(page.locator('main')).toContainText('No fee on payments by card.');
});

test('the quote shows the whole cancellation rule above Accept: the table, partial cancellation and the refund, and no deposit kept whole (Q01)', async ({
  page,
}) => {
  const quote = await onTestStore((store) => sendQuote(store));
  await page.goto(link(quote.token));
  const cancellation = page.locator('[data-cancellation]');
  await expect(cancellation).toContainText(
    "the charge is worked out on the cancelling travelers' share of the trip price (the price of their own places on the quote)",
  );
  await expect(cancellation).toContainText('We refund what you have paid, less that one charge');
  await expect(page.locator('main')).not.toContainText(/deposit is not refundable/i);
  const acceptY = (await page.getByRole('heading', { name: 'Accept this quote' }).boundingBox())!.y;
  expect((await cancellation.boundingBox())!.y).toBeLessThan(acceptY);
  // The terms draw the same closing rules from the same data.
  await page.goto('/terms-conditions');
  const terms = page.locator('main');
  await expect(terms).toContainText("the cancelling travelers' share of the trip price");
  await expect(terms).toContainText('We refund what you have paid, less that one charge');
  await expect(terms).not.toContainText(/deposit is not refundable|less the cancellation charges on your quote/);
});

test('an expired quote cannot be accepted and says whom to call', async ({ page }) => {
  const quote = await onTestStore((store) => sendQuote(store, { sentDaysAgo: 10, validDays: 7 }));
  await page.goto(link(quote.token));
  await expect(page.getByText(/can no longer be accepted/)).toContainText(`call us on ${site.phone.display}`);
  await expect(page.getByRole('link', { name: site.phone.display }).first()).toHaveAttribute(
    'href',
    `tel:${site.phone.e164}`,
  );
  await expect(page.getByRole('button', { name: 'Accept the quote' })).toHaveCount(0);
  // Asking still works: a pilgrim with an expired quote may want a new one.
  await page.getByLabel('Your question').fill('Could you send us a new quote for the same dates?');
  await page.getByRole('button', { name: 'Send the question' }).click();
  await expect(page.getByRole('status')).toContainText('your question has reached our team');
});

test('links on the page carry no Referer, so the token never leaves with them', async ({ page }) => {
  const quote = await onTestStore((store) => sendQuote(store));
  const referers: string[] = [];
  page.on('request', (request) => {
    void request.headerValue('referer').then((referer) => referer && referers.push(`${request.url()} ${referer}`));
  });
  await page.goto(link(quote.token));
  const terms = page.waitForRequest((request) => request.url().endsWith('/terms-conditions'));
  await page.getByRole('link', { name: 'terms and conditions' }).click();
  expect(await (await terms).headerValue('referer')).toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
  expect(referers.filter((entry) => entry.includes(quote.token))).toEqual([]);
});

// axe runs in the page: this test alone lets scripts run, and the page loads none of its own either way.
test.describe('the gates', () => {
  test.use({ javaScriptEnabled: true });

  test('axe and html-validate find nothing on the page, its problems and its answers, at 390 and 1280 px', async ({
    page,
    request,
  }) => {
    const [open, answered] = await onTestStore(async (store) => [await sendQuote(store), await sendQuote(store)]);
    const problems = collectProblems(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(link(open.token));
      expect(await axeViolations(page), `${width}px`).toEqual([]);
    }
    expect(await htmlProblems(await (await request.get(link(open.token))).text(), 'quote')).toEqual([]);

    // A form with problems: the summary is announced and takes the focus, each problem links to its field.
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('alert').getByRole('link')).toHaveText([
      'Type your full name to accept.',
      'Tick the box to confirm you have read the terms.',
    ]);
    await expect(page.getByLabel('Your full name')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page), 'problems').toEqual([]);
    const formToken = await page.locator('input[name="form_token"]').first().inputValue();
    const refused = await request.post(link(open.token), {
      form: { answer: 'accept', version: '1', form_token: formToken, full_name: '' },
      headers: { Origin: 'null' },
    });
    expect(refused.status()).toBe(400);
    expect(await htmlProblems(await refused.text(), 'quote-problems')).toEqual([]);

    await page.goto(link(answered.token));
    await accept(page, 'Yusuf Khan');
    await expect(page.getByRole('status')).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page), 'accepted').toEqual([]);
    expect(await htmlProblems(await (await request.get(page.url())).text(), 'quote-accepted')).toEqual([]);
    expect(problems).toEqual([]);
  });
});
