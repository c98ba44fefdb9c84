/*
 * A lead's own deliveries, registered with the outbox as its channels (LEAD_CHANNELS): the relay to
 * the agency's form service, the webhook, the staff's notification and the visitor's acknowledgement.
 */
import { agencySender, signatureLines, talkToUsLines } from '../../lib/agency-email.ts';
import { fieldLabel, findForm, wireNames } from '../../lib/forms/definitions.ts';
import { requestBody } from '../../lib/forms/submission.ts';
import { answerTextIn } from '../../lib/forms/text-in.ts';
import { bilingualMail, type MailText } from '../../lib/i18n/bilingual.ts';
import { whatsappGreetingIn, wordsFor } from '../../lib/i18n/dictionary.ts';
import { ltrIn, type Language } from '../../lib/languages.ts';
import type { StoredLead } from '../../lib/leads/model.ts';
import { visitorEmail, visitorName } from '../../lib/leads/visitor.ts';
import type { Delivery } from '../../lib/outbox/model.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import type { ChannelKind, DeliveryResult, OutboxContext } from '../outbox/kinds.ts';
import { mailDomain, type MailMessage } from '../outbox/mail.ts';
import { leadById } from './sql-lead-store.ts';

/** Where the reference goes in a form relay: beside the spec's fields, under a name no form uses. */
const RELAY_REFERENCE_FIELD = 'reference';

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
async function sendHttp(delivery: Delivery, lead: StoredLead, timeoutMs: number): Promise<DeliveryResult> {
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

/** The staff's notification: plain text, every field on its own line, reply-to the visitor. */
function leadEmail(lead: StoredLead, to: string, from: string): MailMessage {
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

/** The acknowledgement in one language: English ends with the contacts and the signature, another points to them. */
function acknowledgementText(lead: StoredLead, lang: Language, siteUrl: string): MailText {
  const form = findForm(lead.formId);
  const text = form && answerTextIn(form, lang);
  const words = wordsFor(lang).form.acknowledgement;
  const page = acknowledgedPage(lead.pageUrl, siteUrl);
  const { name, replyTime } = agencyContact;
  // The labels line up in English's plain text, as they always have.
  const line = (label: string, value: string) => `${label.padEnd(16)}${ltrIn(lang, value)}`;
  const lines = [
    words.greeting,
    '',
    words.thanks(name),
    '',
    line(words.reference, lead.reference),
    line(words.form, text?.heading ?? words.enquiry),
    ...(page ? [line(words.sentFrom, page)] : []),
    '',
    words.nextHeading,
    words.reply(replyTime),
    ...(text?.next ? [text.next] : []),
    words.quote,
    '',
    // The English ends with the contacts that the other half points to, so its WhatsApp link greets in the enquiry's language.
    ...(lang === 'en'
      ? [
          ...talkToUsLines(whatsappGreetingIn(lead.language)),
          '',
          ...signatureLines(
            siteUrl,
            `You received this one email because this address was entered in an enquiry form on ${siteUrl}.`,
          ),
        ]
      : [words.contactBelow]),
  ];
  return { subject: words.subject(name, ltrIn(lang, lead.reference)), text: lines.join('\n') };
}

/**
 * The visitor's acknowledgement: the reference, the form and page, what happens next and when,
 * and how to reach the agency, in the language the enquiry came in with the English below
 * (bilingualMail). Nothing the visitor typed is in it (no name, no message), so the form cannot
 * be used to send a stranger words of someone else's choosing.
 */
export function acknowledgementEmail(lead: StoredLead, to: string, from: string, siteUrl: string): MailMessage {
  const english = acknowledgementText(lead, 'en', siteUrl);
  const { subject, text } = bilingualMail(lead.language, acknowledgementText(lead, lead.language, siteUrl), english);
  return {
    from: agencySender(from),
    to,
    replyTo: agencyContact.email,
    subject,
    text,
    messageId: `<ack-${lead.id}@${mailDomain(from)}>`,
  };
}

/** Runs `send` with the delivery's lead; null, sending nothing, when the lead was erased after the row was claimed. */
async function withLead(
  delivery: Delivery,
  context: OutboxContext,
  send: (lead: StoredLead) => Promise<DeliveryResult>,
): Promise<DeliveryResult | null> {
  const lead = delivery.leadId === null ? undefined : await leadById(context.database, delivery.leadId);
  return lead === undefined ? null : send(lead);
}

/** A lead's own deliveries as the outbox's channels: each sent with the lead as it is stored. */
export const LEAD_CHANNELS: readonly ChannelKind[] = [
  {
    channel: 'relay',
    label: 'Form service',
    deliver: (delivery, context) => withLead(delivery, context, (lead) => sendHttp(delivery, lead, context.timeoutMs)),
  },
  {
    channel: 'webhook',
    label: 'Webhook',
    deliver: (delivery, context) => withLead(delivery, context, (lead) => sendHttp(delivery, lead, context.timeoutMs)),
  },
  {
    channel: 'email',
    label: 'Staff email',
    deliver: (delivery, context) =>
      withLead(delivery, context, (lead) => context.send(leadEmail(lead, delivery.destination, context.from))),
  },
  {
    channel: 'acknowledgement',
    label: "Visitor's acknowledgement",
    deliver: (delivery, context) =>
      withLead(delivery, context, (lead) =>
        context.send(acknowledgementEmail(lead, delivery.destination, context.from, context.siteUrl)),
      ),
  },
];
