/**
 * The dashboard's quote figures over its 12 weeks (the weeks of dashboard.ts, in the office's zone):
 * quotes sent and accepted per week, the acceptance rate, the median time from an enquiry to its
 * first quote, and the value quoted, accepted and received. Money is integer cents, written by
 * `formatCents`.
 *
 * - A quote counts as sent in the week of its first send (a new version is the same quote), at the
 *   total of its newest sent version: what the family was last offered.
 * - Accepted counts each acceptance in its own week, at the total accepted, whenever the quote was sent.
 * - The acceptance rate is of the quotes first sent in the 12 weeks: how many are accepted so far.
 * - Received is the payments recorded for days in the 12 weeks.
 * - The time to first quote is over the leads received in the 12 weeks that have a quote sent.
 * Quotes of erased leads keep their amounts and count; their leads are gone, so they leave the time
 * to first quote.
 */
import { countOf, formatCount } from '../format.ts';
import { formatCents } from '../quotes/money.ts';
import { durationInWords, emptyWeeks, median, weekPlacer, type ResponseTime } from './dashboard.ts';
import type { DashboardRow } from './model.ts';
import type { DashboardQuote, QuotePayment } from '../quotes/records.ts';

interface QuoteCounts {
  sent: number;
  accepted: number;
  quotedCents: number;
  acceptedCents: number;
  receivedCents: number;
}

export type QuoteWeek = { monday: string; label: string; partial: boolean } & QuoteCounts;

export interface QuoteDashboard extends QuoteCounts {
  /** Oldest first; the last is the current week. */
  weeks: QuoteWeek[];
  /** Of the quotes first sent in the period, how many are accepted so far. */
  acceptance: { accepted: number; of: number };
  /** From a lead's arrival to its first quote, over the leads received in the period that have one. */
  toFirstQuote: ResponseTime;
}

const noCounts = (): QuoteCounts => ({ sent: 0, accepted: 0, quotedCents: 0, acceptedCents: 0, receivedCents: 0 });

/** The quote figures of the 12 weeks up to `now`, the time to first quote over `leads` (the dashboard's rows); anything outside them is left out. */
export function summarizeQuotes(
  quotes: readonly DashboardQuote[],
  payments: readonly QuotePayment[],
  leads: readonly Pick<DashboardRow, 'id' | 'receivedAt'>[],
  now: Date,
  timeZone: string,
): QuoteDashboard {
  const placer = weekPlacer(now, timeZone);
  const weeks: QuoteWeek[] = emptyWeeks(placer.mondays, noCounts);
  const acceptance = { accepted: 0, of: 0 };
  /** Each lead's first quote sent. */
  const firstQuotes = new Map<string, number>();
  for (const quote of quotes) {
    const sentWeek = weeks[placer.ofInstant(Date.parse(quote.firstSentAt))];
    if (sentWeek) {
      sentWeek.sent += 1;
      sentWeek.quotedCents += quote.quotedCents;
      acceptance.of += 1;
      if (quote.acceptedAt !== null) acceptance.accepted += 1;
    }
    const acceptedWeek = quote.acceptedAt === null ? undefined : weeks[placer.ofInstant(Date.parse(quote.acceptedAt))];
    if (acceptedWeek) {
      acceptedWeek.accepted += 1;
      acceptedWeek.acceptedCents += quote.acceptedCents ?? 0;
    }
    if (quote.leadId === null) continue;
    const sent = Date.parse(quote.firstSentAt);
    const earlier = firstQuotes.get(quote.leadId);
    if (earlier === undefined || sent < earlier) firstQuotes.set(quote.leadId, sent);
  }
  for (const payment of payments) {
    const week = weeks[placer.ofDay(payment.paidOn)];
    if (week) week.receivedCents += payment.amountCents;
  }
  const taken = leads.flatMap((lead) => {
    const sent = firstQuotes.get(lead.id);
    const received = Date.parse(lead.receivedAt);
    return sent !== undefined && placer.ofInstant(received) >= 0 && sent >= received ? [sent - received] : [];
  });
  const total = (key: keyof QuoteCounts) => weeks.reduce((sum, week) => sum + week[key], 0);
  return {
    weeks,
    sent: total('sent'),
    accepted: total('accepted'),
    quotedCents: total('quotedCents'),
    acceptedCents: total('acceptedCents'),
    receivedCents: total('receivedCents'),
    acceptance,
    toFirstQuote: { medianMs: median(taken), basedOn: taken.length },
  };
}

