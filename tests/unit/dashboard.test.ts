import { describe, expect, it } from 'vitest';
import {
  dashboardFirstDay,
  dashboardSince,
  emptyWeeks,
  durationInWords,
  headlineFigures,
  median,
  sourcesChart,
  statusChart,
  weeklyChart,
  responseInWords,
  summarizeDashboard,
  weekMondays,
  weekPlacer,
} from '@/lib/desk/dashboard';
import type { DashboardRow } from '@/lib/desk/model';
import type { LeadStatus } from '@/lib/pipeline/model';

const ZONE = 'America/Chicago';
/** Tuesday Nov 24, 2026, 6 am in Austin (CST, UTC-6). */
const NOW = new Date('2026-11-24T12:00:00Z');

function row(
  receivedAt: string,
  formId = 'contact',
  status: LeadStatus = 'new',
  firstContactedAt: string | null = null,
) {
  return {
    id: `lead-${receivedAt}`,
    formId,
    receivedAt,
    status,
    firstContactedAt,
    pageUrl: null,
  } satisfies DashboardRow;
}

describe('the weeks', () => {
  it('are the 12 weeks up to this one, starting on Mondays in the office', () => {
    const mondays = weekMondays(NOW, ZONE);
    expect(mondays).toHaveLength(12);
    expect(mondays.at(-1)).toBe('2026-11-23');
    expect(mondays[0]).toBe('2026-09-07');
    // The first week began at midnight in Austin, while daylight saving time was still in force.
    expect(dashboardSince(NOW, ZONE)).toBe('2026-09-07T05:00:00.000Z');
    expect(dashboardFirstDay(NOW, ZONE)).toBe('2026-09-07');
  });

  it('place an instant or an office day in its week, and nothing outside the 12', () => {
    const placer = weekPlacer(NOW, ZONE);
    expect(placer.mondays).toEqual(weekMondays(NOW, ZONE));
    expect(placer.ofInstant(Date.parse('2026-09-07T05:00:00.000Z'))).toBe(0);
    expect(placer.ofInstant(Date.parse('2026-09-07T04:59:59.999Z'))).toBe(-1);
    expect(placer.ofInstant(Date.parse('2026-11-23T05:59:00.000Z'))).toBe(10);
    expect(placer.ofInstant(Date.parse('2026-11-30T05:59:00.000Z'))).toBe(11);
    expect(placer.ofInstant(Date.parse('2026-11-30T06:00:00.000Z'))).toBe(-1);
    expect(placer.ofInstant(Number.NaN)).toBe(-1);
    expect(placer.ofDay('2026-09-06')).toBe(-1);
    expect(placer.ofDay('2026-09-07')).toBe(0);
    expect(placer.ofDay('2026-11-22')).toBe(10);
    expect(placer.ofDay('2026-11-29')).toBe(11);
    expect(placer.ofDay('2026-11-30')).toBe(-1);
  });

  it('start empty, labelled, the current one partial', () => {
    const weeks = emptyWeeks(['2026-11-16', '2026-11-23'], () => ({ count: 0 }));
    expect(weeks).toEqual([
      { monday: '2026-11-16', label: 'Nov 16', partial: false, count: 0 },
      { monday: '2026-11-23', label: 'Nov 23', partial: true, count: 0 },
    ]);
    weeks[0]!.count += 1;
    expect(weeks[1]!.count).toBe(0);
  });

  it('place a lead in the week it was sent in the office, not in UTC', () => {
    const sundayNight = '2026-11-23T05:30:00.000Z'; // Sunday Nov 22, 11:30 pm in Austin
    const mondayMidnight = '2026-11-23T06:00:00.000Z'; // Monday Nov 23, 00:00 in Austin
    const beforeClockChange = '2026-10-26T04:59:00.000Z'; // Sunday Oct 25, 11:59 pm CDT
    const afterClockChange = '2026-10-26T05:00:00.000Z'; // Monday Oct 26, 00:00 CDT
    const { weeks } = summarizeDashboard(
      [row(sundayNight), row(mondayMidnight), row(beforeClockChange), row(afterClockChange)],
      NOW,
      ZONE,
    );
    const count = (monday: string) => weeks.find((week) => week.monday === monday)?.total;
    expect(count('2026-11-16')).toBe(1);
    expect(count('2026-11-23')).toBe(1);
    expect(count('2026-10-19')).toBe(1);
    expect(count('2026-10-26')).toBe(1);
  });

  it('label the current week as partial and leave out leads outside the 12 weeks', () => {
    const dashboard = summarizeDashboard(
      [row('2026-09-07T04:59:00.000Z'), row('2026-09-07T05:00:00.000Z'), row('2026-11-30T06:00:00.000Z')],
      NOW,
      ZONE,
    );
    expect(dashboard.total).toBe(1);
    expect(dashboard.weeks[0]).toMatchObject({ monday: '2026-09-07', label: 'Sep 7', partial: false, total: 1 });
    expect(dashboard.weeks.at(-1)).toMatchObject({ label: 'Nov 23', partial: true, total: 0 });
    expect(dashboard.weeks.filter((week) => week.partial)).toHaveLength(1);
  });

  it('split each week by form group', () => {
    const { weeks, thisWeek, lastWeek } = summarizeDashboard(
      [
        row('2026-11-23T15:00:00.000Z', 'chicago'),
        row('2026-11-23T16:00:00.000Z', 'dallas'),
        row('2026-11-24T01:00:00.000Z', 'hajj'),
        row('2026-11-24T02:00:00.000Z', 'booking'),
        row('2026-11-24T03:00:00.000Z', 'visa'),
        row('2026-11-17T03:00:00.000Z', 'contact'),
        row('2026-11-17T04:00:00.000Z', 'retired-form'),
      ],
      NOW,
      ZONE,
    );
    expect(weeks.at(-1)!.byGroup).toEqual({ city: 2, season: 1, booking: 1, contact: 1 });
    expect(weeks.at(-2)!.byGroup).toEqual({ city: 0, season: 0, booking: 0, contact: 2 });
    expect([thisWeek, lastWeek]).toEqual([5, 2]);
  });
});

