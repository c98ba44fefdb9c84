/*
 * Scheduled work that one instance does at a time, as graphile-worker's cron does it: the queue owns
 * the lease (the job_leases table), and each owner of a schedule (the digest and alerts, the trip
 * reminders, the review invitations) hands over its name, its pace and its pass. The lease is taken
 * or renewed at every pass and given up on a graceful stop, so the instance that carries on takes the
 * work at its next pass instead of waiting the lease out.
 */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase, SqlStatements } from '../db/database.ts';
import type { ScheduledWork } from './worker.ts';

/** How long the instance that took a schedule keeps it without renewing (it renews every pass). */
export const LEASE_MS = 5 * 60_000;

/** Takes or renews the lease `name` for `holder` until `nowMs + leaseMs`; false while another holder's lease runs. */
async function takeLease(
  db: SqlStatements,
  name: string,
  holder: string,
  nowMs: number,
  leaseMs: number,
): Promise<boolean> {
  const changed = await db.run(
    `INSERT INTO job_leases (name, holder, leased_until) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, leased_until = excluded.leased_until
     WHERE job_leases.holder = excluded.holder OR job_leases.leased_until <= ?`,
    [name, holder, nowMs + leaseMs, nowMs],
  );
  return changed === 1;
}

/** A schedule under its lease: each pass's result, or null when another instance holds the lease. */
export interface LeasedSchedule<T> extends ScheduledWork {
  /** This instance's name on the lease. */
  readonly holder: string;
  run(now?: Date): Promise<T | null>;
  /** Gives the lease up (a graceful stop): another instance takes the work at its next pass. */
  release(): Promise<void>;
}

/** `run` every `everyMs` on the instance that holds the lease `name` (held `leaseMs` past each pass). */
export function leasedSchedule<T>(schedule: {
  database: SqlDatabase;
  name: string;
  everyMs: number;
  leaseMs: number;
  run(now: Date): Promise<T>;
  holder?: string | undefined;
}): LeasedSchedule<T> {
  const { database, name, everyMs, leaseMs } = schedule;
  const holder = schedule.holder ?? randomUUID();
  return {
    everyMs,
    holder,
    async run(now = new Date()) {
      if (!(await takeLease(database, name, holder, now.getTime(), leaseMs))) return null;
      return schedule.run(now);
    },
    async release() {
      await database.run('DELETE FROM job_leases WHERE name = ? AND holder = ?', [name, holder]);
    },
  };
}
