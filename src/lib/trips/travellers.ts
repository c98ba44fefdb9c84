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
import { formatDay, isCalendarDay } from '../dates.ts';
import { facts } from '../facts.ts';
import { countOf } from '../format.ts';
import { countryName, tripPlace, type DraftPlace } from './destinations.ts';
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
): { ok: true; details: TravellerDetails } | { ok: false; problems: TravellerProblem[] } {
  const problems: TravellerProblem[] = [];
  const day = (field: keyof TravellerFields, what: string, done: boolean): string | null => {
    const value = fields[field];
    if (value === '') return null;
    if (!isCalendarDay(value)) problems.push({ field, message: `Please enter ${what} as a real date.` });
    else if (done && value > today) problems.push({ field, message: `${what} cannot be after today.` });
    return value;
  };
  if (fields.name === '') problems.push({ field: 'name', message: 'Please enter the name as in the passport.' });
  else if (fields.name.length > MAX_NAME || /\p{Cc}/u.test(fields.name)) {
    problems.push({ field: 'name', message: `Please keep the name to ${MAX_NAME} characters, as in the passport.` });
  }
  if (!oneOf(TRAVELLER_CATEGORIES, fields.category)) {
    problems.push({ field: 'category', message: 'Please choose adult, child or infant.' });
  }
  const passportExpiresOn = day('passportExpiresOn', 'the passport expiry date', false);
  let vaccination: TravellerFacts['vaccination'] = null;
  if (!oneOf(VACCINE_CHOICES, fields.vaccine)) {
    problems.push({ field: 'vaccine', message: 'Please choose the vaccine recorded.' });
  } else if (fields.vaccine === 'not-needed' || fields.vaccine === 'given') vaccination = fields.vaccine;
  else if (fields.vaccine !== '') {
    const givenOn = day('vaccinatedOn', 'The vaccination date', true);
    if (givenOn === null)
      problems.push({ field: 'vaccinatedOn', message: 'Please enter the day the vaccine was given.' });
    else vaccination = { type: fields.vaccine, givenOn };
  }
  const visa = checkVisa(fields, day, problems);
  const nusukPermitOn = day('nusukPermitOn', 'the Nusuk permit date', false);
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
): VisaRecord {
  // A form from before the visa had a kind (or one that leaves it out) is the Umrah visa, as every traveller was.
  const kind = fields.visaKind || 'umrah';
  if (!oneOf(VISA_KINDS, kind)) {
    problems.push({ field: 'visaKind', message: 'Please choose the kind of visa.' });
    return { kind: 'umrah', status: 'not-applied' };
  }
  if (kind === 'other') {
    const validUntil = day('visaValidUntil', 'the day the visa expires', false);
    if (validUntil !== null) return { kind, status: 'issued', validUntil };
    problems.push({ field: 'visaValidUntil', message: 'Please enter the day the visa or residence permit expires.' });
    return { kind: 'umrah', status: 'not-applied' };
  }
  if (!oneOf(VISA_STATUSES, fields.visa)) {
    problems.push({ field: 'visa', message: 'Please choose the visa status.' });
    return { kind, status: 'not-applied' };
  }
  if (fields.visa === 'not-applied') return { kind, status: 'not-applied' };
  const on = day('visaOn', `The day the visa was ${fields.visa}`, true);
  if (on !== null) return { kind, status: fields.visa, on };
  problems.push({ field: 'visaOn', message: `Please enter the day the visa was ${fields.visa}.` });
  return { kind, status: 'not-applied' };
}

/** How many of each category the quote's lines are for. */
export type CategoryCounts = Record<TravellerCategory, number>;

/** The quote's counts in words: "2 adults, 1 child". */
export function countsText(counts: CategoryCounts): string {
  return [
    countOf(counts.adult, 'adult'),
    counts.child > 0 && countOf(counts.child, 'child', 'children'),
    counts.infant > 0 && countOf(counts.infant, 'infant'),
  ]
    .filter(Boolean)
    .join(', ');
}