describe('the sources', () => {
  it('name each form by its placement, most leads first', () => {
    const { sources } = summarizeDashboard(
      [
        row('2026-11-20T12:00:00.000Z', 'dallas'),
        row('2026-11-20T12:00:00.000Z', 'chicago'),
        row('2026-11-21T12:00:00.000Z', 'chicago'),
        row('2026-11-22T12:00:00.000Z', 'retired-form'),
        row('2026-08-01T12:00:00.000Z', 'hajj'),
      ],
      NOW,
      ZONE,
    );
    expect(sources).toEqual([
      { formId: 'chicago', placement: 'Chicago Umrah page', count: 2 },
      { formId: 'dallas', placement: 'Dallas Umrah page', count: 1 },
      { formId: 'retired-form', placement: 'retired-form', count: 1 },
    ]);
  });
});

describe('the share by status', () => {
  it('counts every status of the period with its whole per cent', () => {
    const statuses: LeadStatus[] = ['new', 'new', 'contacted', 'quoted', 'quoted', 'quoted', 'lost'];
    const { statuses: shares, total } = summarizeDashboard(
      statuses.map((status, index) => row(`2026-11-1${index}T12:00:00.000Z`, 'umrah', status)),
      NOW,
      ZONE,
    );
    expect(total).toBe(7);
    expect(shares).toEqual([
      { status: 'new', label: 'New', count: 2, percent: 29 },
      { status: 'contacted', label: 'Contacted', count: 1, percent: 14 },
      { status: 'quoted', label: 'Quoted', count: 3, percent: 43 },
      { status: 'booked', label: 'Booked', count: 0, percent: 0 },
      { status: 'lost', label: 'Lost', count: 1, percent: 14 },
    ]);
  });

  it('is all zero without leads', () => {
    const dashboard = summarizeDashboard([], NOW, ZONE);
    expect(dashboard.total).toBe(0);
    expect(dashboard.statuses.every((share) => share.count === 0 && share.percent === 0)).toBe(true);
    expect(dashboard.sources).toEqual([]);
  });
});

