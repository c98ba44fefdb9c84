import { expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';
import { recordRequests, selfStartedLoadsHadTheirChance } from './support/scripts';

// These checks are about pictures: this file's Chromium loads them (the others' does not).
test.use({ launchOptions: chromiumLaunchOptions({ images: true }) });

test('previous and next wrap around, and arrow keys move it', async ({ page }) => {
  await page.goto('/package/economy-5-nights-umrah');
  const carousel = page.getByRole('region', { name: /Pictures of/ });
  const status = carousel.getByText(/Picture \d of \d/);
  await expect(status).toHaveText('Picture 1 of 2');
  await carousel.getByRole('button', { name: 'Next picture' }).click();
  await expect(status).toHaveText('Picture 2 of 2');
  await carousel.getByRole('button', { name: 'Next picture' }).click();
  await expect(status).toHaveText('Picture 1 of 2');
  await carousel.getByRole('button', { name: 'Previous picture' }).click();
  await expect(status).toHaveText('Picture 2 of 2');
  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText('Picture 1 of 2');
  await page.keyboard.press('ArrowLeft');
  await expect(status).toHaveText('Picture 2 of 2');
});

test('on a phone, only the first picture loads with the page; the next one is there when the visitor asks for it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const requested = recordRequests(page, 'image');
  await page.goto('/package/10-nights-4-star-washington-umrah-package');
  await selfStartedLoadsHadTheirChance(page);
  const loadedWithThePage = requested.map((url) => new URL(url).pathname);

  const carousel = page.getByRole('region', { name: /Pictures of/ });
  await carousel.getByRole('button', { name: 'Next picture' }).click();
  await expect(carousel.getByText(/Picture \d of \d/)).toHaveText('Picture 2 of 2');
  const second = carousel.getByRole('group', { name: '2 of 2' }).getByRole('img');
  await expect(second).toBeInViewport({ ratio: 1 });
  await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Every picture, the hidden first one included (getByRole skips what is aria-hidden).
  const pictures = await carousel
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src).pathname));
  expect(pictures).toHaveLength(2);
  expect(loadedWithThePage).toContain(pictures[0]);
  expect(loadedWithThePage).not.toContain(pictures[1]);
});
