import type { LeadApiConfig } from './config.ts';
import type { LeadStore } from './store.ts';
import { DeliveryWorker, type Mailer } from './worker.ts';

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
  const worker = new DeliveryWorker(store, config, mailer);
  worker.start();
  return worker;
}
