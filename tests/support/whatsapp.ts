import { whatsappGreetingIn } from '../../src/lib/i18n/dictionary.ts';
import type { Language } from '../../src/lib/languages.ts';
import { agencyContact } from '../../src/lib/site-contact.ts';

/**
 * The text each WhatsApp link in a page or an email would send, decoded: what a parent who taps it
 * sees typed in. Links in HTML have `&` escaped in their attribute; the text is read after unescaping.
 */
export function whatsappTexts(body: string): string[] {
  return [...body.matchAll(/https:\/\/wa\.me\/[^\s"'<>]+/g)].map(
    (match) => new URL(match[0].replaceAll('&amp;', '&')).searchParams.get('text') ?? '',
  );
}

/**
 * What a WhatsApp link sends in a language: its greeting alone where staff speak it, else the greeting,
 * a blank line and the agency's English greeting; in English, the English greeting alone.
 */
export function whatsappTextIn(lang: Language): string {
  const translated = whatsappGreetingIn(lang);
  if (!translated) return agencyContact.whatsapp.greeting;
  if (agencyContact.staffLanguages.includes(translated.lang)) return translated.greeting;
  return `${translated.greeting}\n\n${agencyContact.whatsapp.greeting}`;
}
