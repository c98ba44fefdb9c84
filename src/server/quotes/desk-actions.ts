/*
 * The lead page's quotes: what it shows of them (each quote's view and link, the booking's account
 * and payments) and what its quote buttons and payment form do. A Send of a version that is already
 * sent (a double click, a second tab, two people at once) changes nothing and is answered as sent,
 * not as an error.
 */
import {
  quoteActionLocation,
  quoteMessage,
  quoteView,
  readPaymentForm,
  readQuoteAction,
  whatsappMessageUrl,
  type PaymentFields,
  type QuoteAction,
  type QuoteDone,
  type QuoteView,
} from '../../lib/quotes/desk-view.ts';
import type { Account } from '../../lib/quotes/account.ts';
import { quoteLink } from '../../lib/quotes/token.ts';
import type { RecordedPayment } from '../../lib/quotes/records.ts';
import type { QuoteProblem } from '../../lib/quotes/model.ts';
import { checkPayment } from '../../lib/quotes/payments.ts';
import type { QuoteStore, QuoteTarget, StaffActor } from './store.ts';

/** Done, with the link's token where there is one and the valid-until day of the version it shows; refused with problems; undefined when the quote is not this lead's, is gone or no longer live. */
export type QuoteActionOutcome =
  | { ok: true; done: QuoteDone; token: string | undefined; validUntil: string | undefined }
  | { ok: false; problems: QuoteProblem[] }
  | undefined;

/** Runs one of a quote's buttons for the lead `leadId`. */
export async function runQuoteAction(
  quotes: QuoteStore,
  leadId: string,
  asked: QuoteAction,
  staff: StaffActor,
  today: string,
): Promise<QuoteActionOutcome> {
  const target = { leadId, quoteId: asked.quoteId };
  const done = async (name: QuoteDone, token: string | undefined) =>
    ({ ok: true, done: name, token, validUntil: await shownValidUntil(quotes, target) }) as const;
  switch (asked.action) {
    case 'quote-send':
      return sendOnce(quotes, target, asked.version, staff, today);
    case 'quote-copy':
    case 'quote-whatsapp': {
      const token = await quotes.shareLink(target, asked.action === 'quote-copy' ? 'copied' : 'whatsapp', staff);
      if (token === undefined) return undefined;
      return done(
        asked.action === 'quote-whatsapp' ? 'link-shown' : asked.copied ? 'link-copied' : 'link-shown',
        token,
      );
    }
    case 'quote-new-link': {
      const token = await quotes.reissueLink(target, staff);
      return token === undefined ? undefined : done('new-link', token);
    }
    case 'quote-withdraw':
      return (await quotes.withdraw(target, staff)) ? done('quote-withdrawn', undefined) : undefined;
  }
}

/** The valid-until day of the version the link shows (the newest sent), for the WhatsApp message. */
async function shownValidUntil(quotes: QuoteStore, target: QuoteTarget): Promise<string | undefined> {
  const quote = (await quotes.quotesOfLead(target.leadId)).find((each) => each.id === target.quoteId);
  return quote?.versions.findLast((version) => version.sentAt !== null)?.validUntil;
}

/** Sends the quote unless the version the page showed is already sent; then nothing changes and the answer is "sent". */
async function sendOnce(
  quotes: QuoteStore,
  target: QuoteTarget,
  version: number,
  staff: StaffActor,
  today: string,
): Promise<QuoteActionOutcome> {
  const alreadySent = async () => {
    const quote = (await quotes.quotesOfLead(target.leadId)).find((each) => each.id === target.quoteId);
    return quote?.versions.some((each) => each.version === version && each.sentAt !== null) ?? false;
  };
  const asSent = async () => ({
    ok: true as const,
    done: 'quote-already-sent' as const,
    token: await quotes.linkOf(target),
    validUntil: await shownValidUntil(quotes, target),
  });
  if (await alreadySent()) return asSent();
  const sent = await quotes.send(target, staff, today);
  if (sent === undefined) return undefined;
  if (sent.ok)
    return { ok: true, done: 'quote-sent', token: sent.token, validUntil: await shownValidUntil(quotes, target) };
  // Two sends raced and the other froze this version first.
  return (await alreadySent()) ? asSent() : sent;
}

/**
 * Records a payment from the lead page's form. An amount that cannot be read stores nothing and comes
 * first, then the model's other problems; otherwise the store checks it (a card number, a future date,
 * more than the balance) and stores it or nothing.
 */
export async function recordPaymentFromForm(
  quotes: QuoteStore,
  target: QuoteTarget,
  read: { input: Record<string, unknown>; problems: readonly QuoteProblem[]; emailReceipt?: boolean },
  staff: StaffActor,
  today: string,
): Promise<{ ok: true } | { ok: false; problems: QuoteProblem[] } | undefined> {
  if (read.problems.length > 0) {
    // Nothing goes to the store; the model still says what else is wrong (a card number, a date).
    const check = checkPayment(read.input, { today, balanceCents: Number.MAX_SAFE_INTEGER });
    const problems = [...read.problems, ...(check.ok ? [] : check.problems)];
    return { ok: false, problems: problems.filter((problem, index) => firstFor(problems, problem) === index) };
  }
  const recorded = await quotes.recordPayment(target, read.input, staff, today, new Date(), {
    emailReceipt: read.emailReceipt === true,
  });
  return recorded && (recorded.ok ? { ok: true } : recorded);
}

