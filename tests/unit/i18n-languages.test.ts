import { describe, expect, it } from 'vitest';
import { bilingualMail } from '@/lib/i18n/bilingual';
import { formatDayIn, formatHijriDayIn } from '@/lib/i18n/dates';
import { whatsappGreetingIn, wordsFor } from '@/lib/i18n/dictionary';
import { languagesOf, localizedPath, splitLanguagePath, TRANSLATED_LANGUAGES } from '@/lib/languages';

describe('language paths', () => {
  it('puts a translation at the English path under its prefix, the home page at the bare prefix', () => {
    expect(localizedPath('/umrah-visa', 'ur')).toBe('/ur/umrah-visa');
    expect(localizedPath('/', 'ar')).toBe('/ar');
    expect(localizedPath('/umrah-visa', 'en')).toBe('/umrah-visa');
  });

  it('reads the language back from a served path, and leaves other paths English', () => {
    expect(splitLanguagePath('/bn/blog/what-to-pack-for-umrah-checklist-2024')).toEqual({
      lang: 'bn',
      englishPath: '/blog/what-to-pack-for-umrah-checklist-2024',
    });
    expect(splitLanguagePath('/ar')).toEqual({ lang: 'ar', englishPath: '/' });
    expect(splitLanguagePath('/urdu-guide')).toEqual({ lang: 'en', englishPath: '/urdu-guide' });
  });

  it('offers the translations only on the eight translated pages', () => {
    expect(languagesOf('/umrah-visa')).toEqual(['en', 'ur', 'ar', 'bn']);
    expect(languagesOf('/compare')).toEqual(['en']);
  });
});

describe('dates in each language', () => {
  it('writes the Gregorian day in the language and the Umm al-Qura day beside it', () => {
    expect(formatDayIn('2027-05-15', 'en')).toBe('May 15, 2027');
    expect(formatDayIn('2027-05-15', 'ur')).toContain('مئی');
    expect(formatHijriDayIn('2027-05-15', 'ar')).toContain('ذو الحجة');
    expect(formatHijriDayIn('2027-05-15', 'ar')).toContain('1448');
    expect(formatDayIn('2027-05-15', 'bn')).toContain('২০২৭');
  });

  it('names the Hijri year as each language writes it (Bengali: হিজরি, not ICU\'s "যুগ", "era")', () => {
    expect(formatHijriDayIn('2027-05-15', 'bn')).toBe('৯ জ্বিলহজ্জ, ১৪৪৮ হিজরি');
    expect(formatHijriDayIn('2027-05-15', 'ur')).toMatch(/1448 ہجری$/);
    expect(formatHijriDayIn('2027-05-15', 'en')).toBe('Dhuʻl-Hijjah 9, 1448 AH');
  });
});

describe('dictionaries', () => {
  const leaves = (value: unknown, path: string): [string, unknown][] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, `${path}.${key}`))
      : [[path, value]];

  it('fills every English key of every area in every language with words of its own', () => {
    const english = new Map(leaves(wordsFor('en'), 'en'));
    for (const lang of TRANSLATED_LANGUAGES) {
      const translated = leaves(wordsFor(lang), 'en');
      expect(translated.map(([path]) => path).sort()).toEqual([...english.keys()].sort());
      for (const [path, words] of translated) {
        // Punctuation alone (a sentence's full stop) may be the same in two languages; words may not.
        if (typeof words === 'string' && /\p{L}/u.test(words))
          expect(words, `${lang}: ${path}`).not.toBe(english.get(path));
      }
    }
  });
});

describe('the WhatsApp greeting', () => {
  it('is written in each translated language, in its own script, and English has none of its own', () => {
    const script = { ur: /^\p{Script=Arabic}/u, ar: /^\p{Script=Arabic}/u, bn: /^\p{Script=Bengali}/u };
    for (const lang of TRANSLATED_LANGUAGES) {
      const greeting = whatsappGreetingIn(lang)?.greeting;
      expect(whatsappGreetingIn(lang)?.lang, lang).toBe(lang);
      expect(greeting, lang).toMatch(script[lang]);
      expect(greeting, lang).not.toMatch(/[A-Za-z]/);
    }
    // English pages send the agency's greeting, the one site setting, alone.
    expect(whatsappGreetingIn('en')).toBeUndefined();
    expect(new Set(TRANSLATED_LANGUAGES.map((lang) => whatsappGreetingIn(lang)?.greeting)).size).toBe(3);
  });
});

describe('emails in two languages', () => {
  const english = { subject: 'Your trip in 10 days', text: 'Salaam Amina,\nYour flight leaves soon.\n' };
  const urdu = { subject: 'آپ کا سفر دس دن میں', text: 'السلام علیکم آمنہ،\nآپ کی پرواز جلد روانہ ہوگی۔' };

  it('puts the family language first and the English under it, headed in both', () => {
    const mail = bilingualMail('ur', urdu, english);
    expect(mail.subject).toBe('آپ کا سفر دس دن میں | Your trip in 10 days');
    expect(mail.text.indexOf('آپ کی پرواز')).toBeLessThan(mail.text.indexOf('Your flight leaves soon.'));
    expect(mail.text).toContain('یہی پیغام انگریزی میں / The same message in English');
  });

  it('sends an English booking the English alone', () => {
    expect(bilingualMail('en', urdu, english)).toEqual(english);
  });
});
