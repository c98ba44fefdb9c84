import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FACT_NAMES, factText } from '@/lib/fact-lookup';
import { facts } from '@/lib/facts';
import { hajjEligibility } from '@/lib/hajj';
import { wordsFor } from '@/lib/i18n/dictionary';
import {
  assertTranslationFacts,
  EXPRESSION_FACTS,
  factPartsIn,
  factTextIn,
  factTextOrFail,
  fill,
  missingPhrases,
  partsText,
  phrasebooks,
  resolveTranslationData,
  resolveTranslationPlaceholders,
  seasonTextIn,
  siteFactTexts,
} from '@/lib/i18n/facts';
import { TRANSLATED_LANGUAGES } from '@/lib/languages';
import { formatNumberIn } from '@/lib/i18n/numbers';
import { seasons, seasonText } from '@/lib/seasons';
import { site } from '@/lib/site';

/** The English sources the first translations follow (brief of issue 43). */
const SOURCES = [
  'src/content/blog/complete-umrah-guide-step-by-step.mdx',
  'src/content/blog/umrah-with-elderly-parents-complete-guide.mdx',
  'src/content/blog/what-to-pack-for-umrah-checklist-2024.mdx',
  'src/content/landing/umrah-visa.mdx',
  'src/content/landing/hajj-packages.mdx',
  'src/content/pages/about-us.mdx',
];

/** Every digit a phrase could hide a figure in: Latin, Arabic-Indic, Extended Arabic-Indic and Bengali. */
const DIGIT = /[0-9٠-٩۰-۹০-৯]/;

describe('the phrasebooks', () => {
  it('write no figure of their own: every number is a slot filled from the fact', () => {
    for (const lang of TRANSLATED_LANGUAGES) {
      const { facts: phrases, seasons: words } = phrasebooks[lang];
      // A slot's name ({#1}: the English text's first figure) is no figure.
      const written = (phrase: string) => phrase.replace(/\{#?\w+\}/g, '');
      for (const [name, phrase] of Object.entries(phrases))
        expect(written(phrase), `${lang}: ${name}`).not.toMatch(DIGIT);
      expect(written(JSON.stringify(words)), `${lang}: seasons`).not.toMatch(DIGIT);
    }
  });

  it('say every fact the six English sources use, in every language, and the components’ own facts', () => {
    const used = SOURCES.flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return [
        ...[...text.matchAll(/<Fact\b[^>]*\bname="([^"]+)"/g)].map(([, name]) => name!),
        ...[...text.matchAll(/\{\{\s*[Ff]act\s*:\s*([\w.]+)\s*\}\}/g)].map(([, name]) => name!),
      ];
    });
    const components = [
      'hajj.nusuk',
      'hajj.indicativePrices.label',
      'hajj.nusukPrices',
      'hajj.eligibility.certificate',
      ...facts.hajj.eligibility.conditions.map((_, index) => `hajj.eligibility.conditions.${index}`),
      ...Object.values(EXPRESSION_FACTS),
      'site.hajj.role',
    ];
    const texts = siteFactTexts(site);
    for (const lang of TRANSLATED_LANGUAGES) {
      for (const name of new Set([...used, ...components])) {
        expect(factTextIn(name, lang, texts), `${lang}: ${name}`).toBeTruthy();
      }
    }
  });
});

describe('the phrasebooks’ reach', () => {
  // Facts no translated page prints: the holiday countries' entry rules, English source names and
  // statuses, and the card fee, whose wording turns on its value (a translation that needs one adds it).
  const UNSAID = /^(entry\.|payment\.cardFee)|\.(sourceName|status)$/;

  it('say every other fact a translation could use, in every language', () => {
    for (const lang of TRANSLATED_LANGUAGES) {
      const missing = FACT_NAMES.filter((name) => !UNSAID.test(name) && factTextIn(name, lang) === undefined);
      expect(missing, lang).toEqual([]);
    }
  });
});

