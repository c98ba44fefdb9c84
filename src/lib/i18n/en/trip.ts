import { checkSenderLine } from '../../agency-email.ts';
import { paymentLabel } from '../../quotes/model.ts';
import { cardTotalLabel } from '../../quotes/payments.ts';
import type { Translation } from '../translation.ts';

/*
 * Every argument is a fact already put in words elsewhere: a day formatted in the language, an
 * amount, a count, a name. No date, price, rule or count is written here.
 */
type Counts = { adult: number; child: number; infant: number };
type Category = keyof Counts;
type Country = 'turkey' | 'jordan' | 'uae' | 'egypt';
type Need = 'required' | 'recommended';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const CATEGORY_NOUNS: Record<Category, [string, string]> = {
  adult: ['adult', 'adults'],
  child: ['child', 'children'],
  infant: ['infant', 'infants'],
};
const COUNTRIES: Record<Country, string> = { turkey: 'Turkey', jordan: 'Jordan', uae: 'the UAE', egypt: 'Egypt' };
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const dueOrLate = (late: boolean) => (late ? 'Late' : 'Due');

/** The family's trip page, its print view and the trip reminders' words. */
export const trip = {
  /** Heads the language buttons, each language named in its own script. */
  languageChoice: 'Read this page in',
  languageSaved: 'This page is now in English.',
  /** The document's title. */
  /** The private pages' layout (src/layouts/QuoteLayout.astro). */
  skipToContent: 'Skip to content',
  title: (reference: string) => `Your trip ${reference}`,
  error: (title: string) => `Error: ${title}`,
  booking: (reference: string) => `Booking ${reference}`,
  heading: 'Your trip',
  summary: (name: string, departs: string, returns: string, quoted: string) =>
    `${name} · departs ${departs} · returns ${returns} · for ${quoted}`,
  privateNote:
    "This page is your booking's private link: anyone who has it can see it and add travellers, so share it only with the people travelling. It says what is done and what is due, and never shows the details you gave us back in full.",
  calendar: 'Add the dates to your calendar (.ics)',
  quoteLink: 'Your quote',
  printNote: 'To keep a paper copy, print this page: it fits on one or two pages.',
  itinerary: 'Itinerary',
  /** Over the accepted quote's own words, kept in English on a translated page. */
  inEnglish: 'The itinerary and the quote as you accepted them, in English: the English text governs prices and terms.',
  privacy: "How we use and delete the travellers' details",
  travellerSaved: 'Traveller saved.',
  nothingSaved: 'Nothing was saved',
  back: 'Back to your trip',
  /** The trip page's refusals (src/server/private-form.ts says when each applies). */
  refusals: {
    notFromPage:
      'This form did not come from your trip page, so nothing was saved. Please open the link to your trip again and fill it in there.',
    tooMany:
      'Too many changes from this connection in a short time, so nothing was saved. Please wait a few minutes or call us.',
    tooLong: 'This form is too long to send. Please shorten it and try again.',
    notTaken: 'The traveller could not be saved just now. Please try again in a minute or call us.',
    badLanguage:
      'That is not a language this page is written in, so nothing was changed. Please choose one of the four below.',
  },

  // What the trip is.
  umrahTrip: 'Umrah trip',
  holidayIn: (country: Country) => `Holiday in ${COUNTRIES[country]}`,
  holidayAndUmrah: (country: Country) => `Holiday in ${COUNTRIES[country]} and Umrah`,
  entryTo: (country: Country) => `Entry to ${COUNTRIES[country]}`,

  // Payments.
  payments: 'Payments',
  paidSoFar: (amount: string) => `Paid so far: ${amount}.`,
  stillToPay: (amount: string) => ` Still to pay: ${amount}.`,
  paymentsCaption: 'Each payment and where it stands',
  paymentColumn: 'Payment',
  amountColumn: 'Amount',
  standsColumn: 'Where it stands',
  paySafely: 'How to pay safely',
  /** The quote's own names for its payments ("Deposit", "Balance"). */
  paymentLabel,
  paid: 'Paid',
  partPaid: (amount: string) => `${amount} paid, `,
  overdueSince: (amount: string, day: string) => `${amount} overdue since ${day}`,
  dueBy: (amount: string, day: string) => `${amount} due by ${day}`,

  // The travellers and their checklist.
  travellersHeading: 'Travellers and what is still to do',
  bookingFor: (quoted: string, saudi: boolean, arrives: string) =>
    `The booking is for ${quoted}. Arrival${saudi ? ' in Saudi Arabia' : ''}: ${arrives}; every rule below counts from it.`,
  noTravellers: 'No travellers yet: add each one below.',
  standing: (words: string) => `Standing: ${words}`,
  standings: { ready: 'Ready', waiting: 'Waiting on a visa', due: 'Items due', blocked: 'Blocked' },
  categories: { adult: 'adult', child: 'child', infant: 'infant' },
  count: (count: number, category: Category) => plural(count, ...CATEGORY_NOUNS[category]),
  counts: (counts: Counts) =>
    [
      plural(counts.adult, 'adult', 'adults'),
      counts.child > 0 && plural(counts.child, 'child', 'children'),
      counts.infant > 0 && plural(counts.infant, 'infant', 'infants'),
    ]
      .filter(Boolean)
      .join(', '),
  /** The items of a list, joined as the language joins them. */
  list: (items: readonly string[]) => items.join(', '),
  stillToAdd: (quoted: string, missing: string) => `The quote is for ${quoted}: ${missing} still to add.`,
  tooMany: (quoted: string, entered: string) =>
    `The accepted quote is for ${quoted}: this would make ${entered}. Change the category, or send a new quote first.`,
  gone: 'That traveller is no longer on the booking: reload the page.',
  addDetailsFor: (name: string) => `Add or correct details for ${name}`,
  addTraveller: 'Add a traveller',
  addOnly: 'Only what the checklist needs: no passport number, no date of birth, no scans.',

  // The checklist's items: names, then states with their days.
  passport: 'Passport',
  visaKinds: { umrah: 'Umrah visa', tourist: 'Tourist eVisa', other: 'Visa (residence permit or GCC visa)' },
  vaccine: 'Meningitis (ACWY) vaccine',
  nusuk: 'Nusuk permit',
  entry: 'Entry',
  nothingBeforeFlying: 'Nothing to do before you fly.',
  nothingBeforeFlyingBecause: (rule: string) => `Nothing to do before you fly: ${rule}.`,
  passportBlocked: (expires: string, by: string) =>
    `Blocked: expires ${expires}, it must be valid until ${by}. A new passport is needed.`,
  passportDone: (by: string) => `Done: valid until at least ${by}.`,
  passportDue: (late: boolean, by: string) => `${dueOrLate(late)}: the expiry date is needed by ${by}.`,
  /** The family's words: the passport's month, never its day. */
  passportBlockedMonth: (month: string, by: string) =>
    `Blocked: it expires in ${month}, and it must be valid until ${by}. A new passport is needed.`,
  passportDoneMonth: (month: string) => `Done: expires ${month}, valid for the trip.`,
  between: (from: string, to: string) => `${from} and ${to}`,
  visaValidUntil: (day: string) => `Done: valid until ${day}.`,
  visaIssuedValid: (on: string, by: string) => `Done: issued ${on}, valid until ${by}.`,
  visaIssued: (on: string) => `Done: issued ${on}.`,
  visaApplied: (on: string) => `Waiting: applied ${on}.`,
  visaLapses: (by: string) => `Blocked: issued too early, it lapses on ${by}, before arrival. A new visa is needed.`,
  visaNoDay: (window: string) => `Blocked: no day works (apply between ${window}).`,
  visaDue: (late: boolean, window: string) => `${dueOrLate(late)}: apply between ${window}.`,
  visaAfterLastEntry: (by: string) =>
    `Blocked: an Umrah visa cannot be used for this arrival, as the last entry on one is about ${by}, before Hajj. Use a tourist eVisa instead, or change the dates.`,
  visaClosure: (by: string) =>
    `Blocked: the stay runs past about ${by}, after which Makkah is closed before Hajj to all but Hajj visas. Return by then, or change the dates.`,
  visaTooLong: (by: string, days: number) =>
    `Blocked: the stay runs past ${by}, longer than the ${days} days the tourist eVisa allows. Shorten the stay, or ask us about an Umrah visa.`,
  visaExpiresTourist: (by: string) => `Blocked: it expires ${by}, before the return. A new tourist eVisa is needed.`,
  visaExpiresOther: (by: string) =>
    `Blocked: it expires ${by}, before the return. Renew it, or apply for a tourist eVisa.`,
  /** The family's words for a visa: its status, never its days. */
  familyVisaValid: 'Done: valid for the trip.',
  familyVisaIssued: 'Done: issued.',
  familyVisaApplied: 'Waiting: applied for.',
  familyVisaLapses: 'Blocked: issued too early, it lapses before arrival. A new visa is needed.',
  familyVisaExpiresTourist: 'Blocked: it expires before the return. A new tourist eVisa is needed.',
  familyVisaExpiresOther: 'Blocked: it expires before the return. Renew it, or apply for a tourist eVisa.',
  needs: { required: 'required', recommended: 'recommended' },
  vaccineNotNeeded: 'Not needed for this traveller.',
  vaccineDone: (need: Need) => `Done (${need}).`,
  vaccineDue: (late: boolean, need: Need, by: string) => `${dueOrLate(late)} (${need}): give it by ${by}.`,
  familyVaccineDone: (need: Need) => `Done: recorded (${need}).`,
  familyVaccineWontCount: (rest: string) => `Recorded, but it will not count on arrival. ${rest}`,
  nusukNotNeeded: 'Not needed for this trip.',
  nusukDone: (day: string) => `Done: booked for ${day}.`,
  nusukDue: (late: boolean, by: string) => `${dueOrLate(late)}: book it before arrival on ${by}.`,
  familyNusukDone: 'Done: booked.',

  // The travellers' form.
  form: {
    add: 'Add a traveller',
    details: (position: string) => `Details of traveller ${position}`,
    name: 'Name as in the passport',
    category: 'Adult, child or infant',
    categoryOptions: { adult: 'Adult', child: 'Child', infant: 'Infant (under 2)' },
    passportExpiry: 'Passport expiry date',
    given: 'Given?',
    certificateType: 'Type on the certificate',
    givenOn: 'Given on',
    visa: 'Visa',
    whichVisa: 'Which visa',
    visaStatus: 'Umrah visa or eVisa: status',
    visaOn: 'Applied or issued on',
    visaValidUntil: 'Residence permit or GCC visa: valid until',
    nusukFor: 'Nusuk permit booked for',
    nusukEmpty: 'Leave empty until it is booked.',
    recorded: (why: string) => `Recorded: leave blank to keep it. ${why}`,
    leaveAsRecorded: 'Leave as recorded',
    notYet: 'Not yet',
    vaccineTypes: { conjugate: 'Conjugate', polysaccharide: 'Polysaccharide', unnamed: 'Not named on the certificate' },
    givenOption: 'Given',
    visaStatuses: { 'not-applied': 'Not applied', applied: 'Applied', issued: 'Issued' },
    visaKindOptions: {
      umrah: 'The Umrah visa we apply for with the package',
      tourist: 'My own Saudi tourist eVisa',
      other: 'A residence permit or GCC visa',
    },
    save: 'Save these details',
    addButton: 'Add traveller',
    problems: 'There is a problem; nothing was saved.',
  },
  /** Why each field is asked; the numbers are the rules' own. */
  reasons: {
    name: 'The tickets and the visa must match the passport letter for letter.',
    category: 'The quote is priced by it, and some rules depend on age.',
    passport: (months: number) =>
      `Saudi Arabia asks for a passport valid ${months} months from arrival. Only the expiry date is kept, never the number.`,
    deleted: (days: number) =>
      `it is used only for this checklist and deleted ${plural(days, 'day', 'days')} after your return`,
    vaccineRequired: (days: number, deleted: string) =>
      `The certificate must be at least ${days} days old on arrival, and its type sets how long it counts, so its type and date are kept. This is health information: ${deleted}.`,
    vaccineRecommended: (deleted: string) =>
      `It is recommended for Umrah, not required, so we keep only whether it is given: no type, no date. This is health information: ${deleted}.`,
    visa: (useWithinDays: number, eVisaMonths: number) =>
      `An Umrah visa lapses if it is not used within ${useWithinDays} days of issue, so it is applied for in a window; a tourist eVisa lasts ${plural(eVisaMonths, 'month', 'months')}; for a residence permit or GCC visa only its expiry date is kept. Never a visa number.`,
    nusuk: 'Each Umrah needs a permit with a time slot, booked in the Nusuk app.',
  },
  /** The form's problems; `what` is one of `fields`. */
  problems: {
    realDate: (what: string) => `Please enter ${what} as a real date.`,
    notAfterToday: (what: string) => `${what.charAt(0).toUpperCase()}${what.slice(1)} cannot be after today.`,
    name: 'Please enter the name as in the passport.',
    nameTooLong: (max: number) => `Please keep the name to ${max} characters, as in the passport.`,
    category: 'Please choose adult, child or infant.',
    vaccine: 'Please choose the vaccine recorded.',
    vaccinatedOn: 'Please enter the day the vaccine was given.',
    visaKind: 'Please choose the kind of visa.',
    visaValidUntil: 'Please enter the day the visa or residence permit expires.',
    visa: 'Please choose the visa status.',
    visaOn: (status: 'applied' | 'issued') => `Please enter the day the visa was ${status}.`,
  },
  fields: {
    passportExpiresOn: 'the passport expiry date',
    vaccinatedOn: 'the vaccination date',
    nusukPermitOn: 'the Nusuk permit date',
    visaValidUntil: 'the day the visa expires',
    visaApplied: 'the day the visa was applied',
    visaIssued: 'the day the visa was issued',
  },

  // What to carry and whom to call.
  carryHeading: 'What to carry',
  /** Each thing with why; `rule` is the fact's English sentence, the numbers its own values. */
  carry: {
    passport: 'Each passport',
    // English says a rule in the fact's own sentence; the other languages, which have none, use its numbers.
    passportWhy: (rule: string, _months: number, _pages: number) =>
      `${sentence(rule)}. Check that it is the passport the visa was issued on.`,
    visa: 'Each Umrah visa, printed and on a phone',
    visaWhy: 'The airline checks it at check-in, before you board.',
    nusuk: 'The Nusuk app, signed in, with each Umrah permit',
    nusukWhy: (rule: string) => `${sentence(rule)}. Keep a screenshot of each permit in case the network is slow.`,
    vaccine: 'The meningitis vaccine certificate of each traveller vaccinated',
    vaccineWhy: (rule: string, _days: number) =>
      `The yellow international certificate names the vaccine and the day it was given. ${sentence(rule)}.`,
    ihram: 'Ihram for each man, in the cabin bag',
    ihramWhy: (rule: string) =>
      `Flying to Jeddah to go straight to Makkah, ${rule}. Checked luggage is out of reach by then.`,
    medicines: 'Medicines, in their original packs, with a copy of each prescription',
    medicinesWhy: 'Some medicines sold in the US are controlled in Saudi Arabia; keep them all in the cabin bag.',
    page: 'This page, printed, and our phone number',
    pageWhy: 'It has your dates, hotels and the people to call if a flight changes or a paper is questioned.',
  },
  packingGuide: 'The full packing list is in our ',
  packingGuideLink: 'Umrah packing guide',
  /** A sentence (or a label read as one) ended as the language ends it. */
  fullStop: (sentence: string) => `${sentence}.`,
  callHeading: 'Whom to call',
  office: 'Our office',
  whatsapp: 'WhatsApp',
  whatsappLink: 'Message us on WhatsApp',
  emergencies: (support: string) => `Emergencies while travelling, ${support}`,
  email: 'Email',
  sayReference: "Say your booking reference when you call, never this page's link.",
  /** The trip reminders (src/lib/trips/reminders.ts); in a translation the English follows below. */
  reminders: {
    greeting: 'Assalamu alaikum,',
    tripPage: (url: string) => `Your trip page: ${url}`,
    reference: (reference: string) => `Reference: ${reference}`,
    why: (reference: string, url: string) =>
      `You get these reminders because you booked trip ${reference} with us. To stop them, open this link and press the button: ${url}`,
    stillCome: 'Receipts of your payments and our answers to your messages still come.',
    forWhom: (count: number, of: number) => ` for ${count} of your ${plural(of, 'traveller', 'travellers')}`,
    toAdd: (missing: number, saudi: boolean) =>
      `Each traveller's details: ${plural(missing, 'traveller', 'travellers')} still to add (the name as in the passport, the passport's expiry date${saudi ? ', the vaccination' : ''}). Add them on your trip page, or send them to us.`,
    passport: (until: string, months: number | null) =>
      `A passport valid until at least ${until}${months === null ? '' : ` (${months} months from arrival)`}.`,
    entry: (country: Country, rule: string) => `Entry to ${COUNTRIES[country]}: ${rule}.`,
    // English says a rule in the fact's own sentence; the other languages, which have none, use its numbers.
    visa: (from: string, by: string, rule: string, _useWithinDays: number) =>
      `The Umrah visa: we apply between ${from} and ${by}; ${rule}.`,
    vaccine: (need: Need, by: string) => `The meningitis (ACWY) vaccine, ${need} for this trip: given by ${by}.`,
    nusuk: (rule: string) => `The Nusuk permit: ${rule}, before arrival.`,
    payment: (label: string, amount: string, by: string) => `${label}: ${amount} due by ${by}.`,
    nothing: 'Nothing: every traveller’s checklist is done and the trip is paid. Thank you.',
    bookingSubject: (reference: string) => `Your booking ${reference}: what we need from you`,
    bookingIntro: (name: string, departs: string) =>
      `Thank you for booking with us. Your trip (${name}) leaves on ${departs}; before then, this is what we need:`,
    visaSubject: (reference: string) => `Your booking ${reference}: the Umrah visa window is open`,
    visaOpen: (whom: string, from: string, by: string) =>
      `The Umrah visa can now be applied for${whom}: between ${from} and ${by}.`,
    visaWhy: (rule: string, _useWithinDays: number, businessDays: number, departs: string) =>
      `Not earlier, because ${rule}; not later, because we allow ${plural(businessDays, 'business day', 'business days')} for our checks before you leave on ${departs}.`,
    visaCheck: 'Make sure we have each passport’s details, and reply or call us if anything has changed.',
    vaccineSubject: (reference: string, by: string) => `Your booking ${reference}: the meningitis vaccine by ${by}`,
    vaccineIntro: (need: Need, days: number, by: string, whom: string) =>
      `The meningitis (ACWY) vaccine is ${need} for this trip, given at least ${plural(days, 'day', 'days')} before arrival: by ${by}${whom}.`,
    vaccineRequiredKeep: (days: number) =>
      `Once it is given, add its type and date on your trip page or reply to us: we use them only for this checklist and delete them ${plural(days, 'day', 'days')} after your return.`,
    vaccineRecommendedKeep: (days: number) =>
      `Once it is given, tell us on your trip page or by replying: as it is only recommended, we keep only that it is given (no type, no date), use it only for this checklist and delete it ${plural(days, 'day', 'days')} after your return.`,
    departureSubject: (reference: string) => `Your booking ${reference}: one week to departure`,
    departureIntro: (name: string, departs: string) =>
      `Your trip (${name}) leaves on ${departs}. Your trip page has the itinerary, what is paid and each traveller's checklist. Still to do:`,
    paymentSubject: (reference: string, label: string, by: string) =>
      `Your booking ${reference}: ${label.toLowerCase()} due by ${by}`,
    byCard: (percent: number, amount: string) => ` (${cardTotalLabel(percent).toLowerCase()}: ${amount})`,
    paymentBody: (label: string, amount: string, byCard: string, by: string) =>
      `${label} of ${amount}${byCard} is due by ${by}. How to pay, and what is paid so far, are on your trip page.`,
    // The agency's own line, said once (src/lib/agency-email.ts); a translation puts the same facts in its words.
    checkSender: (_domain: string, _phone: string) => checkSenderLine(),
  },
  /** The one-click page that stops a booking's reminders (src/pages/trip/stop-reminders.astro). */
  stop: {
    title: 'Stop the trip reminders',
    titleOff: 'Trip reminders are off',
    button: 'Stop the reminders',
    justNow: 'Done: we will send no more reminders about this booking. ',
    already: 'We send no reminders about this booking. ',
    off: 'Nor will we email you to ask for a review after you return. Your trip page still shows each deadline, receipts of your payments still come, and we still answer your messages. To have the reminders again, call or write to us.',
    intro:
      'We email you before each deadline of this booking: the visa window, the vaccine, the payments and the week before you leave; and once you are home, we ask how the trip went. Press the button to stop these emails; nothing else about your booking changes.',
  },
};
export type TripWords = Translation<typeof trip>;
