import { formTextIn } from '@/lib/forms/text-in';
import { DatabaseSync } from 'node:sqlite';
import { resolve } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { FORMS, type FormId } from '@/lib/forms/definitions';
import type { FieldDef, FormDef } from '@/lib/forms/types';
import { oneFormPerShape } from '../../support/form-shapes';

/** The SQLite file the Playwright server writes leads to (see playwright.config.ts). */
const E2E_LEADS_DB = resolve('reports/e2e-leads.db');

/** Where each form lives, and the field names spec section 7 says it sends (written out, not derived). */
export const FORM_PAGES: Record<FormId, { path: string; wire: string[] }> = {
  contact: { path: '/contact-us', wire: ['firstName', 'lastName', 'email', 'phone', 'subject', 'message'] },
  umrah: { path: '/umrah-packages', wire: ['name', 'email', 'phone', 'adults', 'children', 'answer'] },
  hajj: { path: '/hajj-packages', wire: ['name', 'email', 'phone', 'message'] },
  'shifting-hajj': {
    path: '/shifting-hajj',
    wire: ['full_name', 'email', 'phone', 'adults', 'children', 'answer', 'request_type'],
  },
  'non-shifting-hajj': {
    path: '/non-shifting-hajj',
    wire: ['Name', 'Email', 'Phone', 'Adults', 'Children', 'Answer', 'Request type'],
  },
  ramadan: { path: '/ramadan-umrah', wire: ['name', 'email', 'phone', 'message', 'package_type'] },
  december: {
    path: '/december-umrah',
    wire: ['name', 'email', 'phone', 'adults', 'children', 'answer', '_replyto', '_subject'],
  },
  chicago: {
    path: '/chicago-umrah',
    wire: ['name', 'email', 'phone', 'adults', 'children', 'answer', '_replyto', '_subject'],
  },
  houston: { path: '/houston-umrah', wire: ['Name', 'Email', 'Phone', 'Adults', 'Children', 'Answer', 'Request type'] },
  'new-york': {
    path: '/new-york-umrah',
    wire: ['Name', 'Email', 'Phone', 'Adults', 'Children', 'Answer', 'Request type'],
  },
  dallas: { path: '/dallas-umrah', wire: ['name', 'email', 'phone', 'adults', 'children', 'answer'] },
  detroit: { path: '/detroit-umrah', wire: ['Name', 'Email', 'Phone', 'Adults', 'Children', 'Answer', 'Request type'] },
  'los-angeles': {
    path: '/los-angeles-umrah',
    wire: ['Name', 'Email', 'Phone', 'Adults', 'Children', 'Answer', 'Request type'],
  },
  washington: { path: '/washington-umrah', wire: ['name', 'email', 'phone', 'adults', 'children', 'answer'] },
  visa: { path: '/umrah-visa', wire: ['Name', 'Email', 'Phone', 'Message'] },
  'last-10-days': {
    path: '/package/ramadan-last-10-days',
    wire: [
      'name',
      'email',
      'phone',
      'departure_city',
      'travel_date',
      'adults',
      'children',
      'infants',
      'special_requests',
      'package_name',
      'package_price',
    ],
  },
  booking: {
    path: '/package/economy-7-nights-umrah',
    wire: ['name', 'email', 'phone', 'package_id', 'package_name'],
  },
  'home-booking': { path: '/', wire: ['name', 'email', 'phone', 'adults', 'children', 'answer'] },
};

export const FORM_IDS = Object.keys(FORM_PAGES) as FormId[];

/** The forms the browser specs drive: one of each shape (tests/support/form-shapes.ts), or all with `FORMS=all`. */
export const BROWSER_FORM_IDS: FormId[] =
  process.env['FORMS'] === 'all' ? FORM_IDS : oneFormPerShape(FORM_IDS.map((id) => ({ id, def: FORMS[id] })));

export function formDef(id: FormId): FormDef {
  return FORMS[id];
}

/** A form's button as an English page shows it (the definition names it by its dictionary key). */
export function submitText(def: FormDef): string {
  return formTextIn(def, 'en').submit;
}

/** The button's words while a send is under way, on an English page. */
export function busyText(def: FormDef): string {
  return formTextIn(def, 'en').busy;
}

/** The enquiry form's section on its page. */
export function enquiry(page: Page): Locator {
  return page.locator('section#enquiry');
}

/** The island that holds the enquiry form; Astro drops its `ssr` attribute once it has hydrated. */
export function formIsland(page: Page): Locator {
  return enquiry(page).locator('astro-island');
}

