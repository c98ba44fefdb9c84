import type { Translation } from '../translation.ts';

/** Words every email to a family shares, whatever it is about. */
export const mail = {
  /** Heads the English copy under a translated email, for the person who booked. */
  englishBelow: 'The same message in English',
};
export type MailWords = Translation<typeof mail>;
