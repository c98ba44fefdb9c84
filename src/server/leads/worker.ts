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

/** What the worker does beside the leads' own deliveries (the desk's digest and alert, start-deliveries.ts). */
export interface WorkerExtras {
  /**
   * Writes out, when it is sent, a message about no one lead (the morning digest): null when nothing
   * is left to say by then, and the row is done without an email.
   */
  composeLeadless?: (delivery: Delivery) => Promise<MailMessage | null>;
  /**
   * Work run every `everyMs` between passes (queueing the digests and alerts); a failure is logged and
   * tried next time. `release` runs once the worker has stopped: it gives up what the work holds (its lease).
   */
  scheduled?: { everyMs: number; run(now: Date): Promise<unknown>; release?(): Promise<void> };
}

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
  private readonly extras: WorkerExtras;
  private scheduledAt = Number.NEGATIVE_INFINITY;
  private scheduledFailing = false;

  constructor(store: LeadStore, config: LeadApiConfig, mailer: Mailer | undefined, extras: WorkerExtras = {}) {
    this.store = store;
    this.config = config;
    this.mailer = mailer;
    this.extras = extras;
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
    const lead = delivery.leadId === null ? null : await this.store.getLead(delivery.leadId);
    if (lead === undefined) return;
    const started = Date.now();
    const result = lead === null ? await this.sendLeadless(delivery) : await this.send(delivery, lead);
    const retryAt = nowMs + retryDelay(delivery.attempts, this.config.retryBaseMs, this.config.retryMaxMs);
    await this.store.recordAttempt(delivery.id, { ...result, durationMs: Date.now() - started }, retryAt);
    if (!result.ok) console.warn(`Delivery ${delivery.id} (${delivery.channel}) failed: ${result.detail}`);
  }

  private async send(delivery: Delivery, lead: StoredLead): Promise<DeliveryResult> {
    if (delivery.channel === 'relay' || delivery.channel === 'webhook') {
      return sendHttp(delivery, lead, this.config.deliveryTimeoutMs);
    }
    return this.mail(() => this.email(delivery, lead));
  }

  /** A message about no one lead, written out now; one with nothing left to say is done unsent. */
  private async sendLeadless(delivery: Delivery): Promise<DeliveryResult> {
    const { composeLeadless } = this.extras;
    if (!composeLeadless) return { ok: false, detail: 'this worker cannot write this message' };
    let message: MailMessage | null;
    try {
      message = await composeLeadless(delivery);
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
    if (message === null) return { ok: true, detail: 'nothing left to say when it was due, so not sent' };
    return this.mail(() => message);
  }

  private async mail(write: () => MailMessage): Promise<DeliveryResult> {
    if (!this.mailer) return { ok: false, detail: 'SMTP_URL is not set' };
    try {
      await this.mailer(write());
      return { ok: true, detail: 'accepted by the SMTP server' };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The scheduled work, when `everyMs` has passed since it last ran. */
  async runScheduled(now = new Date()): Promise<void> {
    const { scheduled } = this.extras;
    if (!scheduled || now.getTime() - this.scheduledAt < scheduled.everyMs) return;
    this.scheduledAt = now.getTime();
    try {
      await scheduled.run(now);
      if (this.scheduledFailing) console.log('The scheduled work of the delivery worker works again.');
      this.scheduledFailing = false;
    } catch (error) {
      if (!this.scheduledFailing)
        console.error('The scheduled work of the delivery worker failed; it keeps trying:', error);
      this.scheduledFailing = true;
    }
  }

  /** The email a delivery sends: the staff's notification, the visitor's acknowledgement or a queued message. */
  private email(delivery: Delivery, lead: StoredLead): MailMessage {
    const { notifyFrom, siteUrl } = this.config;
    if (delivery.message && delivery.message.kind !== 'digest') {
      return messageEmail({ ...delivery, leadId: lead.id }, delivery.message, notifyFrom, siteUrl);
    }
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
        // The scheduled work queues before the pass, so a digest queued now goes out in it.
        this.running = this.runScheduled().then(() => this.runOnce());
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
    // With the store gone the lease simply runs out, as after a crash.
    await this.extras.scheduled?.release?.().catch((error: unknown) => {
      console.error(
        'The scheduled work could not give up its lease; another instance takes it when it runs out:',
        error,
      );
    });
  }
}
