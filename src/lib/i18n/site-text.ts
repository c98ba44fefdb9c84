import { LANGUAGE_INFO, type Language, type TranslatedLanguage } from '../languages.ts';
import type { SiteSettings } from '../site-schema.ts';
import { proseDigits } from './numbers.ts';

/**
 * Shaping the agency's settings for a page in a language: the office hours written out by Intl from
 * the one set of hours, the values isolated inside right-to-left text, and the languages staff answer
 * in. Plain Node imports this file, so imports stay relative.
 */

/** An office-hours row as the settings keep it (site-contact.ts). */
export interface HoursRow {
  days: string;
  dayOfWeek: readonly string[];
  opens?: string | undefined;
  closes?: string | undefined;
  label: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A time of day (`HH:MM`) as a Date on a fixed UTC day, for Intl to write out. */
function clock(time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2000, 0, 1, hours, minutes));
}

/**
 * The office hours in a language: the day names and times written by Intl from the settings (a
 * 24-hour clock, which needs no "AM" in any script), "closed" in the language's own word. English
 * keeps the settings' own labels.
 */
export function hoursIn(hours: readonly HoursRow[], lang: Language, closed: string): { days: string; label: string }[] {
  if (lang === 'en') return hours.map(({ days, label }) => ({ days, label }));
  const tag = LANGUAGE_INFO[lang].tag;
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  // 2024-01-07 was a Sunday: index n of WEEKDAYS falls on the 7th + n.
  const dayName = (day: string) => weekday.format(new Date(Date.UTC(2024, 0, 7 + WEEKDAYS.indexOf(day))));
  return hours.map((row) => {
    const first = row.dayOfWeek[0] ?? '';
    const last = row.dayOfWeek[row.dayOfWeek.length - 1] ?? first;
    const days = first === last ? dayName(first) : `${dayName(first)} – ${dayName(last)}`;
    const label = row.opens && row.closes ? time.formatRange(clock(row.opens), clock(row.closes)) : closed;
    return { days, label };
  });
}

/** A piece of text, and whether it is a value (a phone number, an amount) to isolate left to right. */
export interface TextPart {
  text: string;
  isolate: boolean;
}

/**
 * Whether a value is written in Latin letters or 0-9, and so keeps its own order and the English
 * faces inside a translation; a figure in the page's own digits ("২০০৮") is part of its sentence.
 */
export function isLatinValue(value: string): boolean {
  return /[0-9A-Za-z]/.test(value);
}

/**
 * Splits a sentence at the values it carries, so a page can wrap each value in `<bdi dir="ltr">`:
 * a phone number or a price keeps its own order inside Urdu or Arabic. Only a Latin value is one.
 */
export function isolatedParts(text: string, values: readonly string[]): TextPart[] {
  const wanted = values.filter(isLatinValue);
  const parts: TextPart[] = [];
  let rest = text;
  while (rest.length > 0) {
    let hit: { at: number; value: string } | undefined;
    for (const value of wanted) {
      const at = rest.indexOf(value);
      if (at !== -1 && (!hit || at < hit.at || (at === hit.at && value.length > hit.value.length))) hit = { at, value };
    }
    if (!hit) {
      parts.push({ text: rest, isolate: false });
      break;
    }
    if (hit.at > 0) parts.push({ text: rest.slice(0, hit.at), isolate: false });
    parts.push({ text: hit.value, isolate: true });
    rest = rest.slice(hit.at + hit.value.length);
  }
  return parts;
}

/**
 * The languages a page may say staff answer in on the phone and WhatsApp: on an English page every
 * language staff speak; on a translated page its own language, and only when staff speak it.
 */
export function spokenOn(pageLang: Language, staffLanguages: readonly TranslatedLanguage[]): TranslatedLanguage[] {
  if (pageLang === 'en') return [...staffLanguages];
  return staffLanguages.filter((lang) => lang === pageLang);
}

/** Names languages as a list the reader's language joins ("Urdu or Bengali", "اردو یا بنگالی"). */
export function languageList(lang: Language, names: readonly string[]): string {
  const tag = lang === 'en' ? 'en-US' : LANGUAGE_INFO[lang].tag;
  return new Intl.ListFormat(tag, { type: 'disjunction' }).format(names);
}

/** The agency's own figures as a page in `lang` writes them in its sentences ("১০,০০০+" on a Bengali page). */
export function claimFiguresIn(claims: SiteSettings['claims'], lang: Language) {
  return {
    founded: proseDigits(claims.foundingYear, lang),
    customers: proseDigits(claims.customers, lang),
    support: proseDigits(claims.support, lang),
    visaSuccess: proseDigits(claims.visaSuccess, lang),
  };
}
