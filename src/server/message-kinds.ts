/*
 * Every kind of row the outbox sends on this server, each registered by the module that owns it. A
 * new email is one file of its owner (its payload type, its label and its composer) and one line
 * here; main.ts hands this registry to the delivery worker, and the desk's pages name rows by it.
 */
import { DIGEST_KIND, FIRST_CONTACT_ALERT_KIND } from './desk/digest-store.ts';
import { REPLY_KIND } from './desk/reply-store.ts';
import { LEAD_CHANNELS } from './leads/delivery.ts';
import { OutboxKinds } from './outbox/kinds.ts';
import { QUOTE_EMAIL_KINDS } from './quotes/emails.ts';

export const outboxKinds = new OutboxKinds({
  channels: LEAD_CHANNELS,
  messages: [...QUOTE_EMAIL_KINDS, REPLY_KIND, FIRST_CONTACT_ALERT_KIND, DIGEST_KIND],
});
