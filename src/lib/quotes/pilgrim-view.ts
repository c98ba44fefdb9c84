/**
 * The pilgrim's quote page, as rows and sentences: the newest sent version of a quote, its prices
 * worked out from its lines, its dates in words, and where it stands (open, accepted, declined,
 * expired) with what the pilgrim may still do. The page only lays these out.
 */
import { agencyDay, daysBetween } from '../agency-time.ts';
import { countOf } from '../format.ts';
import { BOOKING_CONFIRMED_WHEN } from './booking-rule.ts';
import {
  CANCELLATION_CLOSING,
  CANCELLATION_OPENING,
  bookingOf,
  cancellationRows,
  type CancellationRow,
} from './cancellation.ts';
import { lineLabel, paymentLabel, type QuoteDraft } from './model.ts';
import { formatCents } from './money.ts';
import { byCreditCardCents, cardFeePercentIn, cardFeeWords, cardTotalLabel } from './payments.ts';
import type { PilgrimQuote } from './records.ts';
import { formatDay } from '../dates.ts';
import { quoteTotals, travellersOf } from './totals.ts';

/** "Layla H.": the given names and the family name's initial, enough for a family to tell its travellers apart. */
export function privateName(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return words[0] ?? '';
  const last = words.pop()!;
  return `${words.join(' ')} ${[...last][0]!.toUpperCase()}.`;
}

export type PilgrimState = 'open' | 'accepted' | 'declined' | 'expired';

export interface PilgrimView {
  reference: string;
  version: number;
  /** "November 24, 2026" when a later version replaced the first one sent, else null. */
  updatedOn: string | null;
  state: PilgrimState;
  /** Where the quote stands, in one or two sentences; null while it is simply open. */
  stateText: string | null;
  canAccept: boolean;
  canDecline: boolean;
  travellers: string;
  departs: string;
  returns: string;
  nights: string;
  flights: string;
  hotels: { city: string; name: string; nights: number; standing: string }[];
  lines: { label: string; price: string; count: number; amount: string }[];
  subtotal: string;
  discount: { label: string; amount: string } | null;
  total: string;
  included: readonly string[];
  note: string;
  /** Each payment, with what it comes to by credit card when cards carry a fee (null otherwise). */
  schedule: { label: string; dueOn: string; amount: string; byCard: string | null }[];
  /** The total by credit card beside the total; null when cards carry no fee for this family (its state bans one, or is not known). */
  cardTotal: { label: string; amount: string } | null;
  /** What paying by card costs this family, or why nothing (its state's law). */
  cardFee: string;
  validUntil: string;
  /** The cancellation charges worked out for this quote, shown above "Accept"; null only for a quote that has none. */
  cancellation: { opening: string; rows: CancellationRow[]; note: string; closing: readonly string[] } | null;
}

export interface PilgrimContext {
  /** The office's day, `YYYY-MM-DD`: a quote is valid through its valid-until day. */
  today: string;
  timeZone: string;
  /** The agency's phone as it is written, for "call us on …". */
  phone: string;
  /** The departure airports the catalogue names, to write "ORD" out in full. */
  airports: readonly { code: string; name: string }[];
  /** The site's credit-card fee in percent (facts.payment.cardFee.percent), before the family's state caps it. */
  cardFeePercent: number;
}

const CITY_NAMES = { makkah: 'Makkah', madinah: 'Madinah' } as const;

/** "2 adults, 1 child, 1 infant": who the quote is for, from its lines (extras are items, not people). */
export function travellersText(draft: Pick<QuoteDraft, 'lines'>): string {
  const { adults, children, infants } = travellersOf(draft.lines);
  const parts = [
    adults > 0 && countOf(adults, 'adult'),
    children > 0 && countOf(children, 'child', 'children'),
    infants > 0 && countOf(infants, 'infant'),
  ];
  return parts.filter(Boolean).join(', ');
}

/** "Flights from O'Hare International Airport (ORD)", or land only when the pilgrim books their own flights. */
export function flightsText(code: string | null, airports: PilgrimContext['airports']): string {
  if (code === null) return 'Land only: you book your own flights to Saudi Arabia.';
  const named = airports.find((airport) => airport.code === code);
  return `Return flights from ${named ? `${named.name} (${code})` : code}.`;
}

