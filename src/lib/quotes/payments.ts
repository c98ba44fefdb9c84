/**
 * Payments staff record against an accepted quote. Card numbers are never stored: a reference that
 * holds one anywhere ("Visa 4111 1111 1111 1111") is refused, so a transfer id is welcome but a
 * pasted card number is not.
 */
import { z } from 'astro/zod';
import { containsCardNumber } from '../card-number.ts';
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

/** The label beside a card total: "Total by credit card (3% fee)". */
export function cardTotalLabel(percent: number): string {
  return `Total by credit card (${percent}% fee)`;
}
