import { agencyContact } from '../../lib/site-contact.ts';
import { DigestScheduler } from '../desk/digest-store.ts';
import type { LeadApiConfig } from './config.ts';
import type { LeadStore } from './store.ts';
import { DeliveryWorker, type Mailer, type WorkerExtras } from './worker.ts';

/** How often the worker looks whether a digest or an alert is due: the digest's hour is kept to the minute. */
const SCHEDULED_EVERY_MS = 60_000;

/** The digest and the first-contact alert, for a worker that can send email (nothing to queue without it). */
function deskMail(store: LeadStore, config: LeadApiConfig): WorkerExtras {
  const scheduler = new DigestScheduler(store.database, {
    digestHour: config.digestHour,
    targetHours: config.firstContactTargetHours,
    siteUrl: config.siteUrl,
    timeZone: agencyContact.timeZone,
    hours: agencyContact.hours,
  });
  return {
    composeLeadless: (delivery) => scheduler.compose(delivery, config.notifyFrom),
    scheduled: { everyMs: SCHEDULED_EVERY_MS, run: (now) => scheduler.run(now), release: () => scheduler.release() },
  };
}

/** Starts the outbox worker in this process, with nodemailer when SMTP is configured. */
export async function startDeliveries(store: LeadStore, config: LeadApiConfig): Promise<DeliveryWorker> {
  let mailer: Mailer | undefined;
  if (config.smtpUrl) {
    const { createTransport } = await import('nodemailer');
    const transport = createTransport(config.smtpUrl);
    mailer = (message) => transport.sendMail(message);
  }
  const relays = Object.entries(config.relays).map(([form, target]) => `${form} → ${target.type} ${target.url}`);
  console.log(
    `Lead deliveries: ${relays.length ? relays.join(', ') : 'no relay'}; ` +
      `staff email ${config.smtpUrl && config.notifyTo ? `to ${config.notifyTo}` : 'off (set SMTP_URL and LEADS_NOTIFY_TO)'}`,
  );
  const worker = new DeliveryWorker(store, config, mailer, mailer ? deskMail(store, config) : {});
  worker.start();
  return worker;
}
