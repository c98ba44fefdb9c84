/**
 * The outbox's vocabulary: one row per thing to send, tried until it is accepted. A row is either a
 * lead's own delivery (the relay, the webhook, the staff's notification, the visitor's
 * acknowledgement: its channel says which) or a message queued by the module that owns its subject
 * (a quote email, a reply, the digest...): its payload names its kind, and the owner registers how
 * that kind is labelled and written out (src/server/outbox/kinds.ts). The outbox itself knows no kind.
 */

/** A queued message's payload: its kind, and whatever facts its owner needs to write it out when it is sent. */
export interface OutboxMessage {
  readonly kind: string;
}

/** How a row goes out: over HTTP for a lead's relay or webhook, by email for everything else. */
export type DeliveryChannel = 'relay' | 'webhook' | 'email' | 'acknowledgement' | 'message';

/** One outbox row: a lead's own delivery (`message` null) or a message queued for it (channel `message`). */
export interface Delivery {
  id: number;
  /** Null for a message about no one lead (the morning digest). */
  leadId: string | null;
  channel: DeliveryChannel;
  /** A URL for a relay or webhook, an email address otherwise. */
  destination: string;
  message: OutboxMessage | null;
  status: 'pending' | 'delivered';
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  deliveredAt: string | null;
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

/** A message an owner's transaction queues: the worker sends it like every delivery. */
export interface MessageToQueue<M extends OutboxMessage = OutboxMessage> {
  /** The lead it is about; null for a message about no one lead (the morning digest: its key alone does not make it once). */
  leadId: string | null;
  /** The email address it goes to. */
  destination: string;
  /**
   * Names the message among the lead's, e.g. `quote-sent:<quote id>:2`: queued again to the same
   * address under the same key (a retry, a double submit), it is not queued a second time.
   */
  key: string;
  message: M;
}
