/*
 * The quote link's controller (src/pages/quote/[token].astro): the link answers the quote until it is
 * accepted with a deposit recorded, then it is the family's trip page. A GET shows whichever it is; a
 * POST goes to that one's form (src/server/quotes/pilgrim-page.ts or src/server/trips/trip-page.ts).
 * The page reads the request, calls `quoteLinkPage` and renders the answer; it decides nothing.
 */
import { agencyDay } from '../../lib/agency-time.ts';
import { registrationLines } from '../../lib/claims.ts';
import { facts } from '../../lib/facts.ts';
import {
  doneNotice,
  parseDoneCode,
  type AnswerProblem,
  type AnswerValues,
  type DoneNotice,
} from '../../lib/quotes/answers.ts';
import { pilgrimView, type PilgrimContext, type PilgrimView } from '../../lib/quotes/pilgrim-view.ts';
import { agencyBooking } from '../../lib/site-booking.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import { familyTripView, fieldReasons, type FamilyTripView, type FieldReasons } from '../../lib/trips/family.ts';
import type { Language } from '../../lib/languages.ts';
import { tripSpeech, type TripSpeech } from '../../lib/trips/speech.ts';
import { clientGone } from '../leads/client-address.ts';
import { leadApi } from '../leads/instance.ts';
import { notAllowed, notFound, type FormRefusal, type LinkPageAnswer } from '../private-form.ts';
import { quotePage } from '../quotes/instance.ts';
import type { AnswerResult, ShownQuote } from '../quotes/pilgrim-page.ts';
import { serverConfig } from '../config.ts';
import { tripPage } from './instance.ts';
import { tripRules } from './rules.ts';
import type { ShownTrip, TripPostResult } from './trip-page.ts';

/** What a request came to, before it is shaped for the page. */
interface Outcome {
  token: string;
  /** The office's today, by which the quote and the trip are read. */
  today: string;
  /** Whether the post went to the trip's form (a refusal then says "trip", not "quote"). */
  tripPost: boolean;
  /** The language of the trip a post went to, for its refusal. */
  language: Language;
  refusal: Extract<AnswerResult | TripPostResult, { kind: 'refused' }> | undefined;
  shown: ShownQuote | null;
  trip: ShownTrip | null;
  tripFailed: Extract<TripPostResult, { kind: 'problems' }> | undefined;
  /** Why a language button's post changed nothing. */
  languageRefused: string | undefined;
  problems: readonly AnswerProblem[];
  values: AnswerValues | undefined;
}

/** What the link shows: a refusal on its own, the quote with its forms, or the trip (over its quote) with its form. */
export interface QuoteLinkModel {
  token: string;
  /** The trip's language (the booking's); a quote, a refusal on one, or a link that is no trip yet, English. */
  lang: Language;
  title: string;
  /** A form came back with problems: the document's title says so first. */
  failed: boolean;
  refusal: { message: string; back: string } | undefined;
  quote:
    | {
        view: PilgrimView;
        formToken: string;
        notice: DoneNotice | null;
        problems: readonly AnswerProblem[];
        values: AnswerValues | undefined;
      }
    | undefined;
  trip:
    | {
        view: FamilyTripView;
        formToken: string;
        reasons: FieldReasons;
        saved: boolean;
        /** The family just chose the page's language. */
        languageSaved: boolean;
        languageProblem: string | undefined;
      }
    | undefined;
  /** Seller-of-travel registrations, as every offer to sell travel must show them where set. */
  registrations: string[];
}

/** Runs a post, if any, on the quote or on the trip, and loads the page; `socket`: the connection's address, `airports`: the catalogue's. */
export async function quoteLinkPage(
  request: Request,
  token: string,
  socket: string | undefined,
  airports: PilgrimContext['airports'],
  now = new Date(),
): Promise<LinkPageAnswer<QuoteLinkModel>> {
  const answer = await dispatch(request, token, socket, now);
  if (!('model' in answer)) return answer;
  return { ...answer, model: shaped(answer.model, new URL(request.url).searchParams.get('done'), airports) };
}

