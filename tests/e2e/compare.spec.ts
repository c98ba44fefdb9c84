import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-page';
import { axeViolations, collectProblems, htmlProblems } from './support/gates';
import { holdRequests } from './support/scripts';

const CHICAGO = { id: '7-nights-4-star-chicago-umrah-package', title: 'Chicago 7 Nights 4 Star Umrah Package' };
const DALLAS = { id: 'dallas-7-nights-4-star', title: 'Dallas 7 Nights 4 Star Umrah Package' };
const ISTANBUL = { id: 'istanbul-3-days-package', title: 'Istanbul 3 Days Package' };
const LAND_ONLY = { id: 'umrah-without-flight-5-nights-3-star', title: 'Umrah Without Flight 5 Nights 3 Star' };
const THREE = `/compare?ids=${CHICAGO.id},${DALLAS.id},${ISTANBUL.id}`;

/** The cells of one row, by its header's text (which ends in "Differs" where the packages differ). */
const rowCells = (page: Page, label: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${label}( Differs)?$`) }) })
    .getByRole('cell');

/** The price a package's own page shows: the catalogue's figure, as every page formats it. */
async function priceOnPackagePage(page: Page, id: string) {
  await page.goto(`/package/${id}`);
  return page.locator('main aside [data-price]').innerText();
}

test.describe('the comparison page', () => {
  test('three packages by URL show their prices and rows side by side', async ({ page }) => {
    const prices = [];
    for (const item of [CHICAGO, DALLAS, ISTANBUL]) prices.push(await priceOnPackagePage(page, item.id));

    const response = await page.goto(THREE);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`Compare: ${CHICAGO.title}, ${DALLAS.title} and ${ISTANBUL.title} | Miqat Travel`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://miqat-travel.example/compare');
    const structuredData = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(structuredData.join('')).not.toMatch(/Offer/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Package Finder' })).toHaveAttribute('href', '/package-finder');

    const table = page.getByRole('table', { name: /Comparison of/ });
    for (const item of [CHICAGO, DALLAS, ISTANBUL]) {
      await expect(table.getByRole('columnheader', { name: item.title })).toBeVisible();
      await expect(table.getByRole('link', { name: item.title, exact: true })).toHaveAttribute(
        'href',
        `/package/${item.id}`,
      );
    }
    // Each cell: the price its own page shows, then any original price noted under it.
    const priceCells = await rowCells(page, 'Price per person').allInnerTexts();
    expect(priceCells.map((cell) => cell.split('\n')[0])).toEqual(prices);
    expect(priceCells[2]).toContain('was $1,199');
    expect(await rowCells(page, 'Nights in Makkah').allInnerTexts()).toEqual([
      '4 Nights',
      '4 Nights',
      'Not applicable',
    ]);
    expect(await rowCells(page, 'Nights in Madinah').allInnerTexts()).toEqual([
      '3 Nights',
      '3 Nights',
      'Not applicable',
    ]);
    await expect(rowCells(page, 'Makkah hotel')).toHaveText([
      '4-star hotel on Ibrahim Al Khalil Street or similar',
      '4-star hotel on Ibrahim Al Khalil Street or similar',
      'Not applicable',
    ]);
    await expect(rowCells(page, 'Departure').first()).toHaveText("O'Hare International Airport (ORD)");
    await expect(rowCells(page, 'Saudi visa processing')).toHaveText(['Included', 'Included', 'Not included']);
    // Differences are said in words, not only shown in colour.
    await expect(page.getByRole('rowheader', { name: 'Price per person Differs' })).toBeVisible();
    await expect(page.getByText('Holiday trips have no Makkah or Madinah stay')).toBeVisible();

    for (const item of [CHICAGO, DALLAS, ISTANBUL]) {
      await expect(page.getByRole('link', { name: `Book ${item.title}` })).toHaveAttribute(
        'href',
        `/package/${item.id}#enquiry`,
      );
    }
    const chat = page.getByRole('link', { name: /Ask about these packages/ });
    const text = new URL((await chat.getAttribute('href'))!).searchParams.get('text')!;
    for (const item of [CHICAGO, DALLAS, ISTANBUL]) expect(text).toContain(item.title);
    expect(text).toContain(`https://miqat-travel.example${THREE}`);

    await page.getByRole('link', { name: `Book ${DALLAS.title}` }).click();
    await expect(page).toHaveURL(`/package/${DALLAS.id}#enquiry`);
    await expect(page.locator('#enquiry')).toBeVisible();
  });

  test("its server sends one policy holding the site's rules and the page's own hashes", async ({ request }) => {
    const response = await request.get(THREE);
    const policies = response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === 'content-security-policy')
      .map((header) => header.value);
    expect(policies).toHaveLength(1);
    expect(policies[0]).toContain("frame-ancestors 'none'");
    expect(policies[0]).toMatch(/script-src [^;]*'sha256-/);
    expect(policies[0]).not.toContain("'unsafe-inline'");
  });

  test('marks only the rows that differ and can hide the others', async ({ page }) => {
    await page.goto(`/compare?ids=${CHICAGO.id},7-nights-5-star-chicago-umrah-package`);
    await expect(page.getByRole('rowheader', { name: 'Hotel rating Differs' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Length', exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Show only the rows that differ' }).check();
    await expect(page.getByRole('rowheader', { name: 'Length', exact: true })).toBeHidden();
    await expect(page.getByRole('rowheader', { name: 'Saudi visa processing' })).toBeHidden();
    await expect(page.getByRole('rowheader', { name: 'Price per person Differs' })).toBeVisible();
  });

  test('unknown ids are listed as no longer available and the rest compared', async ({ page }) => {
    const response = await page.goto(`/compare?ids=retired-package-2019,${CHICAGO.id},${LAND_ONLY.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText('No longer available: "retired-package-2019"')).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([CHICAGO.title, LAND_ONLY.title]);
    await expect(rowCells(page, 'Departure')).toHaveText(["O'Hare International Airport (ORD)", /Land only/]);
  });

  test('duplicates are dropped and only the first three are compared, saying so', async ({ page }) => {
    await page.goto(
      `/compare?ids=${CHICAGO.id},${CHICAGO.id}&ids=${DALLAS.id}&ids=${CHICAGO.id},${LAND_ONLY.id},${ISTANBUL.id}`,
    );
    await expect(page.getByRole('columnheader')).toHaveText([CHICAGO.title, DALLAS.title, LAND_ONLY.title]);
    const notice = page.locator('[data-notice="left"]');
    await expect(notice).toContainText('Only the first 3 are compared.');
    await expect(notice.getByRole('link', { name: ISTANBUL.title })).toHaveAttribute('href', `/package/${ISTANBUL.id}`);
  });

  test('a link with no package in the catalogue answers 404 and points to the finder', async ({ page, request }) => {
    for (const path of ['/compare?ids=gone-one,gone-two', `/compare?ids=${'x'.repeat(5000)},<script>`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      // The status line says what the status means, not "404 OK".
      expect(response?.statusText(), path).toBe('Not Found');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('No packages to compare');
      const notices = page.locator('[data-compare-notices]');
      await expect(notices.getByRole('link', { name: 'Package finder' })).toHaveAttribute('href', '/package-finder');
    }
    await expect(page.getByText('2 values in the link could not be a package')).toBeVisible();
    // A thousand ids are cut to a handful before any lookup: a clear page, never a server error.
    const many = Array.from({ length: 1000 }, (_, index) => `package-${index}`).join(',');
    expect((await request.get(`/compare?ids=${many},${CHICAGO.id}`)).status()).toBe(404);
  });

  test('with no package named, the page answers 200 and explains how to choose some', async ({ page }) => {
    // The bare address is where the canonical and the breadcrumb point, and where the finder's
    // form goes without scripts when nothing is ticked ("/compare?").
    for (const path of ['/compare', '/compare?', '/compare?ids=']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare packages');
      await expect(page.locator('[data-notice="none-chosen"]')).toContainText('No packages are chosen yet.');
      await expect(page.getByText('None of the packages in this link')).toHaveCount(0);
      const notices = page.locator('[data-compare-notices]');
      await expect(notices.getByRole('link', { name: 'Package finder' })).toHaveAttribute('href', '/package-finder');
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });

  test('each cell of the comparison names its package, its section and its row as headers', async ({ page }) => {
    await page.goto(THREE);
    const cells = await page.locator('table.compare-table tbody td, table.compare-table tfoot td').evaluateAll((tds) =>
      tds
        .map((td) => {
          const row = td.closest('tr')!;
          const column = [...row.children].indexOf(td);
          const table = td.closest('table')!;
          const group = td.closest('tbody')?.querySelector('th[scope="rowgroup"]');
          const expected = [
            table.querySelector('thead tr')!.children[column]!,
            ...(group ? [group] : []),
            row.querySelector('th[scope="row"]')!,
          ];
          const named = (td.getAttribute('headers') ?? '').split(/\s+/).filter(Boolean);
          return {
            named: named.map(
              (id) => document.querySelectorAll(`[id="${id}"]`).length === 1 && document.getElementById(id),
            ),
            expected,
          };
        })
        .map(
          ({ named, expected }) =>
            named.length === expected.length && named.every((th, index) => th === expected[index]),
        ),
    );
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.filter((ok) => !ok)).toEqual([]);
  });

  for (const width of [1280, 390]) {
    test(`at ${width}px axe and html-validate find nothing and the console stays clean`, async ({ page, request }) => {
      for (const path of [THREE, '/compare?ids=gone-one', '/compare']) {
        const problems = collectProblems(page);
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        expect(await axeViolations(page), path).toEqual([]);
        expect(problems, path).toEqual([]);
        expect(await htmlProblems(await (await request.get(path)).text(), path)).toEqual([]);
      }
    });
  }

  test('at 390px the packages scroll sideways under fixed row labels, and the page does not', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(THREE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const region = page.getByRole('region', { name: /Comparison of/ });
    const label = page.getByRole('rowheader', { name: /Price per person/ });
    const before = (await label.boundingBox())!;
    await region.evaluate((element) => element.scrollBy({ left: 400 }));
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    expect((await label.boundingBox())!.x).toBeCloseTo(before.x, 0);
    await expect(rowCells(page, 'Price per person').nth(2)).toBeInViewport();
  });
});

test.describe('choosing packages to compare', () => {
  test('two cards ticked on a city page open a comparison of both from the tray', async ({ page }) => {
    await page.goto('/chicago-umrah');
    const first = page.getByRole('checkbox', { name: 'Compare Chicago 5 Nights 3 Star Umrah Package', exact: true });
    const second = page.getByRole('checkbox', { name: `Compare ${CHICAGO.title}`, exact: true });
    await first.check();
    await second.check();
    const tray = page.getByRole('region', { name: 'Packages to compare' });
    await expect(tray.getByRole('link', { name: 'Compare (2)' })).toBeVisible();
    await tray.getByRole('link', { name: 'Compare (2)' }).click();
    await expect(page).toHaveURL(`/compare?ids=5-nights-3-star-chicago-umrah-package,${CHICAGO.id}`);
    await expect(page.getByRole('columnheader')).toHaveText(['Chicago 5 Nights 3 Star Umrah Package', CHICAGO.title]);
  });

  test('a tick made before the tray has loaded is kept', async ({ page }) => {
    const release = await holdRequests(page, '**/_astro/CompareTray.*.js');
    await page.goto('/umrah-without-flight');
    const box = page.getByRole('checkbox', { name: `Compare ${LAND_ONLY.title}`, exact: true });
    await box.check();
    release();
    const tray = page.getByRole('region', { name: 'Packages to compare' });
    await expect(tray.getByText(LAND_ONLY.title)).toBeVisible();
    await expect(box).toBeChecked();
  });

  test('the choice follows the visitor to other pages, stops at three and can be changed', async ({ page }) => {
    await page.goto('/umrah-without-flight');
    await page.getByRole('checkbox', { name: `Compare ${LAND_ONLY.title}`, exact: true }).check();
    await page.getByRole('checkbox', { name: 'Compare Umrah Without Flight 5 Nights 4 Star', exact: true }).check();
    await expect(page.getByRole('link', { name: 'Compare (2)' })).toBeVisible();

    // Another page shows the same choice at once, its own card already ticked.
    await page.goto('/islamic-holidays');
    const tray = page.getByRole('region', { name: 'Packages to compare' });
    await expect(tray.getByRole('link', { name: 'Compare (2)' })).toBeVisible();
    await page.getByRole('checkbox', { name: `Compare ${ISTANBUL.title}`, exact: true }).check();
    await expect(tray.getByRole('link', { name: 'Compare (3)' })).toBeVisible();
    const fourth = page.getByRole('checkbox', { name: 'Compare Istanbul 5 Days Package', exact: true });
    await fourth.click();
    await expect(fourth).not.toBeChecked();
    await expect(page.getByText('You can compare up to 3 packages at a time.')).toBeVisible();

    await tray.getByRole('button', { name: `Remove ${ISTANBUL.title} from the comparison` }).click();
    await expect(tray.getByRole('link', { name: 'Compare (2)' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `Compare ${ISTANBUL.title}`, exact: true })).not.toBeChecked();

    await page.goto('/umrah-without-flight');
    await expect(page.getByRole('checkbox', { name: `Compare ${LAND_ONLY.title}`, exact: true })).toBeChecked();
  });

  test("with scripts, the finder's button compares the tray's whole choice", async ({ page }) => {
    await page.goto('/umrah-without-flight');
    await page.getByRole('checkbox', { name: `Compare ${LAND_ONLY.title}`, exact: true }).check();
    await expect(page.getByRole('region', { name: 'Packages to compare' })).toBeVisible();
    await page.goto('/package-finder?city=chicago');
    await expect(page.getByRole('region', { name: 'Packages to compare' })).toBeVisible();
    await page.getByRole('checkbox', { name: `Compare ${CHICAGO.title}`, exact: true }).check();
    await expect(page.getByRole('link', { name: 'Compare (2)' })).toBeVisible();
    await page.getByRole('button', { name: 'Compare selected' }).first().click();
    await expect(page).toHaveURL(`/compare?ids=${LAND_ONLY.id},${CHICAGO.id}`);
  });

  test('at 390px the open tray passes axe', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chicago-umrah');
    await page.getByRole('checkbox', { name: `Compare ${CHICAGO.title}`, exact: true }).check();
    await page.getByRole('checkbox', { name: 'Compare Chicago 5 Nights 3 Star Umrah Package', exact: true }).check();
    await expect(page.getByRole('link', { name: 'Compare (2)' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the finder says in place that nothing is ticked, and opens no empty comparison', async ({ page }) => {
    await page.goto('/package-finder');
    await expect(page.getByRole('group', { name: /Packages to compare/ })).toContainText(CHICAGO.title);
    const button = page.getByRole('button', { name: 'Compare selected' }).first();
    // Reaching for the button wakes the compare tray, which keeps an empty choice from being sent;
    // a click that beats it goes to /compare, which explains the same (the next test).
    await button.hover();
    await expect
      .poll(() =>
        page.locator('astro-island[component-url*="CompareTray"]').evaluate((island) => island.hasAttribute('ssr')),
      )
      .toBe(false);
    await button.click();
    await expect(button).toHaveAccessibleDescription(/Nothing is ticked yet/);
    await expect(page.locator('[data-compare-hint]').first()).toBeVisible();
    await expect(page).toHaveURL('/package-finder');
    // Ticking a package gives the hint its own words back, and the button compares it.
    await page.getByRole('checkbox', { name: `Compare ${CHICAGO.title}`, exact: true }).check();
    await expect(button).toHaveAccessibleDescription('Tick up to 3 packages to see them side by side.');
  });

  test('without scripts, the finder with nothing ticked leads to a page that explains how to choose', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/package-finder');
    await page.getByRole('button', { name: 'Compare selected' }).first().click();
    await expect(page).toHaveURL(/\/compare\??$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare packages');
    await expect(page.locator('[data-notice="none-chosen"]')).toBeVisible();
    await context.close();
  });

  test("without scripts, a card's compare box is not shown, since only the tray could use it", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const boxes = page.locator('.compare-pick[data-needs-script]');
    expect(await boxes.count()).toBeGreaterThan(0);
    for (const box of await boxes.all()) await expect(box).toBeHidden();
    await context.close();
  });

  test("with every script request aborted, the finder's boxes and button open the comparison", async ({ page }) => {
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    await page.goto('/package-finder');
    await page.getByRole('checkbox', { name: `Compare ${CHICAGO.title}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Compare ${LAND_ONLY.title}`, exact: true }).check();
    await page.getByRole('button', { name: 'Compare selected' }).first().click();
    await expect(page).toHaveURL(/\/compare\?/);
    expect(new URL(page.url()).searchParams.getAll('ids').sort()).toEqual([CHICAGO.id, LAND_ONLY.id].sort());
    await expect(page.getByRole('table', { name: /Comparison of/ })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveCount(2);

    // Four ticked: the first three are compared and the page says so.
    await page.goto('/package-finder');
    for (const item of [CHICAGO, LAND_ONLY, DALLAS]) {
      await page.getByRole('checkbox', { name: `Compare ${item.title}`, exact: true }).check();
    }
    await page.getByRole('checkbox', { name: 'Compare Economy 5 Nights Umrah Package', exact: true }).check();
    await page.getByRole('button', { name: 'Compare selected' }).last().click();
    await expect(page.getByRole('columnheader')).toHaveCount(3);
    await expect(page.locator('[data-notice="left"]')).toContainText('Only the first 3 are compared.');
  });
});
