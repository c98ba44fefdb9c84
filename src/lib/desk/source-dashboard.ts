/**
 * Where the enquiries of the dashboard's 12 weeks came from, and what came of them: for the leads
 * received in the weeks, grouped by their source (utm_source, else the referring site, else
 * "direct") and by their landing page, how many there are, how many quotes were sent to them, how
 * many are booked and the payments recorded on their quotes to date. Each lead counts under the
 * first touch of its visit, so a booking made weeks later still counts for the source that
 * brought the family. The store sums the leads per source and landing page (source-store.ts).
 */
import { countOf, formatCount } from '../format.ts';
import { DIRECT, sourceLabel, type FirstTouch } from '../leads/first-touch.ts';
import { formatCents } from '../quotes/money.ts';

/** One source and landing page's leads of the period, summed by the store. */
export interface SourceRow {
  /** utm_source, else the referring host; null for neither. */
  source: string | null;
  landingPath: string | null;
  enquiries: number;
  quotes: number;
  bookings: number;
  receivedCents: number;
}

/** One line of a by-source or by-landing-page table. */
export interface SourceTotals {
  label: string;
  enquiries: number;
  quotes: number;
  bookings: number;
  receivedCents: number;
}

/** The landing page of leads that came with none: sent before sources were kept, or without scripts from a page without a form. */
const NO_LANDING = 'Not recorded';

/** How many lines a chart draws; the rest are summed into one, and the table lists them all. */
export const CHART_LINES = 8;

/** The rows summed under `labelOf`, most enquiries first, then most received, then by name. */
export function groupTotals(rows: readonly SourceRow[], labelOf: (row: SourceRow) => string): SourceTotals[] {
  const totals = new Map<string, SourceTotals>();
  for (const row of rows) {
    const label = labelOf(row);
    const total = totals.get(label) ?? { label, enquiries: 0, quotes: 0, bookings: 0, receivedCents: 0 };
    total.enquiries += row.enquiries;
    total.quotes += row.quotes;
    total.bookings += row.bookings;
    total.receivedCents += row.receivedCents;
    totals.set(label, total);
  }
  return [...totals.values()].sort(
    (a, b) => b.enquiries - a.enquiries || b.receivedCents - a.receivedCents || a.label.localeCompare(b.label),
  );
}

/** The rows by source: utm_source, else the referring site's host, else "direct". */
export function bySource(rows: readonly SourceRow[]): SourceTotals[] {
  return groupTotals(rows, (row) => row.source ?? DIRECT);
}

/** The rows by landing page, "Not recorded" for leads without one. */
export function byLanding(rows: readonly SourceRow[]): SourceTotals[] {
  return groupTotals(rows, (row) => row.landingPath ?? NO_LANDING);
}

/**
 * What a by-source (or by-landing-page) chart draws: a bar of enquiries per line (the first
 * CHART_LINES, then the rest as one), the table with every line and figure, and its summary.
 */
export function sourceChart(totals: readonly SourceTotals[], noun: { one: string; many: string }) {
  const shown = totals.slice(0, CHART_LINES);
  const rest = totals.slice(CHART_LINES);
  const restEnquiries = rest.reduce((sum, line) => sum + line.enquiries, 0);
  const items = shown.map((line) => ({
    label: line.label,
    value: line.enquiries,
    text: `${formatCount(line.enquiries)} · ${formatCount(line.bookings)} booked`,
  }));
  if (rest.length > 0) {
    const label = `${countOf(rest.length, `other ${noun.one}`, `other ${noun.many}`)}`;
    items.push({ label, value: restEnquiries, text: formatCount(restEnquiries) });
  }
  const top = shown
    .slice(0, 3)
    .map(
      (line) =>
        `${line.label} (${countOf(line.enquiries, 'enquiry', 'enquiries')}, ${formatCount(line.bookings)} booked)`,
    );
  return {
    items,
    rows: totals.map((line) => [
      line.label,
      formatCount(line.enquiries),
      formatCount(line.quotes),
      formatCount(line.bookings),
      formatCents(line.receivedCents),
    ]),
    description:
      totals.length === 0
        ? 'No enquiries in the last 12 weeks.'
        : `Enquiries of the last 12 weeks by ${noun.one}, most first: ${top.join(', ')}` +
          (totals.length > 3 ? `, and ${countOf(totals.length - 3, `other ${noun.one}`, `other ${noun.many}`)}.` : '.'),
  };
}

/** The lead page's "Where they came from": its source label, then each part of the first touch that was kept. */
export function leadSourceDetails(touch: FirstTouch): { label: string; value: string }[] {
  const parts: [string, string | null][] = [
    ['Landing page', touch.landingPath],
    ['Referring site', touch.referrerHost],
    ['Campaign source (utm_source)', touch.utmSource],
    ['Campaign medium (utm_medium)', touch.utmMedium],
    ['Campaign name (utm_campaign)', touch.utmCampaign],
  ];
  return [
    { label: 'Source', value: sourceLabel(touch) },
    ...parts.flatMap(([label, value]) => (value === null ? [] : [{ label, value }])),
  ];
}
