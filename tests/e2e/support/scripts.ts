import type { Page } from '@playwright/test';

/**
 * Everything that lets a page start loading code by itself has happened: the load event, an idle
 * period (client:idle), two frames after the last scroll (client:visible's observer) and a task
 * after them. The round trip through the page also means Playwright has seen any request they sent.
 */
export async function selfStartedLoadsHadTheirChance(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // Each wait is bounded. On a busy machine a page once got no idle period or frame for a
        // whole minute (a gallery.spec.ts test spent its 60 s in this evaluate); what an idle
        // period or a frame would have started could not start in that time either.
        const frame = (next: () => void) => {
          let done = false;
          const once = () => {
            if (done) return;
            done = true;
            next();
          };
          requestAnimationFrame(once);
          setTimeout(once, 1_000);
        };
        requestIdleCallback(() => frame(() => frame(() => setTimeout(resolve))), { timeout: 2_000 });
      }),
  );
}

/** The URL of every request of this kind (a script, an image) the page makes from now on. */
export function recordRequests(page: Page, resourceType: 'script' | 'image'): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === resourceType) urls.push(request.url());
  });
  return urls;
}

/** The URL of every script the page requests from now on. */
export function recordScripts(page: Page): string[] {
  return recordRequests(page, 'script');
}

/** Holds requests matching `pattern` back, as a slow phone network would; call the result to let them go. */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
