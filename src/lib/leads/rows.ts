import { findForm } from '../forms/definitions.ts';
import { PACKAGE_NAME_FIELD } from '../forms/constants.ts';
import type { FormDef } from '../forms/types.ts';
import type { StoredLead } from './model.ts';
import { valueWithRole, visitorEmail, visitorName, visitorPhone } from './visitor.ts';

/** Who sent a lead and from where, as one line of the desk's list shows it. */
export interface LeadListRow {
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
  return form?.pageFields?.includes(PACKAGE_NAME_FIELD) ? (fields[PACKAGE_NAME_FIELD]?.trim() ?? '') : '';
}

/** Where a lead was sent from in the staff's words: the placement, and the package when there is one. */
export function placementText(form: FormDef | undefined, formId: string, fields: Record<string, string>): string {
  const placement = form?.placement ?? `Unknown form "${formId}"`;
  const item = packageName(form, fields);
  return item ? `${placement}: ${item}` : placement;
}

/** One line of the desk's list: who sent the lead, from which page, and how many travel. */
export function leadListRow(lead: StoredLead): LeadListRow {
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
