import { describe, expect, it } from 'vitest';
import { FORMS, type FormId } from '@/lib/forms/definitions';
import { validateLead } from '@/lib/forms/schema';
import { travellerOptions } from '@/lib/forms/interest';
import { formSpeaks, formTextIn } from '@/lib/forms/text-in';
import { travellerSummary } from '@/lib/forms/submission';
import type { FieldDef } from '@/lib/forms/types';
import { fill, formText } from '@/lib/forms/words';
import { form as english } from '@/lib/i18n/en/form';
import { wordsFor } from '@/lib/i18n/dictionary';
import { seasonTextIn } from '@/lib/i18n/facts';
import { proseDigits } from '@/lib/i18n/numbers';
import { LANGUAGES, TRANSLATED_LANGUAGES } from '@/lib/languages';

/** The forms the translated pages carry: the home page, contact, the visa page and the Hajj page. */
const TRANSLATED_FORMS = ['home-booking', 'contact', 'visa', 'hajj'] as const satisfies readonly FormId[];
const ENGLISH_ONLY = (Object.keys(FORMS) as FormId[]).filter(
  (id) => !(TRANSLATED_FORMS as readonly string[]).includes(id),
);

/** Every sentence a form's words hold, flattened. */
function sentences(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(sentences);
  if (value && typeof value === 'object') return Object.values(value).flatMap(sentences);
  return [];
}

