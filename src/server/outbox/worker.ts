import type { SqlDatabase } from '../db/database.ts';
import type { Delivery } from '../../lib/outbox/model.ts';
import type { DeliveryResult, OutboxContext, OutboxKinds } from './kinds.ts';
import type { Mailer, MailMessage } from './mail.ts';
import { OutboxQueue } from './queue.ts';

/** How many due deliveries one pass claims. */
const DELIVERIES_PER_PASS = 20;
/** The longest wait between passes while they fail: an outage is retried at least this often. */
const MAX_FAILING_WAIT_MS = 10_000;

/** The worker's settings, read once from the server's configuration (src/server/leads/config.ts gives them). */
export interface OutboxSettings {
  /** LEADS_NOTIFY_FROM. */
  notifyFrom: string;
  siteUrl: string;
  /** Retries: the first waits about `retryBaseMs`, doubling up to `retryMaxMs`, with jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  deliveryTimeoutMs: number;
  workerIntervalMs: number;
}

/**
 * Work run every `everyMs` between passes (queueing the digests and alerts); a failure is logged and
 * tried next time. `release` runs once the worker has stopped: it gives up what the work holds (its lease).
 */
export interface ScheduledWork {
  everyMs: number;
  run(now: Date): Promise<unknown>;
  release?(): Promise<void>;
}

/** Several scheduled works as one, each on its own `everyMs`; one that fails does not hold back the others. */
export function scheduledTogether(works: readonly ScheduledWork[]): ScheduledWork {
  const lastRun = works.map(() => Number.NEGATIVE_INFINITY);
  return {
    everyMs: Math.min(...works.map((work) => work.everyMs)),
    async run(now) {
      const failures: unknown[] = [];
      for (const [index, work] of works.entries()) {
        if (now.getTime() - lastRun[index]! < work.everyMs) continue;
        lastRun[index] = now.getTime();
        await work.run(now).catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw new AggregateError(failures, 'Scheduled work failed');
    },
    release: async () => {
      for (const work of works) await work.release?.();
    },
  };
}

/** What the composition root hands the worker: every kind it may meet, and the work to run between passes. */
export interface WorkerOptions {
  kinds: OutboxKinds;
  scheduled?: ScheduledWork | undefined;
}

/**
 * How long one delivery stays with the worker that claimed it: its attempt at its slowest (the
 * timeout) twice over, and time to record it. The claim is renewed before each attempt, so a pass
 * may run longer than this, while the deliveries of a worker that died come back within it.
 */
export function claimLeaseMs(deliveryTimeoutMs: number): number {
  return 2 * deliveryTimeoutMs + 5_000;
}

/** Wait before retry number `attempts + 1`: doubling from `baseMs`, capped, with jitter so retries spread out. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempts, 30));
  return Math.round(exponential * (0.5 + random() / 2));
}

/**
 * Works through the outbox: every due delivery is tried by its kind, its attempt recorded, and a
 * failure rescheduled with backoff. Nothing is ever dropped; a destination that comes back gets it all.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  private readonly database: SqlDatabase;
  private readonly queue: OutboxQueue;
  private readonly config: OutboxSettings;
  private readonly mailer: Mailer | undefined;
  private readonly options: WorkerOptions;
  private scheduledAt = Number.NEGATIVE_INFINITY;
  private scheduledFailing = false;

  constructor(
    store: { database: SqlDatabase },
    config: OutboxSettings,
    mailer: Mailer | undefined,
    options: WorkerOptions,
  ) {
    this.database = store.database;
    this.queue = new OutboxQueue(store.database);
    this.config = config;
    this.mailer = mailer;
    this.options = options;
  }

  /**
   * One pass over what is due now; returns how many deliveries were attempted. Channels run side
   * by side, so a relay that hangs until its timeout does not hold back the staff's email. A
   * destination that let a try run out its whole timeout is not tried again in the same pass: its
   * other deliveries wait for their next try untouched, so one hanging destination costs a pass one
   * timeout, not one per delivery due to it, and the next pass (new leads' email) is not held back.
   */
  async runOnce(nowMs = Date.now()): Promise<number> {
    const leaseMs = claimLeaseMs(this.config.deliveryTimeoutMs);
    const due = await this.queue.claimDueDeliveries(nowMs, DELIVERIES_PER_PASS, leaseMs);
    const passStarted = Date.now();
    const unanswering = new Set<string>();
    let attempted = 0;
    const channels = Map.groupBy(due, (delivery) => delivery.channel);
    await Promise.all(
      [...channels.values()].map(async (deliveries) => {
        for (const delivery of deliveries) {
          const retryAt = nowMs + retryDelay(delivery.attempts, this.config.retryBaseMs, this.config.retryMaxMs);
          if (unanswering.has(delivery.destination)) {
            // Given back, due again when a failed try would be, with no attempt counted.
            await this.queue.renewClaim(delivery.id, delivery.nextAttemptAt, retryAt);
            continue;
          }
          // The pass's clock moves on in real time; a claim that lapsed and went to another worker stays theirs.
          const leasedUntil = nowMs + (Date.now() - passStarted) + leaseMs;
          if (!(await this.queue.renewClaim(delivery.id, delivery.nextAttemptAt, leasedUntil))) continue;
          const outcome = await this.attempt(delivery, nowMs, retryAt);
          if (outcome === 'ran out of time') unanswering.add(delivery.destination);
          attempted += 1;
        }
      }),
    );
    return attempted;
  }

  /** Tries one delivery and records how it went; nothing is recorded for a lead that is gone. */
  private async attempt(delivery: Delivery, nowMs: number, retryAt: number): Promise<'done' | 'ran out of time'> {
    const started = Date.now();
    const result = await this.deliver(delivery, nowMs);
    const durationMs = Date.now() - started;
    if (result === null) return 'done';
    await this.queue.recordAttempt(delivery.id, { ...result, durationMs }, retryAt);
    if (result.ok) return 'done';
    console.warn(`Delivery ${delivery.id} (${delivery.channel}) failed: ${result.detail}`);
    return durationMs >= this.config.deliveryTimeoutMs ? 'ran out of time' : 'done';
  }

  /** The row sent by its kind; a kind that throws while writing it out is a failed try, retried like any. */
  private async deliver(delivery: Delivery, nowMs: number): Promise<DeliveryResult | null> {
    const context: OutboxContext = {
      database: this.database,
      from: this.config.notifyFrom,
      siteUrl: this.config.siteUrl,
      timeoutMs: this.config.deliveryTimeoutMs,
      now: new Date(nowMs),
      send: (mail) => this.mail(mail),
    };
    try {
      return await this.options.kinds.deliver(delivery, context);
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  private async mail(message: MailMessage): Promise<DeliveryResult> {
    if (!this.mailer) return { ok: false, detail: 'SMTP_URL is not set' };
    try {
      await this.mailer(message);
      return { ok: true, detail: 'accepted by the SMTP server' };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The scheduled work, when `everyMs` has passed since it last ran. */
  async runScheduled(now = new Date()): Promise<void> {
    const { scheduled } = this.options;
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
    await this.options.scheduled?.release?.().catch((error: unknown) => {
      console.error(
        'The scheduled work could not give up its lease; another instance takes it when it runs out:',
        error,
      );
    });
  }
}

/** Starts the outbox worker in this process, with nodemailer when SMTP is configured. */
export async function startDeliveries(
  store: { database: SqlDatabase },
  config: OutboxSettings & { smtpUrl: string | undefined },
  options: WorkerOptions,
): Promise<DeliveryWorker> {
  let mailer: Mailer | undefined;
  if (config.smtpUrl) {
    const { createTransport } = await import('nodemailer');
    const transport = createTransport(config.smtpUrl);
    mailer = (message) => transport.sendMail(message);
  }
  const worker = new DeliveryWorker(store, config, mailer, options);
  worker.start();
  return worker;
}
