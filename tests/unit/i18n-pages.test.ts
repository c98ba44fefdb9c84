import { describe, expect, it } from 'vitest';
import { wordsFor } from '@/lib/i18n/dictionary';
import { LANGUAGES, TRANSLATED_LANGUAGES, TRANSLATED_PAGES } from '@/lib/languages';
import {
  alternatesOf,
  linkIn,
  ogLocale,
  sitemapAlternates,
  sourcePath,
  switcherEntries,
  withLanguage,
} from '@/lib/i18n/page-links';
import { claimFiguresIn, hoursIn, isLatinValue, isolatedParts, languageList, spokenOn } from '@/lib/i18n/site-text';
import { formOfPage, guideWordsIn, parentsOf, translationRoutes } from '@/lib/i18n/translated-pages';
import { drawerNavIn, footerNavIn, headerNav, headerNavIn, isNavGroup } from '@/lib/navigation';
import { agencyContact } from '@/lib/site-contact';
import { site } from '@/lib/site';

describe('hreflang alternates', () => {
  it('name every language of a translated page and the English as x-default, from either side', () => {
    const expected = [
      { hreflang: 'en', path: '/umrah-visa' },
      { hreflang: 'ur', path: '/ur/umrah-visa' },
      { hreflang: 'ar', path: '/ar/umrah-visa' },
      { hreflang: 'bn', path: '/bn/umrah-visa' },
      { hreflang: 'x-default', path: '/umrah-visa' },
    ];
    expect(alternatesOf('/umrah-visa')).toEqual(expected);
    expect(alternatesOf('/ar/umrah-visa')).toEqual(expected);
    expect(alternatesOf('/bn').map((alternate) => alternate.path)).toEqual(['/', '/ur', '/ar', '/bn', '/']);
  });

  it('give an English-only page none', () => {
    expect(alternatesOf('/umrah-packages')).toEqual([]);
    expect(sitemapAlternates('https://example.com/umrah-packages')).toEqual([]);
  });

  it('write the sitemap’s links as absolute URLs, the home page with its slash', () => {
    expect(sitemapAlternates('https://example.com/ur')).toEqual([
      { lang: 'en', url: 'https://example.com/' },
      { lang: 'ur', url: 'https://example.com/ur' },
      { lang: 'ar', url: 'https://example.com/ar' },
      { lang: 'bn', url: 'https://example.com/bn' },
      { lang: 'x-default', url: 'https://example.com/' },
    ]);
    expect(sitemapAlternates('https://example.com/blog/what-to-pack-for-umrah-checklist-2024')[2]).toEqual({
      lang: 'ar',
      url: 'https://example.com/ar/blog/what-to-pack-for-umrah-checklist-2024',
    });
  });
});

describe('the language switcher', () => {
  it('offers the page in each language, named in its own script, the current one marked', () => {
    const entries = switcherEntries('/ur/contact-us');
    expect(entries.map((entry) => [entry.name, entry.href, entry.current])).toEqual([
      ['English', '/contact-us', false],
      ['اردو', '/ur/contact-us', true],
      ['العربية', '/ar/contact-us', false],
      ['বাংলা', '/bn/contact-us', false],
    ]);
    expect(entries.find((entry) => entry.lang === 'ar')).toMatchObject({ tag: 'ar', dir: 'rtl' });
  });

  it('offers nothing on a page that exists only in English', () => {
    expect(switcherEntries('/islamic-holidays')).toEqual([]);
  });
});

describe('links from a translated page', () => {
  it('lead to the translation where there is one, keeping the anchor', () => {
    expect(linkIn('ur', '/umrah-visa')).toEqual({ href: '/ur/umrah-visa' });
    expect(linkIn('bn', '/')).toEqual({ href: '/bn' });
    expect(linkIn('ar', '/blog/complete-umrah-guide-step-by-step#ihram')).toEqual({
      href: '/ar/blog/complete-umrah-guide-step-by-step#ihram',
    });
  });

  it('keep a link the translation already writes in a language', () => {
    expect(linkIn('ur', '/ur/umrah-visa')).toEqual({ href: '/ur/umrah-visa' });
    expect(linkIn('ur', '/ur')).toEqual({ href: '/ur' });
  });

  it('lead to the English page, marked hreflang="en", where there is none', () => {
    expect(linkIn('ur', '/umrah-packages')).toEqual({ href: '/umrah-packages', hreflang: 'en' });
    expect(linkIn('ar', '/blog?page=2')).toEqual({ href: '/blog?page=2', hreflang: 'en' });
  });

  it('leave English pages, other sites, mail and phone links alone', () => {
    expect(linkIn('en', '/umrah-visa')).toEqual({ href: '/umrah-visa' });
    expect(linkIn('ur', 'https://www.nusuk.sa/')).toEqual({ href: 'https://www.nusuk.sa/' });
    expect(linkIn('ur', 'tel:+15125550143')).toEqual({ href: 'tel:+15125550143' });
    expect(linkIn('ur', '#faq')).toEqual({ href: '#faq' });
  });

  it('find a translation’s English page from its source', () => {
    expect(sourcePath('landing/umrah-visa')).toBe('/umrah-visa');
    expect(sourcePath('pages/about-us')).toBe('/about-us');
    expect(sourcePath('blog/complete-umrah-guide-step-by-step')).toBe('/blog/complete-umrah-guide-step-by-step');
  });
});

