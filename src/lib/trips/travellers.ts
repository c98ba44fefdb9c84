/**
 * The travellers on a booking as staff record them in the desk: reading and checking the form, how
 * the count agrees with the accepted quote's lines, the trip's dates from that quote, and the card's
 * words for each traveller's checklist. Minimal data by design: a name as in the passport, an age
 * category, the passport's expiry, the vaccination (health data: its type and day only where a rule
 * requires it, else whether it is given), the visa's kind with its status and day (or, for a residence
 * permit or GCC visa, the day it expires) and the Nusuk permit's day. No passport or visa number, no
 * scan, no date of birth.
 */
import { addDays } from '../agency-time.ts';
import { isCalendarDay } from '../dates.ts';
import { facts } from '../facts.ts';
import { countryName, tripPlace, type DraftPlace } from './destinations.ts';
import { tripSpeech, type TripSpeech } from './speech.ts';
import {
  readiness,
  travellerChecklist,
  type ChecklistItem,
  type ChecklistRules,
  type TravellerCategory,
  type TravellerFacts,
  type TripDates,
  type VisaKind,
  type VisaRecord,
} from './checklist.ts';
import type { HistoryActionKind } from '../pipeline/history.ts';

const TRAVELLER_CATEGORIES = ['adult', 'child', 'infant'] as const satisfies readonly TravellerCategory[];
const VACCINE_CHOICES = ['', 'not-needed', 'given', 'conjugate', 'polysaccharide', 'unnamed'] as const;
const VISA_KINDS = ['umrah', 'tourist', 'other'] as const satisfies readonly VisaKind[];
const VISA_STATUSES = ['not-applied', 'applied', 'issued'] as const;
const MAX_NAME = 100;

/** One traveller as the store keeps them, with who changed them last and when. */
export interface Traveller extends TravellerFacts {
  quoteId: string;
  /** 1, 2, 3 in the order staff added them. */
  position: number;
  name: string;
  updatedAt: string;
  updatedBy: string;
}

/** What a traveller's form says, as typed (to show again after a refusal). */
export interface TravellerFields {
  quoteId: string;
  /** '' for a new traveller, else the position being edited. */
  position: string;
  name: string;
  category: string;
  passportExpiresOn: string;
  vaccine: string;
  vaccinatedOn: string;
  /** The visa's kind: our Umrah visa, the traveller's tourist eVisa, or another kind allowing Umrah. */
  visaKind: string;
  visa: string;
  visaOn: string;
  /** For another kind of visa (a residence permit, a GCC visa): the last day it is valid. */
  visaValidUntil: string;
  nusukPermitOn: string;
}

/** A field's problem, under the field it belongs to (`name`, `visaOn`, `_form`). */
export interface TravellerProblem {
  field: keyof TravellerFields | '_form';
  message: string;
}

/** What a traveller's details are, once checked. */
export type TravellerDetails = Pick<Traveller, 'name' | keyof TravellerFacts>;

type FormLike = { get(name: string): unknown };

/** The lead page's traveller form as typed, or undefined when the post is another form's. */
export function readTravellerForm(data: FormLike): TravellerFields | undefined {
  if (data.get('action') !== 'traveller') return undefined;
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    quoteId: text('quoteId'),
    position: text('position'),
    name: text('name').replace(/\s+/g, ' '),
    category: text('category'),
    passportExpiresOn: text('passportExpiresOn'),
    vaccine: text('vaccine'),
    vaccinatedOn: text('vaccinatedOn'),
    visaKind: text('visaKind'),
    visa: text('visa'),
    visaOn: text('visaOn'),
    visaValidUntil: text('visaValidUntil'),
    nusukPermitOn: text('nusukPermitOn'),
  };
}

const oneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * Checks a traveller's fields: every date a real calendar day, days that record something done not
 * in the future (`today`), the name present and bounded. Problems in the form's order, or the details.
 */
