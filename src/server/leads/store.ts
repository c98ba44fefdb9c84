/**
 * The lead store's contract: what every caller may ask of it, whichever database holds the leads.
 * Two implementations keep it: the embedded SQLite file (sqlite-store.ts, the default) and
 * PostgreSQL (postgres-store.ts, for hosts without a lasting disk and for several instances).
 * open-store.ts picks one at start-up.
 */
import type { SqlDatabase } from './sql-lead-store.ts';

export interface NewLead {
  formId: string;
  fields: Record<string, string>;
  pageUrl: string | null;
  userAgent: string | null;
}

export interface StoredLead extends NewLead {
  id: string;
  /** What the visitor quotes on the phone, e.g. `MQ-7K3F9Q`; unique, random, never reused. */
  reference: string;
  receivedAt: string;
}

/** A lead as `insertLead` answers it: `repeat` when an idempotency key already stood for it. */
export type AcceptedLead = StoredLead & { repeat?: true };

/**
 * Where a stored lead goes next: the agency's form service, a webhook, the staff's inbox by email,
 * or the visitor's acknowledgement by email.
 */
export interface DeliveryTarget {
  channel: 'relay' | 'webhook' | 'email' | 'acknowledgement';
  destination: string;
}

/** What a new lead brings beside its fields, all written in the lead's own transaction. */
export interface InsertOptions {
  /** The client's `Idempotency-Key`: a repeat within `IDEMPOTENCY_TTL_MS` answers the first lead. */
  idempotencyKey?: string | undefined;
  /** The visitor's address: an acknowledgement is queued unless one went there in the last 24 hours. */
  acknowledgeTo?: string | undefined;
}

/** How long an idempotency key stands for its lead, and how long one address gets one acknowledgement. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const ACKNOWLEDGEMENT_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface Delivery extends DeliveryTarget {
  id: number;
  leadId: string;
  status: 'pending' | 'delivered';
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface LeadFilter {
  formId?: string | undefined;
  /** ISO time or date; leads received at or after it. */
  since?: string | undefined;
  /** ISO time or date; leads received before it. */
  until?: string | undefined;
}

/** One recorded try of a delivery, as the lead page lists it. */
export interface DeliveryAttempt {
  deliveryId: number;
  attemptedAt: string;
  ok: boolean;
  detail: string;
  durationMs: number;
}

/** One delivery attempt's result, as the worker records it. */
export interface AttemptResult {
  ok: boolean;
  detail: string;
  durationMs: number;
}

/** What GET /readyz reports about the store; readiness() rejects when the store is unreachable. */
export interface Readiness {
  store: 'sqlite' | 'postgresql';
  /** Outbox entries not yet delivered. */
  pendingDeliveries: number;
  /** Seconds since the oldest pending delivery's lead arrived; null when nothing is pending. */
  oldestPendingSeconds: number | null;
}

/** Every lead, its outbox, spent captchas, secrets, idempotency keys and rate-limit windows. */
export interface LeadStore {
  readonly kind: 'sqlite' | 'postgresql';
  /** The database underneath: the lead desk (src/server/desk/) keeps its tables beside the leads. */
  readonly database: SqlDatabase;
  /**
   * Stores a lead with its reference and outbox entries, spending its captcha nonce and recording
   * its idempotency key in the same transaction. Returns the earlier lead, marked `repeat`, for a
   * key already used on this form within 24 hours; returns null, storing nothing, when the nonce
   * was already spent.
   */
  insertLead(
    lead: NewLead,
    captcha?: { nonce: string; expiresAt: number },
    now?: Date,
    deliveries?: readonly DeliveryTarget[],
    options?: InsertOptions,
  ): Promise<AcceptedLead | null>;
  /** The lead an idempotency key of `formId` stands for, if it was used within the last 24 hours. */
  leadForKey(formId: string, key: string, nowMs?: number): Promise<StoredLead | undefined>;
  /**
   * Claims due deliveries for this worker (a lease: no other worker gets them until leaseMs passes),
   * oldest first; visitors' acknowledgements after everything for the staff.
   */
  claimDueDeliveries(nowMs: number, limit?: number, leaseMs?: number): Promise<Delivery[]>;
  /**
   * Extends a worker's claim on one delivery to `leasedUntil`, only while the claim is still its own
   * (the delivery is pending and still leased until `claimedUntil`); false when another worker has
   * taken it over since, and then this worker must not send it.
   */
  renewClaim(deliveryId: number, claimedUntil: number, leasedUntil: number): Promise<boolean>;
  /** Records one attempt; a failed one is rescheduled for `retryAt`, a good one is done for good. */
  recordAttempt(deliveryId: number, result: AttemptResult, retryAt: number, now?: Date): Promise<void>;
  /** Per lead: how many deliveries it has and how many are done, for the inbox list. */
  deliveryCounts(): Promise<Map<string, { total: number; delivered: number }>>;
  /** Every delivery of one lead, for the inbox. */
  deliveriesOf(leadId: string): Promise<Delivery[]>;
  /** The newest `perDelivery` attempts of each of a lead's deliveries, oldest first. */
  attemptsOf(leadId: string, perDelivery: number): Promise<DeliveryAttempt[]>;
  /** Leads newest first, optionally of one form and within a time range. */
  listLeads(filter?: LeadFilter | string): Promise<StoredLead[]>;
  /** One lead by its reference (`MQ-7K3F9Q`), or undefined. */
  leadByReference(reference: string): Promise<StoredLead | undefined>;
  /** One lead by id, or undefined. */
  getLead(id: string): Promise<StoredLead | undefined>;
  /** Forgets spent captcha nonces whose challenge has expired anyway. */
  pruneSpentCaptchas(nowSeconds: number): Promise<void>;
  /** A secret kept in the database, created once on first use, so every instance and restart shares it. */
  secret(key: string): Promise<string>;
  /** Counts one request of `client` in `bucket`'s fixed window (shared by every instance on the store). */
  countRequest(
    bucket: string,
    client: string,
    windowMs: number,
    nowMs: number,
  ): Promise<{ count: number; windowStart: number }>;
  readiness(now?: Date): Promise<Readiness>;
  close(): Promise<void>;
}
