/**
 * The family's reminders before each deadline of a booked trip: which are due on a day, and their
 * words. A reminder is due from its day until its deadline has passed, so one the server could not
 * send on its day (down, or the booking made late) still goes while it can help, and never after.
 * What makes it once is the claim the server keeps per booking, deadline and traveller (position 0
 * is the booking as a whole); the deadline's name carries no date, so a fact edited after the claim
 * changes what the email says, never whether it goes again.
 *
 * The words never name a traveller nor repeat their details (no names, no dates of health): a
 * reminder is forwarded and read on shared screens like the trip link itself.
 */
import { agencyEmailDomain, signatureLines, talkToUsLines } from '../agency-email.ts';
import { addDays } from '../agency-time.ts';
import { paymentLabel } from '../quotes/model.ts';
import { formatCents } from '../quotes/money.ts';
import { byCreditCardCents, cardFeePercentIn } from '../quotes/payments.ts';
import { agencyContact } from '../site-contact.ts';
import {
  passportNeededUntil,
  travellerChecklist,
  visaWindow,
  type ChecklistRules,
  type HolidayCountry,
  type TravellerFacts,
  type TripDates,
} from './checklist.ts';
import { tripName } from './destinations.ts';
import { whatsappGreetingIn } from '../i18n/dictionary.ts';
import type { Language } from '../languages.ts';
import { tripSpeech, type TripSpeech } from './speech.ts';

/** How long before departure, and before the vaccine's last day, the family hears: one week. */
const REMINDER_WEEK_DAYS = 7;
/** The office hour from which a day's reminders go: never in the family's night. */
export const REMINDER_HOUR = 9;

/**
 * A deadline a reminder is about: at booking (what we need), the visa window opening, the vaccine's
 * last day, departure, and a payment after the deposit by its place in the schedule (`payment:1`).
 */
export type ReminderDeadline = 'booking' | 'visa' | 'vaccine' | 'departure' | `payment:${number}`;

/** The deadlines that are each traveller's own; the others are the booking's (position 0). */
const PER_TRAVELLER = new Set<string>(['visa', 'vaccine']);

/** A payment still owed on the schedule, after the deposit: its place (1 and on), name, day and what is owed. */
export interface OwedPayment {
  ordinal: number;
  label: string;
  /** How many payments the schedule has, by which a translation names this one. */
  of: number;
  dueOn: string;
  outstandingCents: number;
}

/** A traveller as the reminders see them: their place on the booking and what the checklist reads. */
export type RemindedTraveller = TravellerFacts & { position: number };

/** What the reminders of one booking are worked out from, on the office's day `today`. */
export interface BookingFacts {
  today: string;
  trip: Omit<TripDates, 'today'>;
  travellers: readonly RemindedTraveller[];
  rules: ChecklistRules;
  /** The payments still owed after the deposit. */
  owed: readonly OwedPayment[];
  /** `TRIP_REMINDER_BALANCE_DAYS`: how many days before a payment's day its reminder goes. */
  balanceDaysBefore: number;
  /** The paying family's state, which decides the card total a payment reminder shows (absent: none). */
  payerState?: string | null;
}

/** One claim: a deadline, for one traveller by position, or for the booking as a whole (0). */
export interface ReminderClaim {
  deadline: ReminderDeadline;
  position: number;
}

/** Whether `value` is a deadline this code names (a payload read back from the outbox). */
export function isReminderDeadline(value: string): value is ReminderDeadline {
  return ['booking', 'visa', 'vaccine', 'departure'].includes(value) || /^payment:[1-9]\d{0,2}$/.test(value);
}

/** The positions of the travellers whose `key` item is still to do (due or late), on `today`. */
function stillToDo(facts: BookingFacts, key: 'visa' | 'vaccine'): number[] {
  const trip = { ...facts.trip, today: facts.today };
  return facts.travellers
    .filter((traveller) => {
      // The visa window is the Umrah visa's: a traveller on their own eVisa or a residence permit is not reminded of it.
      if (key === 'visa' && traveller.visa.kind !== 'umrah') return false;
      const item = travellerChecklist(traveller, trip, facts.rules).find((each) => each.key === key);
      return item?.state === 'due' || item?.state === 'late';
    })
    .map((traveller) => traveller.position);
}

/** The vaccine's last day on this trip: the days the rule asks before arrival. */
export function vaccineLastDay(trip: Pick<TripDates, 'arrivalOn'>, rules: ChecklistRules): string {
  return addDays(trip.arrivalOn, -rules.vaccine.daysBeforeArrival);
}

