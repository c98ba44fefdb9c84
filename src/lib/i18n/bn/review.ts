import type { ReviewWords } from '../en/review.ts';

export const review: ReviewWords = {
  heading: 'আপনার মতামত',
};
