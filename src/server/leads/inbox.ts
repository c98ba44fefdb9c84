import { findForm } from '../../lib/forms/definitions.ts';
import type { Delivery, StoredLead } from './store.ts';
import { pick, visitorName, visitorPhone } from './visitor.ts';

export interface InboxRow {
  id: string;
  receivedAt: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  travellers: string;
  status: string;
}

/** "2 adults, 1 child" from whichever count fields the form has; empty when it has none. */
export function travellerText(fields: Record<string, string>): string {
  const parts = [
    ['adult', pick(fields, 'adults', 'Adults')],
    ['child', pick(fields, 'children', 'Children')],
    ['infant', pick(fields, 'infants')],
  ]
    .filter(([noun, count]) => count !== '' && !(noun !== 'adult' && count === '0'))
    .map(([noun, count]) => `${count} ${noun}${count === '1' ? '' : noun === 'child' ? 'ren' : 's'}`);
  return parts.join(', ');
}

/** Delivery state in words: "stored only", "delivered", or "2 of 3 pending". */
export function deliveryText(counts: { total: number; delivered: number } | undefined): string {
  if (!counts || counts.total === 0) return 'stored (no relay set)';
  if (counts.delivered === counts.total) return 'delivered';
  return `${counts.total - counts.delivered} of ${counts.total} pending`;
}

/** One line of the inbox list. */
export function inboxRow(lead: StoredLead, counts: { total: number; delivered: number } | undefined): InboxRow {
  const { fields } = lead;
  return {
    id: lead.id,
    receivedAt: lead.receivedAt,
    form: findForm(lead.formId)?.heading ?? lead.formId,
    name: visitorName(fields) || '(no name)',
    email: pick(fields, 'email', 'Email'),
    phone: visitorPhone(fields),
    travellers: travellerText(fields),
    status: deliveryText(counts),
  };
}

/** A delivery attempt summary for the lead's page. */
export function deliveryLine(delivery: Delivery): string {
  const where = `${delivery.channel} to ${delivery.destination}`;
  if (delivery.status === 'delivered')
    return `${where}: delivered ${delivery.deliveredAt ?? ''} after ${delivery.attempts} attempt(s)`;
  return `${where}: pending after ${delivery.attempts} attempt(s)${delivery.lastError ? `; last error: ${delivery.lastError}` : ''}`;
}
