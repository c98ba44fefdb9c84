// Runs under Node's type stripping too (the lead API says its checks in the form's language): relative `.ts` imports only.
import type { FormWords } from '../i18n/en/form.ts';
import { LANGUAGE_INFO, type Language } from '../languages.ts';
import { proseDigits } from '../i18n/numbers.ts';
import { agencyContact } from '../site-contact.ts';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH } from './constants.ts';
import { hajjSeasonIn } from './interest.ts';
import type { FieldDef, FormDef } from './types.ts';

/** One field's words: its label, its select's choices, and what each of its checks says. */
export interface FieldText {
  label: string;
  placeholder?: string;
  /** A select's choices by value. */
  options?: Record<string, string>;
  /** Empty when it is required (a select: nothing chosen, or a value it does not offer). */
  missing: string;
  tooLong?: string;
  /** A phone number outside the form's bounds. */
  range?: string;
  /** An email or a date that is not one. */
  malformed?: string;
}

/**
 * Everything a form says, in one language, as plain data: the page draws it, the island gets it as
 * a prop (only this language's words, never the four dictionaries), and the checks (schema.ts) say
 * their messages from it. Values known only later (a count, a reference, a sum) fill `{name}` slots.
 */
export interface FormText {
  lang: Language;
  dir: 'ltr' | 'rtl';
  heading: string;
  intro: string;
  replyBy: string;
  submit: string;
  busy: string;
  success: string;
  failure: string;
  networkFailure: string;
  invalid: string;
  next?: string | undefined;
  fields: Record<string, FieldText>;
  travellers: {
    legend: string;
    adults: { label: string; missing: string; min: string; fewer: string; more: string };
    children: { label: string; missing: string; min: string; fewer: string; more: string };
    one: string;
    many: string;
    padded: string;
  };
  captcha: FormWords['captcha'] & { sum: string; invalid: string };
  /** The party-size question and the consent; its choices are drawn from `unsure` (travellerOptions). */
  interest: {
    travellers: string;
    unsure: string;
    consent: string;
  };
  counter: FormWords['counter'];
  tryAgain: string;
  save: string;
  honeypot: string;
  reference: string;
  unexpected: string;
  notice: FormWords['notice'];
}

/**
 * Puts values into a sentence's `{name}` slots: `fill('{n} Travellers', { n: 3 })` is "3 Travellers".
 * A number is written in the digits of the sentence's language (`lang`); a text (a reference) as it is.
 */
export function fill(
  template: string,
  values: Readonly<Record<string, string | number>>,
  lang: Language = 'en',
): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => {
    if (!Object.hasOwn(values, name)) return slot;
    const value = values[name]!;
    return typeof value === 'number' ? proseDigits(value, lang) : value;
  });
}

/** The longest email and phone a form takes when its definition sets no limit. */
export const KIND_MAX: Readonly<Partial<Record<FieldDef['kind'], number>>> = {
  email: EMAIL_MAX_LENGTH,
  tel: PHONE_MAX_LENGTH,
};

/** A select's choice in words: its own label (a name, a number), else the dictionary's subject, else its value. */
export function optionWords(option: { value: string; label?: string }, words: Pick<FormWords, 'subjects'>): string {
  return option.label ?? words.subjects[option.value as keyof FormWords['subjects']] ?? option.value;
}