export function checkTraveller(
  fields: TravellerFields,
  today: string,
  say: TripSpeech = tripSpeech('en'),
): { ok: true; details: TravellerDetails } | { ok: false; problems: TravellerProblem[] } {
  const problems: TravellerProblem[] = [];
  const words = say.words.problems;
  const day = (field: keyof TravellerFields, what: string, done: boolean): string | null => {
    const value = fields[field];
    if (value === '') return null;
    if (!isCalendarDay(value)) problems.push({ field, message: words.realDate(what) });
    else if (done && value > today) problems.push({ field, message: words.notAfterToday(what) });
    return value;
  };
  if (fields.name === '') problems.push({ field: 'name', message: words.name });
  else if (fields.name.length > MAX_NAME || /\p{Cc}/u.test(fields.name)) {
    problems.push({ field: 'name', message: words.nameTooLong(MAX_NAME) });
  }
  if (!oneOf(TRAVELLER_CATEGORIES, fields.category)) {
    problems.push({ field: 'category', message: words.category });
  }
  const passportExpiresOn = day('passportExpiresOn', say.words.fields.passportExpiresOn, false);
  let vaccination: TravellerFacts['vaccination'] = null;
  if (!oneOf(VACCINE_CHOICES, fields.vaccine)) {
    problems.push({ field: 'vaccine', message: words.vaccine });
  } else if (fields.vaccine === 'not-needed' || fields.vaccine === 'given') vaccination = fields.vaccine;
  else if (fields.vaccine !== '') {
    const givenOn = day('vaccinatedOn', say.words.fields.vaccinatedOn, true);
    if (givenOn === null) problems.push({ field: 'vaccinatedOn', message: words.vaccinatedOn });
    else vaccination = { type: fields.vaccine, givenOn };
  }
  const visa = checkVisa(fields, day, problems, say);
  const nusukPermitOn = day('nusukPermitOn', say.words.fields.nusukPermitOn, false);
  if (problems.length > 0) return { ok: false, problems };
  const category = fields.category as TravellerCategory;
  return { ok: true, details: { name: fields.name, category, passportExpiresOn, vaccination, visa, nusukPermitOn } };
}

/**
 * The visa from its fields, with only the days its kind needs: for the Umrah visa and the tourist
 * eVisa the status and the day it was applied for or issued; for another kind the day it expires.
 */
function checkVisa(
  fields: TravellerFields,
  day: (field: keyof TravellerFields, what: string, done: boolean) => string | null,
  problems: TravellerProblem[],
  say: TripSpeech,
): VisaRecord {
  const words = say.words.problems;
  // A form from before the visa had a kind (or one that leaves it out) is the Umrah visa, as every traveller was.
  const kind = fields.visaKind || 'umrah';
  if (!oneOf(VISA_KINDS, kind)) {
    problems.push({ field: 'visaKind', message: words.visaKind });
    return { kind: 'umrah', status: 'not-applied' };
  }
  if (kind === 'other') {
    const validUntil = day('visaValidUntil', say.words.fields.visaValidUntil, false);
    if (validUntil !== null) return { kind, status: 'issued', validUntil };
    problems.push({ field: 'visaValidUntil', message: words.visaValidUntil });
    return { kind: 'umrah', status: 'not-applied' };
  }
  if (!oneOf(VISA_STATUSES, fields.visa)) {
    problems.push({ field: 'visa', message: words.visa });
    return { kind, status: 'not-applied' };
  }
  if (fields.visa === 'not-applied') return { kind, status: 'not-applied' };
  const what = fields.visa === 'issued' ? say.words.fields.visaIssued : say.words.fields.visaApplied;
  const on = day('visaOn', what, true);
  if (on !== null) return { kind, status: fields.visa, on };
  problems.push({ field: 'visaOn', message: words.visaOn(fields.visa) });
  return { kind, status: 'not-applied' };
}

/** How many of each category the quote's lines are for. */
export type CategoryCounts = Record<TravellerCategory, number>;

/** The quote's counts in words: "2 adults, 1 child". */
export function countsText(counts: CategoryCounts, say: TripSpeech = tripSpeech('en')): string {
  return say.words.counts(counts);
}

/** Why the travellers would no longer agree with the quote, or undefined: a category may not outnumber the quote's. */
export function tooMany(
  categories: readonly TravellerCategory[],
  quoted: CategoryCounts,
  say: TripSpeech = tripSpeech('en'),
): string | undefined {
  for (const category of TRAVELLER_CATEGORIES) {
    const entered = categories.filter((each) => each === category).length;
    if (entered > quoted[category]) {
      return say.words.tooMany(countsText(quoted, say), say.words.count(entered, category));
    }
  }
  return undefined;
}

