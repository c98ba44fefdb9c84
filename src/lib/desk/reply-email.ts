/**
 * A reply staff write to a pilgrim from the lead page, as the outbox keeps it: written out in full
 * when it is queued (subject with the reference, the staff member's text and the agency's contacts),
 * so the email the worker sends is word for word what the lead's history records. Unlike the quote
 * emails it carries words a person typed: a signed-in staff member's, sent to the enquiry's own
 * address, never the visitor's words to a stranger.
 */
import { agencyContact } from '../site-contact.ts';
import { withReference } from './reply-templates.ts';

/** A reply to the pilgrim, complete as it will be sent. */
export interface ReplyEmail {
  kind: 'reply';
  reference: string;
  subject: string;
  text: string;
  /** The staff member's name: the sender's display name, at the agency's address. */
  senderName: string;
}

/** The longest name a staff member may give, and the characters a mail header's display name cannot hold. */
export const STAFF_NAME_MAX = 80;
const NOT_IN_NAME = /["<>\\@,;:()[\]\p{Cc}]/u;

/** Why a staff member's name cannot be used as a sender's name, or undefined when it can. */
export function staffNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Write your name as pilgrims should see it, such as Amina Rahman.';
  if (trimmed.length > STAFF_NAME_MAX) return `Keep your name to ${STAFF_NAME_MAX} characters or fewer.`;
  if (NOT_IN_NAME.test(trimmed)) return 'Use letters, spaces, hyphens, apostrophes and full stops only.';
  return undefined;
}

/** The agency's contacts under every reply, so the pilgrim can call or find the site. */
function closing(siteUrl: string): string[] {
  return ['', '--', agencyContact.name, `Phone: ${agencyContact.phone.display}`, siteUrl];
}

/** A reply written out as it will be sent: the reference in the subject, the agency's contacts at the end. */
export function composeReply(
  reply: { reference: string; subject: string; body: string; senderName: string },
  siteUrl: string,
): ReplyEmail {
  const body = reply.body.replace(/\r\n?/g, '\n').trimEnd();
  return {
    kind: 'reply',
    reference: reply.reference,
    subject: withReference(reply.subject, reply.reference),
    text: [body, ...closing(siteUrl)].join('\n'),
    senderName: reply.senderName.trim(),
  };
}

/** The From header of a reply: the staff member's name at the address of `from` (LEADS_NOTIFY_FROM). */
export function replySender(senderName: string, from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return staffNameProblem(senderName) ? `${agencyContact.name} <${address}>` : `"${senderName}" <${address}>`;
}

/** The reply as the lead's history keeps it: who it went to, the subject and the text, word for word. */
export function replyHistory(email: ReplyEmail, to: string): string {
  return `Email to ${to}\nSubject: ${email.subject}\n\n${email.text}`;
}

/** What the lead page's Reply card shows: what can be sent from here, the templates and the form as drawn. */
export interface ReplyPanel {
  leadId: string;
  /** Why no reply can be written here at all; undefined when one can. */
  blocked: string | undefined;
  /** Blocked because the staff member has not given the name replies go out under. */
  needsName: boolean;
  /** The address an email goes to, or undefined with `emailOff` saying why it is not offered. */
  to: string | undefined;
  emailOff: string | undefined;
  /** Why WhatsApp is not offered; undefined when it is. */
  whatsappOff: string | undefined;
  templates: { id: number; name: string }[];
  /** The template the form was filled from, as the chooser's value ('' for none). */
  chosen: string;
  subject: string;
  body: string;
  /** The form's key: sent twice, it is queued once. */
  key: string;
  /** Why the last send or template was refused; `field` names the subject or the message. */
  problems: { field?: 'subject' | 'body' | undefined; message: string }[];
}

const REPLY_DONE: Record<string, string> = {
  'reply-sent':
    'Reply sent to the outbox, which delivers it and retries until the mail server takes it. Its text is in the history.',
  'reply-repeated': 'That reply was sent already; it was not sent again.',
};

/** The message after a reply, from the `done` parameter of the lead page; undefined for any other value. */
export function replyDoneMessage(done: string | null): string | undefined {
  return done === null ? undefined : REPLY_DONE[done];
}
