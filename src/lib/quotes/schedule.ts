/**
 * The payment schedule: a deposit, then one or more payments up to the balance, which together are
 * the quote's total to the cent. The desk proposes one from the settings; staff may edit it, and
 * `validateSchedule` says what an edited one gets wrong.
 *
 * The default, chosen once here:
 * - deposit: a fixed amount per traveller who takes a seat (adults and children; infants pay none),
 *   never more than the total. Umrah agencies ask "$500 per person to book", not a percentage;
 * - deposit due on the quote's valid-until day: it secures the booking, which the offer allows until then;
 * - balance due `balanceDaysBeforeDeparture` days before departure, payments between spread evenly;
 * - when departure is too soon for a deposit and a later balance, one full payment on the deposit's day.
 */
import { formatDay } from '../dates.ts';
import { addDays, daysBetween } from '../agency-time.ts';
import { paymentLabel, type PaymentDue, type QuoteProblem } from './model.ts';
import { formatCents, sumCents } from './money.ts';

export interface ScheduleSettings {
  depositPerTravellerCents: number;
  balanceDaysBeforeDeparture: number;
  /** Payments after the deposit, the balance included (1: deposit and balance only). */
  paymentsAfterDeposit: number;
}

export interface ScheduleFacts {
  totalCents: number;
  /** Adults and children: the travellers a deposit is taken for. */
  seatedTravellers: number;
  sentOn: string;
  validUntil: string;
  departureOn: string;
}

/** Splits cents into `parts` near-equal amounts, the last taking the remainder, so not a cent is lost or invented. */
export function splitCents(totalCents: number, parts: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0 || !Number.isInteger(parts) || parts < 1) {
    throw new RangeError(`cannot split ${totalCents} cents into ${parts} parts`);
  }
  const share = Math.floor(totalCents / parts);
  return Array.from({ length: parts }, (_, index) => (index === parts - 1 ? totalCents - share * (parts - 1) : share));
}

/** A new quote's valid-until day: `validForDays` (a setting, 7) after sending, but never past departure. */
export function defaultValidUntil(sentOn: string, validForDays: number, departureOn: string): string {
  return maxDay(sentOn, minDay(addDays(sentOn, validForDays), departureOn));
}

/** The schedule the desk proposes for a new quote (rules above); empty only for a total of $0. */
export function defaultSchedule(facts: ScheduleFacts, settings: ScheduleSettings): PaymentDue[] {
  const { totalCents, sentOn, departureOn } = facts;
  if (totalCents <= 0) return [];
  const lastDayBefore = addDays(departureOn, -1);
  const depositOn = maxDay(sentOn, minDay(facts.validUntil, lastDayBefore));
  const depositCents = Math.min(totalCents, settings.depositPerTravellerCents * facts.seatedTravellers);
  const balanceOn = addDays(departureOn, -settings.balanceDaysBeforeDeparture);
  const span = daysBetween(depositOn, balanceOn);
  if (depositCents <= 0 || depositCents === totalCents || span < 1)
    return [{ dueOn: depositOn, amountCents: totalCents }];
  const rest = totalCents - depositCents;
  const count = Math.max(1, Math.min(settings.paymentsAfterDeposit, span, rest));
  const payments = splitCents(rest, count).map((amountCents, index) => ({
    dueOn: addDays(depositOn, Math.floor(((index + 1) * span) / count)),
    amountCents,
  }));
  return [{ dueOn: depositOn, amountCents: depositCents }, ...payments];
}

/** What an edited schedule gets wrong: amounts, order of the dates, the balance after departure, the sum. */
export function validateSchedule(
  schedule: readonly PaymentDue[],
  facts: Pick<ScheduleFacts, 'totalCents' | 'departureOn'>,
): QuoteProblem[] {
  const problems: QuoteProblem[] = [];
  const name = (index: number) => paymentLabel(index, schedule.length).toLowerCase();
  schedule.forEach((payment, index) => {
    if (!(payment.amountCents > 0)) {
      problems.push({
        field: `schedule.${index}.amountCents`,
        message: `The ${name(index)} needs an amount above $0.`,
      });
    }
    const previous = schedule[index - 1];
    if (previous && previous.dueOn > payment.dueOn) {
      const message = `The ${name(index - 1)} is due after the ${name(index)} date.`;
      problems.push({ field: `schedule.${index}.dueOn`, message });
    } else if (previous && previous.dueOn === payment.dueOn) {
      const message = `The ${name(index - 1)} and the ${name(index)} are due on the same day; give each its own date.`;
      problems.push({ field: `schedule.${index}.dueOn`, message });
    }
  });
  const last = schedule.at(-1);
  if (last && last.dueOn > facts.departureOn) {
    const message = `The ${name(schedule.length - 1)} is due after departure on ${formatDay(facts.departureOn)}.`;
    problems.push({ field: `schedule.${schedule.length - 1}.dueOn`, message });
  }
  const scheduled = sumCents(schedule.map((payment) => payment.amountCents));
  if (scheduled !== facts.totalCents) {
    const message = `The payments add up to ${formatCents(scheduled)} but the total is ${formatCents(facts.totalCents)}.`;
    problems.push({ field: 'schedule', message });
  }
  return problems;
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}
