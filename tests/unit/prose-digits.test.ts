import { describe, expect, it } from 'vitest';
import { formatNumberIn, proseDigits } from '@/lib/i18n/numbers';

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
