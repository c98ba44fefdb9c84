/**
 * Quotes as the store keeps them (src/server/quotes/store.ts): versions, the acceptance and the
 * payments. Pure types, so the desk's pages and the privacy export can speak of them.
 */
import type { CancellationSchedule } from '../site-booking.ts';
import type { QuoteDraft } from './model.ts';
import type { PaymentMethod } from './payments.ts';
import type { HistoryActionKind } from '../pipeline/history.ts';

export interface QuoteVersion {
  version: number;
  draft: QuoteDraft;
  /** Computed from the draft's lines when the version was saved (`quoteTotals`), never typed. */
  totalCents: number;
  validUntil: string;
  savedAt: string;
  /** Null while this is the draft staff are still editing; a sent version never changes. */
  sentAt: string | null;
  /** The cancellation charges it was sent with; null for a draft and for versions sent before schedules (step 14). */
  cancellation: CancellationSchedule | null;
}

export interface QuoteAcceptance {
  version: number;
  totalCents: number;
  /** The full name the pilgrim typed; empty once the person is erased. */
  typedName: string;
  acceptedAt: string;
  /** The cancellation charges the pilgrim accepted; null for acceptances made before schedules (step 14). */
  cancellation: CancellationSchedule | null;
}

export interface QuoteDecline {
  version: number;
  /** The pilgrim's optional reason; empty once the person is erased. */
  reason: string;
  declinedAt: string;
}

/** A question the pilgrim asked on the quote page; it is kept as their note on the lead. */
export interface QuoteQuestion {
  version: number;
  text: string;
  askedAt: string;
}

export interface RecordedPayment {
  id: number;
  paidOn: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string;
  /** The staff member's id. */
  recordedBy: string;
  recordedAt: string;
}

export interface StoredQuote {
  id: string;
  /** Null once the lead is erased: the amounts and dates stay under the reference. */
  leadId: string | null;
  reference: string;
  createdAt: string;
  /** Whether its private link answers: sent, not withdrawn, not erased. */
  live: boolean;
  withdrawnAt: string | null;
  /** Oldest first. */
  versions: QuoteVersion[];
  acceptance: QuoteAcceptance | null;
  decline: QuoteDecline | null;
  /** Oldest first. */
  payments: RecordedPayment[];
}

/** What the pilgrim's page shows: the newest sent version, and whether it was accepted. */
export interface PilgrimQuote {
  quoteId: string;
  reference: string;
  version: QuoteVersion;
  /** Set when a later version replaced the first one sent ("updated on …"). */
  updated: boolean;
  acceptance: QuoteAcceptance | null;
  decline: QuoteDecline | null;
  /**
   * The cancellation charges the page shows above "Accept": the accepted ones once this version is
   * accepted, else the ones it was sent with, else (a version sent before schedules) the agency's
   * own now; null when there is none at all.
   */
  cancellation: CancellationSchedule | null;
}

/** A lead's quotes as the person's privacy export writes them: each version's draft, the acceptance, decline and payments. */
export function quotesExport(quotes: readonly StoredQuote[]) {
  return quotes.map(({ createdAt, versions, acceptance, decline, payments }) => ({
    createdAt,
    versions: versions.map(({ version, draft, totalCents, sentAt }) => ({
      version,
      sentAt,
      totalCents,
      ...draft,
    })),
    acceptance,
    decline,
    payments: payments.map(({ paidOn, amountCents, method, reference }) => ({
      paidOn,
      amountCents,
      method,
      reference,
    })),
  }));
}

/** One quote sent or accepted in the period, as the quote store gives the dashboard (src/lib/desk/quote-dashboard.ts). */
export interface DashboardQuote {
  /** Null once the lead is erased. */
  leadId: string | null;
  firstSentAt: string;
  /** The newest sent version's total. */
  quotedCents: number;
  acceptedAt: string | null;
  acceptedCents: number | null;
}

/** One payment received in the dashboard's period: its office day and amount. */
export interface QuotePayment {
  paidOn: string;
  amountCents: number;
}

/** The quotes' history actions: a quote sent, shared, answered or withdrawn, and a payment recorded. */
export const QUOTE_HISTORY_ACTIONS: readonly HistoryActionKind[] = [
  { action: 'quote', label: 'Quote' },
  { action: 'payment', label: 'Payment' },
];