describe('the time to first contact', () => {
  it('is the median over the contacted leads, with how many it rests on', () => {
    const { response } = summarizeDashboard(
      [
        row('2026-11-20T12:00:00.000Z', 'umrah', 'contacted', '2026-11-20T13:00:00.000Z'),
        row('2026-11-20T12:00:00.000Z', 'umrah', 'quoted', '2026-11-20T15:00:00.000Z'),
        row('2026-11-20T12:00:00.000Z', 'umrah', 'booked', '2026-11-22T12:00:00.000Z'),
        row('2026-11-20T12:00:00.000Z', 'umrah', 'new'),
      ],
      NOW,
      ZONE,
    );
    expect(response).toEqual({ medianMs: 3 * 3_600_000, basedOn: 3 });
    expect(responseInWords(response)).toEqual({
      value: '3 hours',
      basis: 'median over 3 contacted leads of the last 12 weeks',
    });
  });

  it('says so when no lead was contacted yet', () => {
    const { response } = summarizeDashboard([row('2026-11-20T12:00:00.000Z')], NOW, ZONE);
    expect(response).toEqual({ medianMs: null, basedOn: 0 });
    expect(responseInWords(response).value).toBe('No lead contacted yet');
  });

  it('takes the mean of the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
    expect(median([])).toBeNull();
  });

  it('is written in minutes, hours or days', () => {
    expect(durationInWords(20_000)).toBe('less than a minute');
    expect(durationInWords(60_000)).toBe('1 minute');
    expect(durationInWords(40 * 60_000)).toBe('40 minutes');
    expect(durationInWords(60 * 60_000)).toBe('1 hour');
    expect(durationInWords(320 * 60_000)).toBe('5 hours 20 minutes');
    expect(durationInWords(24 * 3_600_000)).toBe('1 day');
    expect(durationInWords(51 * 3_600_000 + 10 * 60_000)).toBe('2 days 3 hours');
  });
});

describe('what the charts say', () => {
  const dashboard = summarizeDashboard(
    [
      row('2026-11-23T15:00:00.000Z', 'chicago', 'contacted', '2026-11-23T15:40:00.000Z'),
      row('2026-11-17T15:00:00.000Z', 'chicago', 'lost'),
      row('2026-11-17T16:00:00.000Z', 'hajj'),
      row('2026-11-18T16:00:00.000Z', 'contact'),
      row('2026-11-18T16:00:00.000Z', 'visa'),
    ],
    NOW,
    ZONE,
  );

  it('sums up the weeks in words and draws the current week as "so far"', () => {
    const weekly = weeklyChart(dashboard);
    expect(weekly.series).toEqual(['City pages', 'Umrah and Hajj pages', 'Packages and booking', 'Contact and visa']);
    expect(weekly.description).toBe(
      '5 leads in the last 12 weeks (City pages 2, Umrah and Hajj pages 1, Packages and booking 0, Contact and visa 2); ' +
        '1 so far this week. The busiest week began Nov 16, with 4.',
    );
    expect(weekly.categories.at(-1)).toEqual({ label: 'Nov 23', note: 'so far' });
    expect(weekly.values.at(-2)).toEqual([1, 1, 0, 2]);
  });

  it('names the top pages and every status with its share', () => {
    expect(sourcesChart(dashboard).description).toBe(
      'Leads of the last 12 weeks by the page they were sent from, most first: Chicago Umrah page (2), ' +
        'Contact page (1), Hajj packages page (1), and 1 other page.',
    );
    expect(sourcesChart(dashboard).rows[0]).toEqual(['Chicago Umrah page', '2', '40%']);
    const statuses = statusChart(dashboard);
    expect(statuses.items[0]).toEqual({ label: 'New', value: 3, text: '3 (60%)' });
    expect(statuses.description).toContain(
      'New 60% (3), Contacted 20% (1), Quoted 0% (0), Booked 0% (0), Lost 20% (1).',
    );
  });

  it('puts this week, last week and the response time at the top', () => {
    expect(headlineFigures(dashboard, 2).map((figure) => [figure.label, figure.value])).toEqual([
      ['Leads this week', '1'],
      ['Leads last week', '4'],
      ['Time to first contact', '40 minutes'],
      ['Overdue', '2'],
    ]);
  });

  it('says there is nothing to show without leads', () => {
    const empty = summarizeDashboard([], NOW, ZONE);
    expect(weeklyChart(empty).description).toBe('No leads in the last 12 weeks.');
    expect(sourcesChart(empty).items).toEqual([]);
    expect(statusChart(empty).items).toEqual([]);
  });
});
