/**
 * What every plain-text email to a visitor or pilgrim shares: the agency as its sender, how to reach
 * us, and why they got it. The acknowledgement (src/server/leads/delivery.ts) and the quote emails
 * (quotes/emails.ts) are written from these, so the contacts are said once.
 */
import { whatsappUrl } from './contact-links.ts';
import { agencyContact } from './site-contact.ts';

/** The sender a visitor sees: the agency's name at the address of `from` (LEADS_NOTIFY_FROM), whatever the staff's emails are called. */
export function agencySender(from: string): string {
  return `${agencyContact.name} <${/<([^>]+)>/.exec(from)?.[1] ?? from}>`;
}

/** "Talk to us": phone, WhatsApp, email and opening hours, one per line. */
export function talkToUsLines(): string[] {
  const { phone, hours, email } = agencyContact;
  return [
    'Talk to us',
    `Phone:    ${phone.display}`,
    `WhatsApp: ${whatsappUrl(agencyContact)}`,
    `Email:    ${email}`,
    'Opening hours:',
    ...hours.map((row) => `  ${row.days}: ${row.label}`),
  ];
}

/** The agency's name and site under an email, then why this address got it. */
export function signatureLines(siteUrl: string, why: string): string[] {
  return [agencyContact.name, siteUrl, '', why, 'If that was not you, please ignore it.'];
}
