/*
 * The lead page's controller: what a post to /admin/leads/<id> does (a quote action, a traveller, a
 * pipeline change or a note), and everything the page then shows. The page reads the request, calls
 * `leadPage` and renders the answer; it decides nothing.
 */
import { agencyDay } from '../../lib/agency-time.ts';
import { contactLinks, doneMessage, pageOrigin, readLeadAction, visitorDetails } from '../../lib/desk/lead.ts';
import { formatDay } from '../../lib/dates.ts';
import { findForm } from '../../lib/forms/definitions.ts';
import { travellerText } from '../../lib/leads/rows.ts';
import { visitorName, visitorPhone } from '../../lib/leads/visitor.ts';
import { internationalDigits } from '../../lib/phone.ts';
import { ATTEMPTS_LISTED } from '../../lib/outbox/lines.ts';
import type { QuoteProblem } from '../../lib/quotes/model.ts';
import { quoteDoneMessage, type PaymentFields } from '../../lib/quotes/desk-view.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import {
  readTravellerForm,
  BOOKING_LANGUAGE_ACTION,
  REMINDERS_ON,
  travellerDoneMessage,
  travellersCard,
  type TravellerFields,
  type TravellerProblem,
} from '../../lib/trips/travellers.ts';
import { bookingLanguages, travellers, tripReminders } from '../trips/instance.ts';
import { tripRules } from '../trips/rules.ts';
import { serverConfig } from '../config.ts';
import { leadPageQuotes, quotePost } from '../quotes/desk-actions.ts';
import { quoteEmailsOn, quotes } from '../quotes/instance.ts';
import { lists, outbox, pipeline, replySetup, staffStore } from './instance.ts';
import { PipelineChangeError } from './pipeline-store.ts';
import { replyPanel } from './reply-desk.ts';

/** What the page was asked: the lead's id, the method and the posted form, and the address's query. */
export interface LeadPageRequest {
  id: string;
  /** The posted form, for a POST. */
  form?: FormData | undefined;
  search: URLSearchParams;
  staff: { id: string; email: string };
}

/** A pipeline change or a note that was refused, with what was typed, to show again. */
interface FailedAction {
  action: ReturnType<typeof readLeadAction>['action'];
  message: string;
  typed: Record<string, string>;
}

/** A traveller's form that was refused, with what was typed. */
interface TravellerFailed {
  problems: readonly TravellerProblem[];
  typed: TravellerFields;
}

const TRAVELLERS_GONE =
  'This booking can no longer take travellers: its quote may have been withdrawn. Reload the page.';

/** After a post that worked: where the browser goes next (post, redirect, get). */
type Redirect = { redirect: string };

/** What the page shows: its status and every card's content. */
type LeadPageView = Awaited<ReturnType<typeof viewOf>>;

