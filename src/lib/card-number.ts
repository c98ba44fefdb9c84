/**
 * Card numbers are never stored (PCI DSS keeps a business that stores them in scope of its audit).
 * Staff and pilgrims type free text about payments, and a number pasted into it ("Visa 4111 1111
 * 1111 1111", "4111.1111.1111.1111") is found wherever it sits: digits in groups joined by spaces,
 * dots or dashes, any 13 to 19 of them in a row that pass the Luhn check every card number passes.
 */

/** Groups of digits joined by up to three spaces, dots or dashes: how a number is written by hand. */
const DIGIT_RUN = /\d+(?:[\s.-]{1,3}\d+)*/g;

/** The Luhn check digit test every card number passes, and about one in ten random numbers. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Where a card number sits in the text (end exclusive). */
interface Span {
  start: number;
  end: number;
}

/**
 * Where card numbers sit in `text`: in every run of digit groups, each stretch of whole groups
 * that together hold 13 to 19 digits and pass Luhn, so a number after "Ref 12 " or before " 2026"
 * is found too. Stretches that overlap are given as one span.
 */
function cardNumberSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(DIGIT_RUN)) {
    const groups = [...run[0].matchAll(/\d+/g)].map((group) => ({
      digits: group[0],
      start: run.index + group.index,
      end: run.index + group.index + group[0].length,
    }));
    for (let from = 0; from < groups.length; from += 1) {
      let digits = '';
      for (let to = from; to < groups.length && digits.length < 19; to += 1) {
        digits += groups[to]!.digits;
        if (digits.length < 13 || digits.length > 19 || !passesLuhn(digits)) continue;
        const span = { start: groups[from]!.start, end: groups[to]!.end };
        const last = spans.at(-1);
        if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
        else spans.push(span);
      }
    }
  }
  return spans;
}

/** Whether free text holds a card number anywhere in it (13-19 digits, spaced or not, passing Luhn). */
export function containsCardNumber(text: string): boolean {
  return cardNumberSpans(text).length > 0;
}

/** The text with each card number replaced by its last four digits ("Visa •••• 1111"), for what was stored before. */
export function maskCardNumbers(text: string): string {
  let masked = text;
  // Each pass turns at least 13 digits into 4, so it ends; a second pass is for digits the first left beside a mask.
  for (let spans = cardNumberSpans(masked); spans.length > 0; spans = cardNumberSpans(masked)) {
    let next = '';
    let at = 0;
    for (const { start, end } of spans) {
      next += `${masked.slice(at, start)}•••• ${masked.slice(start, end).replace(/\D/g, '').slice(-4)}`;
      at = end;
    }
    masked = next + masked.slice(at);
  }
  return masked;
}

/** What staff and pilgrims are told when they type one in a note, a question or a quote. */
export const CARD_NUMBER_REFUSED =
  'This looks like a card number. Card numbers are never stored: please leave it out, or give only its last four digits.';
