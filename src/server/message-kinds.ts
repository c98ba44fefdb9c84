/*
 * Every kind of row the outbox sends on this server, each registered by the module that owns it. A
 * new email is one file of its owner (its payload type, its label and its composer) and one line
 * here; main.ts hands this registry to the delivery worker (`workerOptions`), and the desk's pages
 * name rows by it.
 */
import { agencyContact } from '../lib/site-contact.ts';
import type { SqlDatabase } from './db/database.ts';
import { DIGEST_KIND, FIRST_CONTACT_ALERT_KIND, deskSchedule } from './desk/digest-store.ts';
import { HAJJ_ALERT_KIND } from './hajj/alert-email.ts';
import type { LeadApiConfig } from './leads/config.ts';
import { REPLY_KIND } from './desk/reply-store.ts';
import { LEAD_CHANNELS } from './leads/delivery.ts';
import { OutboxKinds } from './outbox/kinds.ts';
import type { WorkerOptions } from './outbox/worker.ts';
import { QUOTE_EMAIL_KINDS } from './quotes/emails.ts';
import { REVIEW_INVITATION_KIND, REVIEW_REMINDER_KIND } from './reviews/emails.ts';
import { reviewSchedule } from './reviews/store.ts';
import { serverConfig } from './config.ts';
import type { ScheduledWork } from './outbox/worker.ts';

export const outboxKinds = new OutboxKinds({
  channels: LEAD_CHANNELS,
  messages: [
    ...QUOTE_EMAIL_KINDS,
    REPLY_KIND,
    FIRST_CONTACT_ALERT_KIND,
    DIGEST_KIND,
    HAJJ_ALERT_KIND,
    REVIEW_INVITATION_KIND,
    REVIEW_REMINDER_KIND,
  ],
});

/** What this server's delivery worker runs with: every kind, and the digest and alert where email can go. */
export function workerOptions(store: { database: SqlDatabase }, config: LeadApiConfig): WorkerOptions {
  return {
    kinds: outboxKinds,
    // The digest and the alert are queued only where they can be sent.
    scheduled: config.smtpUrl
      ? together([
          deskSchedule(store.database, {
            digestHour: config.digestHour,
            targetHours: config.firstContactTargetHours,
            siteUrl: config.siteUrl,
            timeZone: agencyContact.timeZone,
            hours: agencyContact.hours,
          }),
          reviewSchedule(store.database, {
            daysAfterReturn: serverConfig().REVIEW_INVITE_DAYS,
            timeZone: agencyContact.timeZone,
          }),
        ])
      : undefined,
  };
}

/** Several pieces of scheduled work as the worker's one: each at its own pace, each lease given up on a stop. */
function together(works: readonly ScheduledWork[]): ScheduledWork {
  const lastRun = works.map(() => Number.NEGATIVE_INFINITY);
  return {
    everyMs: Math.min(...works.map((work) => work.everyMs)),
    run: async (now) => {
      // One failing piece does not hold up the others; the worker logs the first failure and tries again.
      const failures: unknown[] = [];
      for (const [index, work] of works.entries()) {
        if (now.getTime() - lastRun[index]! < work.everyMs) continue;
        lastRun[index] = now.getTime();
        await work.run(now).catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
    },
    release: async () => void (await Promise.all(works.map((work) => work.release?.() ?? Promise.resolve()))),
  };
}
