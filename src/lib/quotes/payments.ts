/**
 * Payments staff record against an accepted quote. Card numbers are never stored: a reference that
 * holds one anywhere ("Visa 4111 1111 1111 1111") is refused, so a transfer id is welcome but a
 * pasted card number is not.
 */
import { z } from 'astro/zod';
import { containsCardNumber } from '../card-number.ts';
import { facts } from '../facts.ts';
import { MAX_AMOUNT_CENTS } from '../format.ts';
import { formatCents } from './money.ts';
import type { QuoteProblem } from './model.ts';

/** The ways to pay that the payments page (src/content/pages/payment-security.mdx) lists, in its order. */
export const PAYMENT_METHODS = {
  'bank-transfer': 'Bank transfer',
  cash: 'Cash',
  'debit-card': 'Debit card',
  'credit-card': 'Credit card',
  'prepaid-card': 'Prepaid card',
  check: 'Check',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

const CARD_NUMBER_REFUSED =
  'This looks like a card number. Card numbers are never stored: enter the transfer id or receipt number instead.';

export const paymentSchema = z.strictObject({
  paidOn: z.iso.date({ error: 'Please choose the date the payment was received.' }),
  amountCents: z
    .number({ error: 'Please enter the amount.' })
    .int('Please enter the amount in whole cents.')
    .min(1, 'The amount must be more than $0.')
    .max(MAX_AMOUNT_CENTS, 'The amount is too large.'),
  method: z.enum(Object.keys(PAYMENT_METHODS) as [PaymentMethod, ...PaymentMethod[]], {
    error: 'Please choose how it was paid.',
  }),
  reference: z
    .string()
    .trim()
    .max(100, 'Please keep the reference to 100 characters or fewer.')
    .refine((reference) => !containsCardNumber(reference), CARD_NUMBER_REFUSED)
    .default(''),
});
export type Payment = z.infer<typeof paymentSchema>;

export type PaymentCheck = { ok: true; payment: Payment } | { ok: false; problems: QuoteProblem[] };

/** Checks a payment staff are recording: not in the future, not more than the balance, no card number. */
export function checkPayment(input: unknown, context: { today: string; balanceCents: number }): PaymentCheck {
  const parsed = paymentSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? '_form'),
      message: issue.message,
    }));
    return { ok: false, problems };
  }
  const payment = parsed.data;
  const problems: QuoteProblem[] = [];
  if (payment.paidOn > context.today) problems.push({ field: 'paidOn', message: 'The payment date is in the future.' });
  if (payment.amountCents > context.balanceCents) {
    const message = `That is more than the balance of ${formatCents(Math.max(0, context.balanceCents))}.`;
    problems.push({ field: 'amountCents', message });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, payment };
}

/** The fee a payment by `method` carries: `percent` (facts.payment.cardFee.percent) on credit cards only, rounded down so it never passes the cap. */
export function cardFeeCents(amountCents: number, method: PaymentMethod, percent: number): number {
  return method === 'credit-card' ? Math.floor((amountCents * percent) / 100) : 0;
}

/** What an amount comes to when paid by credit card: the amount and its fee, as a state that asks for the card total (New York) wants it shown. */
export function byCreditCardCents(amountCents: number, percent: number): number {
  return amountCents + cardFeeCents(amountCents, 'credit-card', percent);
}

/**
 * The credit-card fee in percent a family paying from `state` may be charged: `percent` (the site's
 * fee), capped by the state's law and 0 where it bans one (facts.payment.cardFee.states); 0 too while
 * the quote does not know the state, so no quote shows a fee the family's law may forbid.
 */
export function cardFeePercentIn(state: string | null | undefined, percent = facts.payment.cardFee.percent): number {
  if (!state) return 0;
  const limit = facts.payment.cardFee.states.find((rule) => rule.code === state);
  return limit ? Math.min(percent, limit.percent) : percent;
}

/**
 * What the quote says about paying by card, for the family's state: the fee where one is allowed
 * (and the state's cap when it lowers it), or why there is none.
 */
export function cardFeeWords(state: string | null | undefined, percent = facts.payment.cardFee.percent): string {
  const charged = cardFeePercentIn(state, percent);
  const limit = facts.payment.cardFee.states.find((rule) => rule.code === state);
  if (charged > 0) {
    const capped = limit && limit.percent < percent ? ` (the most ${limit.name}'s law allows)` : '';
    return `A ${charged}% fee on payments by credit card${capped}, kept by us and shown before you pay; debit and prepaid cards carry no fee.`;
  }
  return limit && percent > 0
    ? `No fee on payments by card: ${limit.name}'s law does not allow a credit card surcharge.`
    : 'No fee on payments by card.';
}

/** The states' rules on card fees in one sentence, from the same data the quote reads, for the payments page (Q10). */
export function stateCardFeeSentence(): string {
  const { percent, states } = facts.payment.cardFee;
  const list = new Intl.ListFormat('en-US', { type: 'disjunction' });
  const banned = states.filter((state) => state.percent === 0).map((state) => state.name);
  const capped = states.filter((state) => state.percent > 0 && state.percent < percent);
  const parts = [
    banned.length > 0 &&
      `no credit card fee to a family paying from ${list.format(banned)}, whose law does not allow one`,
    ...capped.map((state) => `at most ${state.percent}% to a family paying from ${state.name}, as its law allows`),
  ].filter(Boolean);
  const rule = parts.length > 0 ? `We charge ${parts.join(', and ')}. ` : '';
  return `${rule}Your quote asks which state you pay from and shows the fee for it, and none until we know it.`;
}

/** The label beside a card total: "Total by credit card (3% fee)". */
export function cardTotalLabel(percent: number): string {
  return `Total by credit card (${percent}% fee)`;
}
