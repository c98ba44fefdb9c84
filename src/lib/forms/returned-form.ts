import type { FieldErrors, LeadFields } from './constants';

/**
 * A form the server sends back to a browser that posted it without scripts: the values the
 * visitor sent, what is wrong with them, and (on captcha forms) a server-issued sum to answer.
 */
export interface ReturnedForm {
  values: LeadFields;
  errors: FieldErrors;
  challenge?: { token: string; a: number; b: number };
}
