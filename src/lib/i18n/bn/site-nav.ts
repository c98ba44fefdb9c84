import type { nav as english } from '../en/site-nav.ts';
import type { Translation } from '../translation.ts';

/**
 * The Bengali navigation's words, part of the `site` area (bn/site.ts spreads them in), kept in a
 * file of their own as the English are (en/site-nav.ts): the Bengali phone menu's island bundles
 * these, so its page sends the menu no words.
 */
export const nav: Translation<typeof english> = {
  main: 'প্রধান মেনু',
  mobile: 'মোবাইল মেনু',
  footer: 'পাতার নিচের লিংক',
  breadcrumb: 'আপনি এখানে আছেন',
  home: 'প্রথম পাতা',
  aboutUs: 'আমাদের সম্পর্কে',
  packages: 'প্যাকেজ',
  umrahPackages: 'উমরাহ প্যাকেজ',
  hajjPackages: 'হজ প্যাকেজ',
  ramadanUmrah: 'রমজানে উমরাহ',
  decemberUmrah: 'ডিসেম্বরে উমরাহ',
  packageFinder: 'প্যাকেজ খুঁজুন',
  islamicHolidays: 'ইসলামিক ভ্রমণ',
  blog: 'ব্লগ',
  contact: 'যোগাযোগ',
  contactUs: 'যোগাযোগ করুন',
  search: 'খুঁজুন',
  paymentSecurity: 'পেমেন্টের নিরাপত্তা',
  privacyPolicy: 'গোপনীয়তা নীতি',
  terms: 'শর্তাবলি',
  searchSite: 'সাইটে খুঁজুন',
  menu: 'মেনু',
  openMenu: 'মেনু খুলুন',
  closeMenu: 'মেনু বন্ধ করুন',
  messageUs: 'বার্তা পাঠান',
  callNow: 'এখনই ফোন করুন',
};

/** Read after a link that opens a new tab. */
export const NEW_TAB = ' (নতুন ট্যাবে খোলে)';

/** The greeting a WhatsApp link sends, so the parent reads what they send (whatsappUrl adds the English where staff need it). */
export const WHATSAPP_GREETING = 'আসসালামু আলাইকুম! আপনাদের ভ্রমণ প্যাকেজ সম্পর্কে জানতে চাই।';
