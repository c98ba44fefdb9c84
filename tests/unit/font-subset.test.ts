import { describe, expect, it } from 'vitest';
import { charactersOutsideFonts, FONT_CHARACTERS } from '@/lib/font-subset';

describe('font subset', () => {
  it('carries US English prose, its typographic punctuation and the Istanbul tours’ place names', () => {
    expect(charactersOutsideFonts('“Umrah” – from $1,399 · 7 nights, 25°C © Miqat; Topkapı, Üsküdar…')).toEqual([]);
  });

  it('names each character beyond ASCII that the fonts lack, once, in order', () => {
    expect(charactersOutsideFonts('Café → café, €500 and €600 ™')).toEqual(['é', '→', '€', '™']);
  });

  it('leaves ASCII to the markup: code symbols are dropped from the fonts but never flagged', () => {
    expect(FONT_CHARACTERS).not.toContain('#');
    expect(charactersOutsideFonts('## Heading with *emphasis* and <Fact name="x" /> {{fact:y}}')).toEqual([]);
  });
});