/** A traveller of whom nothing is recorded yet, holding no visa: what the booking needs before anyone is added. */
const NOBODY_YET: TravellerFacts = {
  category: 'adult',
  passportExpiresOn: null,
  vaccination: null,
  visa: { kind: 'umrah', status: 'not-applied' },
  nusukPermitOn: null,
};

/**
 * Each deadline due on `facts.today`, with whom it is for: the travellers whose item is still to do
 * (all of the booking, 0, while none is recorded, if the item is to do for a traveller of whom
 * nothing is known), or the booking (0). Nothing once the trip has begun; no visa or vaccine
 * reminder for a trip without a stay in Saudi Arabia.
 */
export function dueReminders(facts: BookingFacts): { deadline: ReminderDeadline; positions: number[] }[] {
  const { today, trip, rules } = facts;
  if (today >= trip.departureOn) return [];
  const within = (from: string, by: string) => today >= from && today <= by;
  const blank = travellerChecklist(NOBODY_YET, { ...trip, today }, rules);
  const perTraveller = (key: 'visa' | 'vaccine') => {
    if (facts.travellers.length > 0) return stillToDo(facts, key);
    const state = blank.find((item) => item.key === key)?.state;
    return state === 'due' || state === 'late' ? [0] : [];
  };
  const due: { deadline: ReminderDeadline; positions: number[] }[] = [{ deadline: 'booking', positions: [0] }];
  const window = visaWindow(trip, rules);
  if (window.from <= window.by && within(window.from, window.by)) {
    due.push({ deadline: 'visa', positions: perTraveller('visa') });
  }
  const vaccineBy = vaccineLastDay(trip, rules);
  if (within(addDays(vaccineBy, -REMINDER_WEEK_DAYS), vaccineBy)) {
    due.push({ deadline: 'vaccine', positions: perTraveller('vaccine') });
  }
  if (today >= addDays(trip.departureOn, -REMINDER_WEEK_DAYS)) due.push({ deadline: 'departure', positions: [0] });
  for (const payment of facts.owed) {
    if (payment.ordinal < 1 || payment.outstandingCents <= 0) continue;
    if (within(addDays(payment.dueOn, -facts.balanceDaysBefore), payment.dueOn)) {
      due.push({ deadline: `payment:${payment.ordinal}`, positions: [0] });
    }
  }
  return due.filter((each) => each.positions.length > 0);
}

/**
 * The claims to make now: what is due less what was claimed before. A traveller's deadline claimed
 * for the whole booking (before anyone was recorded) covers the travellers recorded since.
 */
export function remindersToQueue(
  facts: BookingFacts,
  claimed: readonly ReminderClaim[],
): { deadline: ReminderDeadline; positions: number[] }[] {
  const done = new Set(claimed.map((claim) => `${claim.deadline}/${claim.position}`));
  return dueReminders(facts)
    .map(({ deadline, positions }) => ({
      deadline,
      positions:
        PER_TRAVELLER.has(deadline) && done.has(`${deadline}/0`)
          ? []
          : positions.filter((position) => !done.has(`${deadline}/${position}`)),
    }))
    .filter((each) => each.positions.length > 0);
}

/** How a reminder is named on the lead page and in the export: "Trip reminder (visa window)". */
export function reminderLabel(deadline: ReminderDeadline): string {
  // The schedule's second payment is "Payment 2" (or the balance) everywhere else: the deposit is the first.
  if (deadline.startsWith('payment:'))
    return `Trip reminder (payment ${Number(deadline.slice('payment:'.length)) + 1})`;
  const names: Record<string, string> = {
    booking: 'what we need',
    visa: 'visa window',
    vaccine: 'vaccine',
    departure: 'one week to departure',
  };
  return `Trip reminder (${names[deadline]})`;
}

/** What a reminder's words are written from, read when it is sent. */
export interface ReminderContext {
  deadline: ReminderDeadline;
  reference: string;
  facts: BookingFacts;
  /** How many travellers the booking is for, and how many are recorded. */
  quotedTravellers: number;
  /** The travellers the reminder is for, by position (0: the whole booking). */
  positions: readonly number[];
  /** The family's trip page (the quote's private link), and the one-click opt-out. */
  tripUrl: string;
  optOutUrl: string;
  siteUrl: string;
  /** The facts' words for the rules, said as the pages say them, and how long a traveller's details are kept. */
  words: {
    umrahWindow: string;
    nusuk: string;
    entry: Record<HolidayCountry, { text: string }>;
    /** `TRAVELLER_RETENTION_DAYS`: the days after the return a traveller's details are deleted. */
    retentionDays: number;
  };
}

