/**
 * How the trip page, its print view and the reminders speak a language (issue 43): the trip
 * dictionary's words, days as the language writes them with the Umm al-Qura day beside the ones the
 * trip turns on, and text that must keep its own direction (amounts, references) isolated inside
 * right-to-left sentences. English speaks as the desk always has, so the desk's words are unchanged.
 */
import { formatDay, formatMonthYear } from '../dates.ts';
import { formatDayIn, formatHijriDayIn } from '../i18n/dates.ts';
import { wordsFor } from '../i18n/dictionary.ts';
import { proseDigits } from '../i18n/numbers.ts';
import type { TripWords } from '../i18n/en/trip.ts';
import { LANGUAGE_INFO, ltrIn, type Language } from '../languages.ts';

export interface TripSpeech {
  lang: Language;
  words: TripWords;
  /** A `YYYY-MM-DD` day in the language. */
  day: (day: string) => string;
  /** A day the trip turns on (departure, return, a deadline): in a translation, with its Hijri day beside it. */
  dated: (day: string) => string;
  /** A day's month and year only, for what a forwarded link may show of a passport. */
  month: (day: string) => string;
  /** Text read left to right whatever the sentence around it (an amount, a reference), isolated in a right-to-left language. */
  ltr: (text: string) => string;
  /** A count or a position in the digits the language writes its sentences in (Bengali's own). */
  figure: (value: number | string) => string;
}

// U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE: `<bdi dir="ltr">` in plain text.

const made = new Map<Language, TripSpeech>();

/** The trip's speech in `lang`; English is the desk's own words and dates. */
export function tripSpeech(lang: Language): TripSpeech {
  const known = made.get(lang);
  if (known) return known;
  const monthFormat = new Intl.DateTimeFormat(LANGUAGE_INFO[lang].tag, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const speech: TripSpeech =
    lang === 'en'
      ? {
          lang,
          words: wordsFor(lang).trip,
          day: formatDay,
          dated: formatDay,
          month: (day) => formatMonthYear(new Date(`${day}T00:00:00Z`)),
          ltr: (text) => text,
          figure: String,
        }
      : {
          lang,
          words: wordsFor(lang).trip,
          day: (day) => formatDayIn(day, lang),
          dated: (day) => `${formatDayIn(day, lang)} (${formatHijriDayIn(day, lang)})`,
          month: (day) => monthFormat.format(new Date(`${day}T00:00:00Z`)),
          ltr: (text) => ltrIn(lang, text),
          figure: (value) => proseDigits(value, lang),
        };
  made.set(lang, speech);
  return speech;
}
