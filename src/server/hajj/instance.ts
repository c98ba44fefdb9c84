import { serverConfig } from '../config.ts';
import { leadApi } from '../leads/instance.ts';
import { HajjStore } from './store.ts';

/** The Hajj interest list over this process's store. */
export function hajjList(): HajjStore {
  return new HajjStore(leadApi.store.database);
}

/** Whether phase alerts can be sent: only where SMTP is set up, as every email. */
export function hajjEmailsOn(): boolean {
  return serverConfig().SMTP_URL !== undefined;
}
