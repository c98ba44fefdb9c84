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
import { scheduledTogether, type WorkerOptions } from './outbox/worker.ts';
import { QUOTE_EMAIL_KINDS } from './quotes/emails.ts';
import { TRIP_REMINDER_KIND } from './trips/reminder-compose.ts';
import { tripReminderSchedule } from './trips/reminder-schedule.ts';
import { REVIEW_INVITATION_KIND, REVIEW_REMINDER_KIND, REVIEW_RESEND_KIND } from './reviews/emails.ts';
import { reviewSchedule } from './reviews/invitations.ts';

export const outboxKinds = new OutboxKinds({
  channels: LEAD_CHANNELS,
  messages: [
    ...QUOTE_EMAIL_KINDS,
    REPLY_KIND,
    FIRST_CONTACT_ALERT_KIND,
    DIGEST_KIND,
    HAJJ_ALERT_KIND,
    TRIP_REMINDER_KIND,
    REVIEW_INVITATION_KIND,
    REVIEW_REMINDER_KIND,
    REVIEW_RESEND_KIND,
  ],
});

/** What this server's delivery worker runs with: every kind, and the digest and alert where email can go. */
export function workerOptions(store: { database: SqlDatabase }, config: LeadApiConfig): WorkerOptions {
  return {
    kinds: outboxKinds,
    // The digest, the alert, the trip reminders and the review invitations are queued only where they can be sent.
    scheduled: config.smtpUrl
      ? scheduledTogether([
          deskSchedule(store.database, {
            digestHour: config.digestHour,
            targetHours: config.firstContactTargetHours,
            siteUrl: config.siteUrl,
            timeZone: agencyContact.timeZone,
            hours: agencyContact.hours,
          }),
          tripReminderSchedule(store.database, {
            balanceDaysBefore: config.tripReminderBalanceDays,
            timeZone: agencyContact.timeZone,
          }),
          reviewSchedule(store.database, {
            daysAfterReturn: config.reviewInviteDays,
            timeZone: agencyContact.timeZone,
          }),
        ])
      : undefined,
  };
}
