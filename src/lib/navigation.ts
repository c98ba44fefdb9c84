import { nav as englishNav } from './i18n/en/site-nav.ts';
import type { Language } from './languages.ts';
import { linkIn } from './i18n/page-links.ts';

export interface NavLink {
  label: string;
  href: string;
  /** Set on a translated page's link to an English page. */
  hreflang?: 'en';
}

export interface NavGroup {
  label: string;
  /** Where the group's own label leads when followed without opening the menu. */
  href: string;
  hreflang?: 'en';
  children: readonly NavLink[];
}

export type NavItem = NavLink | NavGroup;

/** The navigation's words in one language: the `nav` of that language's `site` dictionary. */
export type NavWords = { readonly [K in keyof typeof englishNav]: string };
type NavWord = keyof NavWords;
interface NavEntry {
  word: NavWord;
  href: string;
}

/** Desktop header: the Packages group opens as a dropdown. */
const HEADER: readonly (NavEntry | (NavEntry & { children: readonly NavEntry[] }))[] = [
  { word: 'home', href: '/' },
  { word: 'aboutUs', href: '/about-us' },
  {
    word: 'packages',
    href: '/umrah-packages',
    children: [
      { word: 'umrahPackages', href: '/umrah-packages' },
      { word: 'hajjPackages', href: '/hajj-packages' },
      { word: 'ramadanUmrah', href: '/ramadan-umrah' },
      { word: 'decemberUmrah', href: '/december-umrah' },
      { word: 'packageFinder', href: '/package-finder' },
    ],
  },
  { word: 'islamicHolidays', href: '/islamic-holidays' },
  { word: 'blog', href: '/blog' },
  { word: 'contact', href: '/contact-us' },
];

/** Mobile drawer: a flat list, as the spec gives it. */
const DRAWER: readonly NavEntry[] = [
  { word: 'home', href: '/' },
  { word: 'aboutUs', href: '/about-us' },
  { word: 'umrahPackages', href: '/umrah-packages' },
  { word: 'hajjPackages', href: '/hajj-packages' },
  { word: 'islamicHolidays', href: '/islamic-holidays' },
  { word: 'blog', href: '/blog' },
  { word: 'contact', href: '/contact-us' },
  { word: 'search', href: '/search' },
];

/** Footer: policy and company pages. */
const FOOTER: readonly NavEntry[] = [
  { word: 'aboutUs', href: '/about-us' },
  { word: 'contactUs', href: '/contact-us' },
  { word: 'blog', href: '/blog' },
  { word: 'paymentSecurity', href: '/payment-security' },
  { word: 'privacyPolicy', href: '/privacy-policy' },
  { word: 'terms', href: '/terms-conditions' },
];

// The words come from the caller (the page's dictionary): the phone menu's island imports this
// file, and with it only the English words, not every language's.
function linkFor(entry: NavEntry, lang: Language, words: NavWords): NavLink {
  return { label: words[entry.word], ...linkIn(lang, entry.href) };
}

/** The header's links in a language: to the translated page where there is one, else to the English one, marked. */
export function headerNavIn(lang: Language, words: NavWords): NavItem[] {
  return HEADER.map((entry) =>
    'children' in entry
      ? { ...linkFor(entry, lang, words), children: entry.children.map((child) => linkFor(child, lang, words)) }
      : linkFor(entry, lang, words),
  );
}

/** The mobile drawer's links in a language. */
export function drawerNavIn(lang: Language, words: NavWords): NavLink[] {
  return DRAWER.map((entry) => linkFor(entry, lang, words));
}

/** The footer's links in a language. */
export function footerNavIn(lang: Language, words: NavWords): NavLink[] {
  return FOOTER.map((entry) => linkFor(entry, lang, words));
}

export const headerNav: readonly NavItem[] = headerNavIn('en', englishNav);
export const drawerNav: readonly NavLink[] = drawerNavIn('en', englishNav);

/** True when `item` leads to a group of links. */
export function isNavGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** Whether a nav link is the current page (or, for a group, contains it). */
export function isCurrent(item: NavItem, currentPath: string): boolean {
  const path = currentPath.replace(/\/+$/, '') || '/';
  if (isNavGroup(item)) return item.children.some((child) => child.href === path);
  return item.href === path;
}
