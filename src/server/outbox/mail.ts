/** The outbox's email channel: the message nodemailer takes, and the envelope every composer shares. */
import { agencySender } from '../../lib/agency-email.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import type { Delivery } from '../../lib/outbox/model.ts';

/** One email as nodemailer takes it: the staff's notification, the visitor's acknowledgement or a queued message. */
export interface MailMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  messageId: string;
  /** Extra headers, such as a list's one-click unsubscribe (RFC 8058); nodemailer takes them as given. */
  headers?: Record<string, string>;
}

/** Sends one email; nodemailer in production, anything with the same shape in tests. */
export type Mailer = (message: MailMessage) => Promise<unknown>;

/** The domain of a From address, for Message-IDs on the site's own domain. */
export function mailDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
}

/**
 * An email written out for an outbox row: a pilgrim's comes from the agency and is answered to its
 * address, staff's come from LEADS_NOTIFY_FROM. One Message-ID per row, so a retried email is known
 * as the same one.
 */
export function composedMail(
  delivery: Pick<Delivery, 'id' | 'destination'>,
  composed: { audience: 'pilgrim' | 'staff'; subject: string; text: string },
  from: string,
): MailMessage {
  const pilgrim = composed.audience === 'pilgrim';
  return {
    from: pilgrim ? agencySender(from) : from,
    to: delivery.destination,
    ...(pilgrim ? { replyTo: agencyContact.email } : {}),
    subject: composed.subject,
    text: composed.text,
    messageId: `<message-${delivery.id}@${mailDomain(from)}>`,
  };
}
