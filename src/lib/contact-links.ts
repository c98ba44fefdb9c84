// Type-only import, so the server's acknowledgement email can use these links under Node's type stripping.
import type { SiteSettings } from './site-schema.ts';

/** What a WhatsApp link sends: a greeting in the page's language, and the message the agency reads. */
interface WhatsappText {
  /** The greeting in the page's or family's language (whatsappGreetingIn), sent first; none in English. */
  translated?: string | undefined;
  /** The agency's English greeting, or a message that starts with it. */
  message?: string | undefined;
}

/** WhatsApp chat link with the agency's greeting (or a message that starts with it) prefilled, after the greeting in the page's language when there is one. */
export function whatsappUrl(site: Pick<SiteSettings, 'whatsapp'>, text: WhatsappText = {}): string {
  const { translated, message = site.whatsapp.greeting } = text;
  // One message, the parent's words above the English that staff read, a blank line between.
  const prefilled = translated ? `${translated}\n\n${message}` : message;
  return `https://wa.me/${site.whatsapp.number}?text=${encodeURIComponent(prefilled)}`;
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
