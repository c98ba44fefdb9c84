// Runs under Node's type stripping too (the server reads every form): relative `.ts` imports only.
import { form as english } from '../i18n/en/form.ts';
import { agencyContact } from '../site-contact.ts';
import { PACKAGE_ID_FIELD, PACKAGE_NAME_FIELD } from './constants.ts';
import { HAJJ_SEASON } from './interest.ts';
import { fieldOrder } from './submission.ts';
import type { FieldDef, FormDef, FormMessages, SelectField, TextField } from './types.ts';

const MESSAGE_MAX = 500;

/*
 * The four forms the translated pages carry (contact, visa, Hajj, home booking) take their English
 * from the form dictionary, where their translations sit beside it; the answers they share with
 * English-only forms are read from there too, so each sentence is written once.
 */
const INQUIRY_FAILURE = english.forms.hajj.failure;
const FORM_FAILURE = english.forms.visa.failure;
const SUBMITTED = 'Thank you! Your inquiry has been submitted successfully.';
const SUBMITTED_CONTACT_SOON = english.forms.hajj.success;
const CHECK_FIELDS = english.forms.hajj.invalid;
const BOOKING = english.forms['home-booking'];

interface ContactNames {
  name: string;
  email: string;
  phone: string;
}
const lower: ContactNames = { name: 'name', email: 'email', phone: 'phone' };
const capitalised: ContactNames = { name: 'Name', email: 'Email', phone: 'Phone' };

