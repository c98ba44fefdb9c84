import { findForm } from '../forms/definitions.ts';
import type { FormDef } from '../forms/types.ts';
import { countOf } from '../format.ts';
import type { Delivery, DeliveryAttempt, OutboxMessage, StoredLead } from '../leads/model.ts';
import { quoteEmailLabel } from '../quotes/emails.ts';
import { valueWithRole, visitorEmail, visitorName, visitorPhone } from './visitor.ts';

/** Who sent a lead and from where, as one line of the desk's list shows it. */
export interface InboxRow {
  id: string;
  reference: string;
  receivedAt: string;
  /** The form's placement, with the package for a package booking: "Package page: Gold Umrah 14 nights". */
  page: string;
  name: string;
  email: string;
  phone: string;
  travellers: string;
}

/** "2 adults, 1 child" from whichever count fields the form has; empty when it has none. */
export function travellerText(form: FormDef | undefined, fields: Record<string, string>): string {
  const parts = [
    ['adult', valueWithRole(form, fields, 'adults')],
    ['child', valueWithRole(form, fields, 'children')],
    ['infant', valueWithRole(form, fields, 'infants')],
  ]
    .filter(([noun, count]) => count !== '' && !(noun !== 'adult' && count === '0'))
    .map(([noun, count]) => `${count} ${noun}${count === '1' ? '' : noun === 'child' ? 'ren' : 's'}`);
  return parts.join(', ');
}

/** The package a booking form was sent for, from the values its page supplies; '' for other forms. */
export function packageName(form: FormDef | undefined, fields: Record<string, string>): string {
  return form?.pageFields?.includes('package_name') ? (fields['package_name']?.trim() ?? '') : '';
}

/** Where a lead was sent from in the staff's words: the placement, and the package when there is one. */
export function placementText(form: FormDef | undefined, formId: string, fields: Record<string, string>): string {
  const placement = form?.placement ?? `Unknown form "${formId}"`;
  const item = packageName(form, fields);
  return item ? `${placement}: ${item}` : placement;
}

/** One line of the desk's list: who sent the lead, from which page, and how many travel. */
export function inboxRow(lead: StoredLead): InboxRow {
  const { fields } = lead;
  const form = findForm(lead.formId);
  return {
    id: lead.id,
    reference: lead.reference,
    receivedAt: lead.receivedAt,
    page: placementText(form, lead.formId, fields),
    name: visitorName(form, fields) || '(no name)',
    email: visitorEmail(form, fields) ?? valueWithRole(form, fields, 'email'),
    phone: visitorPhone(form, fields),
    travellers: travellerText(form, fields),
  };
}

const CHANNELS: Record<Delivery['channel'], string> = {
  relay: 'Form service',
  webhook: 'Webhook',
  email: 'Staff email',
  acknowledgement: "Visitor's acknowledgement",
  message: 'Email',
};

/** How many of each delivery's tries the lead page lists, the newest. */
export const ATTEMPTS_LISTED = 10;

/** How the desk names a queued message among a lead's deliveries: "Quote email (version 2)", "First-contact alert", 'Reply "…"'. */
export function messageLabel(message: OutboxMessage): string {
  if (message.kind === 'reply') return `Reply "${message.subject}"`;
  if (message.kind === 'first-contact-alert') return 'First-contact alert';
  if (message.kind === 'digest') return `Morning digest (${message.day})`;
  return quoteEmailLabel(message);
}

/** A delivery as the lead page lists it: where it goes, its state in words and how often it was tried. */
export function deliveryLine(
  delivery: Delivery,
  formatTime: (iso: string) => string,
): { target: string; state: string; attempts: string } {
  const state =
    delivery.status === 'delivered'
      ? `Delivered${delivery.deliveredAt ? ` ${formatTime(delivery.deliveredAt)}` : ''}`
      : `Pending, next try ${formatTime(new Date(delivery.nextAttemptAt).toISOString())}`;
  return {
    target: `${delivery.message ? messageLabel(delivery.message) : CHANNELS[delivery.channel]} to ${delivery.destination}`,
    state,
    attempts: countOf(delivery.attempts, 'attempt'),
  };
}

/** One try of a delivery in words: when, how it went and how long it took. */
export function attemptLine(
  attempt: DeliveryAttempt,
  formatTime: (iso: string) => string,
): { when: string; outcome: string } {
  const took = attempt.durationMs < 1000 ? `${attempt.durationMs} ms` : `${(attempt.durationMs / 1000).toFixed(1)} s`;
  return {
    when: formatTime(attempt.attemptedAt),
    outcome: `${attempt.ok ? 'Accepted' : 'Failed'}: ${attempt.detail} (${took})`,
  };
}
