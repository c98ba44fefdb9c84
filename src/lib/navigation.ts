export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  /** Where the group's own label leads when followed without opening the menu. */
  href: string;
  children: readonly NavLink[];
}

export type NavItem = NavLink | NavGroup;

/** Desktop header: the Packages group opens as a dropdown. */
export const headerNav: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'About Us', href: '/about-us' },
  {
    label: 'Packages',
    href: '/umrah-packages',
    children: [
      { label: 'Umrah Packages', href: '/umrah-packages' },
      { label: 'Hajj Packages', href: '/hajj-packages' },
      { label: 'Ramadan Umrah', href: '/ramadan-umrah' },
      { label: 'December Umrah', href: '/december-umrah' },
      { label: 'Package Finder', href: '/package-finder' },
    ],
  },
  { label: 'Islamic Holidays', href: '/islamic-holidays' },
  { label: 'Blog', href: '/blog' },
  { label: 'Contact', href: '/contact-us' },
];

/** Mobile drawer: a flat list, as the spec gives it. */
export const drawerNav: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About Us', href: '/about-us' },
  { label: 'Umrah Packages', href: '/umrah-packages' },
  { label: 'Hajj Packages', href: '/hajj-packages' },
  { label: 'Islamic Holidays', href: '/islamic-holidays' },
  { label: 'Blog', href: '/blog' },
  { label: 'Contact', href: '/contact-us' },
  { label: 'Search', href: '/search' },
];

/** Footer: policy and company pages. */
export const footerNav: readonly NavLink[] = [
  { label: 'About Us', href: '/about-us' },
  { label: 'Contact Us', href: '/contact-us' },
  { label: 'Blog', href: '/blog' },
  { label: 'Payment Security', href: '/payment-security' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms & Conditions', href: '/terms-conditions' },
];

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
