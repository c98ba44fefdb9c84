import { site as arSite } from './ar/site.ts';
import { site as bnSite } from './bn/site.ts';
import { site as enSite, type SiteWords } from './en/site.ts';
import type { Language } from './languages.ts';
import { site as urSite } from './ur/site.ts';

/**
 * One dictionary per language, each the English one's shape (translation.ts), gathered by area:
 * `site` for the public pages. Plain Node imports this file (emails), so imports stay relative.
 */
export interface Dictionary {
  site: SiteWords;
}

const DICTIONARIES: Readonly<Record<Language, Dictionary>> = {
  en: { site: enSite },
  ur: { site: urSite },
  ar: { site: arSite },
  bn: { site: bnSite },
};

/** The interface words of a language. */
export function wordsFor(lang: Language): Dictionary {
  return DICTIONARIES[lang];
}
