import { describe, expect, it } from 'vitest';
import { wordsFor } from '@/lib/i18n/dictionary';
import { formatNumberIn, proseDigits } from '@/lib/i18n/numbers';
import { TRANSLATED_LANGUAGES } from '@/lib/languages';

describe('proseDigits', () => {
  it("writes a figure's digits as Bengali sentences write them, keeping its other characters", () => {
    expect(proseDigits('10,000+', 'bn')).toBe('১০,০০০+');
    expect(proseDigits('24/7', 'bn')).toBe('২৪/৭');
    expect(proseDigits('99.8%', 'bn')).toBe('৯৯.৮%');
    expect(proseDigits(2008, 'bn')).toBe('২০০৮');
  });

  it('agrees with the numbers the facts are written in', () => {
    for (const lang of ['en', 'ur', 'ar', 'bn'] as const)
      expect(proseDigits(1448, lang)).toBe(formatNumberIn(1448, lang, false));
  });

  it('leaves a figure alone where sentences use 0-9', () => {
    for (const lang of ['en', 'ur', 'ar'] as const) expect(proseDigits('10,000+ · 24/7', lang)).toBe('10,000+ · 24/7');
  });
});

describe('the dictionaries of a language with digits of its own', () => {
  it('hold no 0-9 in their sentences: a number comes in as a value, written in the language', () => {
    const latin = (value: unknown, path: string): string[] =>
      typeof value === 'string'
        ? /[0-9]/.test(value)
          ? [`${path}: ${value}`]
          : []
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, inner]) => latin(inner, `${path}.${key}`))
          : [];
    const own = TRANSLATED_LANGUAGES.filter((lang) => proseDigits(0, lang) !== '0');
    expect(own).toEqual(['bn']);
    for (const lang of own) expect(latin(wordsFor(lang), lang)).toEqual([]);
    expect(wordsFor('bn').trip.form.categoryOptions.infant).toContain(proseDigits(2, 'bn'));
  });
});
