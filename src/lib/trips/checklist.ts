/**
 * A traveller's dated checklist before a trip, worked out from the trip's dates and places, what is
 * known of the traveller and the site's dated facts (src/lib/facts.ts): passport validity (Saudi
 * Arabia's from arrival, a holiday country's by `entry`), the visa by its kind (`visa.kinds`: the
 * Umrah visa lapses unused after `visa.umrahWindow` days; the tourist eVisa lasts `visa.validity`),
 * the season's cut-offs before Hajj (`seasons.umrahPause`: last issue, last entry, leave Makkah by),
 * with a margin for a flight that lands late, the meningitis vaccine (`health.acwy`, required or
 * recommended by trip type), the Nusuk permit (`permits.nusuk`). Nothing here is stored: edit a fact
 * and every checklist follows the same day. Days are `YYYY-MM-DD` in the agency's calendar.
 */
import { addDays } from '../agency-time.ts';

/** Who a traveller is for the rules: the quote's lines count adults, children and infants. */
export type TravellerCategory = 'adult' | 'child' | 'infant';

/**
 * What a stay in Saudi Arabia is for, where the rules differ (the vaccine is required for Hajj and
 * recommended for Umrah; the Nusuk Umrah permit is Umrah's). A holiday country has its own entry rule.
 */
export type TripKind = 'umrah' | 'hajj';

/** A holiday trip's country, as the catalogue's holiday trips name it. */
export type HolidayCountry = 'turkey' | 'jordan' | 'uae' | 'egypt';

/**
 * The trip's dates, from the accepted quote, and where it goes: a stay in Saudi Arabia (the Umrah
 * checklist), a holiday country (its entry rule), or both; `today` is the agency's day it is read on.
 */
export interface TripDates {
  kind: TripKind;
  departureOn: string;
  /** The day the traveller lands: every entry rule counts from it. */
  arrivalOn: string;
  /** The day the trip ends: a visa must last to it, and the pre-Hajj closure is counted against it. */
  returnOn: string;
  /** Whether the trip stays in Saudi Arabia (Makkah or Madinah): only then the Umrah items. */
  saudi: boolean;
  /** The holiday country, or null for a trip that is only Umrah. */
  holiday: HolidayCountry | null;
  today: string;
}

/**
 * A vaccination as recorded: where a rule requires the vaccine, its type (a certificate that names
 * none counts as polysaccharide) and day; where it is only recommended, 'given' and nothing more.
 */
export interface Vaccination {
  type: 'conjugate' | 'polysaccharide' | 'unnamed';
  givenOn: string;
}

/** The kinds of visa a traveller may hold for Umrah: ours with the package, their own tourist eVisa, or another (a residence permit, a GCC visa). */
export type VisaKind = 'umrah' | 'tourist' | 'other';

/**
 * A traveller's visa with only the dates its kind needs: the Umrah visa and the tourist eVisa by
 * status and day (applied or issued); another kind by the last day it is valid. Never a number.
 */
export type VisaRecord =
  | { kind: 'umrah' | 'tourist'; status: 'not-applied' }
  | { kind: 'umrah' | 'tourist'; status: 'applied' | 'issued'; on: string }
  | { kind: 'other'; status: 'issued'; validUntil: string };

/** A visa known by its status and day: the Umrah visa or the tourist eVisa. */
type OwnVisa = Exclude<VisaRecord, { kind: 'other' }>;

/** What is known of one traveller; null where nothing is recorded yet. No passport number, ever. */
export interface TravellerFacts {
  category: TravellerCategory;
  passportExpiresOn: string | null;
  /** The vaccination, 'given' (recorded as done, nothing more), or 'not-needed' as staff recorded it (honoured only where the rule does not require it). */
  vaccination: Vaccination | 'given' | 'not-needed' | null;
  visa: VisaRecord;
  nusukPermitOn: string | null;
}

/** A holiday country's entry rule as the checklist reads it (src/lib/facts.ts, `entry`). */
export interface EntryRule {
  visa: 'none' | 'on-arrival';
  passport: { from: 'arrival' | 'departure'; months: number; days: number };
}

