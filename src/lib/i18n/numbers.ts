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

/**
 * A figure kept as text ("10,000+", "24/7", "99.8%", 2008) with its digits as the language writes
 * numbers in its sentences: "১০,০০০+" in Bengali, unchanged where that is 0-9 (English, Urdu, Arabic).
 */
export function proseDigits(figure: string | number, lang: Language): string {
  const zero = formatNumberIn(0, lang).codePointAt(0)!;
  return String(figure).replace(/[0-9]/g, (digit) => String.fromCodePoint(zero + Number(digit)));
}