describe('what search engines read of a translated page', () => {
  it('gives each language its Open Graph locale and English the site’s', () => {
    expect(ogLocale('ur', 'en_US')).toBe('ur_PK');
    expect(ogLocale('ar', 'en_US')).toBe('ar_SA');
    expect(ogLocale('bn', 'en_US')).toBe('bn_BD');
    expect(ogLocale('en', 'en_US')).toBe('en_US');
  });

  it('marks a translation’s writing with inLanguage, not the agency, and leaves English as it is', () => {
    const page = { '@type': 'BlogPosting', headline: 'x' };
    const agency = { '@type': 'TravelAgency', name: 'x' };
    expect(withLanguage([page, agency], 'ar')).toEqual([{ ...page, inLanguage: 'ar' }, agency]);
    expect(withLanguage([page], 'en')).toEqual([page]);
  });
});

describe('the settings in a language', () => {
  it("writes the agency's figures in the digits of the page's sentences", () => {
    const claims = { ...site.claims, foundingYear: 2008, customers: '10,000+', support: '24/7', visaSuccess: '99.8%' };
    expect(claimFiguresIn(claims, 'bn')).toEqual({
      founded: '২০০৮',
      customers: '১০,০০০+',
      support: '২৪/৭',
      visaSuccess: '৯৯.৮%',
    });
    expect(claimFiguresIn(claims, 'ar')).toEqual({
      founded: '2008',
      customers: '10,000+',
      support: '24/7',
      visaSuccess: '99.8%',
    });
  });

  const hours = [
    { days: 'Monday - Friday', dayOfWeek: ['Monday', 'Friday'], opens: '09:00', closes: '18:00', label: '9 - 6' },
    { days: 'Sunday', dayOfWeek: ['Sunday'], label: 'Closed' },
  ];

  it('writes the office hours with Intl’s day names and a 24-hour clock, closed in the language', () => {
    const [weekdays, sunday] = hoursIn(hours, 'ur', 'بند');
    expect(weekdays!.days).toBe('پیر – جمعہ');
    expect(weekdays!.label).toMatch(/^0?9:00\s*–\s*18:00$/);
    expect(sunday).toEqual({ days: 'اتوار', label: 'بند' });
    expect(hoursIn(hours, 'en', 'Closed')).toEqual([
      { days: 'Monday - Friday', label: '9 - 6' },
      { days: 'Sunday', label: 'Closed' },
    ]);
  });

  it('leaves no Latin letter in the hours of a translated page', () => {
    for (const lang of TRANSLATED_LANGUAGES) {
      for (const row of hoursIn(agencyContact.hours, lang, wordsFor(lang).site.footer.closed)) {
        expect(`${row.days} ${row.label}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('splits a sentence at its values so each can be isolated, the longest value first', () => {
    expect(isolatedParts('ہمیں +1 (512) 555-0143 پر فون کریں', ['+1 (512) 555-0143'])).toEqual([
      { text: 'ہمیں ', isolate: false },
      { text: '+1 (512) 555-0143', isolate: true },
      { text: ' پر فون کریں', isolate: false },
    ]);
    expect(isolatedParts('© 2026 Miqat Travel LLC.', ['2026', 'Miqat Travel', 'Miqat Travel LLC'])).toEqual([
      { text: '© ', isolate: false },
      { text: '2026', isolate: true },
      { text: ' ', isolate: false },
      { text: 'Miqat Travel LLC', isolate: true },
      { text: '.', isolate: false },
    ]);
    expect(isolatedParts('no values', [''])).toEqual([{ text: 'no values', isolate: false }]);
    expect([isLatinValue('24/7'), isLatinValue('Miqat Travel'), isLatinValue('২৪/৭'), isLatinValue('')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // Bengali's own digits read in the sentence's direction and face: nothing to isolate.
    expect(isolatedParts('২০০৮ সাল থেকে Miqat Travel', ['২০০৮', 'Miqat Travel'])).toEqual([
      { text: '২০০৮ সাল থেকে ', isolate: false },
      { text: 'Miqat Travel', isolate: true },
    ]);
  });

  it('says staff answer in a language only where they do', () => {
    expect(spokenOn('en', ['ur', 'bn'])).toEqual(['ur', 'bn']);
    expect(spokenOn('ur', ['ur', 'bn'])).toEqual(['ur']);
    expect(spokenOn('ar', ['ur', 'bn'])).toEqual([]);
    expect(languageList('en', ['Urdu', 'Bengali'])).toBe('Urdu or Bengali');
    expect(languageList('ur', ['اردو'])).toBe('اردو');
  });

  it('keeps the staff languages to Urdu and Bengali until the office says it answers in Arabic', () => {
    expect(agencyContact.staffLanguages).toEqual(['ur', 'bn']);
  });
});

describe('the navigation in a language', () => {
  it('keeps the English labels and links as they were', () => {
    expect(headerNavIn('en', wordsFor('en').site.nav)).toEqual(headerNav);
    expect(headerNav[0]).toEqual({ label: 'Home', href: '/' });
  });

  it('names every link in the language and marks the ones that lead to an English page', () => {
    for (const lang of TRANSLATED_LANGUAGES) {
      const links = [
        ...headerNavIn(lang, wordsFor(lang).site.nav).flatMap((item) =>
          isNavGroup(item) ? [item, ...item.children] : [item],
        ),
        ...drawerNavIn(lang, wordsFor(lang).site.nav),
        ...footerNavIn(lang, wordsFor(lang).site.nav),
      ];
      for (const link of links) {
        expect(link.label, `${lang} ${link.href}`).not.toMatch(/[A-Za-z]/);
        const translated = link.href === `/${lang}` || link.href.startsWith(`/${lang}/`);
        expect(link.hreflang, `${lang} ${link.href}`).toBe(translated ? undefined : 'en');
      }
    }
    expect(drawerNavIn('ar', wordsFor('ar').site.nav).find((link) => link.href === '/ar/about-us')?.label).toBe(
      'من نحن',
    );
  });
});

describe('the translated pages’ routes', () => {
  const entry = (lang: 'ur' | 'ar' | 'bn', source: string) => ({
    data: { lang, source, title: `${lang} ${source}`, description: `${source} in ${lang}` },
  });
  const entries = [
    entry('ur', 'blog/complete-umrah-guide-step-by-step'),
    entry('ar', 'landing/umrah-visa'),
    entry('bn', 'pages/about-us'),
    entry('ur', 'blog/umrah-visa-requirements-us-citizens-2024'),
  ];

  it('draw each translation at its English path under the language, and no page the switcher does not know', () => {
    expect(translationRoutes(entries, 'blog').map((route) => route.params)).toEqual([
      { lang: 'ur', slug: 'complete-umrah-guide-step-by-step' },
    ]);
    expect(translationRoutes(entries, 'pages').map((route) => route.params)).toEqual([
      { lang: 'ar', slug: 'umrah-visa' },
      { lang: 'bn', slug: 'about-us' },
    ]);
  });

  it('list a language’s translated guides with their words', () => {
    expect([...guideWordsIn(entries, 'ur').keys()]).toEqual(['complete-umrah-guide-step-by-step']);
    expect(guideWordsIn(entries, 'ar').size).toBe(0);
  });

  it('ask with the English page’s form and keep its place in the trail', () => {
    expect(formOfPage('/umrah-visa')).toBe('visa');
    expect(formOfPage('/hajj-packages')).toBe('hajj');
    expect(formOfPage('/about-us')).toBeUndefined();
    const nav = wordsFor('ur').site.nav;
    expect(parentsOf('/umrah-visa', nav)).toEqual([{ name: nav.umrahPackages, path: '/umrah-packages' }]);
    expect(parentsOf('/blog/x', nav)).toEqual([{ name: nav.blog, path: '/blog' }]);
    expect(parentsOf('/about-us', nav)).toEqual([]);
  });
});

describe('the site dictionary', () => {
  it('writes every word of the chrome in each language, no English left', () => {
    const flat = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'function'
          ? [(value as (...args: string[]) => string)('7', '7', '7')]
          : Object.values(value as object).flatMap(flat);
    const english = new Set(flat(wordsFor('en').site));
    for (const lang of TRANSLATED_LANGUAGES) {
      const words = flat(wordsFor(lang).site);
      expect(
        words.filter((word) => english.has(word)),
        lang,
      ).toEqual([]);
      expect(
        words.filter((word) => /[A-Za-z]{2,}/.test(word)),
        lang,
      ).toEqual([]);
    }
    expect(LANGUAGES).toHaveLength(4);
    expect(TRANSLATED_PAGES).toHaveLength(8);
  });
});