/** The words of one field in a language, its checks' messages included. */
function fieldText(field: FieldDef, words: FormWords): FieldText {
  const label = words.labels[field.label];
  const named = words.labels[field.namedInChecks ?? field.label];
  const { checks } = words;
  if (field.kind === 'select') {
    const options = Object.fromEntries(field.options.map((option) => [option.value, optionWords(option, words)]));
    const missing = field.placeholder && field.initial === undefined ? checks.chooseOne(named) : checks.choose(named);
    return {
      label,
      ...(field.placeholder ? { placeholder: words.placeholders[field.placeholder] } : {}),
      options,
      missing,
    };
  }
  const text: FieldText = { label, missing: field.kind === 'date' ? checks.missingDate(named) : checks.missing(named) };
  if (field.kind === 'tel' && field.minLength !== undefined && field.maxLength !== undefined) {
    text.range = checks.phoneRange(field.minLength, field.maxLength);
  } else {
    const maxLength = field.maxLength ?? KIND_MAX[field.kind];
    if (maxLength !== undefined) text.tooLong = checks.tooLong(maxLength);
  }
  if (field.kind === 'email') text.malformed = checks.email;
  if (field.kind === 'date') text.malformed = checks.date;
  return text;
}

/** The form's own sentences: English from its definition, another language from the dictionary's `forms`. */
function ownWords(form: FormDef, words: FormWords, lang: Language) {
  if (lang === 'en') {
    const { heading, intro, next, messages } = form;
    return { heading, intro, next, ...messages };
  }
  const forms = words.forms as Partial<Record<string, FormWords['forms'][keyof FormWords['forms']]>>;
  const own = forms[form.id];
  if (!own) throw new Error(`The form "${form.id}" has no words in ${lang}: add it to forms in src/lib/i18n/*/form.ts`);
  const hajj = form.interest
    ? {
        heading: words.hajjInterest.heading(hajjSeasonIn(lang)),
        intro: words.hajjInterest.intro(hajjSeasonIn(lang)),
        next: words.hajjInterest.next(hajjSeasonIn(lang)),
      }
    : {};
  const heading = 'heading' in own ? own.heading : undefined;
  const intro = 'intro' in own ? own.intro : undefined;
  const success = typeof own.success === 'function' ? own.success(agencyContact.replyTime) : own.success;
  return {
    heading: heading ?? '',
    intro: intro ?? '',
    ...hajj,
    success,
    failure: own.failure,
    invalid: own.invalid,
  };
}

/**
 * Everything `form` says in `lang`, from that language's form dictionary (`words`, handed in so
 * that the island carries one language's words, not four). The reply time is the site's setting,
 * said in English only: the translations promise a reply without restating it.
 */
export function formText(form: FormDef, words: FormWords, lang: Language): FormText {
  const own = ownWords(form, words, lang);
  const count = (key: 'adults' | 'children', min: number) => {
    const who = words.travellers[key];
    return {
      label: words.labels[key],
      missing: words.checks.countMissing(who),
      min: words.checks.countMin(min, who),
      fewer: words.travellers.fewer(who),
      more: words.travellers.more(who),
    };
  };
  return {
    lang,
    dir: LANGUAGE_INFO[lang].dir,
    heading: own.heading,
    intro: own.intro,
    replyBy: words.replyBy(agencyContact.replyTime),
    submit: words.buttons[form.submitLabel],
    busy: words.buttons[form.busyLabel],
    success: own.success,
    failure: own.failure,
    networkFailure: lang === 'en' ? (form.messages.networkFailure ?? form.messages.failure) : own.failure,
    invalid: own.invalid,
    next: own.next,
    fields: Object.fromEntries(form.fields.map((field) => [field.name, fieldText(field, words)])),
    travellers: {
      legend: words.travellers.legend,
      adults: count('adults', 1),
      children: count('children', 0),
      one: words.travellers.one,
      many: words.travellers.many,
      padded: words.travellers.padded,
    },
    captcha: { ...words.captcha, sum: words.checks.sum, invalid: words.checks.invalidCaptcha },
    interest: {
      travellers: words.hajjInterest.travellers,
      unsure: words.hajjInterest.unsure,
      consent: words.hajjInterest.consent(hajjSeasonIn(lang)),
    },
    counter: words.counter,
    tryAgain: words.buttons.tryAgain,
    save: words.buttons.save,
    honeypot: words.honeypot,
    reference: words.reference,
    unexpected: words.checks.unexpected,
    notice: words.notice,
  };
}
