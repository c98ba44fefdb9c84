/** Transport fields the browser adds beside the spec's fields; never stored with the lead. */
export const CAPTCHA_TOKEN_FIELD = '_captcha';
export const HONEYPOT_FIELD = 'website';

export const INVALID_CAPTCHA = 'Invalid Captcha';

export type FieldErrors = Record<string, string>;
export type LeadFields = Record<string, string>;
