/**
 * The English navigation's words, part of the `site` area (en/site.ts spreads them in), kept in a
 * file of their own so that the phone menu's island bundles only these, not every dictionary: an
 * English page then sends its menu no words, and a translated page sends its own.
 */
export const nav = {
  main: 'Main',
  mobile: 'Mobile',
  footer: 'Footer',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  aboutUs: 'About Us',
  packages: 'Packages',
  umrahPackages: 'Umrah Packages',
  hajjPackages: 'Hajj Packages',
  ramadanUmrah: 'Ramadan Umrah',
  decemberUmrah: 'December Umrah',
  packageFinder: 'Package Finder',
  islamicHolidays: 'Islamic Holidays',
  blog: 'Blog',
  contact: 'Contact',
  contactUs: 'Contact Us',
  search: 'Search',
  paymentSecurity: 'Payment Security',
  privacyPolicy: 'Privacy Policy',
  terms: 'Terms & Conditions',
  searchSite: 'Search the site',
  menu: 'Menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  messageUs: 'Message Us',
  callNow: 'Call Now',
};

/** " (opens in a new tab)", read after a link that opens one. */
export const NEW_TAB = ' (opens in a new tab)';
