/** A date as US readers write it, e.g. "November 20, 2026", independent of the server's zone. */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** ISO calendar date (YYYY-MM-DD) for `<time datetime>`. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
