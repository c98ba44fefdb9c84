import type { TripWords } from '../en/trip.ts';

export const trip: TripWords = {
  languageChoice: 'এই পাতাটি পড়ুন',
};