/** Name, email and phone under the form's own wire names; `phone` null means optional. */
function contactFields(names: ContactNames, phone: { bounded: boolean } | null): FieldDef[] {
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

function messageField(name: string, required: boolean, counter: TextField['counter'] = 'plain'): TextField {
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

function numberOptions(from: number, to: number, last?: string) {
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
function countSelect(role: 'adults' | 'children' | 'infants', options: SelectField['options']): SelectField {
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

/**
 * Every Hajj form (the Hajj pages and the Hajj package pages): an interest list for the coming
 * season, never a booking, since Hajj is booked and paid only on Nusuk Hajj.
 */
const HAJJ_INTEREST = {
  topic: 'Hajj',
  heading: english.hajjInterest.heading(HAJJ_SEASON),
  // Registration may open before anyone signs up (Q12): the form does not promise an alert for it.
  intro: english.hajjInterest.intro(HAJJ_SEASON),
  next: english.hajjInterest.next(HAJJ_SEASON),
  interest: true,
} as const;

/** The picker-and-captcha inquiry most landing and city pages use. */
function travellerInquiry(
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

const lowerTravel = { ...lower, adults: 'adults', children: 'children', answer: 'answer' };
const capitalisedTravel = { ...capitalised, adults: 'Adults', children: 'Children', answer: 'Answer' };
const cityIntro = (city: string) =>
  `Tell us who is travelling from ${city} and we will send dates, hotels and a price.`;

/** A city page's "Let's Plan Your Umrah" form; cities differ in wire names, texts and extras. */
function cityInquiry(
  id: string,
  city: string,
  names: typeof lowerTravel,
  messages: Omit<FormMessages, 'invalid'>,
  extra: Partial<FormDef> = {},
  bounded = true,
): FormDef {
  return travellerInquiry(
    {
      id,
      placement: `${city} Umrah page`,
      topic: 'Umrah',
      group: 'city',
      heading: "Let's Plan Your Umrah",
      intro: cityIntro(city),
      messages: { ...messages, invalid: CHECK_FIELDS },
      ...extra,
    },
    names,
    bounded,
  );
}

/** Every enquiry form on the site, keyed by the id in its API URL (`/api/forms/{id}`). */
export const FORMS = {
  contact: {
    id: 'contact',
    placement: 'Contact page',
    group: 'contact',
    heading: english.forms.contact.heading,
    intro: english.forms.contact.intro,
    encoding: 'urlencoded',
    fields: [
      {
        kind: 'text',
        name: 'firstName',
        role: 'firstName',
        label: 'firstName',
        required: true,
        autoComplete: 'given-name',
        half: true,
      },
      {
        kind: 'text',
        name: 'lastName',
        role: 'lastName',
        label: 'lastName',
        required: true,
        autoComplete: 'family-name',
        half: true,
      },
      {
        kind: 'email',
        name: 'email',
        role: 'email',
        label: 'email',
        required: true,
        autoComplete: 'email',
        half: true,
      },
      {
        kind: 'tel',
        name: 'phone',
        role: 'phone',
        label: 'phoneOptional',
        required: false,
        autoComplete: 'tel',
        half: true,
      },
      {
        kind: 'select',
        name: 'subject',
        label: 'subject',
        required: true,
        placeholder: 'subject',
        options: Object.keys(english.subjects).map((value) => ({ value })),
      },
      messageField('message', true),
    ],
    submitLabel: 'sendMessage',
    busyLabel: 'sending',
    messages: {
      // One reply time everywhere (P20): the setting's, not the old site's "24 hours".
      success: english.forms.contact.success(agencyContact.replyTime),
      failure: english.forms.contact.failure,
      invalid: english.forms.contact.invalid,
    },
  },
  umrah: travellerInquiry(
    {
      id: 'umrah',
      placement: 'Umrah packages page',
      topic: 'Umrah',
      group: 'season',
      heading: 'Plan Your Umrah Journey',
      intro: 'Tell us who is travelling and we will send dates, hotels and a price.',
      messages: { success: SUBMITTED, failure: INQUIRY_FAILURE, invalid: CHECK_FIELDS },
    },
    lowerTravel,
  ),
  hajj: {
    id: 'hajj',
    placement: 'Hajj packages page',
    group: 'season',
    // The coming season, so the heading never sells a Hajj that has passed.
    ...HAJJ_INTEREST,
    encoding: 'urlencoded',
    fields: [...contactFields(lower, { bounded: false }), messageField('message', true, 'maximum')],
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    messages: { success: SUBMITTED_CONTACT_SOON, failure: INQUIRY_FAILURE, invalid: CHECK_FIELDS },
  },
  'shifting-hajj': travellerInquiry(
    {
      id: 'shifting-hajj',
      placement: 'Shifting Hajj page',
      group: 'season',
      ...HAJJ_INTEREST,
      constants: { request_type: 'hajj' },
      messages: {
        success: 'Thank you! Your Hajj planning request has been submitted successfully.',
        failure: 'There was an error submitting your request. Please try again.',
        invalid: CHECK_FIELDS,
      },
    },
    { ...lowerTravel, name: 'full_name' },
  ),
  'non-shifting-hajj': travellerInquiry(
    {
      id: 'non-shifting-hajj',
      placement: 'Non-shifting Hajj page',
      group: 'season',
      ...HAJJ_INTEREST,
      constants: { 'Request type': 'non-shifting-hajj' },
      messages: { success: 'Form submitted successfully!', failure: FORM_FAILURE, invalid: CHECK_FIELDS },
    },
    capitalisedTravel,
  ),
  ramadan: {
    id: 'ramadan',
    placement: 'Ramadan Umrah page',
    topic: 'Umrah',
    group: 'season',
    heading: 'Ask about Ramadan Umrah',
    intro: 'Ramadan places go early. Tell us which nights you have in mind and who is travelling.',
    encoding: 'multipart',
    fields: [...contactFields(lower, { bounded: false }), messageField('message', true)],
    constants: { package_type: 'ramadan_umrah' },
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    messages: { success: 'Thank you! We will contact you soon.', failure: FORM_FAILURE, invalid: CHECK_FIELDS },
  },
  december: travellerInquiry(
    {
      id: 'december',
      placement: 'December Umrah page',
      topic: 'Umrah',
      group: 'season',
      heading: 'Plan Your December Umrah',
      intro: 'School holidays fill quickly. Tell us who is travelling and we will send dates and prices.',
      replyTo: { name: '_replyto', from: 'email' },
      constants: { _subject: 'New December Umrah Package Inquiry' },
      messages: { success: SUBMITTED_CONTACT_SOON, failure: INQUIRY_FAILURE, invalid: CHECK_FIELDS },
    },
    lowerTravel,
  ),
  chicago: cityInquiry(
    'chicago',
    'Chicago',
    lowerTravel,
    { success: SUBMITTED_CONTACT_SOON, failure: INQUIRY_FAILURE },
    { replyTo: { name: '_replyto', from: 'email' }, constants: { _subject: 'New Chicago Umrah Package Inquiry' } },
  ),
  houston: cityInquiry(
    'houston',
    'Houston',
    capitalisedTravel,
    { success: 'Your inquiry has been submitted successfully! We will contact you soon.', failure: INQUIRY_FAILURE },
    { constants: { 'Request type': 'umrah' } },
    false,
  ),
  'new-york': cityInquiry(
    'new-york',
    'New York',
    capitalisedTravel,
    { success: SUBMITTED, failure: INQUIRY_FAILURE },
    { constants: { 'Request type': 'umrah' } },
  ),
  dallas: {
    id: 'dallas',
    placement: 'Dallas Umrah page',
    topic: 'Umrah',
    group: 'city',
    heading: "Let's Plan Your Umrah",
    intro: cityIntro('Dallas'),
    encoding: 'urlencoded',
    fields: [
      ...contactFields(lower, { bounded: true }),
      countSelect('adults', numberOptions(1, 10)),
      countSelect('children', numberOptions(0, 10)),
    ],
    captcha: 'answer',
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    messages: {
      success: SUBMITTED,
      failure: 'Sorry, there was an error submitting your inquiry. Please try again.',
      invalid: CHECK_FIELDS,
    },
  },
  detroit: cityInquiry(
    'detroit',
    'Detroit',
    capitalisedTravel,
    { success: 'Form submitted successfully!', failure: FORM_FAILURE },
    {
      intro: `${cityIntro('Detroit')} Women-only groups are available.`,
      encoding: 'multipart',
      travellers: { adults: 'Adults', children: 'Children', label: 'padded' },
      constants: { 'Request type': 'detroit-umrah' },
    },
  ),
  'los-angeles': cityInquiry(
    'los-angeles',
    'Los Angeles',
    capitalisedTravel,
    {
      success: 'Form submitted successfully!',
      failure: 'Failed to submit form. Please try again.',
      networkFailure: FORM_FAILURE,
    },
    { constants: { 'Request type': 'umrah' } },
  ),
  washington: cityInquiry('washington', 'Washington', lowerTravel, { success: SUBMITTED, failure: INQUIRY_FAILURE }),
  visa: {
    id: 'visa',
    placement: 'Umrah visa page',
    topic: 'Umrah visa',
    group: 'contact',
    heading: english.forms.visa.heading,
    intro: english.forms.visa.intro,
    encoding: 'multipart',
    fields: [
      ...contactFields(capitalised, { bounded: false }),
      { ...messageField('Message', true), label: 'howCanWeHelp' },
    ],
    submitLabel: 'askExpert',
    busyLabel: 'submitting',
    messages: { success: english.forms.visa.success, failure: FORM_FAILURE, invalid: english.forms.visa.invalid },
  },
  'last-10-days': {
    id: 'last-10-days',
    placement: 'Ramadan last 10 days package page',
    topic: 'Umrah',
    group: 'booking',
    heading: 'Reserve the Last 10 Days',
    intro: 'Tell us where you fly from and who is travelling; we will confirm availability and the price.',
    encoding: 'multipart',
    fields: [
      ...contactFields(lower, { bounded: false }),
      {
        kind: 'select',
        name: 'departure_city',
        label: 'departureCity',
        required: true,
        half: true,
        placeholder: 'city',
        options: [
          { value: 'new_york', label: 'New York' },
          { value: 'chicago', label: 'Chicago' },
          { value: 'houston', label: 'Houston' },
          { value: 'dallas', label: 'Dallas' },
          { value: 'los_angeles', label: 'Los Angeles' },
          { value: 'washington', label: 'Washington DC' },
          { value: 'detroit', label: 'Detroit' },
        ],
      },
      { kind: 'date', name: 'travel_date', label: 'travelDate', required: true, half: true },
      countSelect('adults', numberOptions(1, 5, '5+')),
      countSelect('children', numberOptions(0, 4, '4+')),
      countSelect('infants', numberOptions(0, 2)),
      { ...messageField('special_requests', false), label: 'specialRequests' },
    ],
    pageFields: [PACKAGE_NAME_FIELD, 'package_price'],
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    messages: {
      success: 'Thank you! We will contact you soon regarding your Last 10 Days Ramadan package inquiry.',
      failure: FORM_FAILURE,
      invalid: CHECK_FIELDS,
    },
  },
  booking: {
    id: 'booking',
    placement: 'Package page',
    topic: 'booking',
    group: 'booking',
    heading: 'Book this package',
    intro: 'Leave your name and email; we will confirm dates, rooms and the price.',
    encoding: 'urlencoded',
    fields: contactFields(lower, null),
    pageFields: [PACKAGE_ID_FIELD, PACKAGE_NAME_FIELD],
    submitLabel: 'requestBooking',
    busyLabel: 'submitting',
    messages: { success: BOOKING.success, failure: BOOKING.failure, invalid: BOOKING.invalid },
  },
  'home-booking': {
    id: 'home-booking',
    placement: 'Home page booking form',
    topic: 'booking',
    group: 'booking',
    heading: BOOKING.heading,
    intro: BOOKING.intro,
    encoding: 'urlencoded',
    fields: contactFields(lower, null),
    travellers: { adults: 'adults', children: 'children', label: 'total' },
    captcha: 'answer',
    submitLabel: 'requestBooking',
    busyLabel: 'submitting',
    messages: { success: BOOKING.success, failure: BOOKING.failure, invalid: BOOKING.invalid },
  },
} as const satisfies Record<string, FormDef>;

export type FormId = keyof typeof FORMS;

/** The form with this id, or undefined for an id no page uses. */
export function findForm(id: string): FormDef | undefined {
  return Object.hasOwn(FORMS, id) ? FORMS[id as FormId] : undefined;
}

/** The id of the form a page names, failing the build when no form has it (a city added without one). */
export function formIdFor(id: string): FormId {
  if (!findForm(id)) throw new Error(`No enquiry form "${id}" in src/lib/forms/definitions.ts`);
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
