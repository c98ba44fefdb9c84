import { serverConfig } from '../config.ts';
import { leadApi } from '../leads/instance.ts';
import type { SqlDatabase } from '../db/database.ts';
import { OutboxQueue } from '../outbox/queue.ts';
import { DeskAuth } from './auth.ts';
import { DeskListStore } from './list-store.ts';
import { PipelineStore } from './pipeline-store.ts';
import { PrivacyStore } from './privacy-store.ts';
import { quoteEmailsOn, quotes } from '../quotes/instance.ts';
import { ReplyStore } from './reply-store.ts';
import { StaffStore } from './staff-store.ts';

/** The database of this process's lead store, where the desk keeps staff, sessions and the pipeline. */
function deskDatabase(): SqlDatabase {
  return leadApi.store.database;
}

/** The desk's list, lead and dashboard reads over this process's store. */
export function lists(): DeskListStore {
  return new DeskListStore(deskDatabase());
}

/** The outbox's rows of a lead, as the lead page lists them. */
export function outbox(): OutboxQueue {
  return new OutboxQueue(deskDatabase());
}

/** The pipeline's changes, notes and history over this process's store. */
export function pipeline(): PipelineStore {
  return new PipelineStore(deskDatabase());
}

/** Reply templates, the names staff send under, and replies, over this process's store. */
export function replies(): ReplyStore {
  return new ReplyStore(deskDatabase(), { siteUrl: serverConfig().SITE_URL });
}

/** What the Reply card needs beside the lead and who replies: this process's stores and whether email is on. */
export function replySetup() {
  return { emailsOn: quoteEmailsOn(), siteUrl: serverConfig().SITE_URL, replies: replies(), quotes: quotes() };
}

/** Privacy requests and erasure over this process's store. */
export function privacy(): PrivacyStore {
  return new PrivacyStore(leadApi.store);
}

/** Staff accounts and sessions on this process's store. */
export function staffStore(): StaffStore {
  return new StaffStore(deskDatabase());
}

/** The desk's lock for this process, configured from its environment. */
export const deskAuth = new DeskAuth(() => leadApi.store, {
  adminPassword: serverConfig().ADMIN_PASSWORD,
  trustProxy: serverConfig().TRUST_PROXY,
});
