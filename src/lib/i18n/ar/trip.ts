import type { TripWords } from '../en/trip.ts';

export const trip: TripWords = {
  languageChoice: 'اقرأ هذه الصفحة بـ',
};
