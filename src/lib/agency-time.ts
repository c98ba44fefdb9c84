/**
 * Times and days as the agency's office sees them. The store keeps UTC; the desk shows, filters and
 * counts days in the office's zone (`site.timeZone`), so "Due today" turns over at the office's midnight.
 */

// Making an Intl.DateTimeFormat costs twenty times what formatting with one does (71 µs against 3), and
// the reminders' scheduler, the digest and the desk's lists ask for the same zone thousands of times.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** "Nov 24, 2026, 9:05 AM CST": a stored time as the office reads it. */
export function formatAgencyTime(iso: string, timeZone: string): string {
  return dateFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The office's calendar day (`YYYY-MM-DD`) at an instant. */
export function agencyDay(date: Date, timeZone: string): string {
  const parts = dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(date)
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value);
  return parts.join('-');
}

/** How far the zone is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const shown = dateFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(shown.find((item) => item.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant the office's day `YYYY-MM-DD` begins (midnight there), as ISO text in UTC. */
export function agencyDayStart(day: string, timeZone: string): string {
  return agencyInstant(day, '00:00', timeZone);
}

/** The instant the office's clock shows `HH:MM` on its day `YYYY-MM-DD`, as ISO text in UTC. */
export function agencyInstant(day: string, time: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallUtc = Date.UTC(year, month - 1, date, hour, minute);
  // The offset at the wall time read as UTC may differ from the one in force hours later on a
  // clock-change day; the second pass settles on the offset in force at the office's own time.
  let guess = wallUtc - zoneOffsetMs(new Date(wallUtc), timeZone);
  guess = wallUtc - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess).toISOString();
}

/** The office's wall-clock hour (0-23) at an instant. */
export function agencyHour(date: Date, timeZone: string): number {
  const hour = dateFormat('en-US', { timeZone, hourCycle: 'h23', hour: 'numeric' }).format(date);
  return Number(hour);
}

/** The day of the week of `YYYY-MM-DD`, as schema.org names it ("Monday"). */
export function weekdayOf(day: string): string {
  return dateFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The office's day after `day`, `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  return addDays(day, 1);
}

/** The office's `YYYY-MM-DD` plus `days` (negative goes back); plain calendar arithmetic. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (`YYYY-MM-DD`), negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}
