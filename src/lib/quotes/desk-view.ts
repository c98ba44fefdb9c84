/**
 * The lead page's quotes and payments: each quote's state in words and what staff may do with it,
 * the private link and the WhatsApp message that carries it, and the fields of the quote and payment
 * forms read for the store.
 */
import { agencyDay } from '../agency-time.ts';
import { containsCardNumber } from '../card-number.ts';
import { bookingOf, cancellationRows, type CancellationRow } from './cancellation.ts';
import type { QuoteProblem } from './model.ts';
import { formatCents, parseDollars } from './money.ts';
import type { QuoteVersion, StoredQuote } from './records.ts';
import { formatDay } from '../dates.ts';

type FormLike = { get(name: string): unknown };

export type QuoteState = 'draft' | 'sent' | 'expired' | 'accepted' | 'declined' | 'withdrawn';

export interface QuoteView {
  id: string;
  /** The newest version: the draft staff are changing, or the one sent last. */
  latest: QuoteVersion;
  /** The newest sent version, which the link shows; undefined before the first send. */
  sent: QuoteVersion | undefined;
  state: QuoteState;
  words: string;
  /** Said under the state while a changed version waits to be sent. */
  pending: string | undefined;
  canEdit: boolean;
  canSend: boolean;
  /** The link answers: staff may copy it, send it by WhatsApp or replace it. */
  live: boolean;
  canWithdraw: boolean;
  /** Every version, oldest first, in words, each readable on its own page. */
  versions: { version: number; words: string }[];
  /** The cancellation charges the pilgrim accepted, worked out for the accepted version; null before an acceptance or for one made before schedules. */
  acceptedCharges: { rows: CancellationRow[]; note: string } | null;
}

/** One quote as the lead page shows it, as of the office's `today`. */
export function quoteView(quote: StoredQuote, today: string, timeZone: string): QuoteView {
  const day = (iso: string) => formatDay(agencyDay(new Date(iso), timeZone));
  const latest = quote.versions.at(-1)!;
  const sent = quote.versions.findLast((version) => version.sentAt !== null);
  const open = quote.withdrawnAt === null && quote.acceptance === null;
  let state: QuoteState = 'draft';
  let words = 'Draft, not sent yet';
  if (quote.withdrawnAt !== null) {
    [state, words] = ['withdrawn', `Withdrawn on ${day(quote.withdrawnAt)}`];
  } else if (quote.acceptance) {
    const { typedName, acceptedAt, version } = quote.acceptance;
    const who = typedName === '' ? 'the pilgrim' : typedName;
    [state, words] = ['accepted', `Accepted by ${who} on ${day(acceptedAt)} (version ${version})`];
  } else if (quote.decline) {
    const { reason, declinedAt } = quote.decline;
    [state, words] = ['declined', `Declined on ${day(declinedAt)}${reason ? `: “${reason}”` : ', no reason given'}`];
  } else if (sent?.sentAt) {
    const expired = sent.validUntil < today;
    state = expired ? 'expired' : 'sent';
    words = expired
      ? `Sent on ${day(sent.sentAt)}; expired after ${formatDay(sent.validUntil)}`
      : `Sent on ${day(sent.sentAt)}`;
  }
  const acceptedVersion = quote.versions.find((version) => version.version === quote.acceptance?.version);
  const accepted = quote.acceptance?.cancellation;
  const acceptedCharges =
    accepted && acceptedVersion
      ? { rows: cancellationRows(accepted, bookingOf(acceptedVersion.draft)), note: accepted.note }
      : null;
  const pending =
    open && sent && latest.sentAt === null
      ? `Version ${latest.version} is a draft: the link shows version ${sent.version} until you send it.`
      : undefined;
  return {
    id: quote.id,
    latest,
    sent,
    state,
    words,
    pending,
    canEdit: open,
    canSend: open && latest.sentAt === null,
    live: quote.live,
    canWithdraw: open,
    versions: quote.versions.map((version) => ({
      version: version.version,
      words: `Version ${version.version}: ${version.sentAt ? `sent on ${day(version.sentAt)}` : 'draft'}, ${formatCents(version.totalCents)}`,
    })),
    acceptedCharges,
  };
}