/** "for 2 of your 3 travellers", or "" when it is everyone or nobody is recorded yet. */
function forWhom(context: ReminderContext, positions: readonly number[], say: TripSpeech): string {
  const count = positions.filter((position) => position > 0).length;
  if (count === 0 || count >= context.quotedTravellers) return '';
  return say.words.reminders.forWhom(count, context.quotedTravellers);
}

/**
 * The lines of what is still open, read on the day the email goes: the travellers still to add, and
 * each item some traveller has still to do (every item while travellers are missing), then the
 * payments owed. The travellers' own details are never repeated: only counts and the trip's days.
 */
function whatWeNeed(context: ReminderContext, say: TripSpeech): string[] {
  const { facts } = context;
  const words = say.words.reminders;
  const cents = (value: number) => say.ltr(formatCents(value));
  const { trip, rules } = facts;
  const window = visaWindow(trip, rules);
  const missing = Math.max(0, context.quotedTravellers - facts.travellers.length);
  const checklists = facts.travellers.map((traveller) => ({
    position: traveller.position,
    items: travellerChecklist(traveller, { ...trip, today: facts.today }, rules),
  }));
  // Open for the family: to do, late, or blocked; a visa applied for waits on us, not on them.
  const openFor = (key: 'passport' | 'visa' | 'vaccine' | 'nusuk' | 'entry') =>
    checklists
      .filter(({ items }) => items.some((item) => item.key === key && ['due', 'late', 'blocked'].includes(item.state)))
      .map(({ position }) => position);
  const line = (key: 'passport' | 'visa' | 'vaccine' | 'nusuk', sentence: string) => {
    // The Umrah items only for a stay in Saudi Arabia: a holiday elsewhere has none.
    if (key !== 'passport' && !trip.saudi) return [];
    const open = openFor(key);
    if (missing > 0) return [`- ${sentence}`];
    // "for 2 of your 3 travellers" goes before the sentence's full stop, whichever the language writes.
    const [, said = sentence, stop = ''] = /^(.*?)([.।۔]?)$/su.exec(sentence) ?? [];
    return open.length > 0 ? [`- ${said}${forWhom(context, open, say)}${stop || '.'}`] : [];
  };
  const lines: string[] = [];
  if (missing > 0) {
    lines.push(`- ${words.toAdd(missing, trip.saudi)}`);
  }
  const useWithin = rules.visaUseWithinDays;
  lines.push(
    ...line(
      'passport',
      words.passport(
        say.dated(passportNeededUntil({ ...trip, today: facts.today }, rules)),
        trip.holiday ? null : rules.passportMonthsValid,
      ),
    ),
    ...(trip.holiday ? [`- ${words.entry(trip.holiday, context.words.entry[trip.holiday].text)}`] : []),
    ...line('visa', words.visa(say.dated(window.from), say.dated(window.by), context.words.umrahWindow, useWithin)),
    ...line('vaccine', words.vaccine(rules.vaccine[trip.kind].status, say.dated(vaccineLastDay(trip, rules)))),
    ...line('nusuk', words.nusuk(context.words.nusuk)),
  );
  for (const payment of facts.owed) {
    const label = say.words.paymentLabel(payment.ordinal, payment.of);
    lines.push(`- ${words.payment(label, cents(payment.outstandingCents), say.dated(payment.dueOn))}`);
  }
  return lines.length > 0 ? lines : [`- ${words.nothing}`];
}

/**
 * The reminder's subject and text for its deadline, from the facts of the day it is sent, in `say`'s
 * language; null when nothing is left to say by then (the travellers it was for have done it, the
 * payment is in). In English the whole email; in a translation its message, the trip page and the
 * opt-out, which bilingualMail puts above the English (src/lib/i18n/bilingual.ts). The English under a
 * translation ends with the contacts the translation points to, their WhatsApp link greeting in
 * `bookingLang` first.
 */
