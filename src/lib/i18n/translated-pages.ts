import type { SiteWords } from './en/site.ts';
import { TRANSLATED_PAGES, type TranslatedLanguage } from '../languages.ts';
import { sourcePath } from './page-links.ts';

/**
 * The translated pages' routes and shapes, read from the translations collection: which entry each
 * `/ur/…` page draws, the form it asks with, and its place in the breadcrumb trail. The routes in
 * `src/pages/[lang]/` only call these. Plain Node imports this file, so imports stay relative.
 */

/** What a route needs of a translation entry (the collection's schema in content.config.ts). */
export interface TranslationLike {
  data: { lang: TranslatedLanguage; source: string; title: string; description: string };
}

/** A route's static path: the language and the last segment of the English path, with the entry to draw. */
export interface TranslationRoute<E> {
  params: { lang: TranslatedLanguage; slug: string };
  props: { entry: E };
}

/**
 * The static paths of one kind of translated page: `blog` gives `/ur/blog/<slug>`, `pages` (landing
 * pages and the about page) `/ur/<slug>`. An entry whose English is not one of the eight translated
 * pages is left out: a page the switcher and hreflang do not know would be an orphan.
 */
export function translationRoutes<E extends TranslationLike>(
  entries: readonly E[],
  kind: 'blog' | 'pages',
): TranslationRoute<E>[] {
  return entries.flatMap((entry) => {
    const [collection, slug] = entry.data.source.split('/') as [string, string];
    if ((kind === 'blog') !== (collection === 'blog')) return [];
    if (!(TRANSLATED_PAGES as readonly string[]).includes(sourcePath(entry.data.source))) return [];
    return [{ params: { lang: entry.data.lang, slug }, props: { entry } }];
  });
}

/** The guides translated into a language (of the eight pages), by English id, with their translated title and description. */
export function guideWordsIn(
  entries: readonly TranslationLike[],
  lang: TranslatedLanguage,
): Map<string, { title: string; description: string }> {
  return new Map(
    translationRoutes(entries, 'blog')
      .map((route) => route.props.entry)
      .filter((entry) => entry.data.lang === lang)
      .map((entry) => [
        entry.data.source.slice('blog/'.length),
        { title: entry.data.title, description: entry.data.description },
      ]),
  );
}

const PAGE_FORMS: Readonly<Record<string, 'visa' | 'hajj'>> = { '/umrah-visa': 'visa', '/hajj-packages': 'hajj' };

/** The enquiry form a translated page asks with, as its English page does; the about page has none. */
export function formOfPage(englishPath: string): 'visa' | 'hajj' | undefined {
  return PAGE_FORMS[englishPath];
}

/**
 * The pages between Home and a translated page in its breadcrumb trail, as on its English page,
 * named in the page's language: they are English pages, so the trail marks them `hreflang="en"`.
 */
export function parentsOf(englishPath: string, nav: SiteWords['nav']): { name: string; path: string }[] {
  if (englishPath.startsWith('/blog/')) return [{ name: nav.blog, path: '/blog' }];
  if (englishPath === '/umrah-visa') return [{ name: nav.umrahPackages, path: '/umrah-packages' }];
  return [];
}
