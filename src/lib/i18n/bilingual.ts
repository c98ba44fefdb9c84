import { wordsFor } from './dictionary.ts';
import type { Language } from '../languages.ts';

/** A plain-text email's subject and body. */
export interface MailText {
  subject: string;
  text: string;
}

const RULE = '—'.repeat(24);

/**
 * An email in the family's language with the same email in English under it, for the person who
 * booked (decisions, fifth round); in English, the English alone. Both halves come from their own
 * composer, so no fact is written into either.
 */
export function bilingualMail(lang: Language, inLanguage: MailText, english: MailText): MailText {
  if (lang === 'en') return english;
  return {
    subject: `${inLanguage.subject} | ${english.subject}`,
    text: `${inLanguage.text.trimEnd()}\n\n${RULE}\n${wordsFor(lang).mail.englishBelow} / ${wordsFor('en').mail.englishBelow}\n${RULE}\n\n${english.text}`,
  };
}