/**
 * Opens a form's page and reaches for the form as a visitor would (the pointer moves over it):
 * it hydrates on that first interaction, and the test waits until it has.
 */
export async function openForm(page: Page, path: string, submitLabel: string): Promise<Locator> {
  await page.goto(path);
  const form = enquiry(page);
  await form.getByRole('button', { name: submitLabel }).hover();
  await expect(formIsland(page)).not.toHaveAttribute('ssr');
  return form;
}

/** Counts the lead POSTs the page makes, so a test can prove nothing was sent. */
export function countLeadPosts(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/forms/')) count += 1;
  });
  return { count: () => count };
}

/** A valid value for every visible field, by name; `email` is unique so the test can find its lead. */
export function validValues(def: FormDef, email: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of def.fields) {
    values[field.name] =
      field.kind === 'select'
        ? field.options[Math.min(1, field.options.length - 1)]!.value
        : {
            text: 'Amina Yusuf',
            email,
            tel: '+1 512 555 0100',
            textarea: 'Two adults and one child, hoping to travel in February.',
            date: '2027-03-01',
          }[field.kind];
  }
  return values;
}

/** Fills every visible field with a valid value and returns what was typed, by name. */
export async function fillValid(form: Locator, def: FormDef, email: string): Promise<Record<string, string>> {
  const values = validValues(def, email);
  for (const field of def.fields) {
    const control = form.locator(`[name="${field.name}"]`);
    if (field.kind === 'select') await control.selectOption(values[field.name]!);
    else await control.fill(values[field.name]!);
  }
  return values;
}

/** An address no other test uses, so a test can find its own lead. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The answer (plus `offBy`) to the sum a page or label asks: "Security question: what is 3 + 4?". */
export function sumAnswer(text: string, offBy = 0): string {
  const [, a, b] = /Security question: what is (\d+) \+ (\d+)\?/.exec(text)!;
  return String(Number(a) + Number(b) + offBy);
}

/** Reads the sum from the captcha label, whoever printed it (island or server), and types its answer (plus `offBy`). */
export async function answerCaptcha(form: Locator, def: FormDef, offBy = 0): Promise<void> {
  if (!def.captcha) return;
  const label = form.getByText(/Security question: what is \d+ \+ \d+\?/);
  await form.locator(`input[name="${def.captcha}"]`).fill(sumAnswer((await label.textContent()) ?? '', offBy));
}

interface LeadRow {
  fields: Record<string, string>;
  page_url: string;
  reference: string;
}

/** Every stored lead of a form whose fields hold `email`, read straight from the SQLite file. */
export function storedLeads(formId: string, email: string): LeadRow[] {
  const db = new DatabaseSync(E2E_LEADS_DB, { readOnly: true });
  try {
    const rows = db.prepare('SELECT fields, page_url, reference FROM leads WHERE form_id = ?').all(formId) as {
      fields: string;
      page_url: string;
      reference: string;
    }[];
    return rows
      .map((row) => ({ ...row, fields: JSON.parse(row.fields) as Record<string, string> }))
      .filter((lead) => Object.values(lead.fields).includes(email));
  } finally {
    db.close();
  }
}

/**
 * The stored lead is the enquiry as the spec names it: exactly the spec's wire names (written out in
 * FORM_PAGES, apart from the definitions), every typed value, the travellers chosen and the page.
 */
export function expectStoredAsTyped(lead: LeadRow, id: FormId, typed: Record<string, string>): void {
  const def = formDef(id);
  const { path, wire } = FORM_PAGES[id];
  expect(Object.keys(lead.fields).sort()).toEqual([...wire].sort());
  for (const [name, value] of Object.entries(typed)) expect(lead.fields[name]).toBe(value);
  if (def.travellers) {
    expect(lead.fields[def.travellers.adults]).toBe('2');
    expect(lead.fields[def.travellers.children]).toBe('1');
  }
  expect(new URL(lead.page_url).pathname).toBe(path);
}

/** A reference as the visitor sees it, e.g. MQ-7K3F9Q. */
export const REFERENCE = /MQ-[2-9A-HJKMNP-TV-Z]{6}/;

/**
 * The fields a form sent empty must report: every required one but a select that opens on a value
 * (one without a placeholder, or one with an initial choice), which is sent with it.
 */
export function requiredWhenBlank(def: FormDef): FieldDef[] {
  return def.fields.filter(
    (field) => field.required && !(field.kind === 'select' && (!field.placeholder || field.initial !== undefined)),
  );
}
