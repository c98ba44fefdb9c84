import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './support/shared-page';
import { seasonText } from '../../src/lib/seasons';

/** Hajj as US pilgrims book it: chosen and paid on Nusuk Hajj, and who may go (issue 20, N01, N02). */

const HAJJ_PAGES = ['/hajj-packages', '/non-shifting-hajj', '/shifting-hajj'];
const HAJJ_PACKAGES = readdirSync('src/content/packages')
  .filter(
    (name) => name.endsWith('.yaml') && /^category: hajj-/m.test(readFileSync(`src/content/packages/${name}`, 'utf8')),
  )
  .map((name) => name.replace(/\.yaml$/, ''));

for (const path of HAJJ_PAGES) {
  test(`${path} says Hajj is booked and paid on Nusuk Hajj and shows who can go`, async ({ page }) => {
    await page.goto(path);
    const booking = page.getByRole('region', { name: 'Hajj is booked and paid on Nusuk Hajj' });
    await expect(booking).toContainText(/choose their package there .* and pay for it only on Nusuk Hajj/);
    // The default settings claim no Nusuk registration or approval for the agency.
    await expect(booking).not.toContainText(/we are (an )?(approved|authori[sz]ed|licensed)/i);
    const who = page.getByRole('region', { name: 'Who can go for Hajj 2027 (1448 AH)' });
    await expect(who).toContainText('dialysis');
    await expect(who).toContainText('medical certificate');
    await expect(who).toContainText(/Children under 12 were not admitted for 1447 AH/);
    await expect(who).toContainText('the rules for 1448 AH are to be confirmed');
    await expect(who).toContainText('before anything is paid');
    await expect(who.getByRole('link', { name: /Ministry of Hajj and Umrah's list/ })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    const main = await page.locator('main').innerText();
    expect(main).not.toMatch(/return flights from (a major US airport|the USA)/i);
    for (const price of await page.locator('[data-package-card]').all()) {
      await expect(price).toContainText(
        'per person, our former list price, not a Nusuk Hajj price; Nusuk Hajj packages for pilgrims from Western countries have often cost two or three times our former list prices, and the 1448 AH price is set and paid on Nusuk Hajj',
      );
    }
  });
}

test('the Umrah-versus-Hajj guide says how Hajj is booked and who can go', async ({ page }) => {
  await page.goto('/blog/umrah-vs-hajj-differences-explained');
  await expect(page.locator('main')).toContainText(/pay for it only on Nusuk Hajj/);
  await expect(page.getByRole('region', { name: 'Who can go for Hajj 2027 (1448 AH)' })).toContainText('dialysis');
});

for (const id of HAJJ_PACKAGES) {
  test(`/package/${id} lists no flights as included, reads its price as indicative and offers nothing in structured data`, async ({
    page,
  }) => {
    await page.goto(`/package/${id}`);
    const included = page.getByRole('region', { name: 'What is included' });
    await expect(included.getByRole('listitem').first()).toBeVisible();
    await expect(included).not.toContainText(/flight/i);
    await expect(page.locator('aside')).toContainText(
      'per person, our former list price, not a Nusuk Hajj price; Nusuk Hajj packages for pilgrims from Western countries have often cost two or three times our former list prices, and the 1448 AH price is set and paid on Nusuk Hajj',
    );
    await expect(page.locator('aside [data-nusuk-hajj]')).toContainText('only on Nusuk Hajj');
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    const service = blocks.find((block) => block['@type'] === 'Service');
    expect(service).toMatchObject({ serviceType: 'Hajj Package' });
    expect(service).not.toHaveProperty('offers');
    expect(service).not.toHaveProperty('provider');
  });
}

test("the terms' deposits and installment plans exclude Hajj", async ({ page }) => {
  await page.goto('/terms-conditions');
  const deposits = page.locator('h3:has-text("Deposits and installment plans") + p');
  await expect(deposits).toContainText(/every booking except Hajj/);
  await expect(deposits).toContainText(/never take a deposit, an installment or any other payment for a Hajj package/);
  await expect(page.locator('main')).not.toContainText(
    /every Umrah, Hajj, Ramadan and Islamic holiday package we sell/,
  );
});

for (const path of ['/umrah-visa', '/blog/umrah-visa-requirements-us-citizens-2024']) {
  test(`${path} gives the Umrah visa issue cut-off and last entry from the season, and the 30-day rule (N03)`, async ({
    page,
  }) => {
    await page.goto(path);
    const main = await page.locator('main').innerText();
    expect(main).toContain(`issued at Eid al-Fitr, ${seasonText('umrahPause', 'lastIssue')!}`);
    expect(main).toContain(seasonText('umrahPause', 'lastEntry')!);
    expect(main).toContain('cancelled if you have not entered Saudi Arabia within 30 days of its issue');
    expect(main).not.toMatch(/earlier still/);
  });
}
