/**
 * Reply templates: the owners' words for the replies staff send from a lead, with placeholders the
 * desk fills in from the lead and the staff member. A template is checked when it is saved (an
 * unknown or malformed placeholder is refused there, never sent) and rendered when staff choose it
 * or send a reply; a value the lead does not have (no quote sent, no package) stops the render with
 * a message for staff rather than sending a gap or a broken link.
 */

import { countOf } from '../format.ts';

/** What each placeholder stands for, as the templates page lists them. */
export const PLACEHOLDERS = {
  pilgrim_name: "the pilgrim's name, as they typed it",
  reference: "the enquiry's reference, such as MQ-7K3F9Q",
  package: 'the package the enquiry came from',
  quote_link: "the private link to the enquiry's newest quote sent",
  staff_name: 'your name, as set on your account page',
  agency_name: "the agency's name",
} as const;

export type Placeholder = keyof typeof PLACEHOLDERS;

/** The values a render may use; a missing one makes a template that needs it unusable on this lead. */
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/** Why a placeholder has no value on a lead, said to the staff member choosing the template. */
const MISSING: Record<Placeholder, string> = {
  pilgrim_name: 'this enquiry gives no name',
  reference: 'this enquiry has no reference',
  package: 'this enquiry names no package',
  quote_link: 'this enquiry has no quote sent: send a quote first, or choose another template',
  staff_name: 'your account has no name: add it on your account page',
  agency_name: "the agency's name is not set",
};

export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 5_000;

/** A template as owners write it. */
export interface TemplateText {
  name: string;
  subject: string;
  body: string;
}

/** One problem with a template or reply, named by the field it belongs to. */
export interface TemplateProblem {
  field: 'name' | 'subject' | 'body';
  message: string;
}

/** A problem with a reply's subject or message. */
export type MessageProblem = TemplateProblem & { field: 'subject' | 'body' };

/** `{{ word }}`, with or without spaces inside the braces. */
const WELL_FORMED = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const isPlaceholder = (name: string): name is Placeholder => Object.hasOwn(PLACEHOLDERS, name);

/** The known placeholders, written as a template writes them: "{{pilgrim_name}}, {{reference}}, …". */
export function placeholderList(): string {
  return Object.keys(PLACEHOLDERS)
    .map((name) => `{{${name}}}`)
    .join(', ');
}

/** What is wrong with the placeholders of one text: each unknown one by name, and stray braces. */
export function placeholderProblems(text: string): string[] {
  const problems: string[] = [];
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(WELL_FORMED)) if (!isPlaceholder(name!)) unknown.add(name!);
  for (const name of unknown) {
    problems.push(`{{${name}}} is not a placeholder we know; use one of ${placeholderList()}.`);
  }
  const rest = text.replace(WELL_FORMED, '');
  const stray = /\{\{[^{}]{0,40}\}{0,2}|\{[A-Za-z_ ]+\}|\}\}/.exec(rest);
  if (stray) {
    problems.push(`"${stray[0]}" is not a placeholder: write one as two braces either side, such as {{pilgrim_name}}.`);
  }
  return problems;
}

/** The problems of a reply's subject and body: empty, too long, or with placeholders we do not know. */
export function messageProblems(subject: string, body: string): MessageProblem[] {
  const problems: MessageProblem[] = [];
  const check = (field: 'subject' | 'body', value: string, label: string, max: number) => {
    if (value.trim() === '') problems.push({ field, message: `Write the ${label}.` });
    else if (value.length > max)
      problems.push({ field, message: `Keep the ${label} to ${max.toLocaleString('en-US')} characters or fewer.` });
    for (const message of placeholderProblems(value)) problems.push({ field, message: `The ${label}: ${message}` });
  };
  check('subject', subject, 'subject', TEMPLATE_SUBJECT_MAX);
  check('body', body, 'message', TEMPLATE_BODY_MAX);
  return problems;
}

/** The problems of a template as an owner saved it; none means it may be stored. */
export function templateProblems(template: TemplateText): TemplateProblem[] {
  const name = template.name.trim();
  const problems: TemplateProblem[] = [];
  if (name === '') problems.push({ field: 'name', message: 'Give the template a name staff will recognise.' });
  else if (name.length > TEMPLATE_NAME_MAX) {
    problems.push({ field: 'name', message: `Keep the name to ${TEMPLATE_NAME_MAX} characters or fewer.` });
  }
  return [...problems, ...messageProblems(template.subject, template.body)];
}

/** The placeholders a text uses, in order of first use. */
export function placeholdersIn(text: string): Placeholder[] {
  const used = [...text.matchAll(WELL_FORMED)].map(([, name]) => name!).filter(isPlaceholder);
  return [...new Set(used)];
}

