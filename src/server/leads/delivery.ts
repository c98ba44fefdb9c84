import { agencySender, signatureLines, talkToUsLines } from '../../lib/agency-email.ts';
import { fieldLabel, findForm, wireNames } from '../../lib/forms/definitions.ts';
import { requestBody } from '../../lib/forms/submission.ts';
import { replySender } from '../../lib/desk/reply-email.ts';
import { firstContactAlertEmail, type DigestMessage } from '../../lib/desk/digest.ts';
import { composeQuoteEmail } from '../../lib/quotes/emails.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import type { Delivery, OutboxMessage, StoredLead } from './store.ts';
import { visitorEmail, visitorName } from '../../lib/leads/visitor.ts';

/** One email as nodemailer takes it: the staff's notification, the visitor's acknowledgement or a queued message. */
export interface MailMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  messageId: string;
}

/** Where the reference goes in a form relay: beside the spec's fields, under a name no form uses. */
const RELAY_REFERENCE_FIELD = 'reference';

export interface DeliveryResult {
  ok: boolean;
  detail: string;
}

/** Wait before retry number `attempts + 1`: doubling from `baseMs`, capped, with jitter so retries spread out. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempts, 30));
  return Math.round(exponential * (0.5 + random() / 2));
}

/**
 * The lead as the agency's form service expects it: the spec's field names and values in the
 * form's own encoding, built by the same encoder as the browser's post, with the reference as one
 * extra field after them (left out if a form ever sends a field of that name itself).
 */
function relayBody(lead: StoredLead): URLSearchParams | FormData {
  const form = findForm(lead.formId);
  const clash =
    Object.hasOwn(lead.fields, RELAY_REFERENCE_FIELD) || (form && wireNames(form).includes(RELAY_REFERENCE_FIELD));
  const extra = clash ? {} : { [RELAY_REFERENCE_FIELD]: lead.reference };
  return requestBody(form ?? { encoding: 'urlencoded' }, lead.fields, extra);
}

/** The lead as a JSON webhook receives it. */
function webhookBody(lead: StoredLead): string {
  const { id, reference, formId, receivedAt, pageUrl, fields } = lead;
  return JSON.stringify({ id, reference, formId, receivedAt, pageUrl, fields });
}

