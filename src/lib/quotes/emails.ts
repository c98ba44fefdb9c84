/**
 * The emails a quote sends, as the outbox keeps them (the facts, as JSON) and as the delivery worker
 * writes them out when it sends them (`composeQuoteEmail`). The link is made from SITE_URL at that
 * moment, so the store needs no address of its own and this stays pure.
 *
 * What goes to a pilgrim carries only what the agency wrote: the reference, amounts, dates and the
 * private link, never a word the visitor typed (not even their name), so the site cannot be used to
 * send someone's text to a stranger's address. What goes to staff may carry the pilgrim's words (the
 * name typed to accept, a question): it goes only to staff accounts' own addresses.
 */
import { agencyContact } from '../site-contact.ts';
import { agencyBooking, type CancellationSchedule } from '../site-booking.ts';
import { registrationLines } from '../claims.ts';
import { formatDay } from '../dates.ts';
import { checkSenderLine, signatureLines, talkToUsLines } from '../agency-email.ts';
import type { NextDue } from './account.ts';
import { BOOKING_CONFIRMED_WHEN, PRICE_GUARANTEED_WHEN } from './booking-rule.ts';
import { cancellationLines } from './cancellation.ts';
import { formatCents } from './money.ts';
import {
  PAYMENT_METHODS,
  byCreditCardCents,
  cardFeePercentIn,
  cardTotalLabel,
  type PaymentMethod,
} from './payments.ts';
import { quoteLink } from './token.ts';

/** A sent version of the quote, to the pilgrim: the same link for every version. */
export interface QuoteSentEmail {
  kind: 'quote-sent';
  reference: string;
  version: number;
  totalCents: number;
  validUntil: string;
  token: string;
  /** The paying family's state, which decides the card total shown (absent: none). */
  payerState?: string | null;
}

/** The cancellation charges an acceptance recorded, with the booking's facts they are worked out for. */
export interface AcceptedCharges {
  schedule: CancellationSchedule;
  travelers: number;
  departureOn: string;
}

/** An acceptance, to the lead's assigned staff member or else the owners. */
export interface QuoteAcceptedEmail {
  kind: 'quote-accepted';
  reference: string;
  version: number;
  totalCents: number;
  /** The full name the pilgrim typed to accept (staff only). */
  typedName: string;
  /** The charges accepted; absent from acceptances queued before schedules. */
  cancellation?: AcceptedCharges;
}

/** An acceptance, to the pilgrim: what happens next and the first payment. */
export interface AcceptanceConfirmedEmail {
  kind: 'acceptance-confirmed';
  reference: string;
  version: number;
  totalCents: number;
  /** The schedule's first payment: "Deposit", or "Full payment" when there is one. */
  firstDue: { label: string; dueOn: string; amountCents: number };
  /** The quote's link: the one the pilgrim accepted by. */
  token: string;
  /** The charges accepted; absent from acceptances queued before schedules. */
  cancellation?: AcceptedCharges;
  /** The paying family's state, which decides the card total shown (absent: none). */
  payerState?: string | null;
}

/** A question the pilgrim asked on the quote's page, to the assigned staff member or else the owners. */
export interface QuoteQuestionEmail {
  kind: 'quote-question';
  reference: string;
  version: number;
  /** The pilgrim's words (staff only). */
  question: string;
}

/** A payment staff recorded, to the pilgrim when staff ask for a receipt; never the payment's reference (it may be a transfer id). */
export interface PaymentReceiptEmail {
  kind: 'payment-receipt';
  reference: string;
  amountCents: number;
  method: PaymentMethod;
  paidOn: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  nextDue: NextDue | null;
  /** The paying family's state, which decides the card total shown (absent: none). */
  payerState?: string | null;
}

export type QuoteEmail =
  QuoteSentEmail | QuoteAcceptedEmail | AcceptanceConfirmedEmail | QuoteQuestionEmail | PaymentReceiptEmail;

/** An email written out: to the pilgrim (from the agency, replies to its address) or to staff. */
export interface ComposedEmail {
  audience: 'pilgrim' | 'staff';
  subject: string;
  text: string;
}

/** Where an email's links point: the site's origin, and the lead the outbox row belongs to. */
export interface EmailContext {
  siteUrl: string;
  leadId: string;
}

