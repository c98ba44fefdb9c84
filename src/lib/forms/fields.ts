// Runs under Node's type stripping too (the server reads every form): relative `.ts` imports only.
import { form as english } from '../i18n/en/form.ts';
import type { FieldDef, FormDef, SelectField, TextField } from './types.ts';

const MESSAGE_MAX = 500;

/*
 * The four forms the translated pages carry (contact, visa, Hajj, home booking) take their English
 * from the form dictionary, where their translations sit beside it; the answers they share with
 * English-only forms are read from there too, so each sentence is written once.
 */
export const INQUIRY_FAILURE = english.forms.hajj.failure;
export const FORM_FAILURE = english.forms.visa.failure;
export const SUBMITTED = 'Thank you! Your inquiry has been submitted successfully.';
export const SUBMITTED_CONTACT_SOON = english.forms.hajj.success;
export const CHECK_FIELDS = english.forms.hajj.invalid;

interface ContactNames {
  name: string;
  email: string;
  phone: string;
}
/** The spec's two spellings of the contact fields' wire names. */
export const LOWER_NAMES: ContactNames = { name: 'name', email: 'email', phone: 'phone' };
export const CAPITALISED_NAMES: ContactNames = { name: 'Name', email: 'Email', phone: 'Phone' };
/** The same two spellings with the traveller picker's and the captcha's names. */
export const LOWER_TRAVEL_NAMES = { ...LOWER_NAMES, adults: 'adults', children: 'children', answer: 'answer' };
export const CAPITALISED_TRAVEL_NAMES = {
  ...CAPITALISED_NAMES,
  adults: 'Adults',
  children: 'Children',
  answer: 'Answer',
};

/** Name, email and phone under the form's own wire names; `phone` null means optional. */
export function contactFields(names: ContactNames, phone: { bounded: boolean } | null): FieldDef[] {
  return [
    { kind: 'text', name: names.name, role: 'name', label: 'fullName', required: true, autoComplete: 'name' },
    {
      kind: 'email',
      name: names.email,
      role: 'email',
      label: 'email',
      required: true,
      autoComplete: 'email',
      half: true,
    },
    {
      kind: 'tel',
      name: names.phone,
      role: 'phone',
      label: phone ? 'phone' : 'phoneOptional',
      required: phone !== null,
      autoComplete: 'tel',
      half: true,
      ...(phone?.bounded ? { minLength: 10, maxLength: 20 } : {}),
    },
  ];
}

/** The free-text field under the form's wire name, at most 500 characters on every form. */
export function messageField(name: string, required: boolean, counter: TextField['counter'] = 'plain'): TextField {
  return {
    kind: 'textarea',
    name,
    role: 'message',
    label: required ? 'message' : 'messageOptional',
    required,
    maxLength: MESSAGE_MAX,
    counter,
  };
}

/** The choices `from` to `to`, the last said as `last` where the spec caps the count ("5+"). */
export function numberOptions(from: number, to: number, last?: string) {
  return Array.from({ length: to - from + 1 }, (_, index) => {
    const value = String(from + index);
    return { value, label: last && from + index === to ? last : value };
  });
}

/**
 * A party-size select (Dallas, Last 10 Days) sent under its role's name: adults, children or infants.
 * It opens on its first number (the spec's 1 adult, 0 children), after the empty placeholder HTML
 * asks of a required select.
 */
export function countSelect(role: 'adults' | 'children' | 'infants', options: SelectField['options']): SelectField {
  return {
    kind: 'select',
    name: role,
    role,
    label: role,
    required: true,
    half: true,
    placeholder: 'select',
    initial: options[0]!.value,
    options,
  };
}

/** The picker-and-captcha inquiry most landing and city pages use. */
export function travellerInquiry(
  base: Pick<FormDef, 'id' | 'placement' | 'group' | 'heading' | 'intro' | 'messages'> & Partial<FormDef>,
  names: ContactNames & { adults: string; children: string; answer: string },
  bounded = true,
): FormDef {
  return {
    encoding: 'urlencoded',
    fields: contactFields(names, { bounded }),
    travellers: { adults: names.adults, children: names.children, label: 'total' },
    captcha: names.answer,
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    ...base,
  };
}
