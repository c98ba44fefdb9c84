import { describe, expect, it } from 'vitest';
import { acceptancePercent, quoteFigures, quotesChart, summarizeQuotes } from '@/lib/desk/quote-dashboard';
import type { DashboardQuote, QuotePayment } from '@/lib/quotes/records';

const ZONE = 'America/Chicago';
/** Tuesday Nov 24, 2026, 6 am in Austin (CST, UTC-6): the weeks run from Monday Sep 7 to this week of Nov 23. */
const NOW = new Date('2026-11-24T12:00:00Z');
const HOUR_MS = 60 * 60 * 1000;

function quote(overrides: Partial<DashboardQuote> = {}): DashboardQuote {
  return {
    leadId: 'lead-1',
    firstSentAt: '2026-11-16T18:00:00.000Z',
    quotedCents: 545_250,
    acceptedAt: null,
    acceptedCents: null,
    ...overrides,
  };
}

const byMonday = (dashboard: ReturnType<typeof summarizeQuotes>, monday: string) =>
  dashboard.weeks.find((week) => week.monday === monday)!;

describe('summarizeQuotes', () => {
  it('counts a quote in the week of its first send and an acceptance in its own week, with their values', () => {
    const dashboard = summarizeQuotes(
      [
        quote({ acceptedAt: '2026-11-23T16:00:00.000Z', acceptedCents: 500_000 }),
        quote({ leadId: 'lead-2', firstSentAt: '2026-11-23T06:00:00.000Z', quotedCents: 300_000 }),
        // Sent before the 12 weeks, accepted within them: the acceptance counts, the send does not.
        quote({
          leadId: 'lead-3',
          firstSentAt: '2026-08-30T15:00:00.000Z',
          acceptedAt: '2026-09-08T15:00:00.000Z',
          acceptedCents: 200_000,
        }),
      ],
      [
        { paidOn: '2026-11-23', amountCents: 150_000 },
        { paidOn: '2026-11-22', amountCents: 10_050 },
        { paidOn: '2026-09-06', amountCents: 99_900 },
      ],
      [],
      NOW,
      ZONE,
    );
    expect(byMonday(dashboard, '2026-11-16')).toMatchObject({
      sent: 1,
      accepted: 0,
      quotedCents: 545_250,
      receivedCents: 10_050,
    });
    expect(byMonday(dashboard, '2026-11-23')).toMatchObject({
      sent: 1,
      accepted: 1,
      quotedCents: 300_000,
      acceptedCents: 500_000,
      receivedCents: 150_000,
      partial: true,
    });
    expect(byMonday(dashboard, '2026-09-07')).toMatchObject({ sent: 0, accepted: 1, acceptedCents: 200_000 });
    expect(dashboard).toMatchObject({
      sent: 2,
      accepted: 2,
      quotedCents: 845_250,
      acceptedCents: 700_000,
      receivedCents: 160_050,
      // Of the two quotes sent in the 12 weeks, one is accepted.
      acceptance: { accepted: 1, of: 2 },
    });
  });

  it('takes the median time from enquiry to first quote over the leads of the 12 weeks, their first quote only', () => {
    const received = '2026-11-16T15:00:00.000Z';
    const at = (hours: number) => new Date(Date.parse(received) + hours * HOUR_MS).toISOString();
    const leads = [
      { id: 'lead-1', receivedAt: received },
      { id: 'lead-2', receivedAt: received },
      { id: 'lead-3', receivedAt: received },
      // Without a quote, a lead has no time to first quote.
      { id: 'lead-5', receivedAt: received },
      // A lead of before the 12 weeks is not among them.
      { id: 'lead-4', receivedAt: '2026-09-01T15:00:00.000Z' },
    ];
    const dashboard = summarizeQuotes(
      [
        quote({ firstSentAt: at(5) }),
        quote({ firstSentAt: at(2) }),
        quote({ leadId: 'lead-2', firstSentAt: at(30) }),
        quote({ leadId: 'lead-3', firstSentAt: at(4) }),
        // An erased lead's quote still counts as sent, but its lead is gone.
        quote({ leadId: null, firstSentAt: at(1) }),
        quote({ leadId: 'lead-4', firstSentAt: at(0) }),
      ],
      [],
      leads,
      NOW,
      ZONE,
    );
    expect(dashboard.toFirstQuote).toEqual({ medianMs: 4 * HOUR_MS, basedOn: 3 });
    expect(dashboard.sent).toBe(6);
  });

  it('is all zero without quotes or payments', () => {
    const dashboard = summarizeQuotes([], [], [], NOW, ZONE);
    expect(dashboard.weeks).toHaveLength(12);
    expect(dashboard).toMatchObject({ sent: 0, accepted: 0, quotedCents: 0, receivedCents: 0 });
    expect(dashboard.toFirstQuote).toEqual({ medianMs: null, basedOn: 0 });
    expect(acceptancePercent(dashboard.acceptance)).toBeNull();
  });
});

