// Runs under Node's type stripping too (the lead API and the desk read numbers with it).

/**
 * The first code point of each run of digits a family's keyboard may type a number in: Arabic-Indic
 * (Arabic), Extended Arabic-Indic (Urdu), Devanagari, Bengali and full-width.
 */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xff10];
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\uff10-\uff19]/g;

/** The number with its digits as 0-9, however the keyboard wrote them ("٣١٢" is "312"). */
export function latinDigits(value: string): string {
  return value.replace(OTHER_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((first) => code >= first && code <= first + 9)!;
    return String(code - zero);
  });
}