/** Who is still to be added for the travellers to agree with the quote, in words; undefined once they agree. */
export function stillToAdd(
  categories: readonly TravellerCategory[],
  quoted: CategoryCounts,
  say: TripSpeech = tripSpeech('en'),
): string | undefined {
  const missing = TRAVELLER_CATEGORIES.map((category) => ({
    category,
    count: quoted[category] - categories.filter((each) => each === category).length,
  })).filter((each) => each.count > 0);
  if (missing.length === 0) return undefined;
  const words = missing.map(({ category, count }) => say.words.count(count, category));
  return say.words.stillToAdd(countsText(quoted, say), say.words.list(words));
}

/**
 * The day the travellers land in Saudi Arabia. Flights from the US to Jeddah or Madinah leave in the
 * afternoon or evening and take 12 to 16 hours with a connection, landing the next day local time, so
 * a quote with flights arrives the day after departure. A land-only quote (no departure airport) starts
 * in Saudi Arabia: its departure day is the day the package begins there.
 */
export function arrivalDay(draft: { departureOn: string; departureAirport: string | null }): string {
  return draft.departureAirport === null ? draft.departureOn : addDays(draft.departureOn, 1);
}

/** The dates and places a checklist reads from the accepted quote's draft, read on `today`: Umrah, a holiday, or both. */
export function tripDatesOf(
  draft: DraftPlace & { departureOn: string; returnOn: string; departureAirport: string | null },
  today: string,
): TripDates {
  const { departureOn, returnOn } = draft;
  return { kind: 'umrah', departureOn, arrivalOn: arrivalDay(draft), returnOn, ...tripPlace(draft), today };
}

/** "13 February 2027" without the year in English when it is the same as the other end's: for "between … and …". */
function between(from: string, by: string, say: TripSpeech): string {
  const [fromText, byText] = [say.dated(from), say.dated(by)];
  const sameYear = say.lang === 'en' && from.slice(0, 4) === by.slice(0, 4);
  return say.words.between(sameYear ? fromText.replace(/, \d{4}$/, '') : fromText, byText);
}

/** One checklist item in words; a blocker says so in its words as well as in red. */
export interface ItemLine {
  key: ChecklistItem['key'];
  label: string;
  state: ChecklistItem['state'];
  words: string;
}

/** An item's name on the card: the visa by its kind, the entry by its country. */
export function itemLabel(item: ChecklistItem, traveller: TravellerFacts, say: TripSpeech = tripSpeech('en')): string {
  const { words } = say;
  switch (item.key) {
    case 'passport':
      return words.passport;
    case 'visa':
      return words.visaKinds[traveller.visa.kind];
    case 'vaccine':
      return words.vaccine;
    case 'nusuk':
      return words.nusuk;
    case 'entry':
      return item.country ? words.entryTo(item.country) : words.entry;
  }
}

/** The words of a visa blocked by the season or by its own dates: what is wrong, and what to do. */
function blockedVisaWords(item: ChecklistItem, kind: VisaKind, say: TripSpeech): string | undefined {
  const by = item.by ? say.dated(item.by) : '';
  const { words } = say;
  switch (item.reason) {
    case 'after-last-entry':
      return words.visaAfterLastEntry(by);
    case 'closure':
      return words.visaClosure(by);
    case 'too-long':
      return words.visaTooLong(by, facts.visa.validity.maxStayDays);
    case 'expires':
      return kind === 'tourist' ? words.visaExpiresTourist(by) : words.visaExpiresOther(by);
    default:
      return undefined;
  }
}

