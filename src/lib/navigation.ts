import { wordsFor } from './i18n/dictionary.ts';
import type { Language } from './i18n/languages.ts';
import { linkIn } from './i18n/page-links.ts';
import type { SiteWords } from './i18n/en/site.ts';

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
  children: readonly NavLink[];
}

export type NavItem = NavLink | NavGroup;

type NavWord = keyof SiteWords['nav'];
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

function linkFor(entry: NavEntry, lang: Language): NavLink {
  return { label: wordsFor(lang).site.nav[entry.word], ...linkIn(lang, entry.href) };
}

/** The header's links in a language: to the translated page where there is one, else to the English one, marked. */
export function headerNavIn(lang: Language): NavItem[] {
  return HEADER.map((entry) =>
    'children' in entry
      ? { ...linkFor(entry, lang), children: entry.children.map((child) => linkFor(child, lang)) }
      : linkFor(entry, lang),
  );
}

/** The mobile drawer's links in a language. */
export function drawerNavIn(lang: Language): NavLink[] {
  return DRAWER.map((entry) => linkFor(entry, lang));
}

/** The footer's links in a language. */
export function footerNavIn(lang: Language): NavLink[] {
  return FOOTER.map((entry) => linkFor(entry, lang));
}

export const headerNav: readonly NavItem[] = headerNavIn('en');
export const drawerNav: readonly NavLink[] = drawerNavIn('en');
export const footerNav: readonly NavLink[] = footerNavIn('en');

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