/** A text rendered, or why it cannot be on this lead (each value it needs and lacks). */
export type Rendered = { ok: true; text: string } | { ok: false; message: string };

/** Fills in a checked text's placeholders from `values`; refuses when one it uses has no value here. */
export function renderTemplate(text: string, values: PlaceholderValues): Rendered {
  const problems = placeholderProblems(text);
  if (problems.length > 0) return { ok: false, message: problems.join(' ') };
  const missing = placeholdersIn(text).filter((name) => !values[name]?.trim());
  if (missing.length > 0) {
    const why = missing.map((name) => `{{${name}}}: ${MISSING[name]}`).join('; ');
    return { ok: false, message: `This text cannot be used here. ${why}.` };
  }
  // One pass over the text, so a value that itself looks like a placeholder is left as typed.
  return { ok: true, text: text.replace(WELL_FORMED, (_, name: Placeholder) => values[name]!.trim()) };
}

/** The subject with the enquiry's reference in it, so the pilgrim's answer finds its lead. */
export function withReference(subject: string, reference: string): string {
  const trimmed = subject.trim();
  return trimmed.includes(reference) ? trimmed : `${trimmed} (reference ${reference})`;
}

/**
 * The three reply templates a new desk starts with, in the agency's words, exactly as the schema's
 * step 11 writes them; owners change them on /admin/templates. Never edit them here: a later wording
 * is a later schema step that changes only the bodies no owner has edited (as step 13 does). The documents follow the
 * site's visa guide and facts (src/lib/facts.ts: visa.passport, visa.photo, health.acwy).
 */
/** The "Documents needed" template's vaccine sentence as it shipped: it told everyone aged one and over the vaccine was needed for Umrah. */
export const SHIPPED_VACCINE_LINE =
  'Everyone aged one and over also needs the meningitis (ACWY) vaccine at least 10 days before arrival. The certificate is not uploaded, but keep it with your passport.';

/** The vaccine sentence of "Documents needed", from the health fact: recommended for Umrah, required for Hajj, and from what age. */
export function vaccineTemplateLine(acwy: {
  daysBeforeArrival: number;
  umrah: { status: string };
  hajj: { status: string; minAgeYears?: number | undefined };
}): string {
  const hajjAge = acwy.hajj.minAgeYears ? ` for everyone over ${acwy.hajj.minAgeYears}` : '';
  return `The meningitis (ACWY) vaccine is ${acwy.umrah.status} for Umrah (${acwy.hajj.status} for Hajj${hajjAge}), given at least ${countOf(acwy.daysBeforeArrival, 'day')} before arrival; please tell us if anyone has had it.`;
}

export const STARTING_TEMPLATES: readonly (readonly [name: string, subject: string, body: string])[] = [
  [
    'First reply',
    'Your enquiry {{reference}} with {{agency_name}}',
    `Assalamu alaikum {{pilgrim_name}},

Thank you for contacting {{agency_name}}. Your enquiry (reference {{reference}}) is with me, and I will look after it from here.

So that I can suggest the right dates, hotels and price, could you tell me:
- when you would like to travel, and how flexible your dates are
- how many people are going, and the ages of any children
- which US airport you would fly from

If anyone in your group is elderly or needs a wheelchair, tell me and we will plan around it. You can reply to this email or call us, whichever is easier.

With best wishes,
{{staff_name}}
{{agency_name}}`,
  ],
  [
    'Documents needed',
    'Documents for your visa ({{reference}})',
    `Assalamu alaikum {{pilgrim_name}},

To apply for your Umrah visa or Saudi tourist eVisa, we need the following from each traveler, babies included:
- a passport valid for at least six months from the day you arrive in Saudi Arabia, with two blank pages
- a clear scan of the passport's photo page, with nothing cropped
- a recent digital photo on a plain white background (no prints needed)
- if the passport was not issued by the United States: both sides of the green card, or the US visa
- for a child whose parents are not both traveling: the absent parent's signed permission and the child's birth certificate

If a passport has less than six months left on your arrival date, please renew it first: we can only apply once you hold the new one.

Everyone aged one and over also needs the meningitis (ACWY) vaccine at least 10 days before arrival. The certificate is not uploaded, but keep it with your passport.

You can reply to this email with the files attached, or call us if you would rather send them another way.

With best wishes,
{{staff_name}}
{{agency_name}}`,
  ],
  [
    'Quote follow-up',
    'Your quote {{reference}}: any questions?',
    `Assalamu alaikum {{pilgrim_name}},

I hope you and your family have had a chance to look at your quote. It is here whenever you need it:
{{quote_link}}

If you would like other dates, hotels or room sharing, just tell me and I will send you an updated quote. When you are happy with it, you can accept it on that page, and I will be in touch about the deposit.

Any question, large or small, is welcome.

With best wishes,
{{staff_name}}
{{agency_name}}`,
  ],
];