/** Runs a post, if any, and loads the page: a redirect after a post that worked, else the status and view. */
export async function leadPage(request: LeadPageRequest): Promise<Redirect | { status: number; view: LeadPageView }> {
  const { id, form: data, staff: actor } = request;
  let lead = await lists().deskLead(id);
  const today = agencyDay(new Date(), agencyContact.timeZone);
  let status = 200;
  let failed: FailedAction | undefined;
  let quoteProblems: readonly QuoteProblem[] | undefined;
  let paymentFailed: { problems: QuoteProblem[]; typed: PaymentFields } | undefined;
  let travellerFailed: TravellerFailed | undefined;
  let languageFailed: string | undefined;
  const phoneDigits = lead && internationalDigits(visitorPhone(findForm(lead.formId), lead.fields));

  if (lead && data) {
    const name = visitorName(findForm(lead.formId), lead.fields);
    const posted = await quotePost(quotes(), data, { id, reference: lead.reference, name, phoneDigits }, actor, {
      today,
      siteUrl: serverConfig().SITE_URL,
      siteName: agencyContact.name,
    });
    const travellerTyped = posted ? undefined : readTravellerForm(data);
    if (posted && 'redirect' in posted) return { redirect: posted.redirect };
    if (!posted && data.get('action') === REMINDERS_ON) {
      // Turned on already (another tab, another member) shows the page as it is now.
      await tripReminders().turnBackOn(id, String(data.get('quoteId') ?? ''), actor.email);
      return { redirect: `/admin/leads/${encodeURIComponent(id)}?done=${REMINDERS_ON}#travellers-heading` };
    }
    if (!posted && data.get('action') === BOOKING_LANGUAGE_ACTION) {
      // The lead's own booking, whatever quote a stale page names.
      const booking = await travellers().bookingOf(id);
      const chosen = booking && (await bookingLanguages.choose(booking.quoteId, data.get('language'), actor.email));
      if (chosen?.ok)
        return {
          redirect: `/admin/leads/${encodeURIComponent(id)}?done=${BOOKING_LANGUAGE_ACTION}#travellers-heading`,
        };
      status = chosen ? 400 : 409;
      languageFailed = chosen ? chosen.message : TRAVELLERS_GONE;
    } else if (travellerTyped) {
      const saved = await travellers().save(id, travellerTyped, actor.email, today);
      if (saved?.ok) return { redirect: `/admin/leads/${encodeURIComponent(id)}?done=traveller#travellers-heading` };
      status = saved ? 400 : 409;
      travellerFailed = {
        problems: saved?.problems ?? [{ field: '_form', message: TRAVELLERS_GONE }],
        typed: travellerTyped,
      };
    } else if (posted) {
      status = posted.status;
      if ('quoteProblems' in posted) quoteProblems = posted.quoteProblems;
      else paymentFailed = posted.payment;
    } else {
      const asked = readLeadAction(data);
      try {
        if ('error' in asked) throw new PipelineChangeError(asked.error);
        const done =
          'body' in asked
            ? await pipeline().addNote(id, asked.body, actor.email)
            : await pipeline().updatePipeline(id, asked.change, actor.email);
        if (done) return { redirect: `/admin/leads/${encodeURIComponent(id)}?done=${asked.action}` };
        lead = undefined;
      } catch (error) {
        if (!(error instanceof PipelineChangeError)) throw error;
        const typed = Object.fromEntries(
          [...data].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
        failed = { action: asked.action, message: error.message, typed };
        status = 400;
      }
    }
  }
  const view = await viewOf(lead, request, {
    today,
    phoneDigits,
    failed,
    quoteProblems,
    paymentFailed,
    travellerFailed,
    languageFailed,
  });
  return { status: lead ? status : 404, view };
}

/** Everything the page shows of a lead (or that it is missing), loaded side by side. */
async function viewOf(
  lead: Awaited<ReturnType<ReturnType<typeof lists>['deskLead']>>,
  request: LeadPageRequest,
  outcome: {
    today: string;
    phoneDigits: string | undefined;
    failed: FailedAction | undefined;
    quoteProblems: readonly QuoteProblem[] | undefined;
    paymentFailed: { problems: QuoteProblem[]; typed: PaymentFields } | undefined;
    travellerFailed: TravellerFailed | undefined;
    languageFailed: string | undefined;
  },
) {
  if (!lead) return { found: false as const };
  const { today, phoneDigits, failed, quoteProblems, paymentFailed, travellerFailed, languageFailed } = outcome;
  const form = findForm(lead.formId);
  const [staff, notes, history, related, deliveries, attempts, quoted, booked, onBooking, optOuts] = await Promise.all([
    staffStore().listStaff(),
    pipeline().notesOf(lead.id),
    pipeline().historyOf(lead.id),
    lists().relatedLeads(lead.id),
    outbox().deliveriesOf(lead.id),
    outbox().attemptsOf(lead.id, ATTEMPTS_LISTED),
    leadPageQuotes(quotes(), lead.id, { today, timeZone: agencyContact.timeZone, siteUrl: serverConfig().SITE_URL }),
    travellers().bookingOf(lead.id),
    travellers().travellersOf(lead.id),
    tripReminders().optOutsOf(lead.id),
  ]);
  // The travellers are asked for once the booking is made: its quote accepted and a deposit recorded.
  const deposited =
    booked !== null &&
    quoted.booking?.quoteId === booked.quoteId &&
    quoted.booking.accepted &&
    quoted.booking.account.paidCents > 0;
  const trip = deposited
    ? travellersCard({
        booking: booked,
        travellers: onBooking,
        today,
        rules: tripRules(),
        edit: request.search.get('traveller'),
        failed: travellerFailed,
      })
    : undefined;
  const contact = contactLinks(form, lead.fields, lead.reference, agencyContact.name);
  const doneParam = request.search.get('done');
  const failedAny = failed ?? quoteProblems ?? paymentFailed ?? travellerFailed ?? languageFailed;
  return {
    found: true as const,
    lead,
    contact,
    origin: pageOrigin(form, lead.formId, lead.fields, lead.pageUrl),
    details: visitorDetails(form, lead.fields),
    travellers: travellerText(form, lead.fields),
    done: failedAny
      ? undefined
      : (doneMessage(doneParam) ?? quoteDoneMessage(doneParam) ?? travellerDoneMessage(doneParam)),
    failed,
    quoteProblems,
    paymentFailed,
    trip,
    // The booking's language (the family's or staff's choice, else the enquiry's), with why a change was refused.
    bookingLanguage:
      trip && booked ? { lang: await bookingLanguages.of(booked.quoteId), problem: languageFailed } : undefined,
    // The family's opt-out of the booking's reminders, as its office day.
    remindersOffSince: ((at) => (at ? formatDay(agencyDay(new Date(at), agencyContact.timeZone)) : undefined))(
      optOuts.find((optOut) => optOut.quoteId === booked?.quoteId)?.optedOutAt,
    ),
    // Said above the cards when the booking can no longer take travellers (its card is gone with it).
    travellersGone: trip ? undefined : travellerFailed?.problems[0]?.message,
    staff,
    staffEmails: new Map(staff.map((person) => [person.id, person.email])),
    notes,
    history,
    related,
    deliveries,
    attempts,
    quoted,
    today,
    showLinkOf: request.search.get('link'),
    whatsapp: phoneDigits !== undefined,
    canEmailReceipt: quoteEmailsOn() && Boolean(contact.email),
    reply: await replyPanel({ lead, staff: request.staff, ...replySetup() }, request.search.get('template')),
  };
}