/** Sends a relay or webhook delivery; the lead id goes as `Idempotency-Key` so a retry is never a second lead. */
export async function sendHttp(delivery: Delivery, lead: StoredLead, timeoutMs: number): Promise<DeliveryResult> {
  const body = delivery.channel === 'webhook' ? webhookBody(lead) : relayBody(lead);
  try {
    const response = await fetch(delivery.destination, {
      method: 'POST',
      headers: {
        'Idempotency-Key': lead.id,
        ...(delivery.channel === 'webhook' ? { 'Content-Type': 'application/json' } : {}),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return { ok: response.ok, detail: `HTTP ${response.status}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { ok: false, detail: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error) };
  }
}

/** The domain of a From address, for Message-IDs on the site's own domain. */
function mailDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
}

/** The staff's notification: plain text, every field on its own line, reply-to the visitor. */
export function leadEmail(lead: StoredLead, to: string, from: string): MailMessage {
  const form = findForm(lead.formId);
  const who = visitorName(form, lead.fields) || 'a visitor';
  const replyTo = visitorEmail(form, lead.fields);
  const lines = [
    `New enquiry ${lead.reference} from ${who}`,
    '',
    `Reference: ${lead.reference}`,
    `Form:      ${form?.heading ?? lead.formId} (${lead.formId})`,
    `Page:      ${lead.pageUrl ?? 'unknown'}`,
    `Received:  ${lead.receivedAt}`,
    `Lead id:   ${lead.id}`,
    '',
    ...Object.entries(lead.fields).map(([field, value]) => `${fieldLabel(form, field)} (${field}): ${value}`),
    '',
    replyTo ? 'Reply to this email to answer the visitor directly.' : 'The visitor left no email address.',
  ];
  return {
    from,
    to,
    ...(replyTo ? { replyTo } : {}),
    subject: `New enquiry ${lead.reference}: ${form?.heading ?? lead.formId} from ${who}`.replace(/[\r\n]+/g, ' '),
    text: lines.join('\n'),
    // One id per lead: a mail server that sees a retried notification can tell it is the same one.
    messageId: `<${lead.id}@${mailDomain(from)}>`,
  };
}

/**
 * The page an enquiry was sent from, as the acknowledgement may print it: only a plain path on
 * our own site. The Referer is the client's to write, so anything else is left out rather than
 * echoed to an address the sender may not own.
 */
export function acknowledgedPage(pageUrl: string | null, siteUrl: string): string | undefined {
  if (!pageUrl || !URL.canParse(pageUrl)) return undefined;
  const url = new URL(pageUrl);
  if (url.origin !== new URL(siteUrl).origin || !/^\/[a-z0-9\-/]{0,100}$/.test(url.pathname)) return undefined;
  return url.origin + url.pathname;
}

/**
 * The visitor's acknowledgement: the reference, the form and page, what happens next and when,
 * and how to reach the agency. Nothing the visitor typed is in it (no name, no message), so the
 * form cannot be used to send a stranger words of someone else's choosing.
 */
export function acknowledgementEmail(lead: StoredLead, to: string, from: string, siteUrl: string): MailMessage {
  const form = findForm(lead.formId);
  const page = acknowledgedPage(lead.pageUrl, siteUrl);
  const { name, replyTime, email } = agencyContact;
  const lines = [
    'Hello,',
    '',
    `Thank you for contacting ${name}. Your enquiry has reached us.`,
    '',
    `Your reference: ${lead.reference}`,
    `Form:           ${form?.heading ?? 'Enquiry'}`,
    ...(page ? [`Sent from:      ${page}`] : []),
    '',
    'What happens next',
    `One of our travel advisers will read your enquiry and reply ${replyTime}, by email or by phone.`,
    ...(form?.next ? [form.next] : []),
    'If you call or message us before then, please give your reference so we can find your enquiry at once.',
    '',
    ...talkToUsLines(),
    '',
    ...signatureLines(
      siteUrl,
      `You received this one email because this address was entered in an enquiry form on ${siteUrl}.`,
    ),
  ];
  return {
    from: agencySender(from),
    to,
    replyTo: email,
    subject: `Your enquiry to ${name}: reference ${lead.reference}`,
    text: lines.join('\n'),
    messageId: `<ack-${lead.id}@${mailDomain(from)}>`,
  };
}

/**
 * A message the outbox holds about a lead: a quote email or the first-contact alert, written out now
 * from its facts (its links carry this server's SITE_URL), or a staff member's reply, written out in
 * full when it was sent. A pilgrim's comes from the agency and is answered to its address; staff's
 * come from LEADS_NOTIFY_FROM.
 */
export function messageEmail(
  delivery: Pick<Delivery, 'id' | 'destination'> & { leadId: string },
  message: Exclude<OutboxMessage, DigestMessage>,
  from: string,
  siteUrl: string,
): MailMessage {
  if (message.kind === 'reply') {
    // Written out in full when staff sent it: what the lead's history shows is what goes.
    const { subject, text, senderName } = message;
    return {
      ...composedMail(delivery, { audience: 'pilgrim', subject, text }, from),
      from: replySender(senderName, from),
    };
  }
  const context = { siteUrl, leadId: delivery.leadId, timeZone: agencyContact.timeZone };
  const composed =
    message.kind === 'first-contact-alert'
      ? { audience: 'staff' as const, ...firstContactAlertEmail(message, context) }
      : composeQuoteEmail(message, context);
  return composedMail(delivery, composed, from);
}

/** An email written out for an outbox row; one Message-ID per row, so a retried email is known as the same one. */
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
