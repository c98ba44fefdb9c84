/**
 * Phone numbers as the site and the desk read them, whatever was typed around the digits: digits to
 * compare two numbers by, digits a search looks for, and digits to dial or message a number abroad.
 */
import { latinDigits } from './digits.ts';

/** Fewer digits than this match too many people to be one person's number (the desk's search, linked enquiries, privacy requests). */
export const PERSON_PHONE_MIN_DIGITS = 7;

/** Digits a number needs, its country code included, before anyone could call it; E.164 allows at most 15. */
const DIALLABLE_DIGITS = { min: 8, max: 15 };

/** A leading 1 written as a country code: "+1…", or "1" set apart ("1 713", "1-713", "1 (713)"). */
const COUNTRY_CODE_ONE = /^(\+\s*1|1[\s().\-/])/;

/**
 * A phone number as numbers are compared: digits only, and a US number without its country code,
 * so "+1 (713) 555-0123" and "713.555.0123" are one number.
 */
export function phoneDigits(value: string): string {
  const digits = latinDigits(value).replace(/\D+/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * The digits a typed search looks for among stored numbers: part of a US number typed with its
 * country code ("+1 713 555") loses the 1 as a whole number does, so it still matches.
 */
export function searchDigits(term: string): string {
  const latin = latinDigits(term);
  const typed = latin.replace(/\D+/g, '');
  return typed.length < 11 && COUNTRY_CODE_ONE.test(latin.trim()) ? typed.slice(1) : phoneDigits(latin);
}

/**
 * The number in international digits: a 10-digit US number gains its country code 1, a `+` or `00`
 * prefix is dropped; undefined when too short or too long to be a real number.
 */
export function internationalDigits(phone: string): string | undefined {
  const typed = latinDigits(phone).trim();
  let digits = typed.replace(/\D+/g, '');
  if (!typed.startsWith('+') && digits.startsWith('00')) digits = digits.slice(2);
  else if (!typed.startsWith('+') && digits.length === 10) digits = `1${digits}`;
  return digits.length >= DIALLABLE_DIGITS.min && digits.length <= DIALLABLE_DIGITS.max ? digits : undefined;
}
