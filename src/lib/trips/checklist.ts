/**
 * A traveller's dated checklist before an Umrah trip, worked out from the trip's dates, what is known
 * of the traveller and the site's dated facts (src/lib/facts.ts): passport validity from arrival,
 * the Umrah visa's window (it lapses unused after `visa.umrahWindow` days, and our processing takes
 * up to `visa.processing` business days), the meningitis vaccine (`health.acwy`, required or
 * recommended by trip type), the Nusuk permit (`permits.nusuk`). Nothing here is stored: edit a fact
 * and every checklist follows the same day. Days are `YYYY-MM-DD` in the agency's calendar.
 */
import { addDays } from '../agency-time.ts';

/** Who a traveller is for the rules: the quote's lines count adults, children and infants. */
export type TravellerCategory = 'adult' | 'child' | 'infant';

/**
 * What the trip is, for the rules that differ (the vaccine is required for Hajj and recommended for
 * Umrah; the Nusuk Umrah permit is Umrah's). These are Saudi rules: a trip elsewhere has no checklist here.
 */
export type TripKind = 'umrah' | 'hajj';

/** The trip's dates, from the accepted quote; `today` is the agency's day the checklist is read on. */
export interface TripDates {
  kind: TripKind;
  departureOn: string;
  /** The day the traveller lands in Saudi Arabia: every Saudi rule counts from it. */
  arrivalOn: string;
  today: string;
}

/** A vaccination as recorded: its type (a certificate that names none counts as polysaccharide) and day. */
export interface Vaccination {
  type: 'conjugate' | 'polysaccharide' | 'unnamed';
  givenOn: string;
}

/** What is known of one traveller; null where nothing is recorded yet. No passport number, ever. */
export interface TravellerFacts {
  category: TravellerCategory;
  passportExpiresOn: string | null;
  /** The vaccination, or 'not-needed' as staff recorded it (honoured only where the rule does not require it). */
  vaccination: Vaccination | 'not-needed' | null;
  visa: { status: 'not-applied' } | { status: 'applied'; on: string } | { status: 'issued'; on: string };
  nusukPermitOn: string | null;
}

/** The numbers the rules read, from the site's facts (`checklistRules` gives them). */
export interface ChecklistRules {
  passportMonthsValid: number;
  visaUseWithinDays: number;
  processingBusinessDays: number;
  vaccine: {
    daysBeforeArrival: number;
    conjugateYears: number;
    polysaccharideYears: number;
    umrah: { status: 'required' | 'recommended'; minAgeYears?: number | undefined };
    hajj: { status: 'required' | 'recommended'; minAgeYears?: number | undefined };
  };
}

/**
 * Where one item stands: done; due (between `from` and `by` when it has a window); waiting on
 * someone else (a visa applied for); late (its last day has passed); blocked (it cannot be done in
 * time as things are, e.g. a passport that expires too soon); or not needed for this traveller.
 */
export type ItemState = 'done' | 'due' | 'waiting' | 'late' | 'blocked' | 'not-needed';

export interface ChecklistItem {
  key: 'passport' | 'visa' | 'vaccine' | 'nusuk';
  state: ItemState;
  /** The first day it may be done, where that matters (the visa window). */
  from?: string;
  /** The last day it may be done. */
  by?: string;
  /** For the vaccine: whether the rule requires it for this trip, or only recommends it. */
  required?: boolean;
}

/** The rules' numbers from the site's facts: the one place a checklist reads them. */
export function checklistRules(facts: {
  visa: {
    passport: { monthsValid: number };
    umrahWindow: { useWithinDays: number };
    processing: { maxBusinessDays: number };
  };
  health: { acwy: ChecklistRules['vaccine'] };
}): ChecklistRules {
  const { daysBeforeArrival, conjugateYears, polysaccharideYears, umrah, hajj } = facts.health.acwy;
  return {
    passportMonthsValid: facts.visa.passport.monthsValid,
    visaUseWithinDays: facts.visa.umrahWindow.useWithinDays,
    processingBusinessDays: facts.visa.processing.maxBusinessDays,
    vaccine: { daysBeforeArrival, conjugateYears, polysaccharideYears, umrah, hajj },
  };
}

