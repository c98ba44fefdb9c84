import { describe, expect, it } from 'vitest';
import { excerpt, HOME_EXCERPT } from '@/lib/reviews/excerpt';

describe('excerpt', () => {
  it('keeps a text that fits, trimmed', () => {
    expect(excerpt('  Close to the Haram.  ', 40)).toEqual({ text: 'Close to the Haram.', shortened: false });
    expect(excerpt('abcde', 5)).toEqual({ text: 'abcde', shortened: false });
  });

  it('cuts after a whole word, within the limit with its ellipsis', () => {
    expect(excerpt('The hotel was five minutes from the gate', 20)).toEqual({
      text: 'The hotel was five…',
      shortened: true,
    });
    // The word that ends right at the limit's last room stays whole, the comma after it goes.
    expect(excerpt('The hotel, far away', 10)).toEqual({ text: 'The hotel…', shortened: true });
    expect(excerpt('The hotel was', 10)).toEqual({ text: 'The hotel…', shortened: true });
  });

  it('cuts inside a first word longer than the limit', () => {
    expect(excerpt('Supercalifragilistic', 8)).toEqual({ text: 'Superca…', shortened: true });
  });

  it("shortens a 2,000-character review to the home page's length, never mid-word", () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
    const { text, shortened } = excerpt(words, HOME_EXCERPT.text);
    expect(shortened).toBe(true);
    expect(text.length).toBeLessThanOrEqual(HOME_EXCERPT.text);
    expect(text.length).toBeGreaterThan(HOME_EXCERPT.text - 10);
    expect(words.startsWith(text.slice(0, -1))).toBe(true);
    expect(words.charAt(text.length - 1)).toBe(' ');
  });
});