/** An item's state in words with its dates ("Apply between March 10 and March 26, 2027"), never by colour alone. */
export function itemWords(item: ChecklistItem, traveller: TravellerFacts, say: TripSpeech = tripSpeech('en')): string {
  const by = item.by ? say.dated(item.by) : '';
  const { words, day } = say;
  const late = item.state === 'late';
  switch (item.key) {
    case 'entry':
      return item.country
        ? words.nothingBeforeFlyingBecause(facts.entry[item.country].text)
        : words.nothingBeforeFlying;
    case 'passport':
      if (item.state === 'blocked') return words.passportBlocked(day(traveller.passportExpiresOn!), by);
      if (item.state === 'done') return words.passportDone(by);
      return words.passportDue(late, by);
    case 'visa': {
      const { visa } = traveller;
      const window = item.from && item.by ? between(item.from, item.by, say) : '';
      if (visa.kind === 'other') {
        if (item.state === 'done') return words.visaValidUntil(day(visa.validUntil));
      } else if (item.state === 'done' && visa.status === 'issued')
        return visa.kind === 'tourist' ? words.visaIssuedValid(day(visa.on), by) : words.visaIssued(day(visa.on));
      if (item.state === 'waiting' && visa.kind !== 'other' && visa.status === 'applied')
        return words.visaApplied(day(visa.on));
      if (item.state === 'blocked') {
        const blocked = blockedVisaWords(item, visa.kind, say);
        if (blocked) return blocked;
        return item.reason === 'lapses' ? words.visaLapses(by) : words.visaNoDay(window);
      }
      return words.visaDue(late, window);
    }
    case 'vaccine': {
      const need = item.required ? 'required' : 'recommended';
      if (item.state === 'not-needed') return words.vaccineNotNeeded;
      if (item.state === 'done') return words.vaccineDone(need);
      return words.vaccineDue(late, need, by);
    }
    case 'nusuk':
      if (item.state === 'not-needed') return words.nusukNotNeeded;
      if (item.state === 'done') return words.nusukDone(day(traveller.nusukPermitOn!));
      return words.nusukDue(late, by);
  }
}

/** A traveller as the lead page's card shows them: the checklist in words and where they stand overall. */
export interface TravellerCard {
  traveller: Traveller;
  items: ItemLine[];
  standing: ReturnType<typeof readiness>;
  /** "Ready", "Waiting on a visa", "Items due", "Blocked": the standing in words. */
  standingWords: string;
}

/** Each traveller's checklist for the trip, in words, for the lead page's card. */
export function travellerCards(
  travellers: readonly Traveller[],
  trip: TripDates,
  rules: ChecklistRules,
  say: TripSpeech = tripSpeech('en'),
): TravellerCard[] {
  return travellers.map((traveller) => {
    const checklist = travellerChecklist(traveller, trip, rules);
    const standing = readiness(checklist);
    return {
      traveller,
      items: checklist.map((item) => ({
        key: item.key,
        label: itemLabel(item, traveller, say),
        state: item.state,
        words: itemWords(item, traveller, say),
      })),
      standing,
      standingWords: say.words.standings[standing],
    };
  });
}

/** The form's fields for a traveller (to edit them), or blank ones for a new traveller on `quoteId`. */
export function travellerFields(quoteId: string, traveller?: Traveller): TravellerFields {
  if (!traveller) {
    return {
      quoteId,
      position: '',
      name: '',
      category: 'adult',
      passportExpiresOn: '',
      vaccine: '',
      vaccinatedOn: '',
      visaKind: 'umrah',
      visa: 'not-applied',
      visaOn: '',
      visaValidUntil: '',
      nusukPermitOn: '',
    };
  }
  const { vaccination, visa } = traveller;
  return {
    quoteId,
    position: String(traveller.position),
    name: traveller.name,
    category: traveller.category,
    passportExpiresOn: traveller.passportExpiresOn ?? '',
    vaccine: vaccination === null ? '' : typeof vaccination === 'string' ? vaccination : vaccination.type,
    vaccinatedOn: vaccination !== null && typeof vaccination !== 'string' ? vaccination.givenOn : '',
    visaKind: visa.kind,
    visa: visa.status,
    visaOn: 'on' in visa ? visa.on : '',
    visaValidUntil: visa.kind === 'other' ? visa.validUntil : '',
    nusukPermitOn: traveller.nusukPermitOn ?? '',
  };
}

