/**
 * The family's trip page (the accepted quote's private link once a deposit is recorded), as rows and
 * sentences. The link is a bearer key that families forward, so nothing recorded is shown back in
 * full: a passport expiry as its month and year, a vaccination as "recorded", the visa and the Nusuk
 * permit as their status. The family's form never shows what is stored either: a field left blank
 * keeps what is recorded.
 */
import { countOf } from '../format.ts';
import type { PaymentDue } from '../quotes/model.ts';
import { tripSpeech, type TripSpeech } from './speech.ts';
import { privateName } from '../quotes/pilgrim-view.ts';
import { formatCents, sumCents } from '../quotes/money.ts';
import {
  travellerChecklist,
  type ChecklistItem,
  type ChecklistRules,
  type Readiness,
  type TravellerFacts,
  type TripDates,
} from './checklist.ts';
import { tripName, type DraftPlace } from './destinations.ts';
import {
  countsText,
  itemWords,
  stillToAdd,
  travellerCards,
  tripDatesOf,
  type CategoryCounts,
  type Traveller,
  type TravellerFields,
  type TravellerProblem,
} from './travellers.ts';

/** The trip page form's field that carries its form token. */
export const TRIP_FORM_TOKEN = 'tripToken';

/** The trip page's post (its `action`) that chooses the page's language, named in the field of the same name. */
export const LANGUAGE_ACTION = 'language';

/** Who the history names for a change made through the trip page. */
export const FAMILY_ACTOR = 'the family, on the trip page';

/** An item's words for the family: the desk's words, with any recorded detail cut to what a forwarded link may show. */
export function familyItemWords(
  item: ChecklistItem,
  traveller: TravellerFacts,
  say: TripSpeech = tripSpeech('en'),
): string {
  const by = item.by ? say.dated(item.by) : '';
  const { words } = say;
  switch (item.key) {
    case 'passport':
      if (item.state === 'blocked') return words.passportBlockedMonth(say.month(traveller.passportExpiresOn!), by);
      if (item.state === 'done') return words.passportDoneMonth(say.month(traveller.passportExpiresOn!));
      break;
    case 'visa':
      if (item.state === 'done')
        return traveller.visa.kind === 'other' ? words.familyVisaValid : words.familyVisaIssued;
      if (item.state === 'waiting') return words.familyVisaApplied;
      // Days that would give back the day it was issued or expires are left out.
      if (item.reason === 'lapses') return words.familyVisaLapses;
      if (item.reason === 'expires')
        return traveller.visa.kind === 'tourist' ? words.familyVisaExpiresTourist : words.familyVisaExpiresOther;
      break;
    case 'vaccine':
      if (item.state === 'done') return words.familyVaccineDone(item.required ? 'required' : 'recommended');
      if (item.state === 'due' || item.state === 'late') {
        const recorded = traveller.vaccination !== null && typeof traveller.vaccination !== 'string';
        if (recorded) return words.familyVaccineWontCount(itemWords(item, traveller, say));
      }
      break;
    case 'nusuk':
      if (item.state === 'done') return words.familyNusukDone;
      break;
  }
  return itemWords(item, traveller, say);
}

/** One traveller as the trip page shows them: a short name, the checklist in private words, and which items are recorded. */
export interface FamilyCard {
  position: number;
  name: string;
  category: Traveller['category'];
  standing: Readiness;
  standingWords: string;
  items: { key: ChecklistItem['key']; label: string; state: ChecklistItem['state']; words: string }[];
  /** Which of the form's fields hold something, so the form can say "recorded" without the value. */
  recorded: { passport: boolean; vaccine: boolean; visa: boolean; nusuk: boolean };
}

/** Each traveller's checklist for the trip page, worded for a link that may be forwarded. */
export function familyCards(
  travellers: readonly Traveller[],
  trip: TripDates,
  rules: ChecklistRules,
  say: TripSpeech = tripSpeech('en'),
): FamilyCard[] {
  return travellerCards(travellers, trip, rules, say).map(({ traveller, items, standing, standingWords }) => {
    const checklist = travellerChecklist(traveller, trip, rules);
    return {
      position: traveller.position,
      name: privateName(traveller.name),
      category: traveller.category,
      standing,
      standingWords,
      items: items.map((line, index) => ({ ...line, words: familyItemWords(checklist[index]!, traveller, say) })),
      recorded: {
        passport: traveller.passportExpiresOn !== null,
        vaccine: traveller.vaccination !== null,
        visa: traveller.visa.status !== 'not-applied',
        nusuk: traveller.nusukPermitOn !== null,
      },
    };
  });
}

/** One scheduled payment against what was paid, paying the schedule in its order as the ledger does. */
export interface PaymentRow {
  label: string;
  dueOn: string;
  amount: string;
  state: 'paid' | 'due' | 'overdue';
  /** What is still owed on it, in cents. */
  outstandingCents: number;
  words: string;
}

