// Type-only import, so the server's acknowledgement email can use these links under Node's type stripping.
import type { SiteSettings } from './site-schema.ts';

/** WhatsApp chat link with the agency's greeting prefilled, or a message that starts with it. */
export function whatsappUrl(site: Pick<SiteSettings, 'whatsapp'>, message = site.whatsapp.greeting): string {
  return `https://wa.me/${site.whatsapp.number}?text=${encodeURIComponent(message)}`;
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
