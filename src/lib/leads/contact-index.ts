import { findForm } from '../forms/definitions.ts';
import { phoneDigits } from '../phone.ts';
import { valueWithRole, visitorName } from './visitor.ts';

/**
 * How a lead is found by who sent it: the name and email lower-cased, the phone as digits only, so
 * the desk's search, the linked enquiries and a privacy request match "(713) 555-0123" to
 * "713.555.0123". Written beside the lead when it is stored; derived from the form's field roles.
 */
export interface ContactIndex {
  name: string;
  email: string;
  phone: string;
}

/** Lower-cased, without control characters: PostgreSQL text cannot hold a NUL that a visitor may send. */
function searchable(value: string): string {
  return value.replace(/\p{Cc}/gu, '').toLowerCase();
}

/** The searchable contact columns of a lead of `formId` with these fields. */
export function contactIndex(formId: string, fields: Readonly<Record<string, string>>): ContactIndex {
  const form = findForm(formId);
  return {
    name: searchable(visitorName(form, fields)),
    email: searchable(valueWithRole(form, fields, 'email')),
    phone: phoneDigits(valueWithRole(form, fields, 'phone')),
  };
}
