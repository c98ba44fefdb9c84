/** This process's travellers store, on the store main.ts opened. */
import { leadApi } from '../leads/instance.ts';
import { TripReminderStore } from './reminders.ts';
import { TravellerStore } from './store.ts';

/** The bookings' travellers over this process's store. */
export function travellers(): TravellerStore {
  return new TravellerStore(leadApi.store.database);
}

/** The trip reminders' opt-outs over this process's store. */
export function tripReminders(): TripReminderStore {
  return new TripReminderStore(leadApi.store.database);
}
