import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-page';
import { wordsFor } from '@/lib/i18n/dictionary';
import { TRANSLATED_LANGUAGES, TRANSLATED_PAGES, localizedPath, type TranslatedLanguage } from '@/lib/languages';
import { whatsappTextIn, whatsappTexts } from '../support/whatsapp';
import { latinFiguresIn, ownFiguresIsolatedIn } from './support/digits';
import {
  axeViolations,
  collectProblems,
  picturesAtTheWrongPriority,
  selfHydratingIslandsReady,
  sidewaysOverflow,
} from './support/gates';

/**
 * The 24 translated pages in Chromium: the interface in the page's language (the skip link,
 * header, breadcrumbs, notice, form, buttons and footer hold no English word but the agency's
 * Latin names, isolated in `<bdi>` or marked `lang="en"`), axe clean at 1280 and 390 px in one
 * visit, and the phone menu in the language. What needs no browser is in translated-pages-http.
 */

/** Fragments of the English interface's sentences (a function's words around its values), long enough to mean something. */
function englishFragments(): string[] {
  const flat = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : typeof value === 'function'
        ? (value as (...args: string[]) => string)('\u0000', '\u0000', '\u0000').split('\u0000')
        : Object.values(value as object).flatMap(flat);
  return [...new Set(flat(wordsFor('en').site).map((text) => text.trim()))].filter((text) => text.length >= 6);
}
const ENGLISH = englishFragments();

/** The text and accessible names of the page's interface, without what is meant to be Latin (isolated or marked English) and without the switcher, which names English in English. */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [
      '.skip-link',
      'header',
      'nav[aria-label]:not([data-language-switcher])',
      '[data-english-governs]',
      '#enquiry',
      'footer',
      'main a:not(.prose-page *)',
      'main button:not(.prose-page *)',
    ].flatMap((selector) => [...document.querySelectorAll<HTMLElement>(selector)]);
    return parts
      .map((element) => {
        const copy = element.cloneNode(true) as HTMLElement;
        copy
          .querySelectorAll('bdi, [lang="en"], [data-language-switcher], script, style')
          .forEach((node) => node.remove());
        const names = [copy, ...copy.querySelectorAll('*')].flatMap((node) =>
          ['aria-label', 'placeholder', 'title', 'alt'].map((name) => node.getAttribute(name) ?? ''),
        );
        return element.closest('bdi, [lang="en"]') ? '' : [copy.textContent ?? '', ...names].join(' ');
      })
      .join('\n');
  });
}

function englishIn(text: string): string[] {
  // A web address (hajj.nusuk.sa, where Hajj is booked) is written in Latin letters in every language.
  const latinWords = text.replace(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)+\b/g, ' ').match(/[A-Za-z][A-Za-z'’-]+/g) ?? [];
  return [...latinWords, ...ENGLISH.filter((fragment) => text.includes(fragment))];
}

for (const lang of TRANSLATED_LANGUAGES) {
  for (const englishPath of TRANSLATED_PAGES) {
    const path = localizedPath(englishPath, lang);
    test(`${path}: the interface in ${lang}, axe clean at 1280 and 390 px`, async ({ page }) => {
      const problems = collectProblems(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(englishIn(await interfaceText(page))).toEqual([]);
      await expect(page.locator('[data-english-governs]')).toHaveCount(1);
      await expect(page.locator('[data-english-governs]')).toContainText(wordsFor(lang).site.englishGoverns);
      // Bengali writes its numbers in its own digits, as its dates and facts do; the form's island too.
      await selfHydratingIslandsReady(page);
      expect(await latinFiguresIn(page, lang), 'numbers in 0-9').toEqual([]);
      expect(await ownFiguresIsolatedIn(page, lang), 'own digits isolated in the English faces').toEqual([]);
      // The gates every English page passes (gates.spec.ts leaves these pages to this test).
      expect(await axeViolations(page), '1280 px').toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await axeViolations(page), '390 px').toEqual([]);
      expect(await picturesAtTheWrongPriority(page), 'pictures at 390 px').toEqual({
        lazyInView: [],
        urgentOutOfView: [],
      });
      expect(await sidewaysOverflow(page), 'scrolls sideways at 390 px').toBe(0);
      expect(problems).toEqual([]);
    });
  }
}

test('the phone menu opens in the page’s language, its links to the translations where there are some', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of TRANSLATED_LANGUAGES) {
    const words = wordsFor(lang).site.nav;
    await page.goto(localizedPath('/contact-us', lang));
    await page.getByRole('button', { name: words.openMenu }).click();
    const drawer = page.getByRole('dialog', { name: words.menu });
    await expect(drawer.getByRole('button', { name: words.closeMenu })).toBeFocused();
    await expect(drawer.getByRole('link', { name: words.contact })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: words.aboutUs })).toHaveAttribute('href', `/${lang}/about-us`);
    await expect(drawer.getByRole('link', { name: words.umrahPackages })).toHaveAttribute('hreflang', 'en');
    expect(englishIn((await drawer.textContent()) ?? '')).toEqual([]);
    // Its WhatsApp button, drawn by the island, greets in the page's language first.
    const chat = await drawer.locator('a[href^="https://wa.me/"]').getAttribute('href');
    expect(whatsappTexts(chat!)).toEqual([whatsappTextIn(lang)]);
  }
});

