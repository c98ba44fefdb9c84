import {
  LANGUAGE_INFO,
  TRANSLATED_PAGES,
  languagesOf,
  localizedPath,
  splitLanguagePath,
  type Language,
} from '../languages.ts';

/**
 * What a translated page links to and how search engines and the switcher find its other languages.
 * A translated page's links lead to the page in its own language where one exists, else to the
 * English page, marked so (`hreflang="en"`); the eight translated pages name each other reciprocally.
 * Plain Node imports this file (the sitemap's serializer in astro.config.ts), so imports stay relative.
 */

/** One `<link rel="alternate" hreflang>` of a page: a language's tag (or `x-default`) and its path. */
export interface Alternate {
  hreflang: string;
  path: string;
}

/** The alternates of a page in every language it exists in, English first, then `x-default` (the English page); none for an English-only page. */
export function alternatesOf(servedPath: string): Alternate[] {
  const { englishPath } = splitLanguagePath(servedPath);
  const languages = languagesOf(englishPath);
  if (languages.length < 2) return [];
  return [
    ...languages.map((lang) => ({ hreflang: LANGUAGE_INFO[lang].tag, path: localizedPath(englishPath, lang) })),
    { hreflang: 'x-default', path: englishPath },
  ];
}

/** One language the switcher offers: named in its own script, tagged, and whether it is the page's own. */
export interface SwitcherEntry {
  lang: Language;
  tag: string;
  name: string;
  dir: 'ltr' | 'rtl';
  href: string;
  current: boolean;
}

/** The switcher's languages for a served page: only those the page exists in; none when it is English only. */
export function switcherEntries(servedPath: string): SwitcherEntry[] {
  const { lang: current, englishPath } = splitLanguagePath(servedPath);
  const languages = languagesOf(englishPath);
  if (languages.length < 2) return [];
  return languages.map((lang) => ({
    lang,
    tag: LANGUAGE_INFO[lang].tag,
    name: LANGUAGE_INFO[lang].name,
    dir: LANGUAGE_INFO[lang].dir,
    href: localizedPath(englishPath, lang),
    current: lang === current,
  }));
}

/** A link as a page in `lang` draws it: its address, and `hreflang="en"` when it leads to an English page from a translated one. */
export interface PageLink {
  href: string;
  hreflang?: 'en';
}

/**
 * Where a link written with an English path (`/umrah-visa#prices`) leads from a page in `lang`: the
 * translation when the page has one, else the English page marked `hreflang="en"`. Other sites,
 * `mailto:`, `tel:` and in-page anchors are left as they are.
 */
export function linkIn(lang: Language, href: string): PageLink {
  if (lang === 'en' || !href.startsWith('/') || href.startsWith('//')) return { href };
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? '' : href.slice(cut);
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  // A link a translation already writes in a language (`/ur/umrah-visa`) stays as it is.
  if (splitLanguagePath(trimmed).lang !== 'en') return { href };
  const englishPath = trimmed;
  if ((TRANSLATED_PAGES as readonly string[]).includes(englishPath)) {
    return { href: `${localizedPath(englishPath, lang)}${rest}` };
  }
  return { href, hreflang: 'en' };
}

/** The English page a translation entry translates: `landing/umrah-visa` is `/umrah-visa`, `blog/x` is `/blog/x`. */
export function sourcePath(source: string): string {
  const [collection, id] = source.split('/') as [string, string];
  return collection === 'blog' ? `/blog/${id}` : `/${id}`;
}

const OG_LOCALES: Readonly<Record<Exclude<Language, 'en'>, string>> = { ur: 'ur_PK', ar: 'ar_SA', bn: 'bn_BD' };

/** The Open Graph locale of a page: the site's own for English, the language's usual country otherwise. */
export function ogLocale(lang: Language, siteLocale: string): string {
  return lang === 'en' ? siteLocale : OG_LOCALES[lang];
}

/** Structured data that is a piece of writing, and so says which language it is in (Organization and Service are not). */
const WRITTEN_TYPES = new Set(['WebPage', 'FAQPage', 'BreadcrumbList', 'BlogPosting', 'Article', 'ItemList']);

/** Marks a translated page's JSON-LD with its language (`inLanguage`); an English page's is left as it is. */
export function withLanguage(jsonLd: readonly object[], lang: Language): object[] {
  if (lang === 'en') return [...jsonLd];
  return jsonLd.map((data) => {
    const type = (data as { '@type'?: unknown })['@type'];
    return typeof type === 'string' && WRITTEN_TYPES.has(type)
      ? { ...data, inLanguage: LANGUAGE_INFO[lang].tag }
      : data;
  });
}

/** A sitemap entry's alternates (`<xhtml:link rel="alternate">`) for a page's absolute URL: the same list as its head's. */
export function sitemapAlternates(url: string): { lang: string; url: string }[] {
  const { origin, pathname } = new URL(url);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return alternatesOf(path).map((alternate) => ({
    lang: alternate.hreflang,
    url: alternate.path === '/' ? `${origin}/` : `${origin}${alternate.path}`,
  }));
}
