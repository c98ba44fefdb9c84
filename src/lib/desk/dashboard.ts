/**
 * The dashboard's figures from the rows `dashboardRows` returns: leads per week by form group, by
 * source page, the median time to first contact and the share by status. Weeks run Monday to
 * Sunday on the office's calendar (`site.timeZone`), so a lead sent at 11 pm on Sunday in Austin
 * counts in the week it was sent there, not in the next one as UTC would have it.
 */
import type { DashboardRow } from './model.ts';
import type { LeadStatus } from '../pipeline/model.ts';
import { LEAD_STATUSES, STATUS_LABELS } from '../pipeline/model.ts';
import { addDays, agencyDay, agencyDayStart } from '../agency-time.ts';
import { countOf, formatCount } from '../format.ts';
import { findForm } from '../forms/definitions.ts';
import { FORM_GROUPS, type FormGroup } from '../forms/types.ts';

/** How many weeks the dashboard covers, the current one included. */
const DASHBOARD_WEEKS = 12;
const GROUPS = Object.keys(FORM_GROUPS) as FormGroup[];
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface Week {
  /** The Monday it starts on, `YYYY-MM-DD` on the office's calendar. */
  monday: string;
  /** "Nov 17" */
  label: string;
  /** The current week, still under way. */
  partial: boolean;
  /** Leads by form group, in `FORM_GROUPS` order. */
  byGroup: Record<FormGroup, number>;
  total: number;
}

export interface SourceCount {
  formId: string;
  /** The form's placement ("Chicago Umrah page"), or its id for a form no page uses any more. */
  placement: string;
  count: number;
}

export interface StatusShare {
  status: LeadStatus;
  label: string;
  count: number;
  /** Whole per cent of all leads of the period. */
  percent: number;
}

export interface ResponseTime {
  /** Null when no lead of the period has been contacted yet. */
  medianMs: number | null;
  /** How many contacted leads the median is taken over. */
  basedOn: number;
}

export interface Dashboard {
  /** Oldest first; the last one is the current week. */
  weeks: Week[];
  sources: SourceCount[];
  statuses: StatusShare[];
  response: ResponseTime;
  /** Leads of the whole period. */
  total: number;
  thisWeek: number;
  lastWeek: number;
}

/** The Mondays the dashboard's weeks start on, oldest first, the current week's last. */
export function weekMondays(now: Date, timeZone: string, weeks = DASHBOARD_WEEKS): string[] {
  const today = agencyDay(now, timeZone);
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const sinceMonday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
  const current = addDays(today, -sinceMonday);
  return Array.from({ length: weeks }, (_, index) => addDays(current, 7 * (index - weeks + 1)));
}

/** The office day the dashboard's first week begins: what to ask for payments from. */
export function dashboardFirstDay(now: Date, timeZone: string): string {
  return weekMondays(now, timeZone)[0]!;
}

/** The instant the dashboard's first week begins: what to ask `dashboardRows` for. */
export function dashboardSince(now: Date, timeZone: string): string {
  return agencyDayStart(dashboardFirstDay(now, timeZone), timeZone);
}

