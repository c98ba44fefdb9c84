/**
 * The characters the site's fonts carry (src/integrations/subset-fonts.ts cuts Inter and Fraunces
 * down to them): letters, digits and the punctuation of US English prose, the typographic quotes
 * and dashes, the few symbols the pages print (·, ©, °) and the Turkish letters of the Istanbul
 * tours' place names. ASCII's code symbols (# * < = > [ \ ] ^ _ ` { } ~) appear on no page and
 * cost 1.8 KB of Inter; without them Inter fits in one round trip of a new connection (14.6 KB),
 * which keeps a phone's largest paint under 1.2 s. A character outside this set still
 * shows, drawn from the size-matched fallback font, and the content check points it out.
 */
import type { Language } from './languages.ts';

export const FONT_CHARACTERS = [
  String.fromCharCode(...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i)).replace(
    /[#*<=>[\\\]^_`{}~]/g,
    '',
  ),
  '\u00a0‘’“”–—…·©°üıöşçğÜÇ',
].join('');

const CARRIED = new Set(FONT_CHARACTERS);

/*
 * Urdu, Arabic and Bengali are set in the reader's system fonts (src/styles/languages.css), never
 * in the subset: the Arabic blocks (with the presentation forms), Bengali with the danda it
 * shares with Devanagari, and the joiners and direction marks written inside such text, which draw nothing.
 */
const SYSTEM_FONT_SCRIPTS =
  /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff\u0980-\u09ff\u0964\u0965\u200c-\u200f\u2066-\u2069]/;

/** Whether a character is Arabic-script or Bengali text (or a mark written in it), which the system's fonts draw. */
export function inSystemFontScript(character: string): boolean {
  return SYSTEM_FONT_SCRIPTS.test(character);
}

/** Whether a language's text is drawn whole by the system's fonts (its digits and punctuation too, as «» in Arabic). */
export function inSystemFontLanguage(lang: Language): boolean {
  return lang === 'ur' || lang === 'ar' || lang === 'bn';
}

/**
 * The characters beyond ASCII in a text that the fonts do not carry, each once, in order of
 * appearance; none in a text of a language the system's fonts draw (`lang`, English by default).
 */
export function charactersOutsideFonts(text: string, lang: Language = 'en'): string[] {
  if (inSystemFontLanguage(lang)) return [];
  // ASCII is left out: markup (MDX, YAML) uses the code symbols the fonts drop, and prose never does.
  return [
    ...new Set(
      [...text].filter((character) => character > '~' && !CARRIED.has(character) && !inSystemFontScript(character)),
    ),
  ];
}
