/**
 * A draft checked as a whole: the schema's field-by-field answers first, then how the fields agree
 * (dates in order, hotels within the trip, the discount within the lines, the schedule equal to the
 * total). Every message is for staff, in plain words, under the field it belongs to.
 */
import { daysBetween } from '../agency-time.ts';
import { quoteDraftSchema, type QuoteDraft, type QuoteProblem } from './model.ts';
import { formatCents } from './money.ts';
import { validateSchedule } from './schedule.ts';
import { formatDay } from '../dates.ts';
import { quoteTotals, type QuoteTotals } from './totals.ts';

export type QuoteCheck = { ok: true; draft: QuoteDraft; totals: QuoteTotals } | { ok: false; problems: QuoteProblem[] };

/** Reads a draft from the desk's form data and says everything staff must fix before it can be saved or sent. */
export function checkQuoteDraft(input: unknown, today: string): QuoteCheck {
  const parsed = quoteDraftSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : '_form',
      message: issue.message,
    }));
    return { ok: false, problems };
  }
  const draft = parsed.data;
  const totals = quoteTotals(draft);
  const problems = [...datesProblems(draft, today), ...pricesProblems(draft, totals)];
  if (totals.totalCents > 0) {
    problems.push(
      ...validateSchedule(draft.schedule, { totalCents: totals.totalCents, departureOn: draft.departureOn }),
    );
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, draft, totals };
}

function datesProblems(draft: QuoteDraft, today: string): QuoteProblem[] {
  const problems: QuoteProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  if (draft.departureOn < today) problem('departureOn', 'The departure date has passed.');
  const tripNights = daysBetween(draft.departureOn, draft.returnOn);
  if (tripNights < 1) problem('returnOn', 'The return date must be after the departure date.');
  const hotelNights = draft.hotels.reduce((nights, hotel) => nights + hotel.nights, 0);
  if (tripNights >= 1 && hotelNights > tripNights) {
    problem('hotels', `The hotels add up to ${hotelNights} nights but the trip has ${tripNights}.`);
  }
  if (draft.validUntil < today) problem('validUntil', 'The valid-until date has passed.');
  if (draft.validUntil > draft.departureOn) {
    problem('validUntil', `The quote must expire by departure on ${formatDay(draft.departureOn)}.`);
  }
  return problems;
}

function pricesProblems(draft: QuoteDraft, totals: QuoteTotals): QuoteProblem[] {
  const problems: QuoteProblem[] = [];
  draft.lines.forEach((line, index) => {
    if (line.kind === 'extra' && line.label === '') {
      problems.push({ field: `lines.${index}.label`, message: 'Please name the extra, such as "Travel insurance".' });
    }
  });
  if (totals.discountCents > totals.subtotalCents) {
    const message = `The discount of ${formatCents(totals.discountCents)} is more than the lines' ${formatCents(totals.subtotalCents)}.`;
    problems.push({ field: 'discount.amountCents', message });
  } else if (totals.totalCents === 0) {
    problems.push({ field: 'lines', message: 'The total must be more than $0.' });
  }
  return problems;
}