test('the language switcher leads from the English page to its translation and back, without a script', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/umrah-visa');
  const switcher = page.getByRole('navigation', { name: 'Languages' });
  await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
  await switcher.getByRole('link', { name: 'اردو' }).click();
  await expect(page).toHaveURL(/\/ur\/umrah-visa$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const urdu = page.getByRole('navigation', { name: wordsFor('ur').site.languages });
  await expect(urdu.getByRole('link', { name: 'اردو' })).toHaveAttribute('aria-current', 'page');
  await expect(urdu.getByRole('link', { name: 'বাংলা' })).toHaveAttribute('lang', 'bn');
  await urdu.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/umrah-visa$/);
  await context.close();
});

test('an address, a phone number and a price keep the English pages’ faces inside each translation', async ({
  page,
}) => {
  const fontOf = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).fontFamily);
  await page.goto('/');
  const english = { text: await fontOf('body'), price: await fontOf('[data-tier-card] [data-price]') };
  expect(english.text).not.toBe(english.price);
  for (const lang of TRANSLATED_LANGUAGES) {
    await page.goto(localizedPath('/', lang));
    // The page's own words are in its script's stack; its Latin fragments are not.
    expect(await fontOf('main p'), lang).not.toBe(english.text);
    expect(await fontOf('footer address[lang="en"]'), lang).toBe(english.text);
    expect(await fontOf('footer a[href^="tel:"] bdi[dir="ltr"]'), lang).toBe(english.text);
    expect(await fontOf('[data-tier-card] [data-price]'), lang).toBe(english.price);
  }
  // Urdu's tall lines are for Nastaliq, not for an English address.
  const address = page.locator('footer address[lang="en"]');
  await page.goto(localizedPath('/', 'ur'));
  expect(
    await address.evaluate(
      (element) => parseFloat(getComputedStyle(element).lineHeight) / parseFloat(getComputedStyle(element).fontSize),
    ),
  ).toBeLessThan(1.6);
});

test('the English search finds no translated page', async ({ page }) => {
  await page.goto('/search?q=عمرہ');
  await expect(page.getByRole('status')).toHaveText(/\b0 results|No results/i, { timeout: 20_000 });
  const hrefs = await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.filter((href) => /^\/(ur|ar|bn)(\/|$)/.test(href ?? ''))).toEqual([]);
});

test('the English contact page names the staff languages; the Urdu and Bengali pages say theirs, the Arabic ones promise nothing', async ({
  page,
}) => {
  await page.goto('/contact-us');
  await expect(page.locator('[data-staff-languages]')).toHaveText(
    'You can also call or WhatsApp us in Urdu or Bengali.',
  );
  const said: Record<TranslatedLanguage, boolean> = { ur: false, ar: false, bn: false };
  for (const lang of TRANSLATED_LANGUAGES) {
    for (const englishPath of ['/', '/contact-us']) {
      await page.goto(localizedPath(englishPath, lang));
      said[lang] ||= (await page.locator('[data-staff-languages]').count()) > 0;
    }
  }
  expect(said).toEqual({ ur: true, ar: false, bn: true });
  await page.goto('/ur/contact-us');
  await expect(page.locator('[data-staff-languages]').first()).toContainText('اردو');
});
