import { serverConfig } from '../config.ts';
import { leadApi } from '../leads/instance.ts';
import type { OneClickLink } from '../private-form.ts';
import { HajjStore } from './store.ts';

/** The Hajj interest list over this process's store. */
export function hajjList(): HajjStore {
  return new HajjStore(leadApi.store.database);
}

/** The one-click unsubscribe of the phase alerts (src/pages/hajj/unsubscribe.astro). */
export const hajjUnsubscribeLink: OneClickLink = {
  isOff: async (token) => (await hajjList().subscription(token))?.unsubscribed,
  turnOff: async (token) => {
    const done = await hajjList().unsubscribe(token);
    return done && done.done === 'unsubscribed';
  },
};

/** Whether phase alerts can be sent: only where SMTP is set up, as every email. */
export function hajjEmailsOn(): boolean {
  return serverConfig().SMTP_URL !== undefined;
}
