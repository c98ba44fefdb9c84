/**
 * The desk's view of the bookings about to travel: the departures board (the next 60 days, by date,
 * with each booking's travellers counted by where their checklist stands), the digest's "departing
 * soon and not ready" and the dashboard's departures. A booking is an accepted quote, not withdrawn,
 * with a deposit recorded (the store decides which); here it is only shaped. Days are the agency's.
 */
import type { Language } from '../languages.ts';
import { addDays } from '../agency-time.ts';
import { countOf } from '../format.ts';
import { readiness, travellerChecklist, type ChecklistRules } from './checklist.ts';
import type { DraftPlace } from './destinations.ts';
import { countsText, tripDatesOf, type CategoryCounts, type Traveller } from './travellers.ts';

/** The board lists the bookings departing within this many days from today (today included). */
export const BOARD_WITHIN_DAYS = 60;
/** The digest names the bookings departing within this many days that are not ready. */
export const NOT_READY_WITHIN_DAYS = 45;

/** A booking as the store reads it for these views: the lead, the accepted version's dates, places and counts. */
export interface DepartingBooking extends DraftPlace {
  leadId: string;
  quoteId: string;
  reference: string;
  /** The name the visitor gave, or ''. */
  name: string;
  /** Who has the lead on the desk, for the digest. */
  assigneeId: string | null;
  departureOn: string;
  returnOn: string;
  departureAirport: string | null;
  quoted: CategoryCounts;
  /** The booking's language: its own once chosen, else the enquiry's. */
  language: Language;
}

/** A booking's line on the board: its dates, who is added against who is quoted, and where they stand. */
export interface DepartureRow {
  leadId: string;
  reference: string;
  name: string;
  departureOn: string;
  returnOn: string;
  /** Travellers added, and how many the accepted quote is for. */
  added: number;
  quoted: number;
  /** "2 adults, 1 child". */
  quotedText: string;
  ready: number;
  /** Travellers whose only open item is a visa applied for and not yet issued: never ready. */
  waiting: number;
  due: number;
  blocked: number;
  /** Every quoted traveller added and ready. */
  allReady: boolean;
  /** The language the family's trip page and emails are in. */
  language: Language;
}

/** The first and last departure day (inclusive) of the bookings departing within `days` of `today`. */
export function departureWindow(today: string, days: number): { from: string; to: string } {
  return { from: today, to: addDays(today, days) };
}

const quotedTotal = (quoted: CategoryCounts) => quoted.adult + quoted.child + quoted.infant;

/**
 * One booking's line, each of its travellers' checklist read on `today`. A booking is ready only
 * when every traveller the quote is for is added and ready: one still to add is never ready.
 */
export function departureRow(
  booking: DepartingBooking,
  travellers: readonly Traveller[],
  today: string,
  rules: ChecklistRules,
): DepartureRow {
  const trip = tripDatesOf(booking, today);
  const counts = { ready: 0, waiting: 0, due: 0, blocked: 0 };
  const own = travellers.filter((each) => each.quoteId === booking.quoteId);
  for (const traveller of own) counts[readiness(travellerChecklist(traveller, trip, rules))] += 1;
  const quoted = quotedTotal(booking.quoted);
  return {
    leadId: booking.leadId,
    reference: booking.reference,
    name: booking.name,
    departureOn: booking.departureOn,
    returnOn: booking.returnOn,
    added: own.length,
    quoted,
    quotedText: countsText(booking.quoted),
    ...counts,
    allReady: own.length >= quoted && counts.ready === own.length,
    language: booking.language,
  };
}

/** The board's filter from the address: `?show=blocked` keeps the bookings with a blocked traveller. */
export type DepartureFilter = 'all' | 'blocked';

/** The board's filter as the address asks it; anything else is the whole board. */
export function readDepartureFilter(search: URLSearchParams): DepartureFilter {
  return search.get('show') === 'blocked' ? 'blocked' : 'all';
}

/** The departures board: the bookings departing in the window, soonest first, filtered, with a summary line. */
export function departuresBoard(input: {
  bookings: readonly DepartingBooking[];
  travellers: readonly Traveller[];
  today: string;
  rules: ChecklistRules;
  filter: DepartureFilter;
}): { rows: DepartureRow[]; summary: string; window: { from: string; to: string } } {
  const { today, rules, filter } = input;
  const window = departureWindow(today, BOARD_WITHIN_DAYS);
  const byQuote = Map.groupBy(input.travellers, (each) => each.quoteId);
  const all = input.bookings
    .filter((booking) => booking.departureOn >= window.from && booking.departureOn <= window.to)
    .toSorted((a, b) => a.departureOn.localeCompare(b.departureOn) || a.reference.localeCompare(b.reference))
    .map((booking) => departureRow(booking, byQuote.get(booking.quoteId) ?? [], today, rules));
  const rows = filter === 'blocked' ? all.filter((row) => row.blocked > 0) : all;
  const withBlocked = all.filter((row) => row.blocked > 0).length;
  const notReady = all.filter((row) => !row.allReady).length;
  const waitingOnVisa = all.filter((row) => row.waiting > 0).length;
  const summary =
    all.length === 0
      ? `No booking departs in the next ${BOARD_WITHIN_DAYS} days.`
      : `${countOf(all.length, 'booking')} departing in the next ${BOARD_WITHIN_DAYS} days: ${notReady} not ready, ${withBlocked} with a blocked traveller${waitingOnVisa > 0 ? `, ${waitingOnVisa} waiting on a visa` : ''}.`;
  return { rows, summary, window };
}

