import { agencyDay } from '../../lib/agency-time.ts';
import { countOf } from '../../lib/format.ts';
import type { TravellerStore } from '../trips/store.ts';
import type { PrivacyQueries } from './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first pass waits this long after start, so it never holds up the server coming up. */
const FIRST_PASS_DELAY_MS = 10_000;

/** The nightly retention, as main.ts stops it on shutdown. */
export interface Retention {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

export interface RetentionOptions {
  /** The clock; tests fix it. */
  now?: () => Date;
  firstPassDelayMs?: number;
}

/**
 * The UTC midnight `days` days before `now`: everything received before it is at least `days` old.
 * A whole day keeps the log line exact ("received before 2026-08-26"); a lead stays at most a day longer.
 */
function retentionCutoff(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString();
}

/** One pass: erases the leads older than `days` as actor "retention (N days)"; answers how many. */
export async function retentionPass(
  store: Pick<PrivacyQueries, 'eraseReceivedBefore'>,
  days: number,
  now: Date,
  log: (line: string) => void,
): Promise<number> {
  const cutoff = retentionCutoff(now, days);
  const erased = await store.eraseReceivedBefore(cutoff, `retention (${days} days)`, now);
  if (erased > 0) {
    log(`Retention: erased ${countOf(erased, 'enquiry', 'enquiries')} received before ${cutoff.slice(0, 10)}`);
  }
  return erased;
}

/**
 * One pass over the bookings' travellers: deletes every traveller's details once their trip returned
 * more than `days` days before the agency's today; answers how many.
 */
export async function travellerRetentionPass(
  store: Pick<TravellerStore, 'eraseReturnedBefore'>,
  days: number,
  timeZone: string,
  now: Date,
  log: (line: string) => void,
): Promise<number> {
  const deleted = await store.eraseReturnedBefore(days, agencyDay(now, timeZone), `retention (${days} days)`, now);
  if (deleted > 0)
    log(`Retention: deleted the details of ${countOf(deleted, 'traveller')}, ${days} days after their return`);
  return deleted;
}

/** Erases leads older than `days` every night (see `startNightly`). */
export function startRetention(
  store: Pick<PrivacyQueries, 'eraseReceivedBefore'>,
  days: number,
  log: (line: string) => void,
  options: RetentionOptions = {},
): Retention {
  return startNightly((now) => retentionPass(store, days, now, log), log, options);
}

/** Deletes the travellers' details `days` days after each return, every night (see `startNightly`). */
export function startTravellerRetention(
  store: Pick<TravellerStore, 'eraseReturnedBefore'>,
  days: number,
  timeZone: string,
  log: (line: string) => void,
  options: RetentionOptions = {},
): Retention {
  return startNightly((now) => travellerRetentionPass(store, days, timeZone, now, log), log, options);
}

/**
 * Runs a pass shortly after start and then every 24 hours. The timer does not keep the process
 * alive; instances sharing a store may all run it (erasing is idempotent, and PostgreSQL hands each
 * lead to one of them). A failed pass is logged and tried again the next day.
 */
function startNightly(
  run: (now: Date) => Promise<unknown>,
  log: (line: string) => void,
  options: RetentionOptions,
): Retention {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => void pass(), delayMs);
    timer.unref();
  };
  const pass = async () => {
    running = run(now()).catch((error: unknown) =>
      log(
        `Retention: the pass failed, next try in 24 hours: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    await running;
    if (!stopped) schedule(DAY_MS);
  };
  schedule(options.firstPassDelayMs ?? FIRST_PASS_DELAY_MS);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
