import type { nav as english } from '../en/site-nav.ts';
import type { Translation } from '../translation.ts';

/**
 * The Urdu navigation's words, part of the `site` area (ur/site.ts spreads them in), kept in a
 * file of their own as the English are (en/site-nav.ts): the Urdu phone menu's island bundles
 * these, so its page sends the menu no words.
 */
export const nav: Translation<typeof english> = {
  main: 'مرکزی فہرست',
  mobile: 'موبائل فہرست',
  footer: 'صفحے کے آخر کی فہرست',
  breadcrumb: 'آپ یہاں ہیں',
  home: 'سرورق',
  aboutUs: 'ہمارے بارے میں',
  packages: 'پیکج',
  umrahPackages: 'عمرہ پیکج',
  hajjPackages: 'حج پیکج',
  ramadanUmrah: 'رمضان میں عمرہ',
  decemberUmrah: 'دسمبر میں عمرہ',
  packageFinder: 'پیکج تلاش کریں',
  islamicHolidays: 'اسلامی سیاحتی سفر',
  blog: 'بلاگ',
  contact: 'رابطہ',
  contactUs: 'ہم سے رابطہ',
  search: 'تلاش',
  paymentSecurity: 'ادائیگی کا تحفظ',
  privacyPolicy: 'رازداری کی پالیسی',
  terms: 'شرائط و ضوابط',
  searchSite: 'سائٹ میں تلاش کریں',
  menu: 'فہرست',
  openMenu: 'فہرست کھولیں',
  closeMenu: 'فہرست بند کریں',
  messageUs: 'ہمیں پیغام بھیجیں',
  callNow: 'ابھی فون کریں',
};

/** Read after a link that opens a new tab. */
export const NEW_TAB = ' (نئے ٹیب میں کھلتا ہے)';

/** The greeting a WhatsApp link sends, so the parent reads what they send (whatsappUrl adds the English where staff need it). */
export const WHATSAPP_GREETING = 'السلام علیکم! مجھے آپ کے سفری پیکجوں کے بارے میں معلومات درکار ہیں۔';
