/*
 * Every owner's personal data about a lead on this server, each registered by the module that holds
 * it (src/server/pipeline/personal-data.ts says what an owner gives). A new owner of personal data is
 * one registration in its own module and one line here; the privacy store exports and erases through
 * this list, in its order, and names no owner. The lead itself, its notes, history and deliveries are
 * the privacy store's own.
 */
import { HAJJ_PERSONAL_DATA } from './hajj/store.ts';
import { personalDataList } from './pipeline/personal-data.ts';
import { QUOTE_PERSONAL_DATA } from './quotes/records.ts';
import { REVIEW_PERSONAL_DATA } from './reviews/privacy.ts';
import { TRIP_REMINDER_PERSONAL_DATA } from './trips/opt-out.ts';
import { TRAVELLER_PERSONAL_DATA } from './trips/store.ts';

/** In the order the person's export lists them under each lead. */
export const personalData = personalDataList([
  HAJJ_PERSONAL_DATA,
  QUOTE_PERSONAL_DATA,
  TRIP_REMINDER_PERSONAL_DATA,
  TRAVELLER_PERSONAL_DATA,
  REVIEW_PERSONAL_DATA,
]);
