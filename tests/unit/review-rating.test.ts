import { describe, expect, it } from 'vitest';
import {
  averageFigure,
  averageOfScale,
  isRatingValue,
  ofScale,
  RATING_SCALE,
  RATING_STEPS,
} from '@/lib/reviews/rating';

describe('the review rating scale', () => {
  it('offers every whole star from the top down to the bottom', () => {
    expect(RATING_STEPS).toEqual([5, 4, 3, 2, 1]);
    expect(RATING_STEPS[0]).toBe(RATING_SCALE.highest);
    expect(RATING_STEPS.at(-1)).toBe(RATING_SCALE.lowest);
  });

  it('accepts a step written plainly and refuses anything else a form could send', () => {
    expect(['1', '2', '3', '4', '5'].filter(isRatingValue)).toHaveLength(5);
    for (const sent of ['', '0', '6', '9', '-1', '4.5', '4.0', '04', ' 4', '4 ', '+4', 'five', '٥', '১']) {
      expect(isRatingValue(sent), JSON.stringify(sent)).toBe(false);
    }
  });

  it('reads a traveller’s rating against the top of the scale as a whole number', () => {
    expect(ofScale(4)).toBe('4 of 5');
  });

  it('writes an average to one decimal, a whole one too, alone and against the top of the scale', () => {
    expect(averageFigure(4.46)).toBe('4.5');
    expect(averageFigure(21 / 5)).toBe('4.2');
    expect(averageOfScale(3)).toBe('3.0 of 5');
    expect(averageOfScale(10 / 3)).toBe('3.3 of 5');
  });
});
