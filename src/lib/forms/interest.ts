// Runs under Node's type stripping too (the lead API reads it): relative `.ts` imports only.
import { form as english, type FormWords, type HajjSeasonWords } from '../i18n/en/form.ts';
import { formatNumberIn, proseDigits } from '../i18n/numbers.ts';
import type { Language } from '../languages.ts';
import { seasonText } from '../seasons.ts';
import type { FieldErrors, LeadFields } from './constants.ts';
import type { FormDef } from './types.ts';

/*
 * The Hajj interest list's own two questions (decisions.md, fourth round): how many will travel and
 * whether we may email about the coming season. They are ours, not the spec's: they travel beside
 * the spec's fields as the first touch does, are stored apart from the lead's fields (schema step
 * 15), and never reach the agency's form relay, its webhook or the staff email's field list.
 */

/** Wire names no spec form uses. */
export const INTEREST_TRAVELLERS_FIELD = 'hajj_travellers';
export const INTEREST_CONSENT_FIELD = 'hajj_updates';
/** The value a ticked consent box sends. */
export const CONSENT_VALUE = 'yes';
/** The largest party the list takes in one sign-up; a bigger group talks to us. */
const TRAVELLERS_MAX = 20;

/** The coming Hajj season as the Hajj forms' words name it, in every language. */
export const HAJJ_SEASON: HajjSeasonWords = {
  label: seasonText('hajj', 'label')!,
  hijri: seasonText('hajj', 'hijri')!,
  year: seasonText('hajj', 'year')!,
  hijriYear: seasonText('hajj', 'hijriYear')!,
};

/** The coming Hajj season as a form in `lang` names it: the years in the language's digits, as its page's facts write them. */
export function hajjSeasonIn(lang: Language): HajjSeasonWords {
  if (lang === 'en') return HAJJ_SEASON;
  const inDigits = (year: string) => formatNumberIn(Number(year), lang, false);
  return { ...HAJJ_SEASON, year: inDigits(HAJJ_SEASON.year), hijriYear: inDigits(HAJJ_SEASON.hijriYear) };
}

/** The consent box's label in English: exactly what they will get, and how to stop it. */
export const CONSENT_LABEL = english.hajjInterest.consent(HAJJ_SEASON);

/** The interest a sign-up brings beside its fields: the party (null when not given) and the consent. */
export interface InterestAnswer {
  travellers: number | null;
  consent: boolean;
}

/** True for a form of the Hajj interest list (the three Hajj forms). */
export function takesInterest(form: Pick<FormDef, 'interest'>): boolean {
  return form.interest === true;
}

/**
 * Whether the form asks the party size itself: a form with the spec's traveller counts already
 * asks it, and its list entry reads their total instead of asking twice.
 */
export function asksTravellers(form: Pick<FormDef, 'interest' | 'travellers'>): boolean {
  return takesInterest(form) && form.travellers === undefined;
}

/** The names of the interest questions a form shows, in the order a visitor meets them. */
export function interestNames(form: Pick<FormDef, 'interest' | 'travellers'>): string[] {
  if (!takesInterest(form)) return [];
  return [...(asksTravellers(form) ? [INTEREST_TRAVELLERS_FIELD] : []), INTEREST_CONSENT_FIELD];
}

/** The party-size choices: "not sure yet", then 1 to 20, in the form's language and its digits. */
export function travellerOptions(
  unsure: string = english.hajjInterest.unsure,
  lang: Language = 'en',
): { value: string; label: string }[] {
  return [
    { value: '', label: unsure },
    ...Array.from({ length: TRAVELLERS_MAX }, (_, index) => ({
      value: String(index + 1),
      label: proseDigits(index + 1, lang),
    })),
  ];
}

/** Takes the interest questions out of a submission's entries: the spec's fields, and the interest's own values. */
export function splitInterest(
  form: Pick<FormDef, 'interest' | 'travellers'>,
  entries: Readonly<Record<string, string>>,
): { fields: LeadFields; interest: LeadFields } {
  const names = interestNames(form);
  // No prototype: a field named __proto__ stays an ordinary (unknown, refused) field, not a no-op.
  const fields = Object.create(null) as LeadFields;
  const interest = Object.create(null) as LeadFields;
  for (const [name, value] of Object.entries(entries)) {
    if (names.includes(name)) interest[name] = value;
    else fields[name] = value;
  }
  return { fields, interest };
}

/**
 * Reads the interest's values as sent: an unticked box sends nothing (consent stays off), "Not sure
 * yet" sends an empty party. On a form with traveller counts the party is their total.
 */
export function readInterest(
  form: Pick<FormDef, 'interest' | 'travellers'>,
  interest: Readonly<LeadFields>,
  fields: Readonly<LeadFields>,
  words: Pick<FormWords, 'checks' | 'hajjInterest'> = english,
): { ok: true; answer: InterestAnswer } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const consentSent = interest[INTEREST_CONSENT_FIELD];
  if (consentSent !== undefined && consentSent !== CONSENT_VALUE) {
    errors[INTEREST_CONSENT_FIELD] = words.checks.consent;
  }
  let travellers: number | null = null;
  if (asksTravellers(form)) {
    const sent = (interest[INTEREST_TRAVELLERS_FIELD] ?? '').trim();
    if (sent !== '') {
      travellers = /^\d{1,2}$/.test(sent) ? Number(sent) : NaN;
      if (!(travellers >= 1 && travellers <= TRAVELLERS_MAX)) {
        errors[INTEREST_TRAVELLERS_FIELD] = words.checks.travellersRange(TRAVELLERS_MAX, words.hajjInterest.unsure);
      }
    }
  } else if (form.travellers) {
    const total = Number(fields[form.travellers.adults] ?? '') + Number(fields[form.travellers.children] ?? '');
    travellers = Number.isInteger(total) && total >= 1 ? total : null;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, answer: { travellers, consent: consentSent === CONSENT_VALUE } };
}
