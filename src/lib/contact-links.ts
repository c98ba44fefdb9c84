// Type-only imports, so the server's acknowledgement email can use these links under Node's type stripping.
import type { TranslatedLanguage } from './languages.ts';
import type { SiteSettings } from './site-schema.ts';

/** A greeting in the page's or family's language (whatsappGreetingIn) and the language it is in. */
export interface TranslatedGreeting {
  lang: TranslatedLanguage;
  greeting: string;
}

/** What a WhatsApp link sends: a greeting in the page's language, and the message the agency reads. */
interface WhatsappText {
  /** The greeting in the page's or family's language (whatsappGreetingIn), sent first; none in English. */
  translated?: TranslatedGreeting | undefined;
  /** The agency's English greeting, or a message that starts with it. */
  message?: string | undefined;
}

/**
 * WhatsApp chat link with the agency's greeting (or a message that starts with it) prefilled, or the
 * greeting in the page's language: alone where staff speak it, above the English where they do not.
 */
export function whatsappUrl(site: Pick<SiteSettings, 'whatsapp' | 'staffLanguages'>, text: WhatsappText = {}): string {
  const { translated, message = site.whatsapp.greeting } = text;
  const staffReadIt = translated && site.staffLanguages.includes(translated.lang) && message === site.whatsapp.greeting;
  // One message: the parent's words, and the English that staff read below them where they need it.
  const prefilled = !translated ? message : staffReadIt ? translated.greeting : `${translated.greeting}\n\n${message}`;
  return `https://wa.me/${site.whatsapp.number}?text=${encodeURIComponent(prefilled)}`;
}

/**
 * The WhatsApp link for a page's HTML: the same link with letters beyond ASCII written as they are,
 * which a browser escapes again when it follows the link. A Bengali or Urdu greeting escaped is three
 * times the bytes (86 B of brotli on the Bengali guide). Plain-text emails keep whatsappUrl's escapes,
 * which every mail program reads as one link.
 */
export function whatsappHref(site: Pick<SiteSettings, 'whatsapp' | 'staffLanguages'>, text: WhatsappText = {}): string {
  return whatsappUrl(site, text).replace(/(?:%[C-F][0-9A-F](?:%[89AB][0-9A-F])+)+/g, (escaped) =>
    decodeURIComponent(escaped),
  );
}

/** tel: link for a phone number from the settings. */
export function telHref(phone: SiteSettings['phone']): string {
  return `tel:${phone.e164}`;
}

/** mailto: link for the agency's address. */
export function mailtoHref(site: Pick<SiteSettings, 'email'>, subject?: string): string {
  return subject ? `mailto:${site.email}?subject=${encodeURIComponent(subject)}` : `mailto:${site.email}`;
}

/** The office address as two printed lines: street, then "City, ST 12345". */
export function addressLines(address: SiteSettings['address']): [string, string] {
  return [address.street, `${address.locality}, ${address.region} ${address.postalCode}`];
}
