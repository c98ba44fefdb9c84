import { LANGUAGE_INFO, type Language } from '../languages.ts';

// Kept apart from facts.ts so the dictionaries, which the enquiry form's script may load, stay light.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the language writes it (Bengali digits in Bengali); `grouping` false for a year. */
export function formatNumberIn(value: number, lang: Language, grouping = true): string {
  const key = `${lang}:${grouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'en' ? 'en-US' : LANGUAGE_INFO[lang].tag, { useGrouping: grouping });
    numberFormats.set(key, format);
  }
  return format.format(value);
}
