import type { Page } from '@playwright/test';
import { formatNumberIn, proseDigits } from '@/lib/i18n/numbers';
import type { Language } from '@/lib/languages';
import { REFERENCE_PATTERN } from '@/lib/leads/reference';

/**
 * What keeps its 0-9 in every language, as it is dialled, paid or read out on the phone: a phone or
 * WhatsApp number, a price in dollars, a booking reference.
 */
const KEPT = [
  /\+1 \(\d{3}\) \d{3}-\d{4}/g,
  /\+\d{8,15}/g,
  /\$\d[\d,]*(?:\.\d\d)?/g,
  new RegExp(REFERENCE_PATTERN.source.replace(/^\^|\$$/g, ''), 'g'),
];

/** The figures in `text` written in 0-9 that `lang` writes in its own digits, but for those kept (and web addresses). */
export function latinFigures(text: string, lang: Language): string[] {
  if (formatNumberIn(0, lang) === '0') return [];
  const rest = [/https?:\/\/\S+/g, ...KEPT].reduce((left, kept) => left.replace(kept, ' '), text);
  return [...rest.matchAll(/\S*[0-9]\S*/g)].map((match) => match[0]);
}

/**
 * The figures a page still writes in 0-9 where its language writes its own digits (Bengali's ০-৯):
 * everything the reader sees or hears (text, labels, choices) but phone numbers, prices, emails,
 * addresses, booking references and what is marked as another language (an English name, a source).
 * Empty for a language whose sentences use 0-9 (Urdu and Arabic on this site).
 */
export async function latinFiguresIn(page: Page, lang: Language): Promise<string[]> {
  const text = await page.evaluate((lang) => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll(
        `script, style, noscript, address, a[href^="tel:"], a[href^="mailto:"], [lang]:not([lang="${lang}"])`,
      )
      .forEach((node) => node.remove());
    const names = [copy, ...copy.querySelectorAll('*')].flatMap((node) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => node.getAttribute(name) ?? ''),
    );
    return [copy.textContent ?? '', ...names].join('\n');
  }, lang);
  return latinFigures(text, lang);
}

/**
 * The isolates (`<bdi dir="ltr">`, set in the English pages' faces) that hold a figure in the
 * language's own digits: those belong to the sentence, in its face. Empty where the digits are 0-9.
 */
export async function ownFiguresIsolatedIn(page: Page, lang: Language): Promise<string[]> {
  const digits = proseDigits('0123456789', lang);
  if (digits === '0123456789') return [];
  return page
    .locator('bdi')
    .filter({ hasText: new RegExp(`[${digits}]`) })
    .allTextContents();
}
