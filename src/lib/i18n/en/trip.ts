import type { Translation } from '../translation.ts';

/** The family's trip page, its print view and the trip reminders' words. */
export const trip = {
  languageChoice: 'Read this page in',
};
export type TripWords = Translation<typeof trip>;
