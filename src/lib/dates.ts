// Made once: building a formatter costs far more than formatting, and a desk table formats hundreds of days.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A date as US readers write it, e.g. "November 20, 2026", independent of the server's zone. */
export function formatLongDate(date: Date): string {
  return LONG_DATE.format(date);
}

/** "November 20, 2026" for a `YYYY-MM-DD` day, as the desk's messages, the emails and the quote page write dates. */
export function formatDay(day: string): string {
  return formatLongDate(new Date(`${day}T00:00:00Z`));
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (not 2026-02-30, not 2026-2-3). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** ISO calendar date (YYYY-MM-DD) for `<time datetime>`. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Month and year as US readers write them, e.g. "November 2026", for "Reviewed …" lines. */
export function formatMonthYear(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
