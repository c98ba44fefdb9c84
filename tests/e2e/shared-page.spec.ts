import { expect, test } from './support/shared-page';

/**
 * The kept page (support/shared-page.ts) carries nothing from one test to the next: the second test
 * finds none of what the first one left, on the same page. In order, in one worker.
 */
test.describe.configure({ mode: 'serial' });

let firstPage: unknown;
const heardByTheFirstTest: string[] = [];

test('a test leaves cookies, storage, a route, a header, a print view and a narrow window behind', async ({ page }) => {
  firstPage = page;
  await page.goto('/contact-us');
  await page.context().addCookies([{ name: 'left', value: 'behind', url: page.url() }]);
  await page.evaluate(() => {
    localStorage.setItem('left', 'behind');
    sessionStorage.setItem('left', 'behind');
  });
  await page.route('**/about-us', (route) => route.fulfill({ body: 'routed' }));
  await page.setExtraHTTPHeaders({ 'X-Left': 'behind' });
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 390, height: 500 });
  page.on('console', (message) => heardByTheFirstTest.push(message.text()));
});

test('the next test on the kept page finds none of it, and fetches every file again', async ({ page }) => {
  expect(page, 'the same page, kept').toBe(firstPage);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  await page.evaluate(() => console.log('heard by this test only'));
  expect(heardByTheFirstTest, 'a listener left behind').toEqual([]);
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  const echoed = page.waitForRequest('**/about-us');
  await page.goto('/about-us');
  expect((await echoed).headers()['x-left']).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.context().cookies()).toEqual([]);
  // The site's own first-touch note is in session storage again by now; the test's entries are not.
  expect(await page.evaluate(() => [localStorage.getItem('left'), sessionStorage.getItem('left')])).toEqual([
    null,
    null,
  ]);
  expect(await page.evaluate(() => matchMedia('print').matches)).toBe(false);
  await page.goto('/contact-us');
  expect(stylesheets.length, 'the stylesheet requested on each visit, not taken from a cache').toBe(2);
  expect(() => page.addInitScript(() => {})).toThrow('freshPage');
});