/** The page's words and cards from what the request came to; `done` is the address's code after a post. */
function shaped(outcome: Outcome, done: string | null, airports: PilgrimContext['airports']): QuoteLinkModel {
  const { token, today, tripPost, refusal, shown, trip, tripFailed, languageRefused, problems, values } = outcome;
  // A trip speaks its booking's language, a refusal on a trip's post too; a quote stays in English.
  const lang: Language = trip?.language ?? outcome.language;
  const say = tripSpeech(lang);
  const phone = agencyContact.phone.display;
  // Under the trip, the quote as accepted: its itinerary is the booking's, as the checklist's dates are.
  const view =
    shown &&
    pilgrimView(trip?.quote ?? shown.quote, {
      today,
      timeZone: agencyContact.timeZone,
      phone,
      airports,
      cardFeePercent: facts.payment.cardFee.percent,
    });
  const doneCode = parseDoneCode(done);
  const rules = tripRules();
  const tripView =
    trip &&
    familyTripView({
      ...trip,
      today,
      rules,
      failed: tripFailed && { problems: tripFailed.problems, typed: tripFailed.typed },
      say,
    });
  return {
    token,
    lang,
    title: tripView
      ? say.words.title(tripView.reference)
      : view
        ? `Your quote ${view.reference}`
        : tripPost
          ? say.words.nothingSaved
          : 'Your answer was not recorded',
    failed: problems.length > 0 || (tripFailed?.problems.length ?? 0) > 0 || languageRefused !== undefined,
    refusal: refusal && {
      message: tripPost ? refusalWords(refusal.status, say) : refusal.message,
      back: tripPost ? say.words.back : 'Back to your quote',
    },
    quote:
      shown && view
        ? {
            view,
            formToken: shown.formToken,
            notice: doneCode && doneNotice(doneCode, { phone, replyTime: agencyContact.replyTime }),
            problems,
            values,
          }
        : undefined,
    trip:
      trip && tripView
        ? {
            view: tripView,
            formToken: trip.formToken,
            reasons: fieldReasons(rules, serverConfig().TRAVELLER_RETENTION_DAYS, say),
            saved: done === 'traveller' && !tripFailed,
            languageSaved: done === 'language' && !languageRefused,
            languageProblem: languageRefused && say.words.refusals.badLanguage,
          }
        : undefined,
    registrations: registrationLines(agencyBooking.registrations),
  };
}

type FormRefusalStatus = FormRefusal['status'];

/** A trip post's refusal in the trip's language, by what refused it (src/server/private-form.ts). */
function refusalWords(status: FormRefusalStatus, say: TripSpeech): string {
  const words = say.words.refusals;
  if (status === 429) return words.tooMany;
  if (status === 413) return words.tooLong;
  if (status === 503) return words.notTaken;
  return words.notFromPage;
}

/** Runs a post, if any, on the quote or on the trip, and reads what the link opens. */
async function dispatch(
  request: Request,
  token: string,
  socket: string | undefined,
  now: Date,
): Promise<LinkPageAnswer<Outcome>> {
  const today = agencyDay(now, agencyContact.timeZone);
  const model: Outcome = {
    token,
    today,
    tripPost: false,
    refusal: undefined,
    shown: null,
    trip: null,
    tripFailed: undefined,
    languageRefused: undefined,
    language: 'en',
    problems: [],
    values: undefined,
  };
  if (request.method === 'GET' || request.method === 'HEAD') {
    const shown = await quotePage.show(token);
    if (!shown) return notFound();
    const trip = await tripPage.open(token, today);
    return { status: 200, retryAfter: undefined, model: { ...model, shown, trip } };
  }
  if (request.method !== 'POST') return notAllowed();
  if (socket === undefined) return { response: clientGone(new URL(request.url).pathname) };
  const client = leadApi.client(request, socket);
  // Once it is a trip, the link's forms add travellers and choose its language; before, they answer the quote.
  const opened = await tripPage.open(token, today);
  const tripPost = opened !== null;
  if (opened) model.language = opened.language;
  const result = tripPost
    ? await tripPage.post(request, token, client, today, now)
    : await quotePage.answer(request, token, client, today, now);
  if (result.kind === 'not-found') return notFound();
  // After a post, a page of its own: reloading it records nothing again.
  if (result.kind === 'done') return { redirect: `/quote/${token}?done=${result.code}` };
  if (result.kind === 'refused')
    return { status: result.status, retryAfter: result.retryAfter, model: { ...model, tripPost, refusal: result } };
  if (result.kind === 'bad-language')
    return {
      status: 400,
      retryAfter: undefined,
      model: {
        ...model,
        tripPost,
        trip: result.trip,
        languageRefused: result.message,
        shown: await quotePage.show(token),
      },
    };
  if ('trip' in result)
    return {
      status: 400,
      retryAfter: undefined,
      model: { ...model, tripPost, trip: result.trip, tripFailed: result, shown: await quotePage.show(token) },
    };
  const { shown, problems, values } = result;
  return { status: 400, retryAfter: undefined, model: { ...model, tripPost, shown, problems, values } };
}
