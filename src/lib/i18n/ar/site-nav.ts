import type { nav as english } from '../en/site-nav.ts';
import type { Translation } from '../translation.ts';

/**
 * The Arabic navigation's words, part of the `site` area (ar/site.ts spreads them in), kept in a
 * file of their own as the English are (en/site-nav.ts): the Arabic phone menu's island bundles
 * these, so its page sends the menu no words.
 */
export const nav: Translation<typeof english> = {
  main: 'القائمة الرئيسية',
  mobile: 'قائمة الجوال',
  footer: 'روابط أسفل الصفحة',
  breadcrumb: 'مسار التصفح',
  home: 'الرئيسية',
  aboutUs: 'من نحن',
  packages: 'الباقات',
  umrahPackages: 'باقات العمرة',
  hajjPackages: 'باقات الحج',
  ramadanUmrah: 'عمرة رمضان',
  decemberUmrah: 'عمرة ديسمبر',
  packageFinder: 'ابحث عن باقة',
  islamicHolidays: 'رحلات سياحية إسلامية',
  blog: 'المدونة',
  contact: 'اتصل بنا',
  contactUs: 'تواصل معنا',
  search: 'البحث',
  paymentSecurity: 'أمان الدفع',
  privacyPolicy: 'سياسة الخصوصية',
  terms: 'الشروط والأحكام',
  searchSite: 'ابحث في الموقع',
  menu: 'القائمة',
  openMenu: 'افتح القائمة',
  closeMenu: 'أغلق القائمة',
  messageUs: 'راسلنا',
  callNow: 'اتصل الآن',
};

/** Read after a link that opens a new tab. */
export const NEW_TAB = ' (يُفتح في علامة تبويب جديدة)';

/** The greeting a WhatsApp link sends, so the parent reads what they send (whatsappUrl adds the English where staff need it). */
export const WHATSAPP_GREETING = 'السلام عليكم! أودّ الاستفسار عن باقات السفر لديكم.';