export function reminderEmail(
  context: ReminderContext,
  say: TripSpeech = tripSpeech('en'),
  bookingLang: Language = say.lang,
): { subject: string; text: string } | null {
  const { deadline, facts } = context;
  const { trip, rules } = facts;
  const words = say.words.reminders;
  const reference = say.ltr(context.reference);
  const cents = (value: number) => say.ltr(formatCents(value));
  const window = visaWindow(trip, rules);
  const departs = say.dated(trip.departureOn);
  const stillFor = (key: 'visa' | 'vaccine') => {
    if (context.positions.includes(0) && facts.travellers.length === 0) return [0];
    const open = new Set(stillToDo(facts, key));
    const asked = context.positions.includes(0) ? facts.travellers.map((each) => each.position) : context.positions;
    return asked.filter((position) => open.has(position));
  };
  let subject: string;
  let body: string[];
  if (deadline === 'booking') {
    subject = words.bookingSubject(reference);
    body = [words.bookingIntro(tripName(trip, say), departs), '', ...whatWeNeed(context, say)];
  } else if (deadline === 'visa') {
    const positions = stillFor('visa');
    if (positions.length === 0) return null;
    subject = words.visaSubject(reference);
    body = [
      words.visaOpen(forWhom(context, positions, say), say.dated(window.from), say.dated(window.by)),
      words.visaWhy(context.words.umrahWindow, rules.visaUseWithinDays, rules.processingBusinessDays, departs),
      words.visaCheck,
    ];
  } else if (deadline === 'vaccine') {
    const positions = stillFor('vaccine');
    if (positions.length === 0) return null;
    const by = say.dated(vaccineLastDay(trip, rules));
    const status = rules.vaccine[trip.kind].status;
    subject = words.vaccineSubject(reference, by);
    body = [
      words.vaccineIntro(status, rules.vaccine.daysBeforeArrival, by, forWhom(context, positions, say)),
      status === 'required'
        ? words.vaccineRequiredKeep(context.words.retentionDays)
        : words.vaccineRecommendedKeep(context.words.retentionDays),
    ];
  } else if (deadline === 'departure') {
    subject = words.departureSubject(reference);
    body = [words.departureIntro(tripName(trip, say), departs), '', ...whatWeNeed(context, say)];
  } else {
    const ordinal = Number(deadline.slice('payment:'.length));
    const payment = facts.owed.find((each) => each.ordinal === ordinal);
    if (!payment || payment.outstandingCents <= 0) return null;
    const label = say.words.paymentLabel(payment.ordinal, payment.of);
    const by = say.dated(payment.dueOn);
    subject = words.paymentSubject(reference, label, by);
    const percent = cardFeePercentIn(facts.payerState);
    const byCard =
      percent > 0 ? words.byCard(percent, cents(byCreditCardCents(payment.outstandingCents, percent))) : '';
    body = [
      words.paymentBody(label, cents(payment.outstandingCents), byCard, by),
      words.checkSender(say.ltr(agencyEmailDomain()), say.ltr(agencyContact.phone.display)),
    ];
  }
  const link = (url: string) => say.ltr(url);
  const optOut = [words.why(reference, link(context.optOutUrl)), words.stillCome];
  // The agency's details are said once, in the English below a translation.
  const ending =
    say.lang === 'en'
      ? ['', ...talkToUsLines(whatsappGreetingIn(bookingLang)), '', ...signatureLines(context.siteUrl, optOut, false)]
      : ['', ...optOut];
  const lines = [
    words.greeting,
    '',
    ...body,
    '',
    words.tripPage(link(context.tripUrl)),
    words.reference(reference),
    ...ending,
  ];
  return { subject, text: lines.join('\n') };
}

/** The page where one click stops a booking's reminders, for the email's link and its List-Unsubscribe header. */
export function optOutUrl(siteUrl: string, token: string): string {
  return new URL(`/trip/stop-reminders?token=${encodeURIComponent(token)}`, siteUrl).href;
}

/** The payments after the deposit still owed, paying the schedule in its order as the account does. */
export function owedPayments(
  schedule: readonly { dueOn: string; amountCents: number }[],
  paidCents: number,
): OwedPayment[] {
  let unallocated = paidCents;
  return schedule.flatMap((due, ordinal) => {
    const covered = Math.min(unallocated, due.amountCents);
    unallocated -= covered;
    const outstandingCents = due.amountCents - covered;
    if (ordinal === 0 || outstandingCents === 0) return [];
    return [
      {
        ordinal,
        label: paymentLabel(ordinal, schedule.length),
        of: schedule.length,
        dueOn: due.dueOn,
        outstandingCents,
      },
    ];
  });
}
