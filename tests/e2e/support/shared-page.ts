import { test as base, type Browser, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test';

/** The page a worker keeps, once it has opened one. */
interface KeptPage {
  current?: Page | undefined;
}

/**
 * A `page` that each worker keeps from test to test, for specs that visit the built site and judge
 * what it shows. A context of its own per test made the browser start a page and a renderer anew each
 * time: the axe gates over 43 pages took 133 to 152 CPU seconds that way and 102 to 110 on a kept page.
 *
 * The kept page fetches as a new one does: its cache is off, so every visit requests every file and a
 * test that counts requests sees them all. Between tests it loses what a test can leave behind
 * (cookies, storage, permissions, routes, listeners, headers, media emulation, the window's size) and
 * rests on a same-origin page, robots.txt, so the next `goto` opens a new document rather than moving
 * within the last one. After a failure the worker opens a new page. A test that asks for touch, a
 * phone or no scripts gets a context of its own; one that adds an init script or fakes the clock, which
 * cannot be undone, asks for `freshPage`, a page in a context of its own as Playwright gives by default.
 */
export const test = base.extend<{ freshPage: Page }, { keptPage: KeptPage }>({
  keptPage: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const holder: KeptPage = {};
      await use(holder);
      await holder.current?.context().close();
    },
    { scope: 'worker' },
  ],
  page: async ({ browser, keptPage, viewport, hasTouch, isMobile, javaScriptEnabled }, use, testInfo) => {
    const defaults = testInfo.project.use;
    const options: BrowserContextOptions = { viewport, isMobile, hasTouch, javaScriptEnabled };
    if (defaults.userAgent) options.userAgent = defaults.userAgent;
    if (defaults.deviceScaleFactor) options.deviceScaleFactor = defaults.deviceScaleFactor;
    if (defaults.baseURL) options.baseURL = defaults.baseURL;
    const ownContext =
      hasTouch !== (defaults.hasTouch ?? false) ||
      isMobile !== (defaults.isMobile ?? false) ||
      javaScriptEnabled !== (defaults.javaScriptEnabled ?? true);
    if (ownContext) {
      const context = await browser.newContext(options);
      await use(await context.newPage());
      await context.close();
      return;
    }
    if (!keptPage.current || keptPage.current.isClosed()) keptPage.current = await openKeptPage(browser, options);
    const page = keptPage.current;
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
    if (failed(testInfo)) {
      await page.context().close();
      keptPage.current = undefined;
      return;
    }
    await resetBetweenTests(page);
  },
  freshPage: async ({ context }, use) => {
    await use(await context.newPage());
  },
});

export { expect } from '@playwright/test';

/** A page in a context of its own, with the browser's cache off and no way to add what cannot be taken back. */
async function openKeptPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
  const refuse = (what: string) => () => {
    throw new Error(`${what} outlives the test on a kept page: ask for freshPage instead.`);
  };
  page.addInitScript = refuse('An init script');
  context.addInitScript = refuse('An init script');
  page.clock.install = refuse('A fake clock');
  return page;
}

/** True when the test did not end as expected, so its page may hold anything. */
function failed(testInfo: TestInfo): boolean {
  return testInfo.status !== testInfo.expectedStatus;
}

/** Takes from the kept page everything one test can leave for the next. */
async function resetBetweenTests(page: Page): Promise<void> {
  page.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.setExtraHTTPHeaders({});
  await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: 'no-preference', forcedColors: 'none' });
  const context = page.context();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setExtraHTTPHeaders({});
  await context.clearCookies();
  await context.clearPermissions();
  await page.goto('/robots.txt');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
