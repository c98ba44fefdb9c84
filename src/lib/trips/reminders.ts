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
import { checkSenderLine, postalAddressLine, talkToUsLines } from '../agency-email.ts';
import { addDays } from '../agency-time.ts';
import { formatDay } from '../dates.ts';
import { countOf } from '../format.ts';
import { paymentLabel } from '../quotes/model.ts';
import { formatCents } from '../quotes/money.ts';
import { byCreditCardCents, cardFeePercentIn, cardTotalLabel } from '../quotes/payments.ts';
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
import { countryName, tripName } from './destinations.ts';

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
function forWhom(context: ReminderContext, positions: readonly number[]): string {
  const count = positions.filter((position) => position > 0).length;
  if (count === 0 || count >= context.quotedTravellers) return '';
  return ` for ${count} of your ${countOf(context.quotedTravellers, 'traveller')}`;
}

/**
 * The lines of what is still open, read on the day the email goes: the travellers still to add, and
 * each item some traveller has still to do (every item while travellers are missing), then the
 * payments owed. The travellers' own details are never repeated: only counts and the trip's days.
 */
function whatWeNeed(context: ReminderContext): string[] {
  const { facts } = context;
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
  const line = (key: 'passport' | 'visa' | 'vaccine' | 'nusuk', words: string) => {
    // The Umrah items only for a stay in Saudi Arabia: a holiday elsewhere has none.
    if (key !== 'passport' && !trip.saudi) return [];
    const open = openFor(key);
    if (missing > 0) return [`- ${words}`];
    return open.length > 0 ? [`- ${words.replace(/\.$/, '')}${forWhom(context, open)}.`] : [];
  };
  const lines: string[] = [];
  if (missing > 0) {
    lines.push(
      `- Each traveller's details: ${countOf(missing, 'traveller')} still to add (the name as in the passport, the passport's expiry date${trip.saudi ? ', the vaccination' : ''}). Add them on your trip page, or send them to us.`,
    );
  }
  lines.push(
    ...line(
      'passport',
      `A passport valid until at least ${formatDay(passportNeededUntil({ ...trip, today: facts.today }, rules))}${trip.holiday ? '' : ` (${rules.passportMonthsValid} months from arrival)`}.`,
    ),
    ...(trip.holiday ? [`- Entry to ${countryName(trip.holiday)}: ${context.words.entry[trip.holiday].text}.`] : []),
    ...line(
      'visa',
      `The Umrah visa: we apply between ${formatDay(window.from)} and ${formatDay(window.by)}; ${context.words.umrahWindow}.`,
    ),
    ...line(
      'vaccine',
      `The meningitis (ACWY) vaccine, ${rules.vaccine[trip.kind].status} for this trip: given by ${formatDay(vaccineLastDay(trip, rules))}.`,
    ),
    ...line('nusuk', `The Nusuk permit: ${context.words.nusuk}, before arrival.`),
  );
  for (const payment of facts.owed) {
    lines.push(`- ${payment.label}: ${formatCents(payment.outstandingCents)} due by ${formatDay(payment.dueOn)}.`);
  }
  return lines.length > 0 ? lines : ['- Nothing: every traveller’s checklist is done and the trip is paid. Thank you.'];
}

/**
 * The reminder's subject and text for its deadline, from the facts of the day it is sent; null when
 * nothing is left to say by then (the travellers it was for have done it, the payment is in).
 */