describe('the form words', () => {
  it('fill puts values into their slots and leaves an unknown slot as it is', () => {
    expect(fill('{n} Travellers', { n: 3 })).toBe('3 Travellers');
    expect(fill('{a} + {b} = {c}', { a: 1, b: 2 })).toBe('1 + 2 = {c}');
  });

  it("fill writes a number in the language's digits and a text as it is", () => {
    expect(fill('{n} জন যাত্রী, {reference}', { n: 3, reference: 'MQ-7K3F9Q' }, 'bn')).toBe('৩ জন যাত্রী, MQ-7K3F9Q');
    expect(fill('{a} + {b}', { a: 4, b: 3 }, 'ur')).toBe('4 + 3');
  });

  it('say every English form exactly as its definition did before there were other languages', () => {
    const text = formTextIn(FORMS.contact, 'en');
    expect(text.fields['firstName']).toMatchObject({ label: 'First name', missing: 'Please enter your first name.' });
    expect(text.fields['subject']).toMatchObject({
      placeholder: 'Select a subject',
      missing: 'Please choose a subject.',
      options: expect.objectContaining({ 'umrah-packages': 'Umrah packages', other: 'Other' }),
    });
    expect(text.fields['message']).toMatchObject({
      missing: 'Please enter your message.',
      tooLong: expect.any(String),
    });
    expect([text.submit, text.busy, text.success]).toEqual([
      'Send Message',
      'Sending...',
      "Thank you for your message! We'll get back to you within one business day.",
    ]);
    const dallas = formTextIn(FORMS.dallas, 'en');
    expect(dallas.fields['adults']).toMatchObject({
      label: 'Adults',
      placeholder: 'Select',
      missing: 'Please choose adults.',
    });
    expect(formTextIn(FORMS['last-10-days'], 'en').fields['departure_city']?.options?.['washington']).toBe(
      'Washington DC',
    );
    expect(formTextIn(FORMS.umrah, 'en').travellers.adults.min).toBe('At least 1 adults please.');
    expect(travellerSummary({ adults: 2, children: 1 }, 'padded')).toBe('Adults-02/Children-01');
  });

  it.each(TRANSLATED_LANGUAGES)(
    'give each translated page’s form every label, choice and message in %s, none left in English',
    (lang) => {
      for (const id of TRANSLATED_FORMS) {
        const form = FORMS[id];
        const text = formTextIn(form, lang);
        const en = formTextIn(form, 'en');
        expect(text.lang).toBe(lang);
        for (const field of form.fields) {
          const words = text.fields[field.name]!;
          const englishWords = en.fields[field.name]!;
          expect(words.label, `${id}.${field.name}`).not.toBe(englishWords.label);
          expect(words.missing, `${id}.${field.name}`).not.toBe(englishWords.missing);
          const def: FieldDef = field;
          expect(words.missing).toContain(wordsFor(lang).form.labels[def.namedInChecks ?? def.label]);
          for (const key of ['tooLong', 'range', 'malformed', 'placeholder'] as const) {
            expect(words[key] === undefined, `${id}.${field.name}.${key}`).toBe(englishWords[key] === undefined);
            if (englishWords[key] !== undefined) expect(words[key]).not.toBe(englishWords[key]);
          }
          for (const option of field.kind === 'select' ? field.options : []) {
            // A city is a proper name, said as it is; a subject is translated.
            if (!('label' in option) || option.label === undefined)
              expect(words.options?.[option.value]).not.toBe(englishWords.options?.[option.value]);
          }
        }
        for (const key of ['heading', 'intro', 'submit', 'busy', 'success', 'failure', 'invalid', 'next'] as const) {
          expect(text[key] === undefined, `${id}.${key}`).toBe(en[key] === undefined);
          if (en[key] !== undefined) expect(text[key], `${id}.${key}`).not.toBe(en[key]);
        }
        // No sentence of the translation is the English one (numbers and names aside).
        const englishSentences = new Set(sentences(en).filter((sentence) => /[a-z]{3}/.test(sentence)));
        const leftInEnglish = sentences({ ...text, lang: '', dir: '' }).filter((sentence) =>
          englishSentences.has(sentence),
        );
        expect(leftInEnglish, `${id} in ${lang}`).toEqual([]);
      }
    },
  );

  it.each(TRANSLATED_LANGUAGES)(
    'keep every value in its slot in %s: counts, the sum, the reference and the Hajj season',
    (lang) => {
      const words = wordsFor(lang).form;
      const slots = (template: string) => (template.match(/\{\w+\}/g) ?? []).sort();
      for (const key of ['question'] as const) expect(slots(words.captcha[key])).toEqual(slots(english.captcha[key]));
      for (const key of ['plain', 'maximum'] as const)
        expect(slots(words.counter[key])).toEqual(slots(english.counter[key]));
      expect(slots(words.reference)).toEqual(slots(english.reference));
      expect(slots(words.travellers.padded)).toEqual(slots(english.travellers.padded));
      expect(words.captcha.question).toContain('{a}');
      expect(words.captcha.question).toContain('{b}');
      expect(words.reference).toContain('{reference}');
      expect(words.counter.maximum).toContain('{typed}');
      // The season's years as the page's own facts write them: Bengali digits on the Bengali page.
      const hajj = formTextIn(FORMS.hajj, lang);
      const hijriYear = seasonTextIn('hajj', 'hijriYear', lang)!;
      expect(hajj.heading).toContain(hijriYear);
      expect(hajj.intro).toContain(seasonTextIn('hajj', 'year', lang));
      expect(hajj.interest.consent).toContain(hijriYear);
      expect(hijriYear).toBe(lang === 'bn' ? '১৪৪৮' : '1448');
      // A limit in the digits the language writes its sentences in.
      expect(words.checks.phoneRange(10, 20)).toMatch(new RegExp(`${proseDigits(10, lang)}.*${proseDigits(20, lang)}`));
      expect(fill(words.counter.maximum, { typed: 12, max: 500 }, lang)).toContain(proseDigits(500, lang));
      expect(travellerOptions(hajj.interest.unsure, lang).at(-1)).toEqual({
        value: '20',
        label: proseDigits(20, lang),
      });
    },
  );

  it.each(TRANSLATED_LANGUAGES)(
    'leave no sentence of the form dictionary in English in %s, pages and email included',
    (lang) => {
      const season = { label: 'Hajj 2027 (1448 AH)', hijri: '1448 AH', year: '2027', hijriYear: '1448' };
      const say = (value: unknown): string[] => {
        if (typeof value === 'string') return [value];
        // Every entry that takes values is said with the same sample values in both languages.
        if (typeof value === 'function') {
          const entry = value as (...args: unknown[]) => string;
          const said = entry('Sample', 7);
          return [said.includes('undefined') ? entry(season) : said];
        }
        if (value && typeof value === 'object') return Object.values(value).flatMap(say);
        return [];
      };
      const english = say(wordsFor('en').form);
      const translated = say(wordsFor(lang).form);
      expect(translated).toHaveLength(english.length);
      const same = translated.filter((sentence, index) => sentence === english[index] && /[a-z]{3}/i.test(sentence));
      expect(same).toEqual([]);
    },
  );

  it('refuse to say an English-only form in another language, so no page shows it half translated', () => {
    for (const id of ENGLISH_ONLY) {
      expect(() => formText(FORMS[id], wordsFor('ur').form, 'ur'), id).toThrow(/has no words in ur/);
    }
  });

  it.each(LANGUAGES)('check a form in %s with the same rules, the messages in the language', (lang) => {
    const form = FORMS.contact;
    const text = formTextIn(form, lang);
    const result = validateLead(
      form,
      { firstName: '', lastName: 'Ali', email: 'nope', subject: 'x', message: '' },
      text,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: text.fields['firstName']!.missing,
        email: text.fields['email']!.malformed,
        subject: text.fields['subject']!.missing,
        message: text.fields['message']!.missing,
      },
    });
    expect(
      validateLead(
        form,
        { firstName: 'A', lastName: 'B', email: 'a@b.example', subject: 'other', message: 'Hi', x: '1' },
        text,
      ),
    ).toEqual({
      ok: false,
      errors: { x: text.unexpected },
    });
  });

  it('says the Urdu checks in Urdu', () => {
    const errors = validateLead(
      FORMS.contact,
      { firstName: '', lastName: '', email: '', subject: '', message: '' },
      formTextIn(FORMS.contact, 'ur'),
    );
    expect(errors.ok ? {} : errors.errors).toMatchObject({ firstName: 'براہ کرم یہ خانہ پُر کریں: پہلا نام۔' });
  });

  it('name a field whose label is a question by what it holds, so no check ends "?." in any language', () => {
    const { errors } = validateLead(FORMS.visa, {
      Name: 'A',
      Email: 'a@example.com',
      Phone: '3125550147',
      Message: '',
    }) as {
      errors: Record<string, string>;
    };
    expect(errors['Message']).toBe('Please enter your message.');
    const doubled: string[] = [];
    for (const lang of LANGUAGES) {
      for (const form of Object.values(FORMS).filter((each) => formSpeaks(each, lang))) {
        for (const [name, field] of Object.entries(formTextIn(form, lang).fields)) {
          if (/[?؟!][.۔।]|[.۔।]{2}/.test(field.missing)) doubled.push(`${lang} ${form.id} ${name}: ${field.missing}`);
        }
      }
    }
    expect(doubled).toEqual([]);
  });
});