/** "Nov 17": a Monday as the week's label. */
function weekLabel(monday: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${monday}T00:00:00Z`),
  );
}

/** The dashboard's weeks, oldest first, each labelled and the current one partial, with `empty`'s counters. */
export function emptyWeeks<Counts extends object>(
  mondays: readonly string[],
  empty: () => Counts,
): ({ monday: string; label: string; partial: boolean } & Counts)[] {
  return mondays.map((monday, index) => ({
    monday,
    label: weekLabel(monday),
    partial: index === mondays.length - 1,
    ...empty(),
  }));
}

/**
 * The dashboard's weeks and which of them an instant or an office day falls in (-1 for none). The
 * boundaries are computed once as instants, so each of 10,000 rows is then placed by comparing
 * numbers (a time-zone conversion per row would not be cheap).
 */
export function weekPlacer(now: Date, timeZone: string) {
  const mondays = weekMondays(now, timeZone);
  const starts = mondays.map((monday) => Date.parse(agencyDayStart(monday, timeZone)));
  const endDay = addDays(mondays.at(-1)!, 7);
  const end = Date.parse(agencyDayStart(endDay, timeZone));
  const place = <T>(value: T, bounds: readonly T[], after: T): number => {
    if (!(value >= bounds[0]!) || value >= after) return -1;
    let index = bounds.length - 1;
    while (bounds[index]! > value) index -= 1;
    return index;
  };
  return {
    mondays,
    /** The week of an instant given in milliseconds. */
    ofInstant: (ms: number) => place(ms, starts, end),
    /** The week of an office day, `YYYY-MM-DD`. */
    ofDay: (day: string) => place(day, mondays, endDay),
  };
}

/** The middle value of the sorted numbers (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The dashboard's figures for the 12 weeks up to `now`; rows received outside them are left out. */
export function summarizeDashboard(rows: readonly DashboardRow[], now: Date, timeZone: string): Dashboard {
  const placer = weekPlacer(now, timeZone);
  const weeks: Week[] = emptyWeeks(placer.mondays, () => ({
    byGroup: Object.fromEntries(GROUPS.map((group) => [group, 0])) as Record<FormGroup, number>,
    total: 0,
  }));
  const bySource = new Map<string, number>();
  const byStatus = new Map<LeadStatus, number>();
  const responses: number[] = [];
  let total = 0;
  for (const row of rows) {
    const received = Date.parse(row.receivedAt);
    const week = weeks[placer.ofInstant(received)];
    if (!week) continue;
    // A form no page uses any more still counts, with the general enquiries.
    week.byGroup[findForm(row.formId)?.group ?? 'contact'] += 1;
    week.total += 1;
    total += 1;
    bySource.set(row.formId, (bySource.get(row.formId) ?? 0) + 1);
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);
    if (row.firstContactedAt !== null) {
      const taken = Date.parse(row.firstContactedAt) - received;
      if (taken >= 0) responses.push(taken);
    }
  }
  const sources = [...bySource]
    .map(([formId, count]) => ({ formId, placement: findForm(formId)?.placement ?? formId, count }))
    .sort((a, b) => b.count - a.count || a.placement.localeCompare(b.placement));
  const statuses = LEAD_STATUSES.map((status) => {
    const count = byStatus.get(status) ?? 0;
    return {
      status,
      label: STATUS_LABELS[status],
      count,
      percent: total === 0 ? 0 : Math.round((count / total) * 100),
    };
  });
  return {
    weeks,
    sources,
    statuses,
    response: { medianMs: median(responses), basedOn: responses.length },
    total,
    thisWeek: weeks.at(-1)!.total,
    lastWeek: weeks.at(-2)?.total ?? 0,
  };
}

/** A duration as the staff would say it: "40 minutes", "5 hours 20 minutes", "2 days 3 hours". */
export function durationInWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return countOf(minutes, 'minute');
  if (ms < DAY_MS) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? countOf(hours, 'hour') : `${countOf(hours, 'hour')} ${countOf(rest, 'minute')}`;
  }
  const hoursInAll = Math.round(ms / HOUR_MS);
  const days = Math.floor(hoursInAll / 24);
  const hours = hoursInAll % 24;
  return hours === 0 ? countOf(days, 'day') : `${countOf(days, 'day')} ${countOf(hours, 'hour')}`;
}

/** The median response as the dashboard writes it, with what it rests on. */
export function responseInWords(response: ResponseTime): { value: string; basis: string } {
  if (response.medianMs === null) return { value: 'No lead contacted yet', basis: 'in the last 12 weeks' };
  return {
    value: durationInWords(response.medianMs),
    basis: `median over ${countOf(response.basedOn, 'contacted lead')} of the last 12 weeks`,
  };
}

/** What the weekly chart draws: a bar per week, stacked by form group, and a sentence that sums it up. */
export function weeklyChart(dashboard: Dashboard) {
  const series = GROUPS.map((group) => FORM_GROUPS[group]);
  const busiest = dashboard.weeks.reduce((best, week) => (week.total > best.total ? week : best));
  const byGroup = GROUPS.map(
    (group, index) =>
      `${series[index]} ${formatCount(dashboard.weeks.reduce((sum, week) => sum + week.byGroup[group], 0))}`,
  );
  const description =
    dashboard.total === 0
      ? 'No leads in the last 12 weeks.'
      : `${countOf(dashboard.total, 'lead')} in the last 12 weeks (${byGroup.join(', ')}); ` +
        `${formatCount(dashboard.thisWeek)} so far this week. The busiest week began ${busiest.label}, with ${formatCount(busiest.total)}.`;
  return {
    series,
    categories: dashboard.weeks.map((week) => ({ label: week.label, note: week.partial ? 'so far' : undefined })),
    values: dashboard.weeks.map((week) => GROUPS.map((group) => week.byGroup[group])),
    description,
  };
}

/** What the source chart draws: a bar per page with its count and share, and its summary. */
export function sourcesChart(dashboard: Dashboard) {
  const share = (count: number) => `${Math.round((count / Math.max(1, dashboard.total)) * 100)}%`;
  const top = dashboard.sources.slice(0, 3).map((source) => `${source.placement} (${formatCount(source.count)})`);
  return {
    items: dashboard.sources.map((source) => ({
      label: source.placement,
      value: source.count,
      text: `${formatCount(source.count)} (${share(source.count)})`,
    })),
    rows: dashboard.sources.map((source) => [source.placement, formatCount(source.count), share(source.count)]),
    description:
      dashboard.sources.length === 0
        ? 'No leads in the last 12 weeks.'
        : `Leads of the last 12 weeks by the page they were sent from, most first: ${top.join(', ')}` +
          (dashboard.sources.length > 3 ? `, and ${countOf(dashboard.sources.length - 3, 'other page')}.` : '.'),
  };
}

/** What the status chart draws: a bar per status with its count and share, and its summary. */
export function statusChart(dashboard: Dashboard) {
  return {
    items:
      dashboard.total === 0
        ? []
        : dashboard.statuses.map((share) => ({
            label: share.label,
            value: share.count,
            text: `${formatCount(share.count)} (${share.percent}%)`,
          })),
    rows: dashboard.statuses.map((share) => [share.label, formatCount(share.count), `${share.percent}%`]),
    description:
      dashboard.total === 0
        ? 'No leads in the last 12 weeks.'
        : `Where the ${countOf(dashboard.total, 'lead')} of the last 12 weeks stand now: ` +
          `${dashboard.statuses.map((share) => `${share.label} ${share.percent}% (${formatCount(share.count)})`).join(', ')}.`,
  };
}

/** The figures at the top of the dashboard; `overdue` is the count of the Overdue list: follow-ups and payments past their day. */
export function headlineFigures(dashboard: Dashboard, overdue: number) {
  const response = responseInWords(dashboard.response);
  return [
    {
      label: 'Leads this week',
      value: formatCount(dashboard.thisWeek),
      note: `Since Monday ${dashboard.weeks.at(-1)!.label}`,
    },
    {
      label: 'Leads last week',
      value: formatCount(dashboard.lastWeek),
      note: `Week of ${dashboard.weeks.at(-2)?.label ?? ''}`,
    },
    { label: 'Time to first contact', value: response.value, note: response.basis },
    { label: 'Overdue', value: formatCount(overdue), note: 'Leads with a follow-up or a payment past its day' },
  ];
}
