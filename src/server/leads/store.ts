/**
 * The lead store's contract: what every caller may ask of it, whichever database holds the leads.
 * One implementation keeps it (sql-lead-store.ts), over the embedded SQLite file (the default) or
 * PostgreSQL (for hosts without a lasting disk and for several instances): src/server/db/ adapts
 * both. open-store.ts picks one at start-up.
 */
import type { Dialect, SqlDatabase, SqlStatements } from '../db/database.ts';
import type { NewLead, StoredLead, AcceptedLead, InsertOptions, LeadFilter, Readiness } from '../../lib/leads/model.ts';

/** How long an idempotency key stands for its lead, and how long one address gets one acknowledgement. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const ACKNOWLEDGEMENT_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Every lead, its idempotency keys, spent captchas, secrets and rate-limit windows; its deliveries are the outbox's. */
export interface LeadStore {
  readonly kind: Dialect;
  /** The database underneath: the lead desk (src/server/desk/) keeps its tables beside the leads. */
  readonly database: SqlDatabase;
  /**
   * Stores a lead, received at `options.now`, with its reference and an outbox entry for each of
   * `options.deliveries`, spending `options.captcha`'s nonce and recording `options.idempotencyKey`
   * in the same transaction. Returns the earlier lead, marked `repeat`, for a key already used on
   * this form within 24 hours; returns null, storing nothing, when the nonce was already spent.
   */
  insertLead(lead: NewLead, options?: InsertOptions): Promise<AcceptedLead | null>;
  /** The lead an idempotency key of `formId` stands for, if it was used within the last 24 hours. */
  leadForKey(formId: string, key: string, nowMs?: number): Promise<StoredLead | undefined>;
  /** Leads newest first, optionally of one form and within a time range. */
  listLeads(filter?: LeadFilter): Promise<StoredLead[]>;
  /**
   * Deletes leads that the caller's transaction `tx` has locked, with their outbox entries, attempts
   * and idempotency keys (the desk's erasure, which deletes its own notes and history first).
   */
  deleteLockedLeads(tx: SqlStatements, leadIds: readonly string[]): Promise<void>;
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
  /** Clears `client`'s count in `bucket` (a sign-in that succeeded starts its account's count again). */
  forgetRequests(bucket: string, client: string): Promise<void>;
  /** Takes one request back from `client`'s count in `bucket`, never below zero. */
  refundRequest(bucket: string, client: string): Promise<void>;
  readiness(now?: Date): Promise<Readiness>;
  close(): Promise<void>;
}
