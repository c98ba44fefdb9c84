/**
 * The agency's cancellation charges: bands of days before departure, each
 * with a charge that is either a fixed amount per traveler (integer cents) or a share of the trip
 * price (basis points). The setting holds the numbers only; every word and every dollar figure on the
 * terms, the quote page, the emails and the desk is worked out from them here, so nothing is typed
 * twice. A sent quote keeps the schedule it was sent with, and an acceptance the one accepted. The
 * schedule's schema, which the site settings are checked by, is in site-booking.ts.
 */
import { addDays } from '../agency-time.ts';
import type { QuoteDraft } from './model.ts';
import { formatCents } from './money.ts';
import { formatDay } from '../dates.ts';
import type { CancellationBand, CancellationSchedule } from '../site-booking.ts';
import { quoteTotals, travellersOf } from './totals.ts';

/** Why the desk's Send refuses without a schedule, and what to set. */
export const NO_SCHEDULE_MESSAGE =
  'This quote cannot be sent yet: the agency has no cancellation schedule, and every quote must show the cancellation charges before the pilgrim accepts. Set the bands under cancellation in the site settings (src/lib/site-booking.ts), then send the quote again.';

/** Whether the agency has set a schedule a quote can be sent with. */
export function hasSchedule(schedule: CancellationSchedule | null | undefined): schedule is CancellationSchedule {
  return schedule !== null && schedule !== undefined && schedule.bands.length > 0;
}

/** "More than 60 days before departure", "60 to 31 days before departure", "14 days or fewer before departure". */
export function bandWhen(bands: readonly CancellationBand[], index: number): string {
  const from = bands[index]!.fromDays;
  const before = bands[index - 1];
  const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);
  if (!before) return from === 0 ? 'Any time before departure' : `More than ${days(from - 1)} before departure`;
  const until = before.fromDays - 1;
  if (from === 0) return `${days(until)} or fewer before departure`;
  return until === from ? `${days(from)} before departure` : `${until} to ${days(from)} before departure`;
}

/** The percentage a number of basis points is: 2_500 → "25%", 1_250 → "12.5%". */
export function percentText(basisPoints: number): string {
  return `${String(basisPoints / 100)}%`;
}

/** The band's charge as the agency states it: "$100 per traveler", "25% of the trip price". */
export function chargeRule(band: CancellationBand): string {
  return 'perTravelerCents' in band
    ? `${formatCents(band.perTravelerCents)} per traveler`
    : `${percentText(band.basisPoints)} of the trip price`;
}

/** What a booking is charged in the band: per traveler times the travelers, or the share of the total rounded down; never more than the total. */
export function bandChargeCents(band: CancellationBand, booking: { travelers: number; totalCents: number }): number {
  const charge =
    'perTravelerCents' in band
      ? band.perTravelerCents * booking.travelers
      : Math.floor((booking.totalCents * band.basisPoints) / 10_000);
  return Math.min(charge, booking.totalCents);
}

/** One band as the terms show it: when it applies and its charge. */
export interface ScheduleRow {
  when: string;
  rule: string;
}

/** The schedule's rows as the terms print them, without a booking. */
export function scheduleRows(schedule: CancellationSchedule): ScheduleRow[] {
  return schedule.bands.map((band, index) => ({ when: bandWhen(schedule.bands, index), rule: chargeRule(band) }));
}

/** The facts of one booking the charges are worked out for. */
export interface CancellationBooking {
  travelers: number;
  totalCents: number;
  /** `YYYY-MM-DD`: the bands' dates count back from it. */
  departureOn: string;
}

/** A quote's booking as the charges see it: everyone travelling (extras are not people), its total and its departure. */
export function bookingOf(draft: Pick<QuoteDraft, 'lines' | 'discount' | 'departureOn'>): CancellationBooking {
  return {
    travelers: travellersOf(draft.lines).total,
    totalCents: quoteTotals(draft).totalCents,
    departureOn: draft.departureOn,
  };
}

/** One band for one booking: when, the calendar days it covers, the rule and what it comes to. */
export interface CancellationRow extends ScheduleRow {
  /** "On or before March 4, 2027", "March 5, 2027 to April 3, 2027", "From April 19, 2027". */
  dates: string;
  /** "$400": the rule applied to this booking. */
  charge: string;
}

/** The schedule worked out for a booking: each band's dates and the charge in dollars for its travelers and total. */
export function cancellationRows(schedule: CancellationSchedule, booking: CancellationBooking): CancellationRow[] {
  const day = (daysBefore: number) => formatDay(addDays(booking.departureOn, -daysBefore));
  return schedule.bands.map((band, index) => {
    const before = schedule.bands[index - 1];
    const first = day(band.fromDays);
    const dates = !before
      ? band.fromDays === 0
        ? `Up to ${first}`
        : `On or before ${first}`
      : band.fromDays === 0
        ? `From ${day(before.fromDays - 1)}`
        : before.fromDays - 1 === band.fromDays
          ? first
          : `${day(before.fromDays - 1)} to ${first}`;
    return {
      when: bandWhen(schedule.bands, index),
      dates,
      rule: chargeRule(band),
      charge: formatCents(bandChargeCents(band, booking)),
    };
  });
}

/** The schedule for an email: an opening line, one line per band with its dates and charge, the note, then the closing rules. */
export function cancellationLines(schedule: CancellationSchedule, booking: CancellationBooking): string[] {
  const rows = cancellationRows(schedule, booking).map(
    (row) => `- ${row.when} (${row.dates}): ${row.rule}, ${row.charge}`,
  );
  return [CANCELLATION_OPENING, ...rows, ...(schedule.note ? [schedule.note] : []), ...CANCELLATION_CLOSING];
}

/** What the table's rows mean, said once for the terms, the quote page and the emails. */
export const CANCELLATION_OPENING =
  'If you cancel, we charge the amount for the day we receive your cancellation, counted in days before departure:';

/**
 * The rest of the one rule, printed after the table and its note wherever the table is (terms, quote
 * page, trip page, acceptance email, desk): when some travelers cancel, the band is applied to their
 * share alone (`bandChargeCents` with their number and the price of their places), and the refund is
 * what was paid less that one charge, so no other sentence can take more than the table shows.
 */
export const CANCELLATION_CLOSING: readonly string[] = [
  "If some travelers on a booking cancel and the others still travel, the charge is worked out on the cancelling travelers' share of the trip price (the price of their own places on the quote), and a charge per traveler counts only them.",
  'We refund what you have paid, less that one charge, within 30 days of receiving your cancellation, by the way you paid where possible. No other charge is taken for a cancellation.',
];

/** The schedule a sent version offers: the one it was sent with, else (a version sent before schedules) the agency's current one when set; null when neither. */
export function offeredSchedule(
  sentWith: CancellationSchedule | null,
  current: CancellationSchedule | null,
): CancellationSchedule | null {
  return sentWith ?? (hasSchedule(current) ? current : null);
}

/** A schedule as the store keeps it (JSON, written only after it was checked), or null. */
export function storedSchedule(json: string | null): CancellationSchedule | null {
  return json === null ? null : (JSON.parse(json) as CancellationSchedule);
}
