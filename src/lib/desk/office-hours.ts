/**
 * The office's business-hours clock, from the site settings' opening hours (`site.hours`) in the
 * office's zone (`site.timeZone`): the first-contact alert counts how long an enquiry has waited in
 * the hours someone could have answered it, so a lead that arrives on Saturday night has waited no
 * time at all by Monday 9:00. Days with no opening time (Sunday, "Closed") count nothing; a day the
 * clocks change counts its real hours, not the ones the wall clock shows.
 */
import { addDays, agencyDay, agencyInstant, weekdayOf } from '../agency-time.ts';

/** One row of the site settings' opening hours, as far as the clock needs it. */
export interface OpeningRow {
  dayOfWeek: readonly string[];
  /** `HH:MM`, 24 hours; a row without both is a closed day. */
  opens?: string | undefined;
  closes?: string | undefined;
}

/** The instants (ms) the office opens and closes on its day `YYYY-MM-DD`, or null on a closed day. */
export function openingOf(
  day: string,
  hours: readonly OpeningRow[],
  timeZone: string,
): { opensMs: number; closesMs: number } | null {
  const weekday = weekdayOf(day);
  const row = hours.find((candidate) => candidate.dayOfWeek.includes(weekday));
  if (!row?.opens || !row.closes) return null;
  const opensMs = Date.parse(agencyInstant(day, row.opens, timeZone));
  const closesMs = Date.parse(agencyInstant(day, row.closes, timeZone));
  return closesMs > opensMs ? { opensMs, closesMs } : null;
}

/** The office hours (in ms) between two instants: the parts of them within each day's opening hours. */
export function officeMsBetween(from: Date, to: Date, hours: readonly OpeningRow[], timeZone: string): number {
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (toMs <= fromMs) return 0;
  let total = 0;
  const lastDay = agencyDay(to, timeZone);
  for (let day = agencyDay(from, timeZone); day <= lastDay; day = addDays(day, 1)) {
    const opening = openingOf(day, hours, timeZone);
    if (!opening) continue;
    total += Math.max(0, Math.min(toMs, opening.closesMs) - Math.max(fromMs, opening.opensMs));
  }
  return total;
}

/** Whether an enquiry received at `receivedAt` has waited at least `targetHours` office hours by `now`. */
export function waitedOfficeHours(
  receivedAt: Date,
  now: Date,
  targetHours: number,
  hours: readonly OpeningRow[],
  timeZone: string,
): boolean {
  return officeMsBetween(receivedAt, now, hours, timeZone) >= targetHours * 3_600_000;
}
