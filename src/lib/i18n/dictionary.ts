import { mail as arMail } from './ar/mail.ts';
import { site as arSite } from './ar/site.ts';
import { mail as bnMail } from './bn/mail.ts';
import { site as bnSite } from './bn/site.ts';
import { mail as enMail, type MailWords } from './en/mail.ts';
import { site as enSite, type SiteWords } from './en/site.ts';
import type { Language } from './languages.ts';
import { mail as urMail } from './ur/mail.ts';
import { site as urSite } from './ur/site.ts';

/**
 * One dictionary per language, each the English one's shape (translation.ts), gathered by area:
 * `site` for the public pages, `mail` for what every email shares. Plain Node imports this file (emails), so imports stay relative.
 */
export interface Dictionary {
  site: SiteWords;
  mail: MailWords;
}

const DICTIONARIES: Readonly<Record<Language, Dictionary>> = {
  en: { site: enSite, mail: enMail },
  ur: { site: urSite, mail: urMail },
  ar: { site: arSite, mail: arMail },
  bn: { site: bnSite, mail: bnMail },
};

/** The interface words of a language. */
export function wordsFor(lang: Language): Dictionary {
  return DICTIONARIES[lang];
}
