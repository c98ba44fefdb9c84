/** A date as US readers write it, e.g. "November 20, 2026", independent of the server's zone. */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** ISO calendar date (YYYY-MM-DD) for `<time datetime>`. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Month and year as US readers write them, e.g. "November 2026", for "Reviewed …" lines. */
export function formatMonthYear(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
