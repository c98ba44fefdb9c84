import { expect, test } from './support/shared-page';
import { builtHtml, sitemapPaths } from './support/site';
import { DOUBLED_CLAIM, GLUED_PRICE, mayShowGluedText } from '../support/glued-text';

/** What the site tells a pilgrim agrees with itself (issue 10, content review F02, F16). */

test('the home tier cards show the same "from" figures and nights as the comparison table', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const table = page.locator('#compare-heading ~ div table');
  const names = await table.locator('thead th').allInnerTexts();
  const row = async (label: string) =>
    table.locator('tbody tr', { has: page.getByRole('rowheader', { name: label, exact: true }) }).locator('td');
  const prices = await (await row('From, per person')).allInnerTexts();
  const nights = await (await row('Nights')).allInnerTexts();
  const cards = page.locator('[data-tier-card]');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) {
    const column = names.indexOf(await card.getByRole('heading').innerText());
    expect(column, 'a card for a tier the table compares').toBeGreaterThan(0);
    await expect(card.locator('[data-price]')).toHaveText(prices[column - 1]!);
    await expect(card.locator('[data-tier-nights]')).toHaveText(`From, ${nights[column - 1]!}`);
  }
  // The spec's typed card prices contradicted every tier package; the catalogue's are shown.
  expect(prices).toEqual(['$899', '$1,399', '$1,999', '$2,799']);
});

/** The pages whose HTML puts a price against a word, or a claim's parts together, with only tags between. */
const suspects = sitemapPaths().filter((path) => mayShowGluedText(builtHtml(path)));

test('no visible text glues a price to the next word or doubles a claim', async ({ page }) => {
  test.setTimeout(120_000);
  // The HTML alone keeps the words apart: a reader mode, a text browser, or a page whose stylesheet
  // has not arrived yet shows no author CSS, so no row may rely on `display: block` for a space.
  await page.route(/\.(avif|webp|png|jpe?g|svg|woff2?|m?js|css)(\?|$)/, (route) => route.abort());
  const glued: string[] = [];
  const doubled: string[] = [];
  for (const path of suspects) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const text = await page.locator('body').innerText();
    for (const match of text.matchAll(GLUED_PRICE)) glued.push(`${path}: ${match[0]}`);
    for (const match of text.matchAll(DOUBLED_CLAIM)) doubled.push(`${path}: ${match[0]}`);
  }
  expect(glued).toEqual([]);
  expect(doubled).toEqual([]);
  console.log(
    `[content] ${suspects.length} pages put a price or a claim against other words; the browser kept each apart`,
  );
});

for (const path of ['/payment-security', '/terms-conditions']) {
  test(`${path} charges no card fee on debit or prepaid cards, and at most 3% on credit cards`, async ({ page }) => {
    await page.goto(path);
    const text = await page.locator('main').innerText();
    // Clauses, so "3% on credit cards; debit and prepaid cards carry no fee" is read as two statements.
    const clauses = text.split(/[.;!?]\s+|\n+/);
    const debitOrPrepaid = clauses.filter((clause) => /debit|prepaid/i.test(clause));
    expect(debitOrPrepaid.length, 'the page says how debit and prepaid cards are treated').toBeGreaterThan(0);
    for (const clause of debitOrPrepaid) expect(clause).not.toMatch(/\d\s*%|\$\d/);
    expect(text).toMatch(/never add a fee to debit or prepaid cards|debit and prepaid cards carry no fee/i);
    // What a card costs; the terms' cancellation charges are shares of the trip price, not card fees.
    const cardClauses = clauses.filter((clause) => /card/i.test(clause)).join(' ');
    const percentages = [...cardClauses.matchAll(/(\d+(?:\.\d+)?)\s*%/g)].map((match) => Number(match[1]));
    expect(percentages.length, 'the page says what a credit card costs').toBeGreaterThan(0);
    for (const percentage of percentages) expect(percentage).toBeLessThanOrEqual(3);
    expect(text).not.toMatch(/payable to the bank/i);
  });
}