/** The schedule's rows with what is paid of each and what is still due and when, from the total paid (integer cents). */
export function paymentRows(
  schedule: readonly PaymentDue[],
  paidCents: number,
  today: string,
  say: TripSpeech = tripSpeech('en'),
): PaymentRow[] {
  let left = paidCents;
  const { words } = say;
  const cents = (value: number) => say.ltr(formatCents(value));
  return schedule.map((due, index) => {
    const covered = Math.min(left, due.amountCents);
    left -= covered;
    const outstanding = due.amountCents - covered;
    const base = { label: words.paymentLabel(index, schedule.length), dueOn: say.dated(due.dueOn) };
    const amount = formatCents(due.amountCents);
    if (outstanding === 0) return { ...base, amount, state: 'paid', outstandingCents: 0, words: words.paid };
    const part = covered > 0 ? words.partPaid(cents(covered)) : '';
    const late = due.dueOn < today;
    const owed = late
      ? words.overdueSince(cents(outstanding), say.dated(due.dueOn))
      : words.dueBy(cents(outstanding), say.dated(due.dueOn));
    return { ...base, amount, state: late ? 'overdue' : 'due', outstandingCents: outstanding, words: `${part}${owed}` };
  });
}

/** A day in the trip's calendar: what happens, with no names and no health details. */
export interface TripEvent {
  on: string;
  /** Stable across downloads, so a calendar updates the event rather than adding another. */
  key: string;
  summary: string;
}

const travellersCount = (count: number) => countOf(count, 'traveller');

/**
 * The trip's dates for a calendar: departure and return, each checklist deadline still open (grouped:
 * "Visa window opens for 2 travellers") and each payment still due, in date order.
 */
export function tripEvents(input: {
  trip: TripDates;
  returnOn: string;
  travellers: readonly Traveller[];
  rules: ChecklistRules;
  schedule: readonly PaymentDue[];
  paidCents: number;
}): TripEvent[] {
  const { trip, rules } = input;
  const name = tripName(trip);
  const events: TripEvent[] = [
    { on: trip.departureOn, key: 'departure', summary: `${name}: departure` },
    { on: input.returnOn, key: 'return', summary: `${name}: return` },
  ];
  const groups = new Map<string, TripEvent & { count: number; words: (n: string) => string }>();
  const add = (key: string, on: string, words: (n: string) => string) => {
    const id = `${key}-${on}`;
    const group = groups.get(id) ?? { on, key: id, summary: '', count: 0, words };
    group.count += 1;
    groups.set(id, group);
  };
  for (const traveller of input.travellers) {
    for (const item of travellerChecklist(traveller, trip, rules)) {
      if ((item.state !== 'due' && item.state !== 'late') || !item.by) continue;
      if (item.key === 'visa' && item.from) {
        add('visa-opens', item.from, (n) => `Visa window opens for ${n}`);
        add('visa-closes', item.by, (n) => `Last day to apply for the visa for ${n}`);
      } else if (item.key === 'passport') add('passport', item.by, (n) => `Passport expiry dates needed for ${n}`);
      else if (item.key === 'vaccine') add('vaccine', item.by, (n) => `Last day for the meningitis vaccine for ${n}`);
      else if (item.key === 'nusuk') add('nusuk', item.by, (n) => `Nusuk permits to book before arrival for ${n}`);
    }
  }
  for (const { on, key, count, words } of groups.values())
    events.push({ on, key, summary: words(travellersCount(count)) });
  paymentRows(input.schedule, input.paidCents, trip.today).forEach((row, index) => {
    if (row.state === 'paid') return;
    const summary = `${row.label} due: ${formatCents(row.outstandingCents)}`;
    events.push({ on: input.schedule[index]!.dueOn, key: `payment-${index + 1}`, summary });
  });
  return events.sort((a, b) => a.on.localeCompare(b.on) || a.key.localeCompare(b.key));
}

/**
 * What the family's form posted, made into a whole traveller for the store: for a traveller already
 * on the booking, a blank field (or a status left on "as recorded") keeps what is stored, and the
 * name and category stay as staff have them. "Not needed" for the vaccine is staff's call, not the form's.
 */
export function familyFields(typed: TravellerFields, stored: Traveller | undefined): TravellerFields {
  const vaccine = typed.vaccine === 'not-needed' ? 'refused' : typed.vaccine;
  if (!stored) return { ...typed, vaccine, visa: typed.visa === '' ? 'not-applied' : typed.visa };
  const { vaccination, visa } = stored;
  const keptVaccine = vaccination === null ? '' : typeof vaccination === 'string' ? vaccination : vaccination.type;
  const keptVaccinatedOn = vaccination !== null && typeof vaccination !== 'string' ? vaccination.givenOn : '';
  return {
    ...typed,
    name: stored.name,
    category: stored.category,
    passportExpiresOn: typed.passportExpiresOn || (stored.passportExpiresOn ?? ''),
    vaccine: vaccine === '' ? keptVaccine : vaccine,
    vaccinatedOn: vaccine === '' ? keptVaccinatedOn : typed.vaccinatedOn,
    visaKind: typed.visaKind || visa.kind,
    visa: typed.visa === '' ? visa.status : typed.visa,
    visaOn: typed.visa === '' ? ('on' in visa ? visa.on : '') : typed.visaOn,
    visaValidUntil: typed.visaValidUntil || (visa.kind === 'other' ? visa.validUntil : ''),
    nusukPermitOn: typed.nusukPermitOn || (stored.nusukPermitOn ?? ''),
  };
}