/** A booking the digest names: departing within `NOT_READY_WITHIN_DAYS` and not ready. */
export interface NotReadyDeparture {
  leadId: string;
  reference: string;
  name: string;
  assigneeId: string | null;
  departureOn: string;
  /** Its travellers waiting on a visa applied for (not ready, nothing for the family to do). */
  waiting: number;
}

/** The bookings departing within `NOT_READY_WITHIN_DAYS` of `today` that are not ready, soonest first. */
export function notReadyDepartures(
  bookings: readonly DepartingBooking[],
  travellers: readonly Traveller[],
  today: string,
  rules: ChecklistRules,
): NotReadyDeparture[] {
  const { from, to } = departureWindow(today, NOT_READY_WITHIN_DAYS);
  const byQuote = Map.groupBy(travellers, (each) => each.quoteId);
  return bookings
    .filter((booking) => booking.departureOn >= from && booking.departureOn <= to)
    .map((booking) => ({ booking, row: departureRow(booking, byQuote.get(booking.quoteId) ?? [], today, rules) }))
    .filter(({ row }) => !row.allReady)
    .toSorted(
      (a, b) =>
        a.booking.departureOn.localeCompare(b.booking.departureOn) ||
        a.booking.reference.localeCompare(b.booking.reference),
    )
    .map(({ booking: { leadId, reference, name, assigneeId, departureOn }, row }) => ({
      leadId,
      reference,
      name,
      assigneeId,
      departureOn,
      waiting: row.waiting,
    }));
}

/** The dashboard's departures: bookings departed in its period and their travellers ready on the day. */
export interface DepartedFigures {
  departed: number;
  /** Travellers the departed bookings' quotes were for, among bookings whose details are still held. */
  travellers: number;
  /** Of those, added and ready by the checklist read on their departure day. */
  readyOnTime: number;
  /** Of those, still waiting on a visa applied for on their departure day: not ready. */
  waiting: number;
  /** Departed bookings whose travellers' details retention has deleted: not in the two counts above. */
  deleted: number;
}

/**
 * Counts the bookings that departed between `from` and the day before `today`, and their travellers
 * who were ready on time: each checklist read on the departure day with what is recorded now. Once
 * retention has deleted a booking's travellers (`retentionDays` after its return) nothing is left to
 * read, so that booking is counted as departed and set apart, never as travellers not ready.
 */
export function departedFigures(input: {
  bookings: readonly DepartingBooking[];
  travellers: readonly Traveller[];
  from: string;
  today: string;
  retentionDays: number;
  rules: ChecklistRules;
}): DepartedFigures {
  const { from, today, retentionDays, rules } = input;
  const byQuote = Map.groupBy(input.travellers, (each) => each.quoteId);
  const figures: DepartedFigures = { departed: 0, travellers: 0, readyOnTime: 0, waiting: 0, deleted: 0 };
  for (const booking of input.bookings) {
    if (booking.departureOn < from || booking.departureOn >= today) continue;
    figures.departed += 1;
    if (addDays(booking.returnOn, retentionDays) < today) {
      figures.deleted += 1;
      continue;
    }
    const row = departureRow(booking, byQuote.get(booking.quoteId) ?? [], booking.departureOn, rules);
    figures.travellers += Math.max(row.quoted, row.added);
    figures.readyOnTime += row.ready;
    figures.waiting += row.waiting;
  }
  return figures;
}

/** The dashboard's words for the departures: each figure with what it is counted on. */
export function departedWords(
  figures: DepartedFigures,
  retentionDays: number,
): { label: string; value: string; note: string }[] {
  const percent = figures.travellers === 0 ? null : Math.round((figures.readyOnTime / figures.travellers) * 100);
  const deleted =
    figures.deleted === 0
      ? ''
      : ` Not counted: ${countOf(figures.deleted, 'booking')} whose travellers' details were deleted ${retentionDays} days after the return, as retention does.`;
  return [
    {
      label: 'Bookings departed',
      value: String(figures.departed),
      note: 'Accepted quotes with a deposit whose departure day fell in these weeks, before today.',
    },
    {
      label: 'Travellers ready on time',
      value: percent === null ? '–' : `${figures.readyOnTime} of ${figures.travellers} (${percent}%)`,
      note: `Each traveller's checklist read on the departure day with what was recorded; a traveller never added counts as not ready.${deleted}`,
    },
    {
      label: 'Travellers still waiting on a visa',
      value: String(figures.waiting),
      note: 'Of the travellers above, those whose visa was applied for and not recorded as issued by the departure day: counted as not ready.',
    },
  ];
}
