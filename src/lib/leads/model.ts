/**
 * What a lead is, wherever it is read: the visitor's fields as sent, its deliveries and their tries.
 * The stores (src/server/leads/) keep and return these; the desk and the emails shape them.
 */
import type { InterestAnswer } from '../forms/interest.ts';
import type { DeliveryChannel } from '../outbox/model.ts';
import type { Language } from '../languages.ts';
import type { FirstTouch } from './first-touch.ts';

export interface NewLead {
  formId: string;
  fields: Record<string, string>;
  pageUrl: string | null;
  userAgent: string | null;
  /** Where the visit began (first-touch.ts), checked by the lead API; none when left out. */
  firstTouch?: FirstTouch | undefined;
  /** The language the enquiry came in (the page's), English when none is said; the store refuses any other value. */
  language?: Language | undefined;
}

export interface StoredLead extends NewLead {
  firstTouch: FirstTouch;
  language: Language;
  id: string;
  /** What the visitor quotes on the phone, e.g. `MQ-7K3F9Q`; unique, random, never reused. */
  reference: string;
  receivedAt: string;
}

/** A lead as `insertLead` answers it: `repeat` when an idempotency key already stood for it. */
export type AcceptedLead = StoredLead & { repeat?: true };

/**
 * Where a stored lead goes next: the agency's form service, a webhook, the staff's notification by email,
 * or the visitor's acknowledgement by email.
 */
export interface DeliveryTarget {
  channel: Exclude<DeliveryChannel, 'message'>;
  destination: string;
}

/** What a new lead brings beside its fields, all written in the lead's own transaction. */
export interface InsertOptions {
  /** The captcha challenge the lead answered: its nonce is spent with the lead, and a spent one stores nothing. */
  captcha?: { nonce: string; expiresAt: number } | undefined;
  /** When the lead was received; the current time when left out. */
  now?: Date | undefined;
  /** Where the lead is to be delivered: an outbox entry each, queued with the lead; none when left out. */
  deliveries?: readonly DeliveryTarget[] | undefined;
  /** The client's `Idempotency-Key`: a repeat within a day answers the first lead. */
  idempotencyKey?: string | undefined;
  /** The visitor's address: an acknowledgement is queued unless one went there in the last 24 hours. */
  acknowledgeTo?: string | undefined;
  /** A Hajj form's interest-list answers (the party, the consent), stored beside the lead. */
  interest?: InterestAnswer | undefined;
}

export interface LeadFilter {
  formId?: string | undefined;
  /** ISO time or date; leads received at or after it. */
  since?: string | undefined;
  /** ISO time or date; leads received before it. */
  until?: string | undefined;
}

/** What GET /readyz reports about the store; readiness() rejects when the store is unreachable. */
export interface Readiness {
  store: 'sqlite' | 'postgresql';
  /** Outbox entries not yet delivered. */
  pendingDeliveries: number;
  /** Seconds since the oldest pending delivery was queued; null when nothing is pending. */
  oldestPendingSeconds: number | null;
}