/** The lead page's Travellers card: the trip's dates, each traveller's checklist, who is still to add, and the form. */
export interface TravellersCardView {
  quoteId: string;
  departureOn: string;
  returnOn: string;
  arrivalOn: string;
  /** Where the travellers land, for "arrives in …": Saudi Arabia, the holiday country, or '' for a trip to both. */
  arrivesIn: string;
  /** "2 adults, 1 child": who the accepted quote is for. */
  quotedText: string;
  /** Who is still to add for the count to agree with the quote; undefined once it does. */
  stillToAdd: string | undefined;
  cards: TravellerCard[];
  /** The form: a traveller being edited, a new one while some are still to add, else none. */
  form: { fields: TravellerFields; problems: readonly TravellerProblem[]; editing: number | undefined } | undefined;
}

/** Shapes the Travellers card from the accepted booking, its travellers, the rules and what the address or a refused save asks. */
export function travellersCard(input: {
  booking: {
    quoteId: string;
    draft: DraftPlace & { departureOn: string; returnOn: string; departureAirport: string | null };
    quoted: CategoryCounts;
  };
  travellers: readonly Traveller[];
  today: string;
  rules: ChecklistRules;
  /** `?traveller=N` from the address: the traveller to edit. */
  edit: string | null;
  failed?: { problems: readonly TravellerProblem[]; typed: TravellerFields } | undefined;
}): TravellersCardView {
  const { booking, today, rules, edit, failed } = input;
  const travellers = input.travellers.filter((each) => each.quoteId === booking.quoteId);
  const trip = tripDatesOf(booking.draft, today);
  const stillMissing = stillToAdd(
    travellers.map((each) => each.category),
    booking.quoted,
  );
  const editing = travellers.find((each) => String(each.position) === (failed ? failed.typed.position : edit));
  let form: TravellersCardView['form'];
  if (failed) form = { fields: failed.typed, problems: failed.problems, editing: editing?.position };
  else if (editing)
    form = { fields: travellerFields(booking.quoteId, editing), problems: [], editing: editing.position };
  else if (stillMissing) form = { fields: travellerFields(booking.quoteId), problems: [], editing: undefined };
  return {
    quoteId: booking.quoteId,
    departureOn: booking.draft.departureOn,
    returnOn: booking.draft.returnOn,
    arrivalOn: trip.arrivalOn,
    arrivesIn: trip.holiday === null ? 'Saudi Arabia' : trip.saudi ? '' : countryName(trip.holiday),
    quotedText: countsText(booking.quoted),
    stillToAdd: stillMissing,
    cards: travellerCards(travellers, trip, rules),
    form,
  };
}

/** The lead page's post (its `action`) that turns the booking's trip reminders back on. */
export const REMINDERS_ON = 'reminders-on';

/** The history action a change of the booking's language is written in (src/server/trips/language.ts), and the lead page's post that sets it. */
export const BOOKING_LANGUAGE_ACTION = 'booking-language';

const DONE: Record<string, string> = {
  traveller: 'Traveller saved.',
  [REMINDERS_ON]: 'Trip reminders turned back on.',
  [BOOKING_LANGUAGE_ACTION]: "The booking's language is saved: its trip page and reminders now use it.",
};

/** The message after a traveller was saved (`?done=traveller`), the reminders turned back on or the language set, or undefined for other pages' messages. */
export function travellerDoneMessage(param: string | null): string | undefined {
  return param !== null && Object.hasOwn(DONE, param) ? DONE[param] : undefined;
}

/** The travellers on a lead's bookings as the person's privacy export writes them (the vaccination is health data). */
export function travellersExport(travellers: readonly Traveller[]) {
  return travellers.map(({ position, name, category, passportExpiresOn, vaccination, visa, nusukPermitOn }) => ({
    position,
    name,
    category,
    passportExpiresOn,
    vaccination,
    visa,
    nusukPermitOn,
  }));
}

/** The trips' history actions: the travellers changed, a trip reminder queued or turned off, the booking's language chosen. */
export const TRIP_HISTORY_ACTIONS: readonly HistoryActionKind[] = [
  { action: 'traveller', label: 'Travellers' },
  { action: 'reminder', label: 'Trip reminders' },
  { action: BOOKING_LANGUAGE_ACTION, label: 'Booking language' },
];