describe('the quote figures', () => {
  const payments: QuotePayment[] = [{ paidOn: '2026-11-24', amountCents: 150_000 }];
  const dashboard = summarizeQuotes(
    [
      quote({ acceptedAt: '2026-11-24T13:00:00.000Z', acceptedCents: 545_250 }),
      quote({ leadId: 'lead-2', firstSentAt: '2026-11-16T20:00:00.000Z' }),
      quote({ leadId: 'lead-3', firstSentAt: '2026-11-24T12:00:00.000Z', quotedCents: 199_999 }),
    ],
    payments,
    [
      { id: 'lead-1', receivedAt: '2026-11-16T15:00:00.000Z' },
      { id: 'lead-2', receivedAt: '2026-11-16T15:00:00.000Z' },
      { id: 'lead-3', receivedAt: '2026-11-16T15:00:00.000Z' },
    ],
    NOW,
    ZONE,
  );

  it('give the rate in whole per cent, the median in words and the values by formatCents', () => {
    expect(acceptancePercent({ accepted: 1, of: 3 })).toBe(33);
    expect(quoteFigures(dashboard).map((figure) => [figure.label, figure.value, figure.note])).toEqual([
      ['Quotes sent', '3', 'In the last 12 weeks; 1 this week'],
      ['Acceptance rate', '33%', '1 of the 3 quotes sent in the last 12 weeks accepted so far'],
      ['Time to first quote', '5 hours', 'median from the enquiry, over 3 leads of the last 12 weeks'],
      ['Value quoted', '$12,904.99', 'Quotes first sent in the last 12 weeks, at their latest version'],
      ['Value accepted', '$5,452.50', '1 acceptance in the last 12 weeks'],
      ['Value received', '$1,500', 'Payments recorded for days in the last 12 weeks'],
    ]);
  });

  it('say so when nothing was quoted', () => {
    const none = quoteFigures(summarizeQuotes([], [], [], NOW, ZONE));
    expect(none.map((figure) => figure.value)).toEqual(['0', 'No quote sent', 'No quote sent yet', '$0', '$0', '$0']);
  });

  it('draw sent and accepted side by side per week, with the values in the table and a summary', () => {
    const chart = quotesChart(dashboard);
    expect(chart.series).toEqual(['Sent', 'Accepted']);
    expect(chart.values.at(-1)).toEqual([1, 1]);
    expect(chart.values.at(-2)).toEqual([2, 0]);
    expect(chart.categories.at(-1)).toEqual({ label: 'Nov 23', note: 'so far' });
    expect(chart.rows.at(-1)).toEqual(['Nov 23 (so far)', '1', '1', '$1,999.99', '$5,452.50', '$1,500']);
    expect(chart.rows.at(-2)).toEqual(['Nov 16', '2', '0', '$10,905', '$0', '$0']);
    expect(chart.headings).toHaveLength(chart.rows[0]!.length);
    expect(chart.description).toBe(
      '3 quotes sent and 1 accepted in the last 12 weeks; 1 sent and 1 accepted so far this week. ' +
        'Value quoted $12,904.99, accepted $5,452.50, received $1,500.',
    );
    expect(quotesChart(summarizeQuotes([], [], [], NOW, ZONE)).description).toBe(
      'No quote sent or accepted in the last 12 weeks.',
    );
  });
});
