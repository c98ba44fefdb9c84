/**
 * What every plain-text email to a visitor or pilgrim shares: the agency as its sender, how to reach
 * us, and why they got it. The acknowledgement (src/server/leads/delivery.ts) and the quote emails
 * (quotes/emails.ts) are written from these, so the contacts are said once.
 */
import { whatsappUrl, type TranslatedGreeting } from './contact-links.ts';
import { agencyContact } from './site-contact.ts';

/** The sender a visitor sees: the agency's name at the address of `from` (LEADS_NOTIFY_FROM), whatever the staff's emails are called. */
export function agencySender(from: string): string {
  return `${agencyContact.name} <${/<([^>]+)>/.exec(from)?.[1] ?? from}>`;
}

/**
 * "Talk to us": phone, WhatsApp, email and opening hours, one per line. Under an email in the family's
 * language, whose own half points here, the WhatsApp link sends that language's greeting
 * (`translated`, whatsappGreetingIn). The words come from the caller: the dictionaries import this file.
 */
export function talkToUsLines(translated?: TranslatedGreeting): string[] {
  const { phone, hours, email } = agencyContact;
  return [
    'Talk to us',
    `Phone:    ${phone.display}`,
    `WhatsApp: ${whatsappUrl(agencyContact, { translated })}`,
    `Email:    ${email}`,
    'Opening hours:',
    ...hours.map((row) => `  ${row.days}: ${row.label}`),
  ];
}

/** "Miqat Travel LLC, 600 Congress Avenue, Suite 1420, Austin, TX 78701": the postal address commercial email must carry. */
function postalAddressLine(): string {
  const { legalName, address } = agencyContact;
  return `${legalName}, ${address.street}, ${address.locality}, ${address.region} ${address.postalCode}`;
}

/**
 * The agency's name, site and postal address under an email, then why this address got it and, for an
 * email a stranger could have caused (an enquiry in someone else's name), what to do if it was not them.
 */
export function signatureLines(siteUrl: string, why: string | readonly string[], askedByThem = true): string[] {
  return [
    agencyContact.name,
    siteUrl,
    postalAddressLine(),
    '',
    ...(typeof why === 'string' ? [why] : why),
    ...(askedByThem ? ['If that was not you, please ignore it.'] : []),
  ];
}

/** "@miqat-travel.example": the domain every email of ours comes from, as the payments page's advice names it. */
export function agencyEmailDomain(): string {
  return `@${agencyContact.email.split('@')[1]!}`;
}

/** The payments page's anti-fraud advice in one line, for the emails that lead to a payment. */
export function checkSenderLine(): string {
  return `Before you pay: our emails come only from addresses ending in ${agencyEmailDomain()}. If a message says our bank details have changed, call us on ${agencyContact.phone.display} first.`;
}
