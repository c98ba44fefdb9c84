import { describe, expect, it } from 'vitest';
import { reviewFieldState, reviewGiven, reviewInputOf } from '@/lib/reviews/review-form';
import type { ReviewValues } from '@/lib/reviews/review';

const SENT: ReviewValues = {
  rating: '4',
  hotels: { makkah: 'no' },
  title: 'Close to the Haram',
  text: 'The walk took five minutes.',
  displayName: 'Omar',
  city: 'Houston',
  consent: true,
};

describe('the review form as drawn', () => {
  it('takes a problem link to the field’s first control, a hotel question to its "yes"', () => {
    expect(reviewInputOf('rating')).toBe('rating-5');
    expect(reviewInputOf('display_name')).toBe('review-name');
    expect(reviewInputOf('consent')).toBe('review-consent');
    expect(reviewInputOf('hotel_makkah')).toBe('hotel_makkah-yes');
  });

  it('starts empty with the booking’s suggested name, and after a refused post shows what was sent', () => {
    expect(reviewGiven(undefined, 'Layla H.')).toEqual({
      rating: '',
      hotels: {},
      title: '',
      text: '',
      name: 'Layla H.',
      city: '',
      consent: false,
    });
    expect(reviewGiven(SENT, 'Layla H.')).toEqual({
      rating: '4',
      hotels: { makkah: 'no' },
      title: 'Close to the Haram',
      text: 'The walk took five minutes.',
      name: 'Omar',
      city: 'Houston',
      consent: true,
    });
    expect(reviewGiven({ ...SENT, displayName: '' }, 'Layla H.').name).toBe('');
  });

  it('names the hint, then the error, and marks the field invalid only when it has a problem', () => {
    const problems = [{ field: 'title', message: 'Give your review a title.' }];
    expect(reviewFieldState(problems, 'title', 'title-hint')).toEqual({
      message: 'Give your review a title.',
      errorId: 'title-error',
      describedBy: 'title-hint title-error',
      invalid: 'true',
    });
    expect(reviewFieldState(problems, 'city', 'city-hint')).toEqual({
      message: undefined,
      errorId: 'city-error',
      describedBy: 'city-hint',
      invalid: undefined,
    });
    expect(reviewFieldState(problems, 'consent').describedBy).toBeUndefined();
    expect(reviewFieldState(problems, 'title').describedBy).toBe('title-error');
  });
});
