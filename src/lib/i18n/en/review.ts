import type { Translation } from '../translation.ts';

/** The review invitation's and the review form's words. */
export const review = {
  heading: 'Your review',
};
export type ReviewWords = Translation<typeof review>;
