import type { LeadApiConfig } from './config.ts';
import {
  acknowledgementEmail,
  leadEmail,
  messageEmail,
  retryDelay,
  sendHttp,
  type DeliveryResult,
  type MailMessage,
} from './delivery.ts';
import type { Delivery, LeadStore, StoredLead } from './store.ts';

/** How many due deliveries one pass claims. */
const DELIVERIES_PER_PASS = 20;
/** The longest wait between passes while they fail: an outage is retried at least this often. */
const MAX_FAILING_WAIT_MS = 10_000;

/**
 * How long one delivery stays with the worker that claimed it: its attempt at its slowest (the
 * timeout) twice over, and time to record it. The claim is renewed before each attempt, so a pass
 * may run longer than this, while the deliveries of a worker that died come back within it.
 */
export function claimLeaseMs(deliveryTimeoutMs: number): number {
  return 2 * deliveryTimeoutMs + 5_000;
}

/** Sends one email; nodemailer in production, anything with the same shape in tests. */
export type Mailer = (message: MailMessage) => Promise<unknown>;

/**
 * Works through the outbox: every due delivery is tried, its attempt recorded, and a failure
 * rescheduled with backoff. Nothing is ever dropped; a destination that comes back gets it all.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  private readonly store: LeadStore;
  private readonly config: LeadApiConfig;
  private readonly mailer: Mailer | undefined;

  constructor(store: LeadStore, config: LeadApiConfig, mailer: Mailer | undefined) {
    this.store = store;
    this.config = config;
    this.mailer = mailer;
  }

  /**
   * One pass over what is due now; returns how many deliveries were attempted. Channels run side
   * by side, so a relay that hangs until its timeout does not hold back the staff's email.
   */
  async runOnce(nowMs = Date.now()): Promise<number> {
    const leaseMs = claimLeaseMs(this.config.deliveryTimeoutMs);
    const due = await this.store.claimDueDeliveries(nowMs, DELIVERIES_PER_PASS, leaseMs);
    const passStarted = Date.now();
    let attempted = 0;
    const channels = Map.groupBy(due, (delivery) => delivery.channel);
    await Promise.all(
      [...channels.values()].map(async (deliveries) => {
        for (const delivery of deliveries) {
          // The pass's clock moves on in real time; a claim that lapsed and went to another worker stays theirs.
          const leasedUntil = nowMs + (Date.now() - passStarted) + leaseMs;
          if (!(await this.store.renewClaim(delivery.id, delivery.nextAttemptAt, leasedUntil))) continue;
          await this.attempt(delivery, nowMs);
          attempted += 1;
        }
      }),
    );
    return attempted;
  }

  private async attempt(delivery: Delivery, nowMs: number): Promise<void> {
    const lead = await this.store.getLead(delivery.leadId);
    if (!lead) return;
    const started = Date.now();
    const result = await this.send(delivery, lead);
    const retryAt = nowMs + retryDelay(delivery.attempts, this.config.retryBaseMs, this.config.retryMaxMs);
    await this.store.recordAttempt(delivery.id, { ...result, durationMs: Date.now() - started }, retryAt);
    if (!result.ok) console.warn(`Delivery ${delivery.id} (${delivery.channel}) failed: ${result.detail}`);
  }

  private async send(delivery: Delivery, lead: StoredLead): Promise<DeliveryResult> {
    if (delivery.channel === 'relay' || delivery.channel === 'webhook') {
      return sendHttp(delivery, lead, this.config.deliveryTimeoutMs);
    }
    if (!this.mailer) return { ok: false, detail: 'SMTP_URL is not set' };
    try {
      await this.mailer(this.email(delivery, lead));
      return { ok: true, detail: 'accepted by the SMTP server' };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The email a delivery sends: the staff's notification, the visitor's acknowledgement or a queued message. */
  private email(delivery: Delivery, lead: StoredLead): MailMessage {
    const { notifyFrom, siteUrl } = this.config;
    if (delivery.message) return messageEmail(delivery, delivery.message, notifyFrom, siteUrl);
    return delivery.channel === 'email'
      ? leadEmail(lead, delivery.destination, notifyFrom)
      : acknowledgementEmail(lead, delivery.destination, notifyFrom, siteUrl);
  }

  /**
   * Polls every `workerIntervalMs` until `stop`; passes never overlap. While passes fail (the store
   * is unreachable) the wait doubles up to `MAX_FAILING_WAIT_MS`, and the log says so once when it
   * begins and once when the store answers again, not on every pass of an outage.
   */
  start(): void {
    let failedPasses = 0;
    const tick = async () => {
      try {
        this.running = this.runOnce();
        await this.running;
        if (failedPasses > 0) console.log(`The delivery worker works again after ${failedPasses} failed pass(es).`);
        failedPasses = 0;
      } catch (error) {
        if (failedPasses === 0) console.error('The delivery worker failed a pass; it keeps trying:', error);
        failedPasses += 1;
      }
      if (this.stopped) return;
      const wait = Math.min(this.config.workerIntervalMs * 2 ** failedPasses, MAX_FAILING_WAIT_MS);
      this.timer = setTimeout(() => void tick(), Math.max(wait, this.config.workerIntervalMs));
    };
    // A pass catches its own failure and schedules the next; nothing waits for the timer's pass.
    this.timer = setTimeout(() => void tick(), 0);
  }

  /** Stops polling and waits for the pass in progress; a pass that failed was logged by `start` already. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}
