import { fieldLabel, findForm } from '../../lib/forms/definitions.ts';
import type { Delivery, StoredLead } from './store.ts';
import { visitorEmail, visitorName } from './visitor.ts';

export interface DeliveryResult {
  ok: boolean;
  detail: string;
}

/** Wait before retry number `attempts + 1`: doubling from `baseMs`, capped, with jitter so retries spread out. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempts, 30));
  return Math.round(exponential * (0.5 + random() / 2));
}

/** The lead as the agency's form service expects it: the spec's field names in the form's own encoding. */
export function relayBody(lead: StoredLead): URLSearchParams | FormData {
  const form = findForm(lead.formId);
  if (form?.encoding !== 'multipart') return new URLSearchParams(lead.fields);
  const data = new FormData();
  for (const [name, value] of Object.entries(lead.fields)) data.append(name, value);
  return data;
}

/** The lead as a JSON webhook receives it. */
export function webhookBody(lead: StoredLead): string {
  const { id, formId, receivedAt, pageUrl, fields } = lead;
  return JSON.stringify({ id, formId, receivedAt, pageUrl, fields });
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

/** The staff's notification: plain text, every field on its own line, reply-to the visitor. */
export function leadEmail(lead: StoredLead, to: string, from: string) {
  const form = findForm(lead.formId);
  const who = visitorName(lead.fields) || 'a visitor';
  const replyTo = visitorEmail(lead.fields);
  const lines = [
    `New enquiry from ${who}`,
    '',
    `Form:     ${form?.heading ?? lead.formId} (${lead.formId})`,
    `Page:     ${lead.pageUrl ?? 'unknown'}`,
    `Received: ${lead.receivedAt}`,
    `Lead id:  ${lead.id}`,
    '',
    ...Object.entries(lead.fields).map(([field, value]) => `${fieldLabel(form, field)} (${field}): ${value}`),
    '',
    replyTo ? 'Reply to this email to answer the visitor directly.' : 'The visitor left no email address.',
  ];
  return {
    from,
    to,
    ...(replyTo ? { replyTo } : {}),
    subject: `New enquiry: ${form?.heading ?? lead.formId} from ${who}`.replace(/[\r\n]+/g, ' '),
    text: lines.join('\n'),
    // One id per lead: a mail server that sees a retried notification can tell it is the same one.
    messageId: `<${lead.id}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'localhost'}>`,
  };
}
