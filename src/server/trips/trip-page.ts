/*
 * The family's trip page on the server: the accepted quote's private link, once a deposit is
 * recorded, opens the trip (src/pages/quote/[token].astro draws it), and its form adds travellers or
 * fills in what is missing. The form is taken only from the page, as the quote's answers are
 * (src/server/quotes/pilgrim-page.ts), through the private links' one guard (src/server/private-form.ts):
 * a rate limit per client and link counted first, a link that opens the trip, the browser's
 * Sec-Fetch-Site and Origin, a body limit, and a form token that is an HMAC of the link (a new link
 * makes a new token). The same guard takes the page's language buttons, which keep the booking's
 * language (src/server/trips/language.ts). Every change is in the lead's history as the family's, with its time.
 */
import { agencyContact } from '../../lib/site-contact.ts';
import { FAMILY_ACTOR, LANGUAGE_ACTION, TRIP_FORM_TOKEN, familyFields, tripEvents } from '../../lib/trips/family.ts';
import { tripName } from '../../lib/trips/destinations.ts';
import { tripCalendar } from '../../lib/trips/ics.ts';
import {
  readTravellerForm,
  tripDatesOf,
  type Traveller,
  type TravellerFields,
  type TravellerProblem,
} from '../../lib/trips/travellers.ts';
import type { PilgrimQuote } from '../../lib/quotes/records.ts';
import type { LeadStore } from '../leads/store.ts';
import { RateLimiter } from '../leads/rate-limit.ts';
import { QuoteStore } from '../quotes/store.ts';
import { linkFormToken, privateLinkForm, type FormRefusal, type RefusalWords } from '../private-form.ts';
import { tripRules } from './rules.ts';
import { bookingLanguage, chooseBookingLanguage } from './language.ts';
import type { Language } from '../../lib/languages.ts';
import { tripSpeech } from '../../lib/trips/speech.ts';
import type { AcceptedBooking } from '../quotes/bookings.ts';
import { TravellerStore } from './store.ts';

/** A post the trip page takes: a traveller, or the language its buttons name. */
type Posted = { traveller: TravellerFields } | { language: string };

const FORM_SECRET_KEY = 'quote-form-secret';

/** A link's trip: the booking, its travellers, what is paid, and the token its form carries. */
export interface ShownTrip {
  leadId: string;
  booking: AcceptedBooking;
  /** The quote as accepted: the trip page's itinerary and prices, never a version sent after it. */
  quote: PilgrimQuote;
  travellers: Traveller[];
  paidCents: number;
  formToken: string;
  /** The booking's language, in which the page is written. */
  language: Language;
}

export type TripPostResult =
  | { kind: 'not-found' }
  | { kind: 'done'; code: 'traveller' | 'language' }
  | FormRefusal
  /** A language button posted a value that is no language: nothing changed. */
  | { kind: 'bad-language'; trip: ShownTrip; message: string }
  | { kind: 'problems'; trip: ShownTrip; problems: TravellerProblem[]; typed: TravellerFields };

export interface TripPageOptions {
  siteUrl: string;
  /** Posts one client may make on one link per window. */
  limit: number;
  windowMs: number;
}

const WORDS: RefusalWords = {
  notFromPage:
    'This form did not come from your trip page, so nothing was saved. Please open the link to your trip again and fill it in there.',
  tooMany:
    'Too many changes from this connection in a short time, so nothing was saved. Please wait a few minutes or call us.',
  tooLong: 'This form is too long to send. Please shorten it and try again.',
  notTaken: 'The traveller could not be saved just now. Please try again in a minute or call us.',
};

/** The token the trip page's form carries: an HMAC of its link, apart from the quote answers' own. */
export function tripFormTokenFor(linkToken: string, secret: string): string {
  return linkFormToken('trip-travellers', linkToken, secret);
}

/** The trip page's reads and the travellers it takes, on the store this process has open. */
export class TripPage {
  private readonly store: () => LeadStore;
  private readonly options: TripPageOptions;
  private readonly limiter: RateLimiter;

  constructor(store: () => LeadStore, options: TripPageOptions) {
    this.store = store;
    this.options = options;
    this.limiter = new RateLimiter(store, 'trip-travellers', options.limit, options.windowMs);
  }

