/** The largest single amount of money staff may type or a setting may hold: a price, a discount, a payment, a charge. $1,000,000 in cents. */
export const MAX_AMOUNT_CENTS = 100_000_000;

/** A whole-dollar USD price as visitors read it: 1180 -> "$1,180". */
export function formatPrice(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    amount,
  );
}

/** Whole numbers as the US writes them: 1,234. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** "1 enquiry", "1,234 enquiries": a count and its noun, singular for one. */
export function countOf(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nouns}`;
}

/** "7 Nights" (and "1 Night"), the label on every package card. */
export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? 'Night' : 'Nights'}`;
}

/** "5-7 nights", or "7 nights" when the range is one length: the nights a tier's packages span. */
export function nightsRangeLabel(minNights: number, maxNights: number): string {
  const unit = maxNights === 1 ? 'night' : 'nights';
  return minNights === maxNights ? `${maxNights} ${unit}` : `${minNights}-${maxNights} ${unit}`;
}

/** "3 Days" (and "1 Day") for holiday trips. */
export function daysLabel(days: number): string {
  return `${days} ${days === 1 ? 'Day' : 'Days'}`;
}

/** The Last 10 Days page's own style, with cents and no grouping: 1699 -> "$1699.00". */
export function formatPriceWithCents(amount: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    useGrouping: false,
  }).format(amount);
}
