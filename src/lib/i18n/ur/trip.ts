import type { TripWords } from '../en/trip.ts';

export const trip: TripWords = {
  languageChoice: 'یہ صفحہ اس زبان میں پڑھیں',
};
