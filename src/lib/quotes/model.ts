/**
 * A quote as staff build it in the desk: dates, hotels, priced lines, a discount, what is included and
 * the payment schedule. The schema checks each field's shape in staff-facing words; `validate.ts`
 * checks how the fields agree (dates in order, the schedule adds up to the total). Money is integer
 * cents; the totals are never stored in a draft, they are computed from the lines (`totals.ts`).
 */
import { z } from 'astro/zod';
import { CARD_NUMBER_REFUSED, containsCardNumber } from '../card-number.ts';
import { MAX_AMOUNT_CENTS } from '../format.ts';
import { isUsState } from '../us-states.ts';

/** Per person by room sharing, then children and infants (per child), then extras (per item). */
export const LINE_KINDS = [
  'quad',
  'triple',
  'double',
  'single',
  'child-with-bed',
  'child-without-bed',
  'infant',
  'extra',
] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** The words a line is shown with when staff give it no label of its own. */
const LINE_KIND_LABELS: Record<LineKind, string> = {
  quad: 'Quad room (4 sharing), per person',
  triple: 'Triple room (3 sharing), per person',
  double: 'Double room (2 sharing), per person',
  single: 'Single room, per person',
  'child-with-bed': 'Child with bed',
  'child-without-bed': 'Child without bed',
  infant: 'Infant',
  extra: 'Extra',
};

export const MAX_COUNT = 99;
const MAX_LINES = 40;
const MAX_SCHEDULE = 12;

const day = (what: string) => z.iso.date({ error: `Please choose a valid ${what}.` });
const cents = (what: string, min: number) =>
  z
    .number({ error: `Please enter ${what}.` })
    .int(`Please enter ${what} in whole cents.`)
    .min(min, min > 0 ? `${capital(what)} must be more than $0.` : `${capital(what)} cannot be negative.`)
    .max(MAX_AMOUNT_CENTS, `${capital(what)} is too large.`);
/** Staff's own words on the quote; a card number pasted into any of them is refused, never stored. */
const text = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep ${what} to ${max} characters or fewer.`)
    .refine((words) => !containsCardNumber(words), CARD_NUMBER_REFUSED);

function capital(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const lineSchema = z.strictObject({
  kind: z.enum(LINE_KINDS, { error: 'Please choose what the line is for.' }),
  /** Staff's own words ("Comprehensive insurance"); an extra needs one, the others default to their kind's label. */
  label: text('the label', 120).default(''),
  unitCents: cents('the price', 0),
  count: z
    .number({ error: 'Please enter how many.' })
    .int('Please enter a whole number of people or items.')
    .min(1, 'Each line needs at least 1 person or item.')
    .max(MAX_COUNT, `At most ${MAX_COUNT} on one line.`),
});
export type QuoteLine = z.infer<typeof lineSchema>;

const hotelSchema = z.strictObject({
  city: z.enum(['makkah', 'madinah'], { error: 'Please choose Makkah or Madinah.' }),
  name: text('the hotel name', 120).min(1, 'Please enter the hotel.'),
  nights: z.number().int().min(1, 'A hotel needs at least 1 night.').max(90, 'At most 90 nights in one hotel.'),
  /** False prints "or similar": the agency may book a hotel of the same standard instead. */
  confirmed: z.boolean(),
});

/** One payment the pilgrim owes: the first is the deposit, the last the balance (one alone is the full payment). */
export const dueSchema = z.strictObject({ dueOn: day('due date'), amountCents: cents('each payment', 1) });
export type PaymentDue = z.infer<typeof dueSchema>;

export const quoteDraftSchema = z.strictObject({
  /** The catalogue package the quote started from, or null for a quote made from nothing. */
  packageSlug: z.string().max(200).nullable(),
  departureOn: day('departure date'),
  returnOn: day('return date'),
  /** An airport code such as "ORD", or null when the quote is land only (the pilgrim books their own flights). */
  departureAirport: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Please enter a three-letter airport code, such as ORD, or choose land only.')
    .nullable(),
  hotels: z.array(hotelSchema).max(6, 'At most 6 hotels.'),
  lines: z
    .array(lineSchema)
    .min(1, 'Please add at least one priced line.')
    .max(MAX_LINES, `At most ${MAX_LINES} lines.`),
  discount: z
    .strictObject({ label: text('the discount label', 120), amountCents: cents('the discount', 1) })
    .nullable(),
  included: z.array(text('each included item', 200).min(1, 'Please remove empty included items.')).max(40),
  note: text('the note', 2000).default(''),
  validUntil: day('valid-until date'),
  schedule: z
    .array(dueSchema)
    .min(1, 'Please add the payment schedule.')
    .max(MAX_SCHEDULE, `At most ${MAX_SCHEDULE} payments.`),
  /**
   * The paying family's state (two letters), which decides whether and how much a card fee may be
   * shown (payments.ts `cardFeePercentIn`); null or absent (drafts saved before it was asked): no fee.
   */
  payerState: z.string().refine(isUsState, 'Please choose the state the family pays from.').nullable().optional(),
});
export type QuoteDraft = z.infer<typeof quoteDraftSchema>;

/** The words a line is shown with: staff's label, or its kind's. */
export function lineLabel(line: Pick<QuoteLine, 'kind' | 'label'>): string {
  return line.label === '' ? LINE_KIND_LABELS[line.kind] : line.label;
}

/** "Deposit", "Payment 2", "Balance", or "Full payment" when there is one: how a schedule names its rows. */
export function paymentLabel(index: number, count: number): string {
  if (count === 1) return 'Full payment';
  if (index === 0) return 'Deposit';
  return index === count - 1 ? 'Balance' : `Payment ${index + 1}`;
}

/** One thing staff must fix, under the field it belongs to (`schedule.1.dueOn`, `lines`, `_form`). */
export interface QuoteProblem {
  field: string;
  message: string;
}
