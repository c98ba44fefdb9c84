import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './support/shared-page';

/** Content files of one collection, without templates, as [id, text]. */
function contentOf(folder: string, extension: string): [string, string][] {
  return readdirSync(`src/content/${folder}`)
    .filter((name) => name.endsWith(extension) && !name.startsWith('_'))
    .map((name) => [name.slice(0, -extension.length), readFileSync(`src/content/${folder}/${name}`, 'utf8')]);
}

/** "Reviewed November 2026" as a reader sees it, from the file's `reviewed:` date. */
function reviewedLine(text: string): { iso: string; label: string } {
  const iso = /^reviewed:\s*(\d{4}-\d{2}-\d{2})/m.exec(text)![1]!;
  const label = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
  return { iso, label: `Reviewed ${label}` };
}

test('the Hajj page sells the coming season: Hajj 2027 (1448 AH) in title, h1, form, FAQ and structured data', async ({
  page,
}) => {
  await page.goto('/hajj-packages');
  await expect(page).toHaveTitle(/^Hajj 2027 \(1448 AH\) from the USA, Booked on Nusuk Hajj/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Hajj 2027 (1448 AH) from the USA: how to book on Nusuk Hajj',
  );
  await expect(
    page.getByRole('heading', { name: 'Hajj 1448: tell me when each Nusuk Hajj step opens, and help me choose' }),
  ).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Hajj 2027 \(1448 AH\)/);
  await expect(page.getByText('When is Hajj 2027?', { exact: true })).toBeVisible();
  const main = await page.locator('main').innerText();
  expect(main).toContain('about 14–19 May 2027');
  expect(main).not.toMatch(/Hajj (Packages )?2026|\$8,850/);
  expect(main).toMatch(/women in menstruation or post-natal bleeding are excused/);
  const faqPage = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as { '@type': string; mainEntity?: { name: string }[] })
    .find((block) => block['@type'] === 'FAQPage');
  expect(faqPage?.mainEntity?.map((question) => question.name)).toContain('When is Hajj 2027?');
});

test('city page titles carry no year', async ({ page }) => {
  for (const [city] of contentOf('cities', '.yaml')) {
    await page.goto(`/${city}-umrah`);
    const title = await page.title();
    expect(title, `/${city}-umrah`).toMatch(/Umrah Packages/);
    expect(title, `/${city}-umrah`).not.toMatch(/\b(19|20)\d{2}\b/);
  }
});

test('every guide shows when it was last reviewed, next to its dates', async ({ page }) => {
  const guides = contentOf('blog', '.mdx');
  expect(guides.length).toBeGreaterThanOrEqual(14);
  for (const [slug, text] of guides) {
    const { iso, label } = reviewedLine(text);
    await page.goto(`/blog/${slug}`);
    const reviewed = page.locator('.page-hero [data-reviewed]');
    await expect(reviewed, slug).toHaveText(label);
    await expect(reviewed.locator('time'), slug).toHaveAttribute('datetime', iso);
    await expect(page.locator('.page-hero').getByText(/^Updated /), slug).toBeVisible();
  }
});

test('every landing page shows when it was last reviewed', async ({ page }) => {
  const routes: Record<string, string> = { 'ramadan-last-10-days': '/package/ramadan-last-10-days' };
  for (const [id, text] of contentOf('landing', '.mdx')) {
    await page.goto(routes[id] ?? `/${id}`);
    await expect(page.locator('[data-reviewed]'), id).toHaveText(reviewedLine(text).label);
  }
});
