/**
 * Money in a quote is integer cents (USD): computed from the lines, added and split without floating
 * point, so a schedule can add up to its total exactly. Dollars exist only where staff type an amount
 * and where a page shows one.
 */
import { MAX_AMOUNT_CENTS, formatPrice } from '../format.ts';

export type ParsedAmount = { ok: true; cents: number } | { ok: false; message: string };

/** "1,299.50", "$1,299", "1299.5", "$0.99": an optional "$", dollars with or without correct thousands commas, at most two decimals. */
const AMOUNT = /^\$?\s*(?<dollars>\d{1,3}(?:,\d{3})+|\d+)?(?:\.(?<decimals>\d*))?$/;

/** Reads an amount as staff type it into integer cents, or says in plain words why it cannot be read. */
export function parseDollars(typed: string): ParsedAmount {
  const text = typed.trim();
  if (text === '') return { ok: false, message: 'Please enter an amount.' };
  if (/^-|^\$\s*-|^\(/.test(text)) return { ok: false, message: 'The amount cannot be negative.' };
  const match = AMOUNT.exec(text);
  const dollars = match?.groups?.['dollars'];
  const decimals = match?.groups?.['decimals'] ?? '';
  if (!match || (dollars === undefined && decimals === '')) {
    return { ok: false, message: 'Please enter an amount in dollars, such as 1,299.50.' };
  }
  if (decimals.length > 2) return { ok: false, message: 'Please enter at most two decimals (cents).' };
  const wholeDollars = (dollars ?? '0').replaceAll(',', '');
  // Too many digits would lose precision as a number before the comparison below could refuse them.
  if (wholeDollars.replace(/^0+/, '').length > 9) return tooLarge();
  const cents = Number(wholeDollars) * 100 + Number(decimals.padEnd(2, '0'));
  return cents > MAX_AMOUNT_CENTS ? tooLarge() : { ok: true, cents };
}

function tooLarge(): ParsedAmount {
  return { ok: false, message: `The amount is too large: at most ${formatCents(MAX_AMOUNT_CENTS)}.` };
}

/** Cents as the site writes prices: "$1,299" for whole dollars (as `formatPrice` does), "$1,299.50" otherwise. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const remainder = absolute % 100;
  const whole = formatPrice((absolute - remainder) / 100);
  return remainder === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(remainder).padStart(2, '0')}`;
}

/** Adds amounts in cents; a name for the sum every total and schedule check makes. */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}
