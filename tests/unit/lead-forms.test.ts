import { describe, expect, it } from 'vitest';
import { FORMS, findForm, formIdFor, wireNames } from '@/lib/forms/definitions';
import { leadSchema, validateLead, type LeadFields } from '@/lib/forms/schema';
import { fieldOrder, leadFields, requestBody, travellerSummary } from '@/lib/forms/submission';
import type { FieldDef, FormDef } from '@/lib/forms/types';

const ALL_FORMS: readonly FormDef[] = Object.values(FORMS);
const FORM_IDS = ALL_FORMS.map((form) => form.id);

function form(id: string): FormDef {
  const found = findForm(id);
  if (!found) throw new Error(`No form "${id}"`);
  return found;
}

function validValue(field: FieldDef): string {
  switch (field.kind) {
    case 'text':
      return 'Amina Yusuf';
    case 'email':
      return 'amina@example.com';
    case 'tel':
      return '3125550147';
    case 'textarea':
      return 'We are two adults and a child hoping to travel in March.';
    case 'date':
      return '2027-03-10';
    case 'select':
      return field.options[0]!.value;
  }
}

/** A complete, valid submission for a form, built only from its definition. */
function validSubmission(def: FormDef): LeadFields {
  const fields: LeadFields = {};
  for (const field of def.fields) fields[field.name] = validValue(field);
  if (def.travellers) {
    fields[def.travellers.adults] = '2';
    fields[def.travellers.children] = '1';
  }
  if (def.captcha) fields[def.captcha] = '7';
  for (const [name, value] of Object.entries(def.constants ?? {})) fields[name] = value;
  if (def.replyTo) fields[def.replyTo.name] = fields[def.replyTo.from] ?? '';
  for (const name of def.pageFields ?? []) fields[name] = 'Premium Umrah 14 nights';
  return fields;
}

/** The valid submission with some fields replaced; `null` leaves a field out. */
function submissionWith(id: string, changes: Record<string, string | null>): LeadFields {
  const fields = validSubmission(form(id));
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete fields[name];
    else fields[name] = value;
  }
  return fields;
}

/** Every wire name a visitor must fill in, per form. */
function requiredNames(def: FormDef): string[] {
  return [
    ...def.fields.filter((field) => field.required).map((field) => field.name),
    ...(def.travellers ? [def.travellers.adults, def.travellers.children] : []),
    ...(def.captcha ? [def.captcha] : []),
  ];
}

interface Case {
  form: string;
  change: Record<string, string | null>;
  /** The wire name the error must be keyed by, or null when the submission is valid. */
  error: string | null;
}

function expectOutcome({ form: id, change, error }: Case) {
  const result = validateLead(form(id), submissionWith(id, change));
  if (error === null) {
    expect(result).toEqual({ ok: true, fields: submissionWith(id, change) });
  } else {
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([error]);
  }
}

function describeChange(name: string, value: string | null): string {
  if (value === null) return `without ${name}`;
  if (value.trim() === '') return `${name} left empty`;
  if (value.length > 30 || /^(.)\1{5,}$/.test(value)) return `${name} of ${value.length} characters`;
  return `${name} "${value}"`;
}

/** Readable test names: "contact: message of 501 characters is refused on message". */
function titled(cases: Case[]): [string, Case][] {
  return cases.map((row) => {
    const change = Object.entries(row.change)
      .map(([name, value]) => describeChange(name, value))
      .join(', ');
    const outcome = row.error === null ? 'is accepted' : `is refused, naming ${row.error}`;
    return [`${row.form}: ${change} ${outcome}`, row];
  });
}

const long = (length: number) => 'x'.repeat(length);
const digits = (length: number) => '5'.repeat(length);