export function reminderEmail(context: ReminderContext): { subject: string; text: string } | null {
  const { deadline, reference, facts } = context;
  const { trip, rules } = facts;
  const window = visaWindow(trip, rules);
  const stillFor = (key: 'visa' | 'vaccine') => {
    if (context.positions.includes(0) && facts.travellers.length === 0) return [0];
    const open = new Set(stillToDo(facts, key));
    const asked = context.positions.includes(0) ? facts.travellers.map((each) => each.position) : context.positions;
    return asked.filter((position) => open.has(position));
  };
  let subject: string;
  let body: string[];
  if (deadline === 'booking') {
    subject = `Your booking ${reference}: what we need from you`;
    body = [
      `Thank you for booking with us. Your trip (${tripName(trip)}) leaves on ${formatDay(trip.departureOn)}; before then, this is what we need:`,
      '',
      ...whatWeNeed(context),
    ];
  } else if (deadline === 'visa') {
    const positions = stillFor('visa');
    if (positions.length === 0) return null;
    subject = `Your booking ${reference}: the Umrah visa window is open`;
    body = [
      `The Umrah visa can now be applied for${forWhom(context, positions)}: between ${formatDay(window.from)} and ${formatDay(window.by)}.`,
      `Not earlier, because ${context.words.umrahWindow}; not later, because we allow ${countOf(rules.processingBusinessDays, 'business day')} for our checks before you leave on ${formatDay(trip.departureOn)}.`,
      'Make sure we have each passport’s details, and reply or call us if anything has changed.',
    ];
  } else if (deadline === 'vaccine') {
    const positions = stillFor('vaccine');
    if (positions.length === 0) return null;
    const by = vaccineLastDay(trip, rules);
    const status = rules.vaccine[trip.kind].status;
    subject = `Your booking ${reference}: the meningitis vaccine by ${formatDay(by)}`;
    body = [
      `The meningitis (ACWY) vaccine is ${status} for this trip, given at least ${countOf(rules.vaccine.daysBeforeArrival, 'day')} before arrival: by ${formatDay(by)}${forWhom(context, positions)}.`,
      status === 'required'
        ? `Once it is given, add its type and date on your trip page or reply to us: we use them only for this checklist and delete them ${countOf(context.words.retentionDays, 'day')} after your return.`
        : `Once it is given, tell us on your trip page or by replying: as it is only recommended, we keep only that it is given (no type, no date), use it only for this checklist and delete it ${countOf(context.words.retentionDays, 'day')} after your return.`,
    ];
  } else if (deadline === 'departure') {
    subject = `Your booking ${reference}: one week to departure`;
    body = [
      `Your trip (${tripName(trip)}) leaves on ${formatDay(trip.departureOn)}. Your trip page has the itinerary, what is paid and each traveller's checklist. Still to do:`,
      '',
      ...whatWeNeed(context),
    ];
  } else {
    const ordinal = Number(deadline.slice('payment:'.length));
    const payment = facts.owed.find((each) => each.ordinal === ordinal);
    if (!payment || payment.outstandingCents <= 0) return null;
    subject = `Your booking ${reference}: ${payment.label.toLowerCase()} due by ${formatDay(payment.dueOn)}`;
    const percent = cardFeePercentIn(facts.payerState);
    const byCard =
      percent > 0
        ? ` (${cardTotalLabel(percent).toLowerCase()}: ${formatCents(byCreditCardCents(payment.outstandingCents, percent))})`
        : '';
    body = [
      `${payment.label} of ${formatCents(payment.outstandingCents)}${byCard} is due by ${formatDay(payment.dueOn)}. How to pay, and what is paid so far, are on your trip page.`,
      checkSenderLine(),
    ];
  }
  const lines = [
    'Assalamu alaikum,',
    '',
    ...body,
    '',
    `Your trip page: ${context.tripUrl}`,
    `Reference: ${reference}`,
    '',
    ...talkToUsLines(),
    '',
    agencyContact.name,
    context.siteUrl,
    postalAddressLine(),
    '',
    `You get these reminders because you booked trip ${reference} with us. To stop them, open this link and press the button: ${context.optOutUrl}`,
    'Receipts of your payments and our answers to your messages still come.',
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
    return [{ ordinal, label: paymentLabel(ordinal, schedule.length), dueOn: due.dueOn, outstandingCents }];
  });
}
