// Runs under Node's type stripping too (the server reads every form): relative `.ts` imports only.
import { form as english } from '../i18n/en/form.ts';
import { BOOKING_FORMS } from './booking-forms.ts';
import { CITY_FORMS } from './city-forms.ts';
import { CONTACT_FORMS } from './contact-forms.ts';
import { SEASON_FORMS } from './season-forms.ts';
import { fieldOrder } from './submission.ts';
import type { FormDef } from './types.ts';

/**
 * Every enquiry form on the site, keyed by the id in its API URL (`/api/forms/{id}`). Its order sets
 * the export's columns and the desk's lists, so the visa form keeps its place after the cities; the
 * second `satisfies` fails the build if a contact form is left out.
 */
export const FORMS = {
  contact: CONTACT_FORMS.contact,
  ...SEASON_FORMS,
  ...CITY_FORMS,
  visa: CONTACT_FORMS.visa,
  ...BOOKING_FORMS,
} as const satisfies Record<string, FormDef> & Record<keyof typeof CONTACT_FORMS, FormDef>;

export type FormId = keyof typeof FORMS;

/** The form with this id, or undefined for an id no page uses. */
export function findForm(id: string): FormDef | undefined {
  return Object.hasOwn(FORMS, id) ? FORMS[id as FormId] : undefined;
}

/** The id of the form a page names, failing the build when no form has it (a city added without one). */
export function formIdFor(id: string): FormId {
  if (!findForm(id))
    throw new Error(`No enquiry form "${id}": add it to its group in src/lib/forms (a city's to city-forms.ts)`);
  return id as FormId;
}

/** Every name a form sends, in the order a visitor meets the fields: the columns of its CSV export. */
export function wireNames(form: FormDef): string[] {
  return [
    ...fieldOrder(form),
    ...Object.keys(form.constants ?? {}),
    ...(form.replyTo ? [form.replyTo.name] : []),
    ...(form.pageFields ?? []),
  ];
}

/** A readable label for any name a form sends, for the desk and the staff's email. */
export function fieldLabel(form: FormDef | undefined, name: string): string {
  const field = form?.fields.find((item) => item.name === name);
  if (field) return english.labels[field.label].replace(/ \(optional\)$/, '');
  if (form?.travellers?.adults === name) return 'Adults';
  if (form?.travellers?.children === name) return 'Children';
  if (form?.captcha === name) return 'Captcha answer';
  if (form?.replyTo?.name === name) return 'Reply-to email';
  if (name === '_subject') return 'Email subject';
  const words = name.replace(/^_/, '').replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The values a select field of a form offers, e.g. the contact form's seven subjects. */
export function optionValues(form: FormDef, fieldName: string): string[] {
  const field = form.fields.find((item) => item.name === fieldName);
  return field?.kind === 'select' ? field.options.map((option) => option.value) : [];
}
