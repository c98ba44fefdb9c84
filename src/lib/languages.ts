/**
 * The languages the site speaks beside English, and where their pages live. English is
 * unprefixed; a translation sits at the same path under its prefix (`/ur/umrah-visa`). Only the
 * pages in TRANSLATED_PAGES have translations; every other page stays in English and offers none.
 * Plain Node imports this file, so it imports nothing from Astro.
 */

export const LANGUAGES = ['en', 'ur', 'ar', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export type TranslatedLanguage = Exclude<Language, 'en'>;
export const TRANSLATED_LANGUAGES = LANGUAGES.filter((lang): lang is TranslatedLanguage => lang !== 'en');

export interface LanguageInfo {
  /** The BCP 47 tag for `lang` attributes and Intl. */
  tag: string;
  /** The language named in its own script, as the switcher shows it. */
  name: string;
  /** The language's name in English, for the desk and the CSV. */
  englishName: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGE_INFO: Readonly<Record<Language, LanguageInfo>> = {
  en: { tag: 'en', name: 'English', englishName: 'English', dir: 'ltr' },
  ur: { tag: 'ur', name: 'اردو', englishName: 'Urdu', dir: 'rtl' },
  ar: { tag: 'ar', name: 'العربية', englishName: 'Arabic', dir: 'rtl' },
  bn: { tag: 'bn', name: 'বাংলা', englishName: 'Bengali', dir: 'ltr' },
};

/** The English paths of the eight pages that have a translation in every translated language. */
export const TRANSLATED_PAGES = [
  '/',
  '/contact-us',
  '/about-us',
  '/umrah-visa',
  '/hajj-packages',
  '/blog/complete-umrah-guide-step-by-step',
  '/blog/umrah-with-elderly-parents-complete-guide',
  '/blog/what-to-pack-for-umrah-checklist-2024',
] as const;

/** Whether a value (a form field, a URL segment, a stored column) names a language we speak. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Reads a stored or posted language, falling back to English for anything else. */
export function languageOr(value: unknown, fallback: Language = 'en'): Language {
  return isLanguage(value) ? value : fallback;
}

/** The path of an English page in a language: `/umrah-visa` in Urdu is `/ur/umrah-visa`, the home page `/ur`. */
export function localizedPath(englishPath: string, lang: Language): string {
  if (lang === 'en') return englishPath;
  return englishPath === '/' ? `/${lang}` : `/${lang}${englishPath}`;
}

/** Splits a served path into its language and the English path it translates. */
export function splitLanguagePath(pathname: string): { lang: Language; englishPath: string } {
  const match = /^\/(ur|ar|bn)(\/.*)?$/.exec(pathname);
  if (!match) return { lang: 'en', englishPath: pathname };
  return { lang: match[1] as TranslatedLanguage, englishPath: match[2] ?? '/' };
}

/** The languages a page exists in, English first: all four for a translated page, English alone otherwise. */
export function languagesOf(englishPath: string): readonly Language[] {
  return (TRANSLATED_PAGES as readonly string[]).includes(englishPath) ? LANGUAGES : ['en'];
}

/**
 * A reference, phone number, amount or Latin name set inside a sentence of a language, isolated left
 * to right (U+2066…U+2069, what `<bdi dir="ltr">` does) where the language runs right to left, so
 * that its hyphens, signs and brackets stay where they were typed; untouched elsewhere. Plain text
 * (an email) carries it too.
 */
export function ltrIn(lang: Language, text: string): string {
  return LANGUAGE_INFO[lang].dir === 'rtl' ? `\u2066${text}\u2069` : text;
}