/** One of the trip page's traveller forms: to add a traveller (position '') or to fill in one's missing details. */
export interface FamilyForm {
  position: string;
  /** What was typed after a refusal, else blank: the form never holds what is stored. */
  fields: TravellerFields;
  problems: readonly TravellerProblem[];
}

/** The trip page, shaped: dates, what is paid and due, each traveller's checklist, who is still to add, and the forms. */
export interface FamilyTripView {
  reference: string;
  /** What the trip is: "Umrah trip", "Holiday in Egypt". */
  name: string;
  /** Whether the trip stays in Saudi Arabia: only then the form asks for the visa, the vaccine and the permit. */
  saudi: boolean;
  /** Whether the vaccine is only recommended: the form then asks only whether it is given. */
  vaccineRecommended: boolean;
  departs: string;
  arrives: string;
  returns: string;
  quotedText: string;
  stillToAdd: string | undefined;
  cards: FamilyCard[];
  payments: PaymentRow[];
  paid: string;
  balance: string;
  add: FamilyForm | undefined;
  /** The form for each traveller on the booking, by position. */
  update: Record<number, FamilyForm>;
}

const blankFields = (quoteId: string, position: string, visa: string): TravellerFields => ({
  quoteId,
  position,
  name: '',
  category: position === '' ? 'adult' : '',
  passportExpiresOn: '',
  vaccine: '',
  vaccinatedOn: '',
  visaKind: '',
  visa,
  visaOn: '',
  visaValidUntil: '',
  nusukPermitOn: '',
});

/** Shapes the family's trip page from the booking, its travellers, what was paid (cents) and a refused form's typing. */
export function familyTripView(input: {
  booking: {
    quoteId: string;
    reference: string;
    draft: DraftPlace & {
      departureOn: string;
      returnOn: string;
      departureAirport: string | null;
      schedule: readonly PaymentDue[];
    };
    quoted: CategoryCounts;
  };
  travellers: readonly Traveller[];
  paidCents: number;
  today: string;
  rules: ChecklistRules;
  failed?: { problems: readonly TravellerProblem[]; typed: TravellerFields } | undefined;
  say?: TripSpeech;
}): FamilyTripView {
  const { booking, travellers, paidCents, today, rules, failed, say = tripSpeech('en') } = input;
  const { draft } = booking;
  const trip = tripDatesOf(draft, today);
  const missing = stillToAdd(
    travellers.map((each) => each.category),
    booking.quoted,
    say,
  );
  const formFor = (position: string, visa: string): FamilyForm =>
    failed?.typed.position === position
      ? { position, fields: failed.typed, problems: failed.problems }
      : { position, fields: blankFields(booking.quoteId, position, visa), problems: [] };
  const totalCents = sumCents(draft.schedule.map((due) => due.amountCents));
  return {
    reference: booking.reference,
    name: tripName(trip, say),
    saudi: trip.saudi,
    vaccineRecommended: rules.vaccine[trip.kind].status === 'recommended',
    departs: say.dated(draft.departureOn),
    arrives: say.dated(trip.arrivalOn),
    returns: say.dated(draft.returnOn),
    quotedText: countsText(booking.quoted, say),
    stillToAdd: missing,
    cards: familyCards(travellers, trip, rules, say),
    payments: paymentRows(draft.schedule, paidCents, today, say),
    paid: formatCents(paidCents),
    balance: formatCents(Math.max(0, totalCents - paidCents)),
    add: missing || failed?.typed.position === '' ? formFor('', 'not-applied') : undefined,
    update: Object.fromEntries(travellers.map((each) => [each.position, formFor(String(each.position), '')])),
  };
}

/** Why each field is asked, by field: one sentence or two. */
export type FieldReasons = Record<'name' | 'category' | 'passport' | 'vaccine' | 'visa' | 'nusuk', string>;

/** Why the trip page asks for each field, said beside it (the privacy policy says the same at more length). */
export function fieldReasons(
  rules: ChecklistRules,
  retentionDays: number,
  say: TripSpeech = tripSpeech('en'),
): FieldReasons {
  const words = say.words.reasons;
  const deleted = words.deleted(retentionDays);
  const vaccine =
    rules.vaccine.umrah.status === 'required'
      ? words.vaccineRequired(rules.vaccine.daysBeforeArrival, deleted)
      : words.vaccineRecommended(deleted);
  return {
    name: words.name,
    category: words.category,
    passport: words.passport(rules.passportMonthsValid),
    vaccine,
    visa: words.visa(rules.visaUseWithinDays, rules.eVisa.validMonths),
    nusuk: words.nusuk,
  };
}