/** The season's cut-offs for the visas that allow Umrah (the first day of each expected range: the safe one). */
export interface SeasonCutoffs {
  /** The last day an Umrah visa is issued before Hajj. */
  lastIssue: string;
  /** The last day to enter on an Umrah visa. */
  lastEntry: string;
  /** The last day in Makkah before the pre-Hajj closure, for every kind of visa but Hajj's. */
  leaveBy: string;
  /** The day Umrah visas are issued and Makkah opens again after Hajj. */
  reopens: string;
}

/** The numbers the rules read, from the site's facts and the late-arrival margin (`checklistRules` gives them). */
export interface ChecklistRules {
  passportMonthsValid: number;
  visaUseWithinDays: number;
  processingBusinessDays: number;
  /** The tourist eVisa: how long it is valid from issue, and the longest stay. */
  eVisa: { validMonths: number; maxStayDays: number };
  /** Days a flight may land after the computed arrival: every window keeps them (`TRIP_ARRIVAL_MARGIN_DAYS`). */
  arrivalMarginDays: number;
  season: SeasonCutoffs;
  entry: Record<HolidayCountry, EntryRule>;
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

/**
 * Why an item is blocked, for its words: the passport expires too soon; the Umrah visa lapses before
 * arrival, no day works, arrival is after the last entry, or the stay crosses the pre-Hajj closure;
 * a visa that is not valid for the whole stay, or a stay longer than the eVisa allows.
 */
export type BlockReason =
  'passport-expires' | 'lapses' | 'no-day' | 'after-last-entry' | 'closure' | 'expires' | 'too-long';

export interface ChecklistItem {
  key: 'passport' | 'visa' | 'vaccine' | 'nusuk' | 'entry';
  state: ItemState;
  /** The first day it may be done, where that matters (the visa window). */
  from?: string;
  /** The last day it may be done; for a blocker, the day it runs up against. */
  by?: string;
  /** For the vaccine: whether the rule requires it for this trip, or only recommends it. */
  required?: boolean;
  /** For a blocked item: why. */
  reason?: BlockReason;
  /** For the entry item: the holiday country whose rule it is. */
  country?: HolidayCountry;
}

type SeasonDays = Record<string, { from: string; to?: string | undefined }>;

/** The rules' numbers from the site's facts and the late-arrival margin: the one place a checklist reads them. */
export function checklistRules(
  facts: {
    visa: {
      passport: { monthsValid: number };
      umrahWindow: { useWithinDays: number };
      processing: { maxBusinessDays: number };
      validity: { validMonths: number; maxStayDays: number };
    };
    health: { acwy: ChecklistRules['vaccine'] };
    entry: Record<HolidayCountry, EntryRule>;
  },
  seasons: { umrahPause: { days: SeasonDays } },
  arrivalMarginDays: number,
): ChecklistRules {
  const { daysBeforeArrival, conjugateYears, polysaccharideYears, umrah, hajj } = facts.health.acwy;
  const day = (name: string) => {
    const found = seasons.umrahPause.days[name];
    if (!found) throw new Error(`The season umrahPause has no day ${name}`);
    return found.from;
  };
  const entry = Object.fromEntries(
    Object.entries(facts.entry).map(([country, rule]) => [country, { visa: rule.visa, passport: rule.passport }]),
  ) as Record<HolidayCountry, EntryRule>;
  return {
    passportMonthsValid: facts.visa.passport.monthsValid,
    visaUseWithinDays: facts.visa.umrahWindow.useWithinDays,
    processingBusinessDays: facts.visa.processing.maxBusinessDays,
    eVisa: { validMonths: facts.visa.validity.validMonths, maxStayDays: facts.visa.validity.maxStayDays },
    arrivalMarginDays,
    season: {
      lastIssue: day('lastIssue'),
      lastEntry: day('lastEntry'),
      leaveBy: day('departBy'),
      reopens: day('reopens'),
    },
    entry,
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

/** The latest day a traveller may land: the computed arrival and the margin for a late flight. */
export function latestArrival(trip: Pick<TripDates, 'arrivalOn'>, rules: ChecklistRules): string {
  return addDays(trip.arrivalOn, rules.arrivalMarginDays);
}

/** Whether `day` falls in the pre-Hajj pause after `last` (the last issue or entry day), before Umrah reopens. */
const pausedAfter = (day: string, last: string, rules: ChecklistRules) => day > last && day < rules.season.reopens;

/**
 * The days to apply for the Umrah visa: no earlier than a visa issued at once would still be valid
 * on the latest arrival (the margin kept), no later than our processing allows before departure nor
 * than the season's last issue day. `from` after `by` means no day works.
 */
export function visaWindow(trip: Pick<TripDates, 'departureOn' | 'arrivalOn'>, rules: ChecklistRules) {
  let from = addDays(latestArrival(trip, rules), -rules.visaUseWithinDays);
  let by = businessDaysBefore(trip.departureOn, rules.processingBusinessDays);
  // No Umrah visa is issued between the last issue day and the reopening after Hajj.
  if (pausedAfter(by, rules.season.lastIssue, rules)) by = rules.season.lastIssue;
  if (pausedAfter(from, rules.season.lastIssue, rules)) from = rules.season.reopens;
  return { from, by };
}

/** The days to apply for a tourist eVisa: early enough to be issued in time, late enough to be valid until the return. */
export function eVisaWindow(trip: Pick<TripDates, 'departureOn' | 'returnOn'>, rules: ChecklistRules) {
  return {
    from: addMonths(trip.returnOn, -rules.eVisa.validMonths),
    by: businessDaysBefore(trip.departureOn, rules.processingBusinessDays),
  };
}

/** Whether the stay in Saudi Arabia runs past the last day before the pre-Hajj closure of Makkah (or begins inside it). */
export function crossesClosure(trip: Pick<TripDates, 'arrivalOn' | 'returnOn'>, rules: ChecklistRules): boolean {
  return trip.arrivalOn < rules.season.reopens && trip.returnOn > rules.season.leaveBy;
}

/** A day's state against its last day: due until then, late after. */
function dueOrLate(today: string, by: string): ItemState {
  return today > by ? 'late' : 'due';
}

/** The last day the passport must be valid to: the Saudi rule from arrival, the holiday country's from arrival or leaving, the later of them. */
export function passportNeededUntil(trip: TripDates, rules: ChecklistRules): string {
  const days: string[] = [];
  if (trip.saudi) days.push(addMonths(trip.arrivalOn, rules.passportMonthsValid));
  if (trip.holiday) {
    const { from, months, days: extra } = rules.entry[trip.holiday].passport;
    days.push(addDays(addMonths(from === 'arrival' ? trip.arrivalOn : trip.returnOn, months), extra));
  }
  return days.reduce((latest, day) => (day > latest ? day : latest), trip.arrivalOn);
}

function passportItem(traveller: TravellerFacts, trip: TripDates, rules: ChecklistRules): ChecklistItem {
  const needed = passportNeededUntil(trip, rules);
  if (traveller.passportExpiresOn === null) {
    // An Umrah visa needs the passport's details: due by the day its window opens; else before our checks.
    const by = trip.saudi
      ? visaWindow(trip, rules).from
      : businessDaysBefore(trip.departureOn, rules.processingBusinessDays);
    return { key: 'passport', state: dueOrLate(trip.today, by), by };
  }
  return traveller.passportExpiresOn < needed
    ? { key: 'passport', state: 'blocked', by: needed, reason: 'passport-expires' }
    : { key: 'passport', state: 'done', by: needed };
}

const blocked = (reason: BlockReason, by: string): ChecklistItem => ({ key: 'visa', state: 'blocked', by, reason });

/** The Umrah visa we apply for: its window, the last entry, the closure, and a visa issued too early. */
function umrahVisaItem(visa: OwnVisa, trip: TripDates, rules: ChecklistRules): ChecklistItem {
  const { season } = rules;
  if (pausedAfter(latestArrival(trip, rules), season.lastEntry, rules))
    return blocked('after-last-entry', season.lastEntry);
  if (crossesClosure(trip, rules)) return blocked('closure', season.leaveBy);
  const window = visaWindow(trip, rules);
  if (visa.status === 'issued') {
    const lapsesOn = addDays(visa.on, rules.visaUseWithinDays);
    return lapsesOn < latestArrival(trip, rules)
      ? blocked('lapses', lapsesOn)
      : { key: 'visa', state: 'done', ...window };
  }
  // No day to be issued and still be used: an application already made cannot help either.
  if (window.from > window.by) return { key: 'visa', state: 'blocked', reason: 'no-day', ...window };
  if (visa.status === 'applied') return { key: 'visa', state: 'waiting', ...window };
  return { key: 'visa', state: dueOrLate(trip.today, window.by), ...window };
}

/** The traveller's own tourist eVisa: valid to the return, a stay it allows, and no Umrah in the closure. */
function eVisaItem(visa: OwnVisa, trip: TripDates, rules: ChecklistRules): ChecklistItem {
  if (crossesClosure(trip, rules)) return blocked('closure', rules.season.leaveBy);
  if (addDays(trip.arrivalOn, rules.eVisa.maxStayDays) < trip.returnOn) {
    return blocked('too-long', addDays(trip.arrivalOn, rules.eVisa.maxStayDays));
  }
  const window = eVisaWindow(trip, rules);
  if (visa.status === 'issued') {
    const validUntil = addMonths(visa.on, rules.eVisa.validMonths);
    return validUntil < trip.returnOn ? blocked('expires', validUntil) : { key: 'visa', state: 'done', by: validUntil };
  }
  if (visa.status === 'applied') return { key: 'visa', state: 'waiting', ...window };
  return { key: 'visa', state: dueOrLate(trip.today, window.by), ...window };
}

function visaItem(traveller: TravellerFacts, trip: TripDates, rules: ChecklistRules): ChecklistItem {
  const { visa } = traveller;
  if (visa.kind !== 'other')
    return visa.kind === 'umrah' ? umrahVisaItem(visa, trip, rules) : eVisaItem(visa, trip, rules);
  // A residence permit or a GCC visa: valid to the return, and no Umrah in the closure.
  if (crossesClosure(trip, rules)) return blocked('closure', rules.season.leaveBy);
  if (visa.validUntil < trip.returnOn) return blocked('expires', visa.validUntil);
  return { key: 'visa', state: 'done', by: visa.validUntil };
}

/**
 * What is kept of a vaccination under the trip's rule: where the vaccine is only recommended, whether
 * it is given and nothing more (health data only where a rule needs it); its type and day otherwise.
 */
export function keptVaccination(
  vaccination: TravellerFacts['vaccination'],
  rule: { status: 'required' | 'recommended' },
): TravellerFacts['vaccination'] {
  return rule.status === 'recommended' && vaccination !== null && typeof vaccination !== 'string'
    ? 'given'
    : vaccination;
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
  // Only recommended: "given" is all that is kept, and all that is needed.
  if (vaccination === 'given' && !required) return { key: 'vaccine', state: 'done', by, required };
  if (vaccination !== null && vaccination !== 'given' && vaccinationCounts(vaccination, trip, rules)) {
    return { key: 'vaccine', state: 'done', by, required };
  }
  return { key: 'vaccine', state: dueOrLate(trip.today, by), by, required };
}

function nusukItem(traveller: TravellerFacts, trip: TripDates): ChecklistItem {
  if (trip.kind !== 'umrah') return { key: 'nusuk', state: 'not-needed' };
  if (traveller.nusukPermitOn !== null) return { key: 'nusuk', state: 'done', by: trip.arrivalOn };
  return { key: 'nusuk', state: dueOrLate(trip.today, trip.arrivalOn), by: trip.arrivalOn };
}

/**
 * One traveller's checklist for a trip, each item with its state and days: the passport for every
 * trip; the holiday country's entry; and for a stay in Saudi Arabia the visa, the vaccine and the
 * Nusuk permit. A holiday trip has no Umrah item (no fact asks a US traveller for a vaccine there).
 */
export function travellerChecklist(traveller: TravellerFacts, trip: TripDates, rules: ChecklistRules): ChecklistItem[] {
  const items = [passportItem(traveller, trip, rules)];
  // The entry rule is the country's: nothing to do before travel (none, or a visa given on arrival).
  if (trip.holiday) items.push({ key: 'entry', state: 'not-needed', country: trip.holiday });
  if (trip.saudi)
    items.push(visaItem(traveller, trip, rules), vaccineItem(traveller, trip, rules), nusukItem(traveller, trip));
  return items;
}

/** Where a traveller stands: blocked by any item, else with items due or late, else waiting on a visa applied for, else ready. */
export type Readiness = 'ready' | 'waiting' | 'due' | 'blocked';

/** A traveller as the desk's board counts them: ready only when every item is done or not needed. */
export function readiness(items: readonly ChecklistItem[]): Readiness {
  if (items.some((item) => item.state === 'blocked')) return 'blocked';
  if (items.some((item) => item.state === 'due' || item.state === 'late')) return 'due';
  if (items.some((item) => item.state === 'waiting')) return 'waiting';
  return 'ready';
}
