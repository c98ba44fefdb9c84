import { findForm } from '../../lib/forms/definitions.ts';
import type { FormDef } from '../../lib/forms/types.ts';
import type { Delivery, StoredLead } from './store.ts';
import { valueWithRole, visitorEmail, visitorName, visitorPhone } from './visitor.ts';

export interface InboxRow {
  id: string;
  reference: string;
  receivedAt: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  travellers: string;
  status: string;
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

/** Delivery state in words: "stored only", "delivered", or "2 of 3 pending". */
export function deliveryText(counts: { total: number; delivered: number } | undefined): string {
  if (!counts || counts.total === 0) return 'stored (no relay set)';
  if (counts.delivered === counts.total) return 'delivered';
  return `${counts.total - counts.delivered} of ${counts.total} pending`;
}

/** One line of the inbox list. */
export function inboxRow(lead: StoredLead, counts: { total: number; delivered: number } | undefined): InboxRow {
  const { fields } = lead;
  const form = findForm(lead.formId);
  return {
    id: lead.id,
    reference: lead.reference,
    receivedAt: lead.receivedAt,
    form: form?.heading ?? lead.formId,
    name: visitorName(form, fields) || '(no name)',
    email: visitorEmail(form, fields) ?? valueWithRole(form, fields, 'email'),
    phone: visitorPhone(form, fields),
    travellers: travellerText(form, fields),
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
