import { isCalendarDay } from '../dates.ts';
import { z } from 'astro/zod';
import type { FieldDef, FormDef } from './types.ts';

import { EMAIL_MAX_LENGTH, INVALID_CAPTCHA, PHONE_MAX_LENGTH, type FieldErrors, type LeadFields } from './constants.ts';

export type { FieldErrors, LeadFields } from './constants.ts';
const COUNT_MAX = 99;
const PAGE_FIELD_MAX = 200;
/** The longest email and phone a form takes when its definition sets no limit. */
const KIND_MAX: Partial<Record<FieldDef['kind'], number>> = { email: EMAIL_MAX_LENGTH, tel: PHONE_MAX_LENGTH };

export type Validation = { ok: true; fields: LeadFields } | { ok: false; errors: FieldErrors };

const required = (label: string) =>
  `Please enter your ${label
    .replace(/ \(optional\)$/, '')
    .replace(/^your /i, '')
    .toLowerCase()}.`;

function textSchema(field: Extract<FieldDef, { kind: 'text' | 'email' | 'tel' | 'textarea' | 'date' }>) {
  const missing = field.kind === 'date' ? `Please choose your ${field.label.toLowerCase()}.` : required(field.label);
  let schema = z.string({ error: missing }).trim();
  if (field.required) schema = schema.min(1, missing);
  if (field.kind === 'tel' && field.minLength !== undefined && field.maxLength !== undefined) {
    const range = `Please enter a phone number of ${field.minLength} to ${field.maxLength} characters.`;
    schema = schema
      .refine((value) => value === '' || value.length >= field.minLength!, range)
      .max(field.maxLength, range);
  } else {
    const maxLength = field.maxLength ?? KIND_MAX[field.kind];
    if (maxLength !== undefined)
      schema = schema.max(maxLength, `Please keep this to ${maxLength} characters or fewer.`);
  }
  if (field.kind === 'email') {
    schema = schema.refine((value) => value === '' || z.email().safeParse(value).success, {
      message: 'Please enter a valid email address.',
    });
  }
  if (field.kind === 'date') {
    schema = schema.refine((value) => value === '' || isCalendarDay(value), {
      message: 'Please choose a valid date.',
    });
  }
  return field.required ? schema : schema.optional();
}

function fieldSchema(field: FieldDef) {
  if (field.kind !== 'select') return textSchema(field);
  const message =
    field.placeholder && field.initial === undefined
      ? `Please choose a ${field.label.toLowerCase()}.`
      : `Please choose ${field.label.toLowerCase()}.`;
  const values = field.options.map((option) => option.value) as [string, ...string[]];
  const schema = z.enum(values, { error: message });
  return field.required ? schema : schema.optional();
}

function countSchema(label: string, min: number) {
  return z
    .string({ error: `Please choose the number of ${label}.` })
    .regex(/^\d{1,2}$/, `Please choose the number of ${label}.`)
    .refine((value) => Number(value) >= min && Number(value) <= COUNT_MAX, `At least ${min} ${label} please.`);
}

/** The zod schema for one form's fields under their wire names; the browser and the server both use it. */
export function leadSchema(form: FormDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of form.fields) shape[field.name] = fieldSchema(field);
  if (form.travellers) {
    shape[form.travellers.adults] = countSchema('adults', 1);
    shape[form.travellers.children] = countSchema('children', 0);
  }
  if (form.captcha) {
    shape[form.captcha] = z
      .string({ error: 'Please answer the sum.' })
      .trim()
      .min(1, 'Please answer the sum.')
      .regex(/^\d{1,3}$/, INVALID_CAPTCHA);
  }
  for (const [name, value] of Object.entries(form.constants ?? {})) shape[name] = z.literal(value);
  if (form.replyTo) shape[form.replyTo.name] = z.string().max(EMAIL_MAX_LENGTH).optional();
  for (const name of form.pageFields ?? []) shape[name] = z.string().max(PAGE_FIELD_MAX).optional();
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unexpected field.' : undefined),
  });
}

/** Each form's schema, built on its first submission: the server checks every lead against it. */
const schemas = new WeakMap<FormDef, ReturnType<typeof leadSchema>>();

/** Checks a submission's fields; errors are keyed by wire name, one message per field. */
export function validateLead(form: FormDef, fields: LeadFields): Validation {
  let schema = schemas.get(form);
  if (!schema) {
    schema = leadSchema(form);
    schemas.set(form, schema);
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
