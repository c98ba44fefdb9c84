import { expect, test } from './support/shared-page';
import { recordScripts, selfStartedLoadsHadTheirChance } from './support/scripts';

const GREETING = 'Hello! I would like to inquire about your travel packages.';

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Packages dropdown opens on hover and lists the package pages and the finder', async ({ page }) => {
    await page.goto('/about-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.locator('#packages-menu');
    await expect(menu).toBeHidden();
    await nav.getByRole('button', { name: 'Packages' }).hover();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Umrah Packages',
      'Hajj Packages',
      'Ramadan Umrah',
      'December Umrah',
      'Package Finder',
    ]);
    await page.mouse.move(5, 700);
    await expect(menu).toBeHidden();
  });

  test('the Packages dropdown works by keyboard and Escape closes it', async ({ page }) => {
    await page.goto('/about-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const trigger = nav.getByRole('button', { name: 'Packages' });
    const menu = nav.locator('#packages-menu');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Umrah Packages' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Hajj Packages' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    // Focus must stay visible on the trigger after closing.
    const outline = await trigger.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
  });

  test('the current page is marked in the header', async ({ page }) => {
    await page.goto('/about-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  });
});

test.describe('mobile drawer', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  async function openDrawer(page: import('@playwright/test').Page) {
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    return { button, drawer };
  }

  test('lists the spec links plus Message Us and Call Now', async ({ page }) => {
    await page.goto('/contact-us');
    const { drawer } = await openDrawer(page);
    await expect(drawer.getByRole('navigation').getByRole('link')).toHaveText([
      'Home',
      'About Us',
      'Umrah Packages',
      'Hajj Packages',
      'Islamic Holidays',
      'Blog',
      'Contact',
      'Search',
    ]);
    await expect(drawer.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: /Message Us/ })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(drawer.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:+15125550143');
  });

  test('the close button closes it and focus returns to the menu button', async ({ page }) => {
    await page.goto('/');
    const { button, drawer } = await openDrawer(page);
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('Escape closes it and focus returns to the menu button', async ({ page }) => {
    await page.goto('/');
    const { button, drawer } = await openDrawer(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('tapping the backdrop closes it', async ({ page }) => {
    await page.goto('/');
    const { button, drawer } = await openDrawer(page);
    await page.mouse.click(20, 400);
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('Tab stays inside the open drawer', async ({ page }) => {
    await page.goto('/');
    const { drawer } = await openDrawer(page);
    for (let step = 0; step < 12; step += 1) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });

  test('opens by keyboard too', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });
});

test('pages without a form load no JavaScript until the visitor interacts', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about-us');
  await selfStartedLoadsHadTheirChance(page);
  expect(scripts).toEqual([]);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
});

test('a page of package cards loads no JavaScript until the visitor reaches for a compare box', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/umrah-without-flight');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await selfStartedLoadsHadTheirChance(page);
  expect(scripts).toEqual([]);
  await page.getByRole('checkbox', { name: 'Compare Umrah Without Flight 5 Nights 3 Star', exact: true }).check();
  await expect(page.getByRole('region', { name: 'Packages to compare' })).toBeVisible();
  expect(scripts.some((url) => url.includes('CompareTray'))).toBe(true);
});

test('every chat link opens WhatsApp in a new tab with the greeting', async ({ page }) => {
  await page.goto('/');
  const links = page.locator('a[href^="https://wa.me/"]');
  expect(await links.count()).toBeGreaterThan(2);
  for (const link of await links.all()) {
    const href = (await link.getAttribute('href'))!;
    const url = new URL(href);
    expect(url.pathname).toBe('/15125550143');
    expect(url.searchParams.get('text')).toBe(GREETING);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
});

test('the floating chat button on the home page enlarges and shows its tooltip on hover and focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const button = page.locator('a.floating-chat');
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeHidden();
  await button.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText('Need help? Chat with us!');
  await expect.poll(() => button.evaluate((element) => getComputedStyle(element).transform)).not.toBe('none');
  await page.mouse.move(5, 5);
  await expect(tooltip).toBeHidden();
});

test('the floating chat tooltip also shows on keyboard focus', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const button = page.locator('a.floating-chat');
  await button.focus();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect.poll(() => button.evaluate((element) => getComputedStyle(element).transform)).not.toBe('none');
});

test('the floating chat button appears only on the home page', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.locator('a.floating-chat')).toHaveCount(0);
});