describe('facts in a language', () => {
  it('leaves English exactly as facts.ts writes it', () => {
    expect(factTextIn('visa.processing', 'en')).toBe(factText('visa.processing'));
    expect(factPartsIn('budget.weekTotal', 'en')).toEqual([{ text: factText('budget.weekTotal') }]);
    expect(factTextIn('no.such.fact', 'ur')).toBeUndefined();
  });

  it('fills a phrase from the fact’s own values, in the language’s digits', () => {
    const { minBusinessDays, maxBusinessDays } = facts.visa.processing;
    expect(factTextIn('visa.processing', 'ur')).toContain(`${minBusinessDays} سے ${maxBusinessDays} کاروباری دن`);
    expect(factTextIn('visa.processing', 'bn')).toContain(
      `${formatNumberIn(minBusinessDays, 'bn')} থেকে ${formatNumberIn(maxBusinessDays, 'bn')}`,
    );
    expect(formatNumberIn(minBusinessDays, 'bn')).toMatch(/^[০-৯]+$/);
    // Figures the English text writes without a field of their own: the miqat's 15 to 20 minutes.
    expect(factTextIn('rites.miqat', 'ar')).toContain('بـ15 إلى 20 دقيقة');
    // A hotel band's ends in the language's units.
    expect(factTextIn('hotels.threeStar.band', 'ur')).toBe('800 میٹر سے 1.5 کلو میٹر');
  });

  it('follows a changed value at once, since no phrase holds it', () => {
    const before = factTextIn('zamzam.rule', 'ar')!;
    expect(before).toContain(`${facts.zamzam.rule.litres} لترات`);
    const english = factText('zamzam.rule')!;
    expect(english).toContain(`${facts.zamzam.rule.litres}-litre`);
  });

  it('writes a bare number or day in the language without a phrase', () => {
    expect(factTextIn('visa.passport.monthsValid', 'bn')).toBe(formatNumberIn(facts.visa.passport.monthsValid, 'bn'));
    expect(factTextIn('health.acwy.checked', 'ur')).toContain('2026');
  });

  it('isolates a price a family reads out, in Latin digits', () => {
    const { mealsPerDay } = facts.budget;
    expect(factPartsIn('budget.mealsPerDay', 'bn')).toEqual([
      { text: 'দিনে ' },
      { text: `$${mealsPerDay.low}`, ltr: true },
      { text: ' থেকে ' },
      { text: `$${mealsPerDay.high}`, ltr: true },
    ]);
    const line = fill('{price} سے', { price: { text: '$1,699', ltr: true } }, 'test');
    expect(line).toEqual([{ text: '$1,699', ltr: true }, { text: ' سے' }]);
    expect(partsText(line)).toBe('$1,699 سے');
    expect(() => fill('{nope}', {}, 'here')).toThrow(/here: the phrase names \{nope\}/);
  });

  it('says the site.* phrases a translation uses for the English sources’ expressions', () => {
    const texts = siteFactTexts(site);
    expect(factTextIn('site.replyTime', 'en', texts)).toBe(site.claims.replyTime);
    expect(factTextIn('site.support', 'bn', texts)).toBe('২৪/৭');
    expect(factTextIn('site.yearsExperience', 'ur', texts)).toMatch(/^15\+ سال$/);
    const withBasis = { ...site, claims: { ...site.claims, basis: { ...site.claims.basis, customers: 'to 2026' } } };
    expect(factPartsIn('site.customers', 'ar', siteFactTexts(withBasis))).toContainEqual({
      text: ' (to 2026)',
      ltr: true,
    });
  });

  it('fails naming the fact and the language when a phrase is missing', () => {
    expect(() => factTextOrFail('payment.cardFee', 'bn', 'ur/x.mdx')).toThrow(
      'ur/x.mdx: no Bengali phrase for the fact payment.cardFee: add it to src/lib/i18n/bn/facts.ts',
    );
    expect(
      missingPhrases('<Fact name="visa.photo" /> <Fact name="payment.cardFee" /> {{fact:entry.turkey}}', 'ur'),
    ).toEqual(['payment.cardFee', 'entry.turkey']);
    expect(() => assertTranslationFacts('translations/ar/blog/x.mdx', '<Fact name="payment.cardFee" />', 'ar')).toThrow(
      /translations\/ar\/blog\/x\.mdx: no Arabic phrase for payment\.cardFee/,
    );
    expect(() => assertTranslationFacts('x.mdx', '<Fact name="site.replyTime" />', 'ar')).not.toThrow();
    // A site.* phrase with figures of its own ({#1}/{#2}) is there, whatever the settings say.
    const site = '<Fact name="site.support" /> <Fact name="site.yearsExperience" /> <Fact name="site.customers" />';
    for (const lang of TRANSLATED_LANGUAGES) expect(missingPhrases(site, lang), lang).toEqual([]);
  });
});