/** "30%": accepted of sent, in whole per cent; null when no quote was sent in the period. */
export function acceptancePercent(acceptance: QuoteDashboard['acceptance']): number | null {
  return acceptance.of === 0 ? null : Math.round((acceptance.accepted / acceptance.of) * 100);
}

/** The quote figures at the head of the dashboard's quotes section. */
export function quoteFigures(dashboard: QuoteDashboard) {
  const percent = acceptancePercent(dashboard.acceptance);
  const { medianMs, basedOn } = dashboard.toFirstQuote;
  const thisWeek = dashboard.weeks.at(-1)!;
  return [
    {
      label: 'Quotes sent',
      value: formatCount(dashboard.sent),
      note: `In the last 12 weeks; ${formatCount(thisWeek.sent)} this week`,
    },
    {
      label: 'Acceptance rate',
      value: percent === null ? 'No quote sent' : `${percent}%`,
      note:
        percent === null
          ? 'in the last 12 weeks'
          : `${formatCount(dashboard.acceptance.accepted)} of the ${countOf(dashboard.acceptance.of, 'quote')} sent in the last 12 weeks accepted so far`,
    },
    {
      label: 'Time to first quote',
      value: medianMs === null ? 'No quote sent yet' : durationInWords(medianMs),
      note:
        medianMs === null
          ? 'to a lead of the last 12 weeks'
          : `median from the enquiry, over ${countOf(basedOn, 'lead')} of the last 12 weeks`,
    },
    {
      label: 'Value quoted',
      value: formatCents(dashboard.quotedCents),
      note: 'Quotes first sent in the last 12 weeks, at their latest version',
    },
    {
      label: 'Value accepted',
      value: formatCents(dashboard.acceptedCents),
      note: `${countOf(dashboard.accepted, 'acceptance')} in the last 12 weeks`,
    },
    {
      label: 'Value received',
      value: formatCents(dashboard.receivedCents),
      note: 'Payments recorded for days in the last 12 weeks',
    },
  ];
}

/** What the quotes chart draws: a pair of bars per week (sent, accepted), its table with the values, and its summary. */
export function quotesChart(dashboard: QuoteDashboard) {
  const thisWeek = dashboard.weeks.at(-1)!;
  const description =
    dashboard.sent === 0 && dashboard.accepted === 0
      ? 'No quote sent or accepted in the last 12 weeks.'
      : `${countOf(dashboard.sent, 'quote')} sent and ${formatCount(dashboard.accepted)} accepted in the last 12 weeks; ` +
        `${formatCount(thisWeek.sent)} sent and ${formatCount(thisWeek.accepted)} accepted so far this week. ` +
        `Value quoted ${formatCents(dashboard.quotedCents)}, accepted ${formatCents(dashboard.acceptedCents)}, ` +
        `received ${formatCents(dashboard.receivedCents)}.`;
  return {
    series: ['Sent', 'Accepted'],
    categories: dashboard.weeks.map((week) => ({ label: week.label, note: week.partial ? 'so far' : undefined })),
    values: dashboard.weeks.map((week) => [week.sent, week.accepted]),
    headings: ['Week of', 'Sent', 'Accepted', 'Value quoted', 'Value accepted', 'Received'],
    rows: dashboard.weeks.map((week) => [
      week.partial ? `${week.label} (so far)` : week.label,
      formatCount(week.sent),
      formatCount(week.accepted),
      formatCents(week.quotedCents),
      formatCents(week.acceptedCents),
      formatCents(week.receivedCents),
    ]),
    description,
  };
}