describe('every enquiry form', () => {
  it.each(FORM_IDS)('%s accepts a complete valid submission and returns the fields unchanged', (id) => {
    const fields = validSubmission(form(id));
    const result = validateLead(form(id), fields);
    expect(result).toEqual({ ok: true, fields: validSubmission(form(id)) });
  });

  it.each(FORM_IDS)('%s refuses a field it does not know, naming that field', (id) => {
    const result = validateLead(form(id), { ...validSubmission(form(id)), coupon_code: 'FREE' });
    expect(result).toEqual({ ok: false, errors: { coupon_code: 'Unexpected field.' } });
  });

  const requiredCases = ALL_FORMS.flatMap((def) => requiredNames(def).map((name) => [def.id, name] as const));
  it.each(requiredCases)('%s refuses a submission without %s', (id, name) => {
    const result = validateLead(form(id), submissionWith(id, { [name]: null }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([name]);
  });

  const constantCases = ALL_FORMS.flatMap((def) =>
    Object.entries(def.constants ?? {}).map(([name, value]) => [def.id, name, value] as const),
  );
  it.each(constantCases)('%s only accepts %s = "%s"', (id, name, value) => {
    expect(validateLead(form(id), submissionWith(id, { [name]: value })).ok).toBe(true);
    expect(validateLead(form(id), submissionWith(id, { [name]: `${value}-changed` })).ok).toBe(false);
    expect(validateLead(form(id), submissionWith(id, { [name]: null })).ok).toBe(false);
  });

  it('is found by the id a page names; an id with no form stops the build, saying where forms are added', () => {
    expect(formIdFor('houston')).toBe('houston');
    expect(() => formIdFor('boston')).toThrow(/No enquiry form "boston": .*city-forms\.ts/);
  });

  it('the schema and the validator agree on a valid submission', () => {
    for (const def of ALL_FORMS) expect(leadSchema(def).safeParse(validSubmission(def)).success).toBe(true);
  });
});

describe('contact form', () => {
  const subjects = [
    'umrah-packages',
    'hajj-packages',
    'visa-services',
    'group-bookings',
    'payment-inquiry',
    'general-inquiry',
    'other',
  ];

  it.each(
    titled([
      { form: 'contact', change: { firstName: null }, error: 'firstName' },
      { form: 'contact', change: { firstName: '' }, error: 'firstName' },
      { form: 'contact', change: { lastName: null }, error: 'lastName' },
      { form: 'contact', change: { lastName: '   ' }, error: 'lastName' },
      { form: 'contact', change: { email: null }, error: 'email' },
      { form: 'contact', change: { email: 'amina.example.com' }, error: 'email' },
      { form: 'contact', change: { email: 'amina@' }, error: 'email' },
      { form: 'contact', change: { subject: null }, error: 'subject' },
      { form: 'contact', change: { subject: '' }, error: 'subject' },
      { form: 'contact', change: { subject: 'complaints' }, error: 'subject' },
      { form: 'contact', change: { message: null }, error: 'message' },
      { form: 'contact', change: { message: '' }, error: 'message' },
      { form: 'contact', change: { message: long(501) }, error: 'message' },
      { form: 'contact', change: { message: long(500) }, error: null },
      { form: 'contact', change: { phone: null }, error: null },
      { form: 'contact', change: { phone: '' }, error: null },
      ...subjects.map((subject) => ({ form: 'contact', change: { subject }, error: null })),
    ]),
  )('%s', (_title, row) => expectOutcome(row));
});

describe('inquiry forms with a captcha', () => {
  const names = {
    umrah: { name: 'name', email: 'email', phone: 'phone', answer: 'answer' },
    'shifting-hajj': { name: 'full_name', email: 'email', phone: 'phone', answer: 'answer' },
    'non-shifting-hajj': { name: 'Name', email: 'Email', phone: 'Phone', answer: 'Answer' },
    december: { name: 'name', email: 'email', phone: 'phone', answer: 'answer' },
    chicago: { name: 'name', email: 'email', phone: 'phone', answer: 'answer' },
    houston: { name: 'Name', email: 'Email', phone: 'Phone', answer: 'Answer' },
    'new-york': { name: 'Name', email: 'Email', phone: 'Phone', answer: 'Answer' },
    dallas: { name: 'name', email: 'email', phone: 'phone', answer: 'answer' },
    detroit: { name: 'Name', email: 'Email', phone: 'Phone', answer: 'Answer' },
    'los-angeles': { name: 'Name', email: 'Email', phone: 'Phone', answer: 'Answer' },
    washington: { name: 'name', email: 'email', phone: 'phone', answer: 'answer' },
  } as const;
  const cases = Object.entries(names).flatMap(([id, wire]) => Object.values(wire).map((name) => [id, name] as const));

  it.each(cases)('%s asks for %s', (id, name) => {
    expect(validSubmission(form(id))).toHaveProperty([name]);
    expectOutcome({ form: id, change: { [name]: null }, error: name });
    expectOutcome({ form: id, change: { [name]: '' }, error: name });
  });

  it.each(Object.entries(names).map(([id, wire]) => [id, wire.answer]))(
    '%s sends its sum answer as "%s"',
    (id, answer) => {
      expect(form(id).captcha).toBe(answer);
    },
  );

  it.each(Object.entries(names))('%s takes a sum typed on an Arabic or Bengali keyboard, kept as typed', (id, wire) => {
    for (const typed of ['٧', '৭']) {
      const sent = submissionWith(id, { [wire.answer]: typed });
      expect(validateLead(form(id), sent)).toEqual({ ok: true, fields: sent });
    }
  });

  it.each(Object.entries(names))('%s refuses a sum answer that is not a number', (id, wire) => {
    const result = validateLead(form(id), submissionWith(id, { [wire.answer]: 'seven' }));
    expect(result).toEqual({ ok: false, errors: { [wire.answer]: 'Invalid Captcha' } });
  });
});

describe('phone length', () => {
  const bounded = [
    ['umrah', 'phone'],
    ['shifting-hajj', 'phone'],
    ['non-shifting-hajj', 'Phone'],
    ['december', 'phone'],
    ['chicago', 'phone'],
    ['new-york', 'Phone'],
    ['dallas', 'phone'],
    ['detroit', 'Phone'],
    ['los-angeles', 'Phone'],
    ['washington', 'phone'],
  ] as const;

  it.each(
    titled(
      bounded.flatMap(([id, phone]) => [
        { form: id, change: { [phone]: digits(9) }, error: phone },
        { form: id, change: { [phone]: digits(10) }, error: null },
        { form: id, change: { [phone]: digits(20) }, error: null },
        { form: id, change: { [phone]: digits(21) }, error: phone },
      ]),
    ),
  )('%s', (_title, row) => expectOutcome(row));

  it.each([
    ['houston', 'Phone'],
    ['hajj', 'phone'],
    ['ramadan', 'phone'],
  ])('%s takes a phone number of any length', (id, phone) => {
    expectOutcome({ form: id, change: { [phone]: '911' }, error: null });
    expectOutcome({ form: id, change: { [phone]: digits(30) }, error: null });
  });
});

describe('message forms', () => {
  it.each(
    titled(
      ['ramadan', 'hajj'].flatMap((id): Case[] => [
        { form: id, change: { message: null }, error: 'message' },
        { form: id, change: { message: '' }, error: 'message' },
        { form: id, change: { message: long(500) }, error: null },
        { form: id, change: { message: long(501) }, error: 'message' },
        { form: id, change: { name: null }, error: 'name' },
        { form: id, change: { email: 'nope' }, error: 'email' },
        { form: id, change: { phone: null }, error: 'phone' },
      ]),
    ),
  )('%s', (_title, row) => expectOutcome(row));

  it.each(
    titled([
      { form: 'ramadan', change: { package_type: 'ramadan_umrah' }, error: null },
      { form: 'ramadan', change: { package_type: 'umrah' }, error: 'package_type' },
      { form: 'visa', change: { Message: long(501) }, error: 'Message' },
      { form: 'visa', change: { Message: null }, error: 'Message' },
    ]),
  )('%s', (_title, row) => expectOutcome(row));
});

describe('traveller counts', () => {
  const pickers = ALL_FORMS.flatMap((def) =>
    def.travellers ? [[def.id, def.travellers.adults, def.travellers.children] as const] : [],
  );

  it.each(pickers)('%s needs at least one adult but allows no children', (id, adults, children) => {
    expectOutcome({ form: id, change: { [adults]: '0' }, error: adults });
    expectOutcome({ form: id, change: { [adults]: '1', [children]: '0' }, error: null });
    expectOutcome({ form: id, change: { [adults]: 'two' }, error: adults });
    expectOutcome({ form: id, change: { [children]: '-1' }, error: children });
  });

  it.each(
    titled([
      { form: 'dallas', change: { adults: '0' }, error: 'adults' },
      { form: 'dallas', change: { adults: '1' }, error: null },
      { form: 'dallas', change: { adults: '10' }, error: null },
      { form: 'dallas', change: { adults: '11' }, error: 'adults' },
      { form: 'dallas', change: { children: '0' }, error: null },
      { form: 'dallas', change: { children: '10' }, error: null },
      { form: 'dallas', change: { children: '11' }, error: 'children' },
      { form: 'dallas', change: { children: null }, error: 'children' },
    ]),
  )('%s', (_title, row) => expectOutcome(row));

  it.each([
    [2, 1, 'total', '3 Travellers'],
    [1, 0, 'total', '1 Traveller'],
    [0, 1, 'total', '1 Traveller'],
    [2, 1, 'padded', 'Adults-02/Children-01'],
    [10, 0, 'padded', 'Adults-10/Children-00'],
  ] as const)(
    'the picker shows %i adults and %i children with the %s label as "%s"',
    (adults, children, label, text) => {
      expect(travellerSummary({ adults, children }, label)).toBe(text);
    },
  );

  it('Detroit labels its picker with padded counts, the others with the total', () => {
    expect(form('detroit').travellers?.label).toBe('padded');
    expect(form('umrah').travellers?.label).toBe('total');
  });
});

describe('Last 10 Days form', () => {
  const cities = ['new_york', 'chicago', 'houston', 'dallas', 'los_angeles', 'washington', 'detroit'];

  it.each(
    titled([
      ...['name', 'email', 'phone', 'departure_city', 'travel_date'].map((name) => ({
        form: 'last-10-days',
        change: { [name]: null },
        error: name,
      })),
      { form: 'last-10-days', change: { special_requests: null }, error: null },
      { form: 'last-10-days', change: { special_requests: '' }, error: null },
      { form: 'last-10-days', change: { special_requests: long(500) }, error: null },
      { form: 'last-10-days', change: { special_requests: long(501) }, error: 'special_requests' },
      ...['1', '2', '3', '4', '5'].map((adults) => ({ form: 'last-10-days', change: { adults }, error: null })),
      { form: 'last-10-days', change: { adults: '0' }, error: 'adults' },
      { form: 'last-10-days', change: { adults: '6' }, error: 'adults' },
      ...['0', '1', '2', '3', '4'].map((children) => ({ form: 'last-10-days', change: { children }, error: null })),
      { form: 'last-10-days', change: { children: '5' }, error: 'children' },
      ...['0', '1', '2'].map((infants) => ({ form: 'last-10-days', change: { infants }, error: null })),
      { form: 'last-10-days', change: { infants: '3' }, error: 'infants' },
      { form: 'last-10-days', change: { infants: null }, error: 'infants' },
      ...cities.map((city) => ({ form: 'last-10-days', change: { departure_city: city }, error: null })),
      { form: 'last-10-days', change: { departure_city: 'boston' }, error: 'departure_city' },
      { form: 'last-10-days', change: { departure_city: 'New York' }, error: 'departure_city' },
      { form: 'last-10-days', change: { departure_city: '' }, error: 'departure_city' },
      { form: 'last-10-days', change: { travel_date: '2027-02-28' }, error: null },
      { form: 'last-10-days', change: { travel_date: '2028-02-29' }, error: null },
      { form: 'last-10-days', change: { travel_date: '2027-02-29' }, error: 'travel_date' },
      { form: 'last-10-days', change: { travel_date: '2027-02-30' }, error: 'travel_date' },
      { form: 'last-10-days', change: { travel_date: '2027-13-01' }, error: 'travel_date' },
      { form: 'last-10-days', change: { travel_date: '03/10/2027' }, error: 'travel_date' },
      { form: 'last-10-days', change: { travel_date: '' }, error: 'travel_date' },
      { form: 'last-10-days', change: { package_name: null, package_price: null }, error: null },
    ]),
  )('%s', (_title, row) => expectOutcome(row));
});

describe('booking form', () => {
  it.each(
    titled([
      { form: 'booking', change: { name: null }, error: 'name' },
      { form: 'booking', change: { name: '' }, error: 'name' },
      { form: 'booking', change: { email: null }, error: 'email' },
      { form: 'booking', change: { email: 'not an email' }, error: 'email' },
      { form: 'booking', change: { phone: null }, error: null },
      { form: 'booking', change: { phone: '' }, error: null },
      { form: 'booking', change: { phone: '911' }, error: null },
      { form: 'booking', change: { package_id: null, package_name: null }, error: null },
      { form: 'booking', change: { package_name: long(201) }, error: 'package_name' },
    ]),
  )('%s', (_title, row) => expectOutcome(row));
});

describe('constants and unknown fields', () => {
  it.each(
    titled([
      { form: 'shifting-hajj', change: { request_type: 'hajj' }, error: null },
      { form: 'shifting-hajj', change: { request_type: 'umrah' }, error: 'request_type' },
      { form: 'shifting-hajj', change: { request_type: 'Hajj' }, error: 'request_type' },
      { form: 'non-shifting-hajj', change: { 'Request type': 'non-shifting-hajj' }, error: null },
      { form: 'non-shifting-hajj', change: { 'Request type': 'umrah' }, error: 'Request type' },
      { form: 'houston', change: { 'Request type': 'umrah' }, error: null },
      { form: 'houston', change: { 'Request type': 'hajj' }, error: 'Request type' },
      { form: 'detroit', change: { 'Request type': 'detroit-umrah' }, error: null },
      { form: 'detroit', change: { 'Request type': 'umrah' }, error: 'Request type' },
      { form: 'december', change: { _subject: 'Something else' }, error: '_subject' },
      { form: 'umrah', change: { request_type: 'hajj' }, error: 'request_type' },
      { form: 'contact', change: { name: 'Amina' }, error: 'name' },
      { form: 'umrah', change: { _captcha: 'token' }, error: '_captcha' },
    ]),
  )('%s', (_title, row) => expectOutcome(row));

  it('names each unknown field separately', () => {
    const result = validateLead(form('umrah'), { ...validSubmission(form('umrah')), one: '1', two: '2' });
    expect(result).toEqual({ ok: false, errors: { one: 'Unexpected field.', two: 'Unexpected field.' } });
  });

  it('has the spec constants for the forms that send them', () => {
    expect(form('shifting-hajj').constants).toEqual({ request_type: 'hajj' });
    expect(form('non-shifting-hajj').constants).toEqual({ 'Request type': 'non-shifting-hajj' });
    expect(form('houston').constants).toEqual({ 'Request type': 'umrah' });
    expect(form('new-york').constants).toEqual({ 'Request type': 'umrah' });
    expect(form('los-angeles').constants).toEqual({ 'Request type': 'umrah' });
    expect(form('detroit').constants).toEqual({ 'Request type': 'detroit-umrah' });
    expect(form('ramadan').constants).toEqual({ package_type: 'ramadan_umrah' });
  });
});

describe('leadFields', () => {
  const entries = (email: string): [string, FormDataEntryValue][] => [
    ['name', 'Amina Yusuf'],
    ['email', email],
    ['phone', '3125550147'],
    ['_captcha', 'signed-token'],
    ['website', ''],
  ];

  it.each(['december', 'chicago'])('%s drops the captcha token and honeypot and copies email to _replyto', (id) => {
    expect(leadFields(form(id), entries('amina@example.com'))).toEqual({
      name: 'Amina Yusuf',
      email: 'amina@example.com',
      phone: '3125550147',
      _replyto: 'amina@example.com',
    });
  });

  it.each(FORM_IDS.filter((id) => id !== 'december' && id !== 'chicago'))('%s sends no _replyto', (id) => {
    const fields = leadFields(form(id), entries('amina@example.com'));
    expect(fields).not.toHaveProperty('_replyto');
    expect(fields).not.toHaveProperty('_captcha');
    expect(fields).not.toHaveProperty('website');
  });

  it('drops a filled honeypot too, and any uploaded file', () => {
    const data = new FormData();
    data.append('name', 'Amina Yusuf');
    data.append('website', 'http://spam.example');
    data.append('attachment', new File(['x'], 'x.txt'));
    expect(leadFields(form('umrah'), data.entries())).toEqual({ name: 'Amina Yusuf' });
  });

  it('gives an empty _replyto when no email was entered', () => {
    expect(leadFields(form('december'), [['name', 'Amina']])).toEqual({ name: 'Amina', _replyto: '' });
  });
});

describe('requestBody', () => {
  const multipart = ['ramadan', 'detroit', 'visa', 'last-10-days'];
  const transport = { _captcha: 'signed-token', website: '' };

  it('sends exactly ramadan, detroit, visa and last-10-days as multipart', () => {
    expect(ALL_FORMS.filter((def) => def.encoding === 'multipart').map((def) => def.id)).toEqual(multipart);
  });

  it.each(FORM_IDS)('%s sends its fields and the transport fields in its own encoding', (id) => {
    const fields = validSubmission(form(id));
    const body = requestBody(form(id), fields, transport);
    if (multipart.includes(id)) expect(body).toBeInstanceOf(FormData);
    else expect(body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(body.entries())).toEqual({ ...fields, ...transport });
  });
});

describe('fieldOrder', () => {
  it.each([
    ['umrah', ['name', 'email', 'phone', 'adults', 'children', 'answer']],
    ['shifting-hajj', ['full_name', 'email', 'phone', 'adults', 'children', 'answer']],
    ['houston', ['Name', 'Email', 'Phone', 'Adults', 'Children', 'Answer']],
    ['dallas', ['name', 'email', 'phone', 'adults', 'children', 'answer']],
    ['contact', ['firstName', 'lastName', 'email', 'phone', 'subject', 'message']],
    ['booking', ['name', 'email', 'phone']],
  ])('%s moves focus through fields in the order a visitor meets them', (id, order) => {
    expect(fieldOrder(form(id))).toEqual(order);
  });
});

describe('field roles', () => {
  const roles = (def: FormDef, role: string) => def.fields.filter((field) => field.role === role);

  // The staff's Reply-To and the visitor's acknowledgement both need the one address the visitor gave.
  it.each(FORM_IDS)('%s has exactly one email field, and says who sent it by name', (id) => {
    const def = form(id);
    expect(roles(def, 'email').map((field) => field.kind)).toEqual(['email']);
    const names = [...roles(def, 'name'), ...roles(def, 'firstName'), ...roles(def, 'lastName')];
    expect(names.length).toBeGreaterThanOrEqual(1);
    expect(roles(def, 'phone').length).toBeLessThanOrEqual(1);
  });

  it.each(FORM_IDS)('%s marks every email, phone and free-text field with its role', (id) => {
    for (const field of form(id).fields) {
      if (field.kind === 'email') expect(field.role, field.name).toBe('email');
      if (field.kind === 'tel') expect(field.role, field.name).toBe('phone');
      if (field.kind === 'textarea') expect(field.role, field.name).toBe('message');
    }
  });

  it.each(FORM_IDS)('%s has its traveller counts where the desk looks for them', (id) => {
    const def = form(id);
    const counts = [
      ...(def.travellers ? ['adults', 'children'] : []),
      ...roles(def, 'adults'),
      ...roles(def, 'children'),
    ];
    const sendsCounts = wireNames(def).some((name) => /^(adults|children)$/i.test(name));
    expect(counts.length > 0).toBe(sendsCounts);
  });

  it('wireNames starts with the fields in the order a visitor meets them', () => {
    for (const def of ALL_FORMS) expect(wireNames(def).slice(0, fieldOrder(def).length)).toEqual(fieldOrder(def));
  });
});