describe('seasons in a language', () => {
  it('computes every view from the season’s dates, never typed', () => {
    expect(seasonTextIn('hajj', 'label', 'en')).toBe(seasonText('hajj', 'label'));
    expect(seasonTextIn('hajj', 'label', 'ur')).toBe(
      `حج ${seasons.hajj.start.slice(0, 4)} (${seasons.hajj.hijriYear} ہجری)`,
    );
    expect(seasonTextIn('hajj', 'hijriYear', 'ar')).toBe(String(seasons.hajj.hijriYear));
    expect(seasonTextIn('hajj', 'hijri', 'bn')).toBe(`${formatNumberIn(seasons.hajj.hijriYear, 'bn', false)} হিজরি`);
    expect(seasonTextIn('hajj', 'hijriDays', 'ar')).toBe('8–13 ذو الحجة');
    expect(seasonTextIn('hajj', 'dates', 'ur')).toBe('تقریباً 14–19 مئی 2027');
    expect(seasonTextIn('hajj', 'arafah', 'ar')).toBe('نحو 15 مايو 2027');
    expect(seasonTextIn('umrahPause', 'note', 'bn')).toBe(phrasebooks.bn.seasons.note);
    expect(seasonTextIn('hajj', 'nonsense', 'ur')).toBeUndefined();
    expect(seasonTextIn('winter', 'label', 'ur')).toBeUndefined();
  });
});

describe('frontmatter placeholders in a translation', () => {
  it('resolve in the translation’s language, a capital starting a sentence', () => {
    expect(resolveTranslationPlaceholders('حج {{season:hajj.year}}: {{fact:insurance.included}}', 'ur')).toBe(
      `حج 2027: ${factTextIn('insurance.included', 'ur')}`,
    );
    expect(resolveTranslationPlaceholders('{{Fact:visa.photo}}', 'en')).toBe(
      'A recent digital photo on a white background, uploaded with the application',
    );
  });

  it('resolve through a whole frontmatter, its questions included, leaving dates and numbers as they are', () => {
    const sourceDate = new Date('2026-11-24');
    const data = resolveTranslationData(
      {
        lang: 'ar',
        title: 'الحج {{season:hajj.year}}',
        sourceDate,
        faqs: [{ question: 'متى {{season:hajj.label}}؟', answer: 'x' }],
      },
      'ar',
      'translations/ar/landing/hajj-packages.mdx',
    );
    expect(data).toEqual({
      lang: 'ar',
      title: 'الحج 2027',
      sourceDate,
      faqs: [{ question: `متى ${seasonTextIn('hajj', 'label', 'ar')}؟`, answer: 'x' }],
    });
  });

  it('fail naming where, the placeholder and the language', () => {
    expect(() =>
      resolveTranslationPlaceholders('{{fact:payment.cardFee}}', 'bn', 'translations/bn/pages/about-us.mdx'),
    ).toThrow(
      'translations/bn/pages/about-us.mdx: {{fact:payment.cardFee}} has no Bengali phrase (add it to src/lib/i18n/bn/facts.ts) or names no fact',
    );
  });
});

describe('the components’ words', () => {
  it('keep the English eligibility box as it was, and say it in each language with its figures', () => {
    const rule = facts.hajj.eligibility;
    const english = hajjEligibility(rule, 'Hajj 2027 (1448 AH)', 1448, wordsFor('en').content.eligibility);
    expect(english.children).toBe(
      `Children under ${rule.childMinAge} were not admitted for ${rule.announcedFor} AH, and the age limit for the coming season is to be confirmed.`,
    );
    const bn = (value: number) => formatNumberIn(value, 'bn', false);
    const box = hajjEligibility(
      rule,
      seasonTextIn('hajj', 'label', 'bn')!,
      1448,
      wordsFor('bn').content.eligibility,
      bn,
    );
    expect(box.children).toContain(bn(rule.childMinAge));
    expect(box.status).toContain(bn(1448));
    expect(box.heading).toContain('হজ');
  });

  it('count Arabic nights as Arabic does', () => {
    expect(wordsFor('ar').content.packageLine(7, '4')).toMatch(/^7 ليالٍ/);
    expect(wordsFor('ar').content.packageLine(14, '4')).toMatch(/^14 ليلة/);
    expect(wordsFor('en').content.packageLine(7, '4')).toBe('7 Nights · 4 star · from {price} {unit}');
  });
});
