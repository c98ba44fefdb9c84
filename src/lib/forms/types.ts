/** The shape of one enquiry form: its wire names, encoding, limits and texts (spec sections 3-8). */
import type { FormWords } from '../i18n/en/form.ts';

/** A field's label, named by its key in the form dictionary (src/lib/i18n/<lang>/form.ts). */
export type FieldLabel = keyof FormWords['labels'];
/** A select's empty first choice, by its dictionary key. */
export type Placeholder = keyof FormWords['placeholders'];
/** A submit button's words, by their dictionary key. */
export type SubmitLabel = 'sendInquiry' | 'sendMessage' | 'askExpert' | 'requestBooking';

export type Encoding = 'urlencoded' | 'multipart';

/**
 * What a field holds, whatever the spec calls it on the wire (`Name`, `full_name`, `firstName`…):
 * the server reads the visitor's name, address, phone, free text and party size by role, never by
 * guessing names. `message` marks free text that must never be echoed to anyone but the staff.
 */
export type FieldRole =
  'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'message' | 'adults' | 'children' | 'infants';

interface BaseField {
  /** The name the field is sent under, exactly as the spec's call table writes it. */
  name: string;
  role?: FieldRole;
  label: FieldLabel;
  /** The label the checks name the field by, where its own is a question ("How can we help?"). */
  namedInChecks?: FieldLabel;
  required: boolean;
  /** Half-width on wider screens, so short fields sit side by side. */
  half?: boolean;
}

export interface TextField extends BaseField {
  kind: 'text' | 'email' | 'tel' | 'textarea' | 'date';
  autoComplete?: string;
  minLength?: number;
  maxLength?: number;
  /** "n/500 characters" (plain) or "Maximum 500 characters (n/500)" (maximum). */
  counter?: 'plain' | 'maximum';
}

export interface SelectField extends BaseField {
  kind: 'select';
  /**
   * The choices. A `label` is said as it is in every language (a city's name, a number); without
   * one the dictionary's `subjects` names the value.
   */
  options: readonly { value: string; label?: string }[];
  /** An empty first option such as "Select a subject"; without it the first option is the default. */
  placeholder?: Placeholder;
  /** The option chosen when the form opens, after the placeholder (the party sizes: 1 adult, 0 children). */
  initial?: string;
}

export type FieldDef = TextField | SelectField;

export interface TravellerPicker {
  adults: string;
  children: string;
  /** Detroit labels the button "Adults-02/Children-01"; the others show the traveller total. */
  label: 'total' | 'padded';
}

export interface FormMessages {
  success: string;
  /** A non-ok answer from the server. */
  failure: string;
  /** The request never got an answer; defaults to `failure`. */
  networkFailure?: string;
  /** Shown above the fields when the browser stops a submission with errors. */
  invalid: string;
}

/**
 * The kind of page a form sits on, for the desk's filters and the dashboard's weekly chart: the
 * city landing pages, the Umrah, Hajj and season pages, package and booking forms, contact and visa.
 */
export const FORM_GROUPS = {
  city: 'City pages',
  season: 'Umrah and Hajj pages',
  booking: 'Packages and booking',
  contact: 'Contact and visa',
} as const;
export type FormGroup = keyof typeof FORM_GROUPS;

export interface FormDef {
  id: string;
  /** Where the form sits, as the staff name it: "Chicago Umrah page". Every form has its own. */
  placement: string;
  group: FormGroup;
  /** What its enquiries are about, named in the staff's reply ("Your Umrah enquiry MQ-…"); none for a general one. */
  topic?: 'Umrah' | 'Hajj' | 'Umrah visa' | 'booking';
  heading: string;
  /** The sentence under the heading; the promised reply time from site settings follows it. */
  intro: string;
  encoding: Encoding;
  fields: readonly FieldDef[];
  travellers?: TravellerPicker;
  /** Wire name of the captcha answer; present on every form the spec gives any captcha. */
  captcha?: string;
  /** Fixed values sent with every submission, such as `Request type=umrah`. */
  constants?: Readonly<Record<string, string>>;
  /** A hidden `_replyto` field that repeats the visitor's email, for the agency's mail rules. */
  replyTo?: { name: string; from: string };
  /** Values the page supplies, such as the package a booking is for. */
  pageFields?: readonly string[];
  submitLabel: SubmitLabel;
  busyLabel: 'sending' | 'submitting';
  messages: FormMessages;
  /**
   * What happens next, said after the success text, on the confirmation page and in the
   * acknowledgement email: on a Hajj form, that booking and payment happen only on Nusuk Hajj.
   */
  next?: string;
  /**
   * A Hajj interest-list form: it also asks our own consent to email about the coming season (and
   * the party size where the spec asks no count), kept apart from the spec's fields (interest.ts).
   */
  interest?: boolean;
}
