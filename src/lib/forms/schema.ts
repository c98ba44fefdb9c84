import { isCalendarDay } from '../dates.ts';
import { latinDigits } from '../digits.ts';
import { z } from 'astro/zod';
import { form as english } from '../i18n/en/form.ts';
import type { FieldDef, FormDef } from './types.ts';
import { formText, KIND_MAX, type FieldText, type FormText } from './words.ts';

import type { FieldErrors, LeadFields } from './constants.ts';

export type { FieldErrors, LeadFields } from './constants.ts';
const COUNT_MAX = 99;
const PAGE_FIELD_MAX = 200;
/** The longest reply-to copy of an email: the email field's own bound. */
const REPLY_TO_MAX = KIND_MAX.email!;

export type Validation = { ok: true; fields: LeadFields } | { ok: false; errors: FieldErrors };

function textSchema(
  field: Extract<FieldDef, { kind: 'text' | 'email' | 'tel' | 'textarea' | 'date' }>,
  text: FieldText,
) {
  let schema = z.string({ error: text.missing }).trim();
  if (field.required) schema = schema.min(1, text.missing);
  if (field.kind === 'tel' && field.minLength !== undefined && field.maxLength !== undefined) {
    const range = text.range!;
    schema = schema
      .refine((value) => value === '' || value.length >= field.minLength!, range)
      .max(field.maxLength, range);
  } else {
    const maxLength = field.maxLength ?? KIND_MAX[field.kind];
    if (maxLength !== undefined) schema = schema.max(maxLength, text.tooLong!);
  }
  if (field.kind === 'email') {
    schema = schema.refine((value) => value === '' || z.email().safeParse(value).success, {
      message: text.malformed!,
    });
  }
  if (field.kind === 'date') {
    schema = schema.refine((value) => value === '' || isCalendarDay(value), { message: text.malformed! });
  }
  return field.required ? schema : schema.optional();
}

function fieldSchema(field: FieldDef, text: FieldText) {
  if (field.kind !== 'select') return textSchema(field, text);
  const values = field.options.map((option) => option.value) as [string, ...string[]];
  const schema = z.enum(values, { error: text.missing });
  return field.required ? schema : schema.optional();
}

function countSchema(count: FormText['travellers']['adults'], min: number) {
  return z
    .string({ error: count.missing })
    .regex(/^\d{1,2}$/, count.missing)
    .refine((value) => Number(value) >= min && Number(value) <= COUNT_MAX, count.min);
}

/**
 * The zod schema for one form's fields under their wire names, its messages in `text`'s language;
 * the browser and the server both use it.
 */
export function leadSchema(form: FormDef, text: FormText = formText(form, english, 'en')) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of form.fields) shape[field.name] = fieldSchema(field, text.fields[field.name]!);
  if (form.travellers) {
    shape[form.travellers.adults] = countSchema(text.travellers.adults, 1);
    shape[form.travellers.children] = countSchema(text.travellers.children, 0);
  }
  if (form.captcha) {
    shape[form.captcha] = z
      .string({ error: text.captcha.sum })
      .trim()
      // A sum typed on an Arabic, Urdu or Bengali keyboard ("٧") is the same answer.
      .overwrite(latinDigits)
      .min(1, text.captcha.sum)
      .regex(/^\d{1,3}$/, text.captcha.invalid);
  }
  for (const [name, value] of Object.entries(form.constants ?? {})) shape[name] = z.literal(value);
  if (form.replyTo) shape[form.replyTo.name] = z.string().max(REPLY_TO_MAX).optional();
  for (const name of form.pageFields ?? []) shape[name] = z.string().max(PAGE_FIELD_MAX).optional();
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? text.unexpected : undefined),
  });
}

/** Each form's schema per language, built on its first submission in it: the server checks every lead against it. */
const schemas = new WeakMap<FormDef, Map<string, ReturnType<typeof leadSchema>>>();

/** Checks a submission's fields; errors are keyed by wire name, one message per field, in `text`'s language. */
export function validateLead(form: FormDef, fields: LeadFields, text?: FormText): Validation {
  const lang = text?.lang ?? 'en';
  let byLanguage = schemas.get(form);
  if (!byLanguage) schemas.set(form, (byLanguage = new Map()));
  let schema = byLanguage.get(lang);
  if (!schema) {
    schema = leadSchema(form, text);
    byLanguage.set(lang, schema);
  }
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, fields };
  const errors = Object.create(null) as FieldErrors;
  for (const issue of result.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? '_form')];
    for (const key of keys) errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
