import { expect, type Page } from '@playwright/test';

/**
 * What `read` finds on `url`, loaded afresh at each try until it passes the matcher that follows: the
 * server draws a page with reviews again a moment after they change (src/server/reviews/refresh.ts).
 */
export function afterRedraw<T>(page: Page, url: string, read: () => Promise<T>) {
  return expect.poll(
    async () => {
      await page.goto(url);
      return read();
    },
    { timeout: 20_000, intervals: [200] },
  );
}
