import { LANGUAGE_INFO, type Language } from '../languages.ts';

const gregorian = new Map<Language, Intl.DateTimeFormat>();
const hijri = new Map<Language, Intl.DateTimeFormat>();

function formatter(cache: Map<Language, Intl.DateTimeFormat>, lang: Language, calendar: string): Intl.DateTimeFormat {
  let made = cache.get(lang);
  if (!made) {
    // en-US for English keeps "May 15, 2027", as every English page writes dates.
    const tag = lang === 'en' ? 'en-US' : LANGUAGE_INFO[lang].tag;
    made = new Intl.DateTimeFormat(`${tag}-u-ca-${calendar}`, { dateStyle: 'long', timeZone: 'UTC' });
    cache.set(lang, made);
  }
  return made;
}

/** A `YYYY-MM-DD` day as the language writes it, in the Gregorian calendar: "15 مئی، 2027". */
export function formatDayIn(day: string, lang: Language): string {
  return formatter(gregorian, lang, 'gregory').format(new Date(`${day}T00:00:00Z`));
}

/**
 * The era's name where ICU's own is not what the language writes: its Bengali data calls the Hijri
 * era "যুগ" ("era"), while Bangladesh writes the year "১৪৪৮ হিজরি".
 */
const HIJRI_ERA: Partial<Record<Language, string>> = { bn: 'হিজরি' };

/** The same day in the Umm al-Qura Hijri calendar Saudi Arabia keeps: "9 ذوالحجۃ، 1448 ہجری". */
export function formatHijriDayIn(day: string, lang: Language): string {
  const parts = formatter(hijri, lang, 'islamic-umalqura').formatToParts(new Date(`${day}T00:00:00Z`));
  const era = HIJRI_ERA[lang];
  return parts.map((part) => (part.type === 'era' && era ? era : part.value)).join('');
}
