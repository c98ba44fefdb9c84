/** This process's travellers store, trip reminders' opt-outs and the family's trip page, on the store main.ts opened. */
import { serverConfig } from '../config.ts';
import { leadApi } from '../leads/instance.ts';
import type { OneClickLink } from '../private-form.ts';
import { bookingLanguage, chooseBookingLanguage } from './language.ts';
import { TripReminderStore } from './opt-out.ts';
import { TravellerStore } from './store.ts';
import { TripPage } from './trip-page.ts';

/** The bookings' travellers over this process's store. */
export function travellers(): TravellerStore {
  return new TravellerStore(leadApi.store.database);
}

/** The bookings' languages over this process's store: read, and set by staff on the lead page. */
export const bookingLanguages = {
  of: (quoteId: string) => bookingLanguage(leadApi.store.database, quoteId),
  choose: (quoteId: string, value: unknown, actor: string) =>
    chooseBookingLanguage(leadApi.store.database, quoteId, value, actor, new Date()),
};

/** The trip reminders' opt-outs over this process's store. */
export function tripReminders(): TripReminderStore {
  return new TripReminderStore(leadApi.store.database);
}

/** The one-click opt-out of a booking's reminders (src/pages/trip/stop-reminders.astro). */
export const stopRemindersLink: OneClickLink = {
  isOff: async (token) => (await tripReminders().optOutState(token))?.optedOut,
  turnOff: async (token) => {
    const done = await tripReminders().optOut(token);
    return done && done.done === 'opted-out';
  },
};

/** The family's trip page and the travellers its form takes; posts count against the quote answers' limit. */
export const tripPage = new TripPage(() => leadApi.store, {
  siteUrl: serverConfig().SITE_URL,
  limit: serverConfig().QUOTE_RATE_LIMIT,
  windowMs: serverConfig().LEADS_RATE_WINDOW_SECONDS * 1000,
});
