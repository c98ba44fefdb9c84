/** Transport fields the browser adds beside the spec's fields; never stored with the lead. */
export const CAPTCHA_TOKEN_FIELD = '_captcha';
export const HONEYPOT_FIELD = 'website';
/** Where the visit began (src/lib/leads/first-touch.ts), beside the fields: stored apart from them, never relayed. */
export const TOUCH_FIELD = '_touch';
/**
 * The language of the page the form sits on (src/lib/languages.ts), beside the fields: the lead
 * records it and answers in it. Stored apart from the fields, never relayed; none means English.
 */
export const LANGUAGE_FIELD = '_lang';
/** The id of a form's heading, which names the form (aria-labelledby): the page and the island each work it out, not sent between them. */
export function formHeadingId(formId: string): string {
  return `${formId}-form-heading`;
}
/**
 * The values a package's page sends with its form (the spec's names): the desk shows the package,
 * and a quote starts from it.
 */
export const PACKAGE_ID_FIELD = 'package_id';
export const PACKAGE_NAME_FIELD = 'package_name';
/** The tab's sessionStorage key under which the public layout's inline script keeps the first touch. */
export const TOUCH_STORAGE_KEY = 'first-touch';

/**
 * The longest email and phone number kept, on every form and in the desk's privacy search: an
 * address has at most 254 characters (RFC 5321), and no number needs more than 40 with its
 * extension. Both are indexed, and PostgreSQL's index refuses a value of a few kilobytes.
 */
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 40;

export type FieldErrors = Record<string, string>;
export type LeadFields = Record<string, string>;
