/**
 * The desk's list of enquiries: its query string read into a store filter (every value checked,
 * anything unknown ignored and said so), its page links, and its rows as the staff read them.
 */
import type { Language } from '../languages.ts';
import { isCalendarDay } from '../dates.ts';
import { agencyDayStart, formatAgencyTime, nextDay } from '../agency-time.ts';
import { accountCell, type AccountCell } from './accounts.ts';
import { type LeadAccount } from '../quotes/account.ts';
import { FORMS, findForm } from '../forms/definitions.ts';
import { formatCount } from '../format.ts';
import { FORM_GROUPS, type FormGroup } from '../forms/types.ts';
import { leadListRow, type LeadListRow } from '../leads/rows.ts';
import { type DeskFilter, type DeskLead } from './model.ts';
import { CLOSED_STATUSES, LEAD_STATUSES, STATUS_LABELS, type LeadStatus } from '../pipeline/model.ts';

/** Leads on one page of the list. */
export const PAGE_SIZE = 50;
/** The longest search the list passes on; longer text is cut, never refused. */
const SEARCH_MAX = 100;

export const DUE_VIEWS = { today: 'Due today', overdue: 'Overdue' } as const;
export type DueView = keyof typeof DUE_VIEWS;

/** The list's accepted query values: what its form shows, its links keep and the CSV follows. */
export interface ListQuery {
  status?: LeadStatus | undefined;
  group?: FormGroup | undefined;
  form?: string | undefined;
  /** A staff id, or 'none' for unassigned. */
  assignee?: string | undefined;
  /** Agency days, `YYYY-MM-DD`, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  due?: DueView | undefined;
}

export interface ParsedList {
  query: ListQuery;
  filter: DeskFilter;
  page: number;
  /** One sentence per value that was not understood and so was ignored. */
  notes: string[];
}

export interface ParseOptions {
  /** The agency's day now, `YYYY-MM-DD`, for the due views. */
  today: string;
  timeZone: string;
  /** The staff an assignee may name; without it any id is passed on. */
  staffIds?: readonly string[] | undefined;
}

const QUERY_KEYS = ['status', 'group', 'form', 'assignee', 'from', 'to', 'q', 'due'] as const;

function isKey<T extends string>(keys: readonly T[] | Record<T, unknown>, value: string): value is T {
  return Array.isArray(keys) ? keys.includes(value) : Object.hasOwn(keys, value);
}

/** The list's query string as a store filter and page number; bad values are dropped with a note, never an error. */
export function parseListQuery(params: URLSearchParams, options: ParseOptions): ParsedList {
  const notes: string[] = [];
  const query: ListQuery = {};
  const read = (key: string) => params.get(key)?.trim() ?? '';
  const ignore = (what: string, value: string) =>
    notes.push(`${what} "${value}" is not one the desk knows, so it was ignored.`);

  const status = read('status');
  if (status && isKey(LEAD_STATUSES, status)) query.status = status;
  else if (status) ignore('The status', status);

  const group = read('group');
  if (group && isKey(FORM_GROUPS, group)) query.group = group;
  else if (group) ignore('The group of pages', group);

  const form = read('form');
  const formDef = form ? findForm(form) : undefined;
  if (formDef && query.group && formDef.group !== query.group) {
    notes.push(`The ${formDef.placement} is not among the ${FORM_GROUPS[query.group]}, so only the page is used.`);
    query.group = undefined;
  }
  if (formDef) query.form = formDef.id;
  else if (form) ignore('The page', form);

  const assignee = read('assignee');
  if (assignee && (assignee === 'none' || !options.staffIds || options.staffIds.includes(assignee)))
    query.assignee = assignee;
  else if (assignee) ignore('The assignee', assignee);

  for (const key of ['from', 'to'] as const) {
    const day = read(key);
    if (day && isCalendarDay(day)) query[key] = day;
    else if (day) notes.push(`"${day}" is not a date (YYYY-MM-DD), so Received ${key} was ignored.`);
  }
  if (query.from && query.to && query.to < query.from)
    notes.push(`Received to (${query.to}) is before received from (${query.from}): nothing can match.`);

  const q = read('q').replace(/\s+/g, ' ').slice(0, SEARCH_MAX);
  if (q) query.q = q;

  const due = read('due');
  if (due && isKey(DUE_VIEWS, due)) query.due = due;
  else if (due) ignore('The view', due);

  const pageText = read('page');
  let page = 1;
  if (/^\d{1,6}$/.test(pageText) && Number(pageText) >= 1) page = Number(pageText);
  else if (pageText) notes.push(`"${pageText}" is not a page number, so the first page is shown.`);

  return { query, filter: deskFilter(query, options), page, notes };
}

