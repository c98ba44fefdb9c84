import { wordsFor } from '@/lib/i18n/dictionary';
import type { Language } from '@/lib/languages';
import type { SiteSettings } from '@/lib/site-schema';

export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface HeadInput {
  title: string;
  description: string;
  /** Site-relative path of the page, e.g. `/about-us`. */
  path: string;
  keywords?: readonly string[];
  image?: ShareImage;
  type?: 'website' | 'article';
  /** Pages such as the not-found page must not be indexed. */
  noindex?: boolean;
  /**
   * A query the canonical and og:url keep (`form=contact`), for a page drawn per request whose
   * address without one answers 404 (the enquiry confirmation): they must name a page that exists.
   */
  query?: string | undefined;
  /** The page's Open Graph locale when it is not the site's (a translated page: `ur_PK`). */
  locale?: string | undefined;
  /** The page's language, in which the default share image is described. */
  lang?: Language | undefined;
}

export interface MetaTag {
  name?: string;
  property?: string;
  content: string;
}

export interface HeadData {
  title: string;
  canonical: string;
  meta: MetaTag[];
}

/** The site-wide share image (public/og-default.png, drawn by scripts/make-brand-images.mjs), described in the page's language. */
function defaultShareImage(siteName: string, lang: Language): ShareImage {
  return { url: '/og-default.png', width: 1200, height: 630, alt: wordsFor(lang).site.shareImageAlt(siteName) };
}

/** Absolute canonical URL for a path: trailing slash stripped except on the root. */
export function canonicalUrl(siteUrl: string, path: string): string {
  const origin = new URL(siteUrl).origin;
  const pathname = new URL(path, origin).pathname.replace(/\/+$/, '');
  return pathname === '' ? `${origin}/` : `${origin}${pathname}`;
}

/** Page title with the agency's name, unless the title already carries it. */
export function pageTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** Every meta tag a page's head needs, computed from the page and the site settings. */
export function buildHead(input: HeadInput, site: SiteSettings): HeadData {
  const canonical = `${canonicalUrl(site.url, input.path)}${input.query ? `?${input.query}` : ''}`;
  const title = pageTitle(input.title, site.name);
  const image = input.image ?? defaultShareImage(site.name, input.lang ?? 'en');
  const imageUrl = new URL(image.url, site.url).href;
  const meta: MetaTag[] = [
    { name: 'description', content: input.description },
    ...(input.keywords?.length ? [{ name: 'keywords', content: input.keywords.join(', ') }] : []),
    { name: 'robots', content: input.noindex ? 'noindex, follow' : 'index, follow' },
    { name: 'revisit-after', content: '7 days' },
    { name: 'geo.region', content: 'US' },
    { name: 'theme-color', content: site.themeColor },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: input.locale ?? site.locale },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    // X reads the title, description and picture from og:title, og:description and og:image when
    // its own tags are absent, so the card says only what Open Graph cannot.
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image:alt', content: image.alt },
  ];
  return { title, canonical, meta };
}

/** The public path of a built page: `/about-us.html` (build.format 'file') is served as `/about-us`. */
export function publicPath(pathname: string): string {
  const path = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/')
    .replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** Shortens text to a search-result description: whole words, at most `max` characters. */
export function summarize(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1).replace(/[\s,;:.]+\S*$/, '');
  return `${cut}…`;
}

/**
 * A catalogue page's search description: its whole description when that fits, else led by its
 * title, since packages of one group share their opening words ("Umrah in the US winter break…")
 * and differ in what the title says (5 or 7 nights, 3, 4 or 5 star, comfort or superior).
 */
export function packageDescription(title: string, description: string, max = 160): string {
  const whole = description.replace(/\s+/g, ' ').trim();
  return whole.length <= max ? whole : summarize(`${title}: ${whole}`, max);
}

/**
 * An SVG file as a `data:` URL for a link's href: the page carries its own icon, so a phone opens
 * no connection for it while the page loads. Double quotes become single ones and the
 * characters a URL or an attribute cannot hold are escaped, spaces too (a raw one is an HTML error).
 */
export function svgDataUrl(svg: string): string {
  const compact = svg
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('"', "'");
  return `data:image/svg+xml,${compact.replace(/[\s%#<>]/g, (character) => encodeURIComponent(character))}`;
}