/** `day` moved by whole months, kept to the month's last day (31 August + 6 months is 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The working day `count` working days (Monday to Friday) before `day`. */
export function businessDaysBefore(day: string, count: number): string {
  // One date stepped back in place: the desk's board reads this for every traveller of every booking.
  const current = new Date(`${day}T00:00:00Z`);
  for (let left = count; left > 0;) {
    current.setUTCDate(current.getUTCDate() - 1);
    const weekday = current.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return current.toISOString().slice(0, 10);
}

/**
 * The days to apply for the Umrah visa: no earlier than a visa issued at once would still be valid
 * on arrival, no later than our processing allows before departure. `from` after `by` means no day works.
 */
export function visaWindow(trip: Pick<TripDates, 'departureOn' | 'arrivalOn'>, rules: ChecklistRules) {
  return {
    from: addDays(trip.arrivalOn, -rules.visaUseWithinDays),
    by: businessDaysBefore(trip.departureOn, rules.processingBusinessDays),
  };
}

/** A day's state against its last day: due until then, late after. */
function dueOrLate(today: string, by: string): ItemState {
  return today > by ? 'late' : 'due';
}

function passportItem(traveller: TravellerFacts, trip: TripDates, rules: ChecklistRules): ChecklistItem {
  const needed = addMonths(trip.arrivalOn, rules.passportMonthsValid);
  if (traveller.passportExpiresOn === null) {
    // The visa needs the passport's details: they are due by the day the window opens.
    const by = visaWindow(trip, rules).from;
    return { key: 'passport', state: dueOrLate(trip.today, by), by };
  }
  return { key: 'passport', state: traveller.passportExpiresOn < needed ? 'blocked' : 'done', by: needed };
}

function visaItem(traveller: TravellerFacts, trip: TripDates, rules: ChecklistRules): ChecklistItem {
  const window = visaWindow(trip, rules);
  const { visa } = traveller;
  if (visa.status === 'issued') {
    // Issued too early, it lapses before arrival: a new one is needed.
    const lapsesOn = addDays(visa.on, rules.visaUseWithinDays);
    return { key: 'visa', state: lapsesOn < trip.arrivalOn ? 'blocked' : 'done', ...window };
  }
  if (visa.status === 'applied') return { key: 'visa', state: 'waiting', ...window };
  if (window.from > window.by) return { key: 'visa', state: 'blocked', ...window };
  return { key: 'visa', state: dueOrLate(trip.today, window.by), ...window };
}

/** Whether a recorded vaccination counts on arrival: given early enough, and still valid for its type. */
function vaccinationCounts(vaccination: Vaccination, trip: TripDates, rules: ChecklistRules): boolean {
  const { daysBeforeArrival, conjugateYears, polysaccharideYears } = rules.vaccine;
  const years = vaccination.type === 'conjugate' ? conjugateYears : polysaccharideYears;
  return (
    vaccination.givenOn <= addDays(trip.arrivalOn, -daysBeforeArrival) &&
    addMonths(vaccination.givenOn, years * 12) >= trip.arrivalOn
  );
}

function vaccineItem(traveller: TravellerFacts, trip: TripDates, rules: ChecklistRules): ChecklistItem {
  const rule = rules.vaccine[trip.kind];
  const required = rule.status === 'required';
  // Infants are under two: the youngest age any rule names.
  if (traveller.category === 'infant' && (rule.minAgeYears ?? 0) >= 2) {
    return { key: 'vaccine', state: 'not-needed', required: false };
  }
  const by = addDays(trip.arrivalOn, -rules.vaccine.daysBeforeArrival);
  const { vaccination } = traveller;
  if (vaccination === 'not-needed') {
    return required
      ? { key: 'vaccine', state: dueOrLate(trip.today, by), by, required }
      : { key: 'vaccine', state: 'not-needed', required };
  }
  if (vaccination !== null && vaccinationCounts(vaccination, trip, rules)) {
    return { key: 'vaccine', state: 'done', by, required };
  }
  return { key: 'vaccine', state: dueOrLate(trip.today, by), by, required };
}

function nusukItem(traveller: TravellerFacts, trip: TripDates): ChecklistItem {
  if (trip.kind !== 'umrah') return { key: 'nusuk', state: 'not-needed' };
  if (traveller.nusukPermitOn !== null) return { key: 'nusuk', state: 'done', by: trip.arrivalOn };
  return { key: 'nusuk', state: dueOrLate(trip.today, trip.arrivalOn), by: trip.arrivalOn };
}

/** One traveller's checklist for a trip: passport, visa, vaccine and Nusuk permit, each with its state and days. */
export function travellerChecklist(traveller: TravellerFacts, trip: TripDates, rules: ChecklistRules): ChecklistItem[] {
  return [
    passportItem(traveller, trip, rules),
    visaItem(traveller, trip, rules),
    vaccineItem(traveller, trip, rules),
    nusukItem(traveller, trip),
  ];
}

/** A traveller as the desk's board counts them: blocked by any item, else with items due or late, else ready. */
export function readiness(items: readonly ChecklistItem[]): 'ready' | 'due' | 'blocked' {
  if (items.some((item) => item.state === 'blocked')) return 'blocked';
  if (items.some((item) => item.state === 'due' || item.state === 'late')) return 'due';
  return 'ready';
}
