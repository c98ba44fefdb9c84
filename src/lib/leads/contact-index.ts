import { findForm } from '../forms/definitions.ts';
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

/**
 * A phone number as numbers are compared: digits only, whatever was typed around them, and a US
 * number without its country code, so "+1 (713) 555-0123" and "713.555.0123" are one number.
 */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D+/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** A leading 1 written as a country code: "+1…", or "1" set apart ("1 713", "1-713", "1 (713)"). */
const COUNTRY_CODE_ONE = /^(\+\s*1|1[\s().\-/])/;

/**
 * The digits a typed search looks for among stored numbers: part of a US number typed with its
 * country code ("+1 713 555") loses the 1 as a whole number does, so it still matches.
 */
export function searchDigits(term: string): string {
  const typed = term.replace(/\D+/g, '');
  return typed.length < 11 && COUNTRY_CODE_ONE.test(term.trim()) ? typed.slice(1) : phoneDigits(term);
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