/** The lead's page in the desk, for the staff's emails. */
function deskLink(context: EmailContext): string {
  return `${context.siteUrl}/admin/leads/${encodeURIComponent(context.leadId)}`;
}

/** Lines of "Label: value", the values lined up. */
function facts(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`);
}

/** What a pilgrim's email ends with: how to reach us, who we are, our seller-of-travel registrations where set, and why they got it. */
function pilgrimClosing(siteUrl: string, reference: string): string[] {
  const why = `You received this email because this address was given in an enquiry to ${agencyContact.name} (reference ${reference}).`;
  const registrations = registrationLines(agencyBooking.registrations);
  return [
    '',
    ...talkToUsLines(),
    '',
    ...signatureLines(siteUrl, why),
    ...(registrations.length > 0 ? ['', ...registrations] : []),
  ];
}

/** The total by credit card, said right beside the total, at the fee the family's state allows: " (total by credit card (3% fee): $5,616.07)"; nothing when there is none. */
function cardTotalAfter(totalCents: number, state: string | null | undefined): string {
  const percent = cardFeePercentIn(state);
  return percent > 0
    ? ` (${cardTotalLabel(percent).toLowerCase()}: ${formatCents(byCreditCardCents(totalCents, percent))})`
    : '';
}

/** The accepted cancellation charges, worked out for the booking, under a heading; nothing for an older acceptance without them. */
function chargesLines(totalCents: number, charges: AcceptedCharges | undefined): string[] {
  if (!charges) return [];
  const booking = { travelers: charges.travelers, totalCents, departureOn: charges.departureOn };
  return ['', 'Cancellation charges (as accepted)', ...cancellationLines(charges.schedule, booking)];
}

function quoteSent(email: QuoteSentEmail, { siteUrl }: EmailContext): ComposedEmail {
  const replaces = email.version > 1;
  const opening = replaces
    ? [
        `We have updated your quote. This is version ${email.version}: it replaces the quote we sent you earlier, which can no longer be accepted.`,
        'Your link stays the same and now shows this version.',
      ]
    : [`Thank you for asking ${agencyContact.name} to plan your journey. Your quote is ready.`];
  const lines = [
    'Hello,',
    '',
    ...opening,
    '',
    ...facts([
      ['Reference', email.reference],
      ['Version', String(email.version)],
      ['Total', `${formatCents(email.totalCents)}${cardTotalAfter(email.totalCents, email.payerState)}`],
      ['Valid until', formatDay(email.validUntil)],
    ]),
    '',
    PRICE_GUARANTEED_WHEN,
    '',
    'Your quote, at your private link:',
    quoteLink(siteUrl, email.token),
    '',
    'It shows the price per person by room sharing, the dates, the hotels, what is included, the payment schedule and the cancellation charges. You can accept the quote there or ask us a question.',
    'Anyone who has the link can open the quote, so please share it only with the people travelling with you.',
    '',
    checkSenderLine(),
    ...pilgrimClosing(siteUrl, email.reference),
  ];
  const what = replaces ? 'Your updated quote' : 'Your quote';
  return {
    audience: 'pilgrim',
    subject: `${what} from ${agencyContact.name}: reference ${email.reference}`,
    text: lines.join('\n'),
  };
}

function quoteAccepted(email: QuoteAcceptedEmail, context: EmailContext): ComposedEmail {
  const total = formatCents(email.totalCents);
  const lines = [
    `Quote ${email.reference} was accepted on its private page.`,
    '',
    ...facts([
      ['Reference', email.reference],
      ['Version', String(email.version)],
      ['Total', total],
      ['Name typed', email.typedName],
    ]),
    ...chargesLines(email.totalCents, email.cancellation),
    '',
    'The enquiry has a follow-up for today: take the deposit. It becomes Booked when the first payment is recorded.',
    '',
    `Open the enquiry: ${deskLink(context)}`,
  ];
  return {
    audience: 'staff',
    subject: `Quote accepted: ${email.reference}, version ${email.version}, ${total}`,
    text: lines.join('\n'),
  };
}

function acceptanceConfirmed(email: AcceptanceConfirmedEmail, { siteUrl }: EmailContext): ComposedEmail {
  const { firstDue } = email;
  const lines = [
    'Hello,',
    '',
    'Thank you for accepting your quote. We have recorded your acceptance:',
    '',
    ...facts([
      ['Reference', email.reference],
      ['Version', String(email.version)],
      ['Total', `${formatCents(email.totalCents)}${cardTotalAfter(email.totalCents, email.payerState)}`],
      [firstDue.label, `${formatCents(firstDue.amountCents)}, due by ${formatDay(firstDue.dueOn)}`],
    ]),
    '',
    PRICE_GUARANTEED_WHEN,
    BOOKING_CONFIRMED_WHEN,
    `One of our travel advisers will contact you ${agencyContact.replyTime} about the ${firstDue.label.toLowerCase()}. How you can pay: ${siteUrl}/payment-security`,
    checkSenderLine(),
    ...chargesLines(email.totalCents, email.cancellation),
    '',
    'Your quote, at your private link:',
    quoteLink(siteUrl, email.token),
    '',
    `Our terms and conditions: ${siteUrl}/terms-conditions`,
    ...pilgrimClosing(siteUrl, email.reference),
  ];
  return {
    audience: 'pilgrim',
    subject: `Thank you for accepting your quote: reference ${email.reference}`,
    text: lines.join('\n'),
  };
}

function quoteQuestion(email: QuoteQuestionEmail, context: EmailContext): ComposedEmail {
  const lines = [
    `The pilgrim asked a question on the page of quote ${email.reference} (version ${email.version}):`,
    '',
    ...email.question.split(/\r?\n/).map((line) => `> ${line}`),
    '',
    'It is also on the enquiry as their message. Answer them by phone, WhatsApp or email from there:',
    deskLink(context),
  ];
  return { audience: 'staff', subject: `Question on quote ${email.reference}`, text: lines.join('\n') };
}

function paymentReceipt(email: PaymentReceiptEmail, { siteUrl }: EmailContext): ComposedEmail {
  const { nextDue } = email;
  const lines = [
    'Hello,',
    '',
    'Thank you: we have received your payment.',
    '',
    ...facts([
      ['Reference', email.reference],
      ['Amount', formatCents(email.amountCents)],
      ['Paid by', PAYMENT_METHODS[email.method]],
      ['Received on', formatDay(email.paidOn)],
      [
        'Paid so far',
        `${formatCents(email.paidCents)} of ${formatCents(email.totalCents)}${cardTotalAfter(email.totalCents, email.payerState)}`,
      ],
      ['Balance', formatCents(email.balanceCents)],
      ...(nextDue
        ? [
            [
              'Next payment',
              `${nextDue.label}, ${formatCents(nextDue.outstandingCents)}, due by ${formatDay(nextDue.dueOn)}`,
            ],
          ]
        : []),
    ] as [string, string][]),
    '',
    nextDue ? 'Please keep this email with your booking papers.' : 'Your trip is now paid in full. Thank you.',
    ...pilgrimClosing(siteUrl, email.reference),
  ];
  return { audience: 'pilgrim', subject: `Payment received: reference ${email.reference}`, text: lines.join('\n') };
}

/** Writes out a quote email from the facts the outbox holds, with links on `context.siteUrl`. */
export function composeQuoteEmail(email: QuoteEmail, context: EmailContext): ComposedEmail {
  switch (email.kind) {
    case 'quote-sent':
      return quoteSent(email, context);
    case 'quote-accepted':
      return quoteAccepted(email, context);
    case 'acceptance-confirmed':
      return acceptanceConfirmed(email, context);
    case 'quote-question':
      return quoteQuestion(email, context);
    case 'payment-receipt':
      return paymentReceipt(email, context);
  }
}

/** How the lead page names a quote email among its deliveries: "Quote email (version 2)". */
export function quoteEmailLabel(email: QuoteEmail): string {
  switch (email.kind) {
    case 'quote-sent':
      return `Quote email (version ${email.version})`;
    case 'quote-accepted':
      return `Acceptance notice (version ${email.version})`;
    case 'acceptance-confirmed':
      return 'Acceptance confirmation';
    case 'quote-question':
      return 'Question notice';
    case 'payment-receipt':
      return `Payment receipt (${formatCents(email.amountCents)})`;
  }
}