/** The store's filter for accepted query values: days become the instants the office's days begin. */
export function deskFilter(query: ListQuery, options: Pick<ParseOptions, 'today' | 'timeZone'>): DeskFilter {
  const formIds = query.form
    ? [query.form]
    : query.group
      ? Object.values(FORMS)
          .filter((form) => form.group === query.group)
          .map((form) => form.id)
      : undefined;
  return {
    status: query.status,
    formIds,
    assignee: query.assignee,
    since: query.from ? agencyDayStart(query.from, options.timeZone) : undefined,
    until: query.to ? agencyDayStart(nextDay(query.to), options.timeZone) : undefined,
    search: query.q,
    due: query.due,
    today: query.due ? options.today : undefined,
  };
}

/** A link to the list (or its CSV) with these values and page; empty values and page 1 are left out. */
export function listHref(path: string, query: ListQuery, page = 1): string {
  const params = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether any filter narrows the list (a view counts; the page number does not). */
export function isFiltered(query: ListQuery): boolean {
  return QUERY_KEYS.some((key) => Boolean(query[key]));
}

/** How many pages `total` leads fill; at least one, so an empty list still has its page 1. */
export function lastPage(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** "1–50 of 1,234": which leads this page shows. */
export function rangeText(page: number, total: number, size = PAGE_SIZE): string {
  const first = (page - 1) * size + 1;
  const last = Math.min(page * size, total);
  if (total === 0 || first > total) return `0 of ${formatCount(total)}`;
  return `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`;
}

/** The page numbers a pager offers: the first, the last and two either side of the current one; null marks a gap. */
export function pageNumbers(current: number, last: number): (number | null)[] {
  const shown = [...new Set([1, last, ...[-2, -1, 0, 1, 2].map((step) => current + step)])]
    .filter((page) => page >= 1 && page <= last)
    .sort((a, b) => a - b);
  return shown.flatMap((page, index) => (index > 0 && page - shown[index - 1]! > 1 ? [null, page] : [page]));
}

/** A follow-up's standing on the agency's `today`: due today, overdue, or neither (none, later, or the lead is closed). */
export function followUpState(lead: Pick<DeskLead, 'followUp' | 'status'>, today: string): DueView | undefined {
  if (!lead.followUp || CLOSED_STATUSES.includes(lead.status)) return undefined;
  if (lead.followUp === today) return 'today';
  return lead.followUp < today ? 'overdue' : undefined;
}

/** One line of the desk's list. */
export interface DeskRow extends LeadListRow {
  received: string;
  status: string;
  assignee: string;
  followUp: string;
  /** "due today" or "overdue", in words beside the date. */
  followUpNote: string;
  /** Paid, balance and the next payment of the lead's booking; its note says when a payment makes the lead due. */
  account: AccountCell;
  /** The language the enquiry came in: the list marks every one that is not English. */
  language: Language;
}

/** A lead as a line of the desk's list, times in the agency's zone, with its booking where it has a quote sent. */
export function deskRow(lead: DeskLead, today: string, timeZone: string, booking?: LeadAccount): DeskRow {
  const state = followUpState(lead, today);
  return {
    ...leadListRow(lead),
    received: formatAgencyTime(lead.receivedAt, timeZone),
    status: statusText(lead),
    assignee: lead.assignee?.email ?? 'Unassigned',
    followUp: lead.followUp ?? '',
    followUpNote: state ? DUE_VIEWS[state].toLowerCase() : '',
    account: accountCell(lead.status, booking),
    language: lead.language,
  };
}

/** "Lost: went with another agency", or the status alone. */
export function statusText(lead: Pick<DeskLead, 'status' | 'lostReason'>): string {
  const label = STATUS_LABELS[lead.status];
  return lead.status === 'lost' && lead.lostReason ? `${label}: ${lead.lostReason}` : label;
}

/** "Times are Central Time (America/Chicago)": the zone every time on the desk is shown in. */
export function zoneSentence(timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return `Times are ${name ?? timeZone} (${timeZone}).`;
}