function firstFor(problems: readonly QuoteProblem[], problem: QuoteProblem): number {
  return problems.findIndex((other) => other.field === problem.field);
}

/** The booking the lead's payments are kept against: its quote and version, whether accepted, the account and its payments. */
export interface Booking {
  quoteId: string;
  version: number;
  accepted: boolean;
  account: Account;
  payments: RecordedPayment[];
}

/** The lead page's quotes, newest first, each with its link while live, and the booking, as of the office's `today`. */
export async function leadPageQuotes(
  quotes: QuoteStore,
  leadId: string,
  context: { today: string; timeZone: string; siteUrl: string },
): Promise<{ quotes: { view: QuoteView; link: string | undefined }[]; booking: Booking | null }> {
  const stored = await quotes.quotesOfLead(leadId);
  const shown = await Promise.all(
    stored.toReversed().map(async (quote) => {
      const token = quote.live ? await quotes.linkOf({ leadId, quoteId: quote.id }) : undefined;
      return {
        view: quoteView(quote, context.today, context.timeZone),
        link: token === undefined ? undefined : quoteLink(context.siteUrl, token),
      };
    }),
  );
  const found = await quotes.accountOfLead(leadId, context.today);
  const quote = found ? stored.find((each) => each.id === found.quoteId) : undefined;
  const version = quote?.acceptance?.version ?? quote?.versions.findLast((each) => each.sentAt)?.version;
  const booking =
    found && quote && version !== undefined
      ? {
          quoteId: quote.id,
          version,
          accepted: quote.acceptance !== null,
          account: found.account,
          payments: quote.payments,
        }
      : null;
  return { quotes: shown, booking };
}

/** What the lead page does after a quote button or the payment form: go on, or draw itself again with the problems. */
export type QuotePost =
  | { redirect: string }
  | { status: number; quoteProblems: QuoteProblem[] }
  | { status: number; payment: { problems: QuoteProblem[]; typed: PaymentFields } };

/** The lead a quote post is about, as the WhatsApp message needs it. */
export interface PostedLead {
  id: string;
  reference: string;
  name: string;
  /** The pilgrim's number in international digits, when WhatsApp can use it. */
  phoneDigits: string | undefined;
}

const QUOTE_GONE = 'That quote cannot be changed from here any more: it may have been withdrawn. Reload the page.';
const NO_WHATSAPP = 'This enquiry has no phone number WhatsApp can use; copy the link instead.';

/**
 * Runs a post of the lead page's quote buttons or payment form; undefined for the page's other forms.
 * "Send by WhatsApp" records the link first, then goes on to wa.me with the message typed in.
 */
export async function quotePost(
  quotes: QuoteStore,
  data: { get(name: string): unknown },
  lead: PostedLead,
  staff: StaffActor,
  context: { today: string; siteUrl: string; siteName: string },
): Promise<QuotePost | undefined> {
  const asked = readQuoteAction(data);
  if (asked) {
    if (asked.action === 'quote-whatsapp' && !lead.phoneDigits) {
      return { status: 400, quoteProblems: [{ field: '_form', message: NO_WHATSAPP }] };
    }
    const outcome = await runQuoteAction(quotes, lead.id, asked, staff, context.today);
    if (!outcome) return { status: 409, quoteProblems: [{ field: '_form', message: QUOTE_GONE }] };
    if (!outcome.ok) return { status: 400, quoteProblems: outcome.problems };
    if (asked.action === 'quote-whatsapp' && lead.phoneDigits && outcome.token && outcome.validUntil) {
      const link = quoteLink(context.siteUrl, outcome.token);
      const { reference, name } = lead;
      const message = quoteMessage({
        name,
        reference,
        link,
        validUntil: outcome.validUntil,
        siteName: context.siteName,
      });
      return { redirect: whatsappMessageUrl(lead.phoneDigits, message) };
    }
    return { redirect: quoteActionLocation(lead.id, asked.quoteId, outcome.done) };
  }
  if (data.get('action') !== 'payment') return undefined;
  const read = readPaymentForm(data);
  const recorded = await recordPaymentFromForm(
    quotes,
    { leadId: lead.id, quoteId: read.quoteId },
    read,
    staff,
    context.today,
  );
  if (recorded?.ok) return { redirect: quoteActionLocation(lead.id, read.quoteId, 'payment') };
  const problems = recorded?.problems ?? [
    { field: '_form', message: 'That quote can no longer take payments: reload the page.' },
  ];
  return { status: recorded ? 400 : 409, payment: { problems, typed: read.typed } };
}
