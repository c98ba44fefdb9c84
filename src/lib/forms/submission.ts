// Runs under Node's type stripping too (the relay in src/server encodes with it): relative `.ts` imports only.
import { form as english } from '../i18n/en/form.ts';
import {
  CAPTCHA_TOKEN_FIELD,
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  TOUCH_FIELD,
  type FieldErrors,
  type LeadFields,
} from './constants.ts';
import { interestNames } from './interest.ts';
import type { FormDef, TravellerPicker } from './types.ts';
import { fill, type FormText } from './words.ts';

export interface Counts {
  adults: number;
  children: number;
}

export const DEFAULT_COUNTS: Counts = { adults: 1, children: 0 };

/** The picker button's text in the form's language: the traveller total, or Detroit's "Adults-02/Children-01". */
export function travellerSummary(
  counts: Counts,
  label: TravellerPicker['label'],
  words: Pick<FormText['travellers'], 'one' | 'many' | 'padded'> = english.travellers,
): string {
  if (label === 'padded') {
    const pad = (count: number) => String(count).padStart(2, '0');
    return fill(words.padded, { adults: pad(counts.adults), children: pad(counts.children) });
  }
  const total = counts.adults + counts.children;
  return fill(total === 1 ? words.one : words.many, { n: total });
}

const TRANSPORT_FIELDS = [CAPTCHA_TOKEN_FIELD, HONEYPOT_FIELD, TOUCH_FIELD, LANGUAGE_FIELD];

/**
 * The spec's fields from the form's entries, leaving out the captcha token, the honeypot, the first
 * touch, the language and the interest list's own questions (interest.ts).
 */
export function leadFields(form: FormDef, entries: Iterable<[string, FormDataEntryValue]>): LeadFields {
  const fields: LeadFields = {};
  const skipped = [...TRANSPORT_FIELDS, ...interestNames(form)];
  for (const [name, value] of entries) {
    if (skipped.includes(name) || typeof value !== 'string') continue;
    fields[name] = value;
  }
  if (form.replyTo) fields[form.replyTo.name] = fields[form.replyTo.from] ?? '';
  return fields;
}

/**
 * The request body in the form's own encoding, with the captcha token and honeypot beside the
 * fields: what the island posts, and what the relay forwards to the agency's form service.
 */
export function requestBody(
  form: Pick<FormDef, 'encoding'>,
  fields: LeadFields,
  transport: LeadFields,
): URLSearchParams | FormData {
  const all = { ...fields, ...transport };
  if (form.encoding === 'urlencoded') return new URLSearchParams(all);
  const data = new FormData();
  for (const [name, value] of Object.entries(all)) data.append(name, value);
  return data;
}

/** Where a form posts its leads. */
export function formEndpoint(formId: string): string {
  return `/api/forms/${formId}`;
}

/** Wire names in the order a visitor meets them, so focus goes to the first field with an error. */
export function fieldOrder(form: FormDef): string[] {
  return [
    ...form.fields.map((field) => field.name),
    ...(form.travellers ? [form.travellers.adults, form.travellers.children] : []),
    ...(form.captcha ? [form.captcha] : []),
  ];
}

export type SendOutcome =
  | { outcome: 'stored'; reference: string | undefined }
  | { outcome: 'invalid'; errors: FieldErrors }
  | { outcome: 'failed'; text: string; retry: boolean };

/** How long a send may take before the visitor is offered to try again. */
const SEND_TIMEOUT_MS = 30_000;

/**
 * Posts a lead in its form's encoding and says what came of it, with the form's own failure
 * text; never throws. Success means an ok status, nothing less (decisions.md). `attemptKey` is
 * the `Idempotency-Key`: a repeat of the same attempt is recognised and stores nothing new.
 */
export async function sendLead(
  form: FormDef,
  fields: LeadFields,
  transport: LeadFields,
  attemptKey: string,
  endpoint = formEndpoint(form.id),
  words: Pick<FormText, 'failure' | 'networkFailure'> = {
    failure: form.messages.failure,
    networkFailure: form.messages.networkFailure ?? form.messages.failure,
  },
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Idempotency-Key': attemptKey },
      body: requestBody(form, fields, transport),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    return { outcome: 'failed', text: words.networkFailure, retry: true };
  }
  const body = (await response.json().catch(() => ({}))) as { errors?: FieldErrors; reference?: unknown };
  if (response.ok) {
    return { outcome: 'stored', reference: typeof body.reference === 'string' ? body.reference : undefined };
  }
  if (response.status === 400 && body.errors) return { outcome: 'invalid', errors: body.errors };
  return { outcome: 'failed', text: words.failure, retry: response.status >= 500 };
}
