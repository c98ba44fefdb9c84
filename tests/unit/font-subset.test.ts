import { describe, expect, it } from 'vitest';
import { charactersOutsideFonts, FONT_CHARACTERS, inSystemFontScript } from '@/lib/font-subset';

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

  it('leaves Urdu, Arabic and Bengali to the system fonts, with their joiners, marks and digits', () => {
    expect(charactersOutsideFonts('عمرہ کا سفر، ۱۴۴۸ ہجری — ٹکٹ‌ نمبر')).toEqual([]);
    expect(charactersOutsideFonts('العمرة: تأشيرة ١٤٤٨ هـ، ﷺ')).toEqual([]);
    expect(charactersOutsideFonts('উমরাহ ভিসা। ১৪৪৮ হিজরি')).toEqual([]);
    expect(charactersOutsideFonts('\u200f\u2067رقم\u2069\u200e')).toEqual([]);
  });

  it('still names what is neither Latin nor those scripts, in a sentence that mixes them', () => {
    expect(charactersOutsideFonts('عمرہ → €500 উমরাহ ™ עברית')).toEqual(['→', '€', '™', 'ע', 'ב', 'ר', 'י', 'ת']);
    expect(inSystemFontScript('ا')).toBe(true);
    expect(inSystemFontScript('ক')).toBe(true);
    expect(inSystemFontScript('é')).toBe(false);
    expect(inSystemFontScript('क')).toBe(false);
  });
});