/** The page's rows and sentences for a quote its link opened, as of the office's `today`. */
export function pilgrimView(quote: PilgrimQuote, context: PilgrimContext): PilgrimView {
  const { version, acceptance, decline } = quote;
  const { draft } = version;
  const totals = quoteTotals(draft);
  const dayOf = (iso: string) => formatDay(agencyDay(new Date(iso), context.timeZone));
  const validUntil = formatDay(version.validUntil);
  const expired = version.validUntil < context.today;
  const state: PilgrimState = acceptance ? 'accepted' : decline ? 'declined' : expired ? 'expired' : 'open';
  const canAccept = !acceptance && !expired;
  const call = `call us on ${context.phone}`;
  const fee = cardFeePercentIn(draft.payerState, context.cardFeePercent);
  const byCard = (cents: number) => (fee > 0 ? formatCents(byCreditCardCents(cents, fee)) : null);
  let stateText: string | null = null;
  if (acceptance && acceptance.version === version.version) {
    // The link is forwarded: the name is shortened as every traveller's is ("Layla H.").
    stateText = `Accepted on ${dayOf(acceptance.acceptedAt)} by ${privateName(acceptance.typedName)}, for ${formatCents(acceptance.totalCents)}. ${BOOKING_CONFIRMED_WHEN}`;
  } else if (acceptance) {
    stateText = `Version ${acceptance.version} of this quote was accepted on ${dayOf(acceptance.acceptedAt)}, for ${formatCents(acceptance.totalCents)}. It has been updated since: please ${call} to go through the changes.`;
  } else if (decline) {
    const then = canAccept
      ? `If you have changed your mind, you can still accept it below until ${validUntil}.`
      : `If your plans change, please ${call}.`;
    stateText = `You declined this quote on ${dayOf(decline.declinedAt)}. ${then}`;
  } else if (expired) {
    stateText = `This quote was valid until ${validUntil} and can no longer be accepted. Prices and places change: please ${call} and we will prepare a new quote.`;
  }
  return {
    reference: quote.reference,
    version: version.version,
    updatedOn: quote.updated && version.sentAt ? dayOf(version.sentAt) : null,
    state,
    stateText,
    canAccept,
    canDecline: state === 'open',
    travellers: travellersText(draft),
    departs: formatDay(draft.departureOn),
    returns: formatDay(draft.returnOn),
    nights: countOf(daysBetween(draft.departureOn, draft.returnOn), 'night'),
    flights: flightsText(draft.departureAirport, context.airports),
    hotels: draft.hotels.map((hotel) => ({
      city: CITY_NAMES[hotel.city],
      name: hotel.name,
      nights: hotel.nights,
      standing: hotel.confirmed ? 'Confirmed' : 'or similar',
    })),
    lines: draft.lines.map((line, index) => ({
      label: lineLabel(line),
      price: formatCents(line.unitCents),
      count: line.count,
      amount: formatCents(totals.lineCents[index]!),
    })),
    subtotal: formatCents(totals.subtotalCents),
    discount: draft.discount && {
      label: draft.discount.label || 'Discount',
      amount: formatCents(-totals.discountCents),
    },
    total: formatCents(totals.totalCents),
    included: draft.included,
    note: draft.note,
    schedule: draft.schedule.map((due, index) => ({
      label: paymentLabel(index, draft.schedule.length),
      dueOn: formatDay(due.dueOn),
      amount: formatCents(due.amountCents),
      byCard: byCard(due.amountCents),
    })),
    cardTotal: fee > 0 ? { label: cardTotalLabel(fee), amount: byCard(totals.totalCents)! } : null,
    cardFee: cardFeeWords(draft.payerState, context.cardFeePercent),
    validUntil,
    cancellation: quote.cancellation && {
      opening: CANCELLATION_OPENING,
      rows: cancellationRows(quote.cancellation, bookingOf(draft)),
      note: quote.cancellation.note,
      closing: CANCELLATION_CLOSING,
    },
  };
}