  /**
   * The trip a link opens: null while it is still a quote (not accepted, or no payment yet) and
   * alike for a link that opens nothing, which the quote page then answers with its 404.
   */
  async open(linkToken: string, today: string): Promise<ShownTrip | null> {
    const { database } = this.store();
    const quote = await new QuoteStore(database).acceptedQuoteByToken(linkToken);
    if (!quote) return null;
    const travellers = new TravellerStore(database);
    const booked = await travellers.bookingOfQuote(quote.quoteId);
    if (!booked) return null;
    const billed = await new QuoteStore(database).accountOfLead(booked.leadId, today);
    if (billed?.quoteId !== quote.quoteId || billed.account.paidCents === 0) return null;
    const onBooking = (await travellers.travellersOf(booked.leadId)).filter(
      (each) => each.quoteId === booked.booking.quoteId,
    );
    const formToken = tripFormTokenFor(linkToken, await this.store().secret(FORM_SECRET_KEY));
    const language = await bookingLanguage(database, quote.quoteId);
    return { ...booked, quote, travellers: onBooking, paidCents: billed.account.paidCents, formToken, language };
  }

  /** The trip's dates as an iCalendar file, or null alike for every link the page answers with a 404. */
  async calendar(linkToken: string, today: string, now = new Date()): Promise<string | null> {
    const trip = await this.open(linkToken, today);
    if (!trip) return null;
    const { draft } = trip.booking;
    const dates = tripDatesOf(draft, today);
    const events = tripEvents({
      trip: dates,
      returnOn: draft.returnOn,
      travellers: trip.travellers,
      rules: tripRules(),
      schedule: draft.schedule,
      paidCents: trip.paidCents,
    });
    return tripCalendar({
      events,
      uidPrefix: trip.booking.quoteId,
      domain: new URL(this.options.siteUrl).hostname,
      productId: `-//${agencyContact.name}//Trip dates//EN`,
      calendarName: `${tripName(dates)} with ${agencyContact.name}`,
      now,
    });
  }

  /** Takes one posted traveller, or the language chosen, through the private links' guard (src/server/private-form.ts); kept with the family as its actor. */
  async post(
    request: Request,
    linkToken: string,
    client: string,
    today: string,
    now = new Date(),
  ): Promise<TripPostResult> {
    const post = privateLinkForm({
      limiter: this.limiter,
      siteUrl: this.options.siteUrl,
      words: WORDS,
      failure: 'save a traveller from the trip page',
      open: (token) => this.open(token, today),
      formTokenField: TRIP_FORM_TOKEN,
      read: (fields): Posted | undefined => {
        if (fields['action'] === LANGUAGE_ACTION) return { language: fields[LANGUAGE_ACTION] ?? '' };
        const traveller = readTravellerForm({ get: (name: string) => fields[name] });
        return traveller && { traveller };
      },
      store: (read, trip) =>
        'language' in read
          ? this.chooseLanguage(trip, read.language, now)
          : this.save(trip, read.traveller, today, now),
    });
    return post({ request, token: linkToken, client, now });
  }

  private async chooseLanguage(trip: ShownTrip, value: string, now: Date): Promise<TripPostResult> {
    const chosen = await chooseBookingLanguage(this.store().database, trip.booking.quoteId, value, FAMILY_ACTOR, now);
    if (!chosen) return { kind: 'not-found' };
    return chosen.ok ? { kind: 'done', code: 'language' } : { kind: 'bad-language', trip, message: chosen.message };
  }

  private async save(trip: ShownTrip, read: TravellerFields, today: string, now: Date): Promise<TripPostResult> {
    const typed = { ...read, quoteId: trip.booking.quoteId };
    const stored = trip.travellers.find((each) => String(each.position) === typed.position);
    const saved = await new TravellerStore(this.store().database).save(
      trip.leadId,
      familyFields(typed, stored),
      FAMILY_ACTOR,
      today,
      now,
      tripSpeech(trip.language),
    );
    if (!saved) return { kind: 'not-found' };
    // A refused form shows back what was typed, never what is stored.
    return saved.ok ? { kind: 'done', code: 'traveller' } : { kind: 'problems', trip, problems: saved.problems, typed };
  }
}