/** Why the travellers would no longer agree with the quote, or undefined: a category may not outnumber the quote's. */
export function tooMany(categories: readonly TravellerCategory[], quoted: CategoryCounts): string | undefined {
  for (const category of TRAVELLER_CATEGORIES) {
    const entered = categories.filter((each) => each === category).length;
    if (entered > quoted[category]) {
      return `The accepted quote is for ${countsText(quoted)}: this would make ${countOf(entered, category, category === 'child' ? 'children' : `${category}s`)}. Change the category, or send a new quote first.`;
    }
  }
  return undefined;
}

/** Who is still to be added for the travellers to agree with the quote, in words; undefined once they agree. */
export function stillToAdd(categories: readonly TravellerCategory[], quoted: CategoryCounts): string | undefined {
  const missing = TRAVELLER_CATEGORIES.map((category) => ({
    category,
    count: quoted[category] - categories.filter((each) => each === category).length,
  })).filter((each) => each.count > 0);
  if (missing.length === 0) return undefined;
  const words = missing.map(({ category, count }) =>
    countOf(count, category, category === 'child' ? 'children' : `${category}s`),
  );
  return `The quote is for ${countsText(quoted)}: ${words.join(', ')} still to add.`;
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

/** "13 February 2027" without the year when it is the same as the other end's: for "between … and …". */
function between(from: string, by: string): string {
  const [fromText, byText] = [formatDay(from), formatDay(by)];
  return from.slice(0, 4) === by.slice(0, 4)
    ? `${fromText.replace(/, \d{4}$/, '')} and ${byText}`
    : `${fromText} and ${byText}`;
}

/** One checklist item in words; a blocker says so in its words as well as in red. */
export interface ItemLine {
  key: ChecklistItem['key'];
  label: string;
  state: ChecklistItem['state'];
  words: string;
}

const VISA_LABELS: Record<VisaKind, string> = {
  umrah: 'Umrah visa',
  tourist: 'Tourist eVisa',
  other: 'Visa (residence permit or GCC visa)',
};

/** An item's name on the card: the visa by its kind, the entry by its country. */
export function itemLabel(item: ChecklistItem, traveller: TravellerFacts): string {
  switch (item.key) {
    case 'passport':
      return 'Passport';
    case 'visa':
      return VISA_LABELS[traveller.visa.kind];
    case 'vaccine':
      return 'Meningitis (ACWY) vaccine';
    case 'nusuk':
      return 'Nusuk permit';
    case 'entry':
      return item.country ? `Entry to ${countryName(item.country)}` : 'Entry';
  }
}

/** The words of a visa blocked by the season or by its own dates: what is wrong, and what to do. */
function blockedVisaWords(item: ChecklistItem, kind: VisaKind): string | undefined {
  const by = item.by ? formatDay(item.by) : '';
  switch (item.reason) {
    case 'after-last-entry':
      return `Blocked: an Umrah visa cannot be used for this arrival, as the last entry on one is about ${by}, before Hajj. Use a tourist eVisa instead, or change the dates.`;
    case 'closure':
      return `Blocked: the stay runs past about ${by}, after which Makkah is closed before Hajj to all but Hajj visas. Return by then, or change the dates.`;
    case 'too-long':
      return `Blocked: the stay runs past ${by}, longer than the ${facts.visa.validity.maxStayDays} days the tourist eVisa allows. Shorten the stay, or ask us about an Umrah visa.`;
    case 'expires':
      return kind === 'tourist'
        ? `Blocked: it expires ${by}, before the return. A new tourist eVisa is needed.`
        : `Blocked: it expires ${by}, before the return. Renew it, or apply for a tourist eVisa.`;
    default:
      return undefined;
  }
}

/** An item's state in words with its dates ("Apply between March 10 and March 26, 2027"), never by colour alone. */
export function itemWords(item: ChecklistItem, traveller: TravellerFacts): string {
  const by = item.by ? formatDay(item.by) : '';
  switch (item.key) {
    case 'entry':
      return item.country
        ? `Nothing to do before you fly: ${facts.entry[item.country].text}.`
        : 'Nothing to do before you fly.';
    case 'passport':
      if (item.state === 'blocked')
        return `Blocked: expires ${formatDay(traveller.passportExpiresOn!)}, it must be valid until ${by}. A new passport is needed.`;
      if (item.state === 'done') return `Done: valid until at least ${by}.`;
      return `${item.state === 'late' ? 'Late' : 'Due'}: the expiry date is needed by ${by}.`;
    case 'visa': {
      const { visa } = traveller;
      const window = item.from && item.by ? between(item.from, item.by) : '';
      if (visa.kind === 'other') {
        if (item.state === 'done') return `Done: valid until ${formatDay(visa.validUntil)}.`;
      } else if (item.state === 'done' && visa.status === 'issued')
        return visa.kind === 'tourist'
          ? `Done: issued ${formatDay(visa.on)}, valid until ${by}.`
          : `Done: issued ${formatDay(visa.on)}.`;
      if (item.state === 'waiting' && visa.kind !== 'other' && visa.status === 'applied')
        return `Waiting: applied ${formatDay(visa.on)}.`;
      if (item.state === 'blocked') {
        const blocked = blockedVisaWords(item, visa.kind);
        if (blocked) return blocked;
        return item.reason === 'lapses'
          ? `Blocked: issued too early, it lapses on ${by}, before arrival. A new visa is needed.`
          : `Blocked: no day works (apply between ${window}).`;
      }
      return `${item.state === 'late' ? 'Late' : 'Due'}: apply between ${window}.`;
    }
    case 'vaccine': {
      const need = item.required ? 'required' : 'recommended';
      if (item.state === 'not-needed') return 'Not needed for this traveller.';
      if (item.state === 'done') return `Done (${need}).`;
      return `${item.state === 'late' ? 'Late' : 'Due'} (${need}): give it by ${by}.`;
    }
    case 'nusuk':
      if (item.state === 'not-needed') return 'Not needed for this trip.';
      if (item.state === 'done') return `Done: booked for ${formatDay(traveller.nusukPermitOn!)}.`;
      return `${item.state === 'late' ? 'Late' : 'Due'}: book it before arrival on ${by}.`;
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

const STANDING_WORDS = {
  ready: 'Ready',
  waiting: 'Waiting on a visa',
  due: 'Items due',
  blocked: 'Blocked',
} as const;

/** Each traveller's checklist for the trip, in words, for the lead page's card. */
export function travellerCards(
  travellers: readonly Traveller[],
  trip: TripDates,
  rules: ChecklistRules,
): TravellerCard[] {
  return travellers.map((traveller) => {
    const checklist = travellerChecklist(traveller, trip, rules);
    const standing = readiness(checklist);
    return {
      traveller,
      items: checklist.map((item) => ({
        key: item.key,
        label: itemLabel(item, traveller),
        state: item.state,
        words: itemWords(item, traveller),
      })),
      standing,
      standingWords: STANDING_WORDS[standing],
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

const DONE: Record<string, string> = {
  traveller: 'Traveller saved.',
  [REMINDERS_ON]: 'Trip reminders turned back on.',
};

/** The message after a traveller was saved (`?done=traveller`) or the reminders turned back on, or undefined for other pages' messages. */
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

/** The history action a change of the booking's language is written in (src/server/trips/language.ts). */
export const BOOKING_LANGUAGE_ACTION = 'booking-language';

/** The trips' history actions: the travellers changed, a trip reminder queued or turned off, the booking's language chosen. */
export const TRIP_HISTORY_ACTIONS: readonly HistoryActionKind[] = [
  { action: 'traveller', label: 'Travellers' },
  { action: 'reminder', label: 'Trip reminders' },
  { action: BOOKING_LANGUAGE_ACTION, label: 'Booking language' },
];