/** The WhatsApp message that carries the link, in the agency's words; the pilgrim's first name when the enquiry gave one. */
export function quoteMessage(parts: {
  name: string;
  reference: string;
  link: string;
  validUntil: string;
  siteName: string;
}): string {
  const first = /^[^\s(][^\s]*/.exec(parts.name.trim())?.[0];
  return [
    `${first ? `Hello ${first}` : 'Hello'}, here is your quote ${parts.reference} from ${parts.siteName}: ${parts.link}`,
    `It shows the prices, hotels and payment schedule, and you can accept it there until ${formatDay(parts.validUntil)}. Reply here with any question.`,
  ].join('\n\n');
}

/** The wa.me address that opens a chat with the pilgrim's number (international digits) with the message typed in. */
export function whatsappMessageUrl(phoneDigits: string, message: string): string {
  return `https://wa.me/${phoneDigits}?text=${encodeURIComponent(message)}`;
}

/** What the buttons on a quote ask for, named by each form's hidden `action`. */
const QUOTE_ACTIONS = ['quote-send', 'quote-copy', 'quote-whatsapp', 'quote-new-link', 'quote-withdraw'] as const;
export type QuoteActionName = (typeof QUOTE_ACTIONS)[number];

export interface QuoteAction {
  action: QuoteActionName;
  quoteId: string;
  /** The version the page showed: a second Send of it changes nothing. */
  version: number;
  /** Set by the page's script once the link is on the clipboard. */
  copied: boolean;
}

/** A quote button's form, or undefined for a form that is not about a quote. */
export function readQuoteAction(data: FormLike): QuoteAction | undefined {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const action = text('action');
  if (!(QUOTE_ACTIONS as readonly string[]).includes(action)) return undefined;
  return {
    action: action as QuoteActionName,
    quoteId: text('quoteId'),
    version: Number(text('version')) || 0,
    copied: text('copied') === '1',
  };
}

/** The confirmations of the quote and payment forms, for `?done=…`. */
const QUOTE_DONE = {
  'quote-saved': 'Quote saved. Check the totals and the schedule, then send it.',
  'quote-unchanged': 'Nothing was changed, so no new version was made.',
  'quote-sent': 'Quote sent. Its link is below: copy it or send it by WhatsApp.',
  'quote-already-sent': 'This version was sent already, so nothing changed.',
  'link-copied': 'Link copied to your clipboard and noted in the history.',
  'link-shown': 'Link noted in the history: select it below and copy it.',
  'new-link': 'New link made. The old link no longer opens the quote: pass on this one.',
  'quote-withdrawn': 'Quote withdrawn. Its link no longer opens it.',
  payment: 'Payment recorded.',
} as const;
export type QuoteDone = keyof typeof QUOTE_DONE;

/** The confirmation for `?done=…` after a quote or payment form succeeded, or undefined. */
export function quoteDoneMessage(done: string | null): string | undefined {
  return done && Object.hasOwn(QUOTE_DONE, done) ? QUOTE_DONE[done as QuoteDone] : undefined;
}

/** The payment form's fields as typed; a card number is never written back into the page. */
export interface PaymentFields {
  paidOn: string;
  amount: string;
  method: string;
  reference: string;
}

/** The payment form read for the store: the amount in cents, or a problem saying why it cannot be read. */
export function readPaymentForm(data: FormLike): {
  quoteId: string;
  typed: PaymentFields;
  input: Record<string, unknown>;
  problems: QuoteProblem[];
  emailReceipt: boolean;
} {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const typed = {
    paidOn: text('paidOn'),
    amount: text('amount'),
    method: text('method'),
    reference: text('reference'),
  };
  const amount = parseDollars(typed.amount);
  return {
    quoteId: text('quoteId'),
    typed: { ...typed, reference: containsCardNumber(typed.reference) ? '' : typed.reference },
    input: {
      paidOn: typed.paidOn,
      method: typed.method,
      reference: typed.reference,
      ...(amount.ok ? { amountCents: amount.cents } : {}),
    },
    problems: amount.ok ? [] : [{ field: 'amountCents', message: amount.message }],
    emailReceipt: data.get('emailReceipt') === 'yes',
  };
}

/** Where the lead page goes after a quote's button or a payment: back to the quote (its link shown after a send, a copy or a new link) or to the payments. */
export function quoteActionLocation(leadId: string, quoteId: string, done: QuoteDone): string {
  const lead = `/admin/leads/${encodeURIComponent(leadId)}`;
  if (done === 'payment') return `${lead}?done=payment#payments`;
  const query = new URLSearchParams({ done, ...(done === 'quote-withdrawn' ? {} : { link: quoteId }) });
  return `${lead}?${query}#quote-${quoteId}`;
}
