import { agencyBooking } from '@/lib/site-booking';
import { agencyContact } from '@/lib/site-contact';
import { parseSiteSettings } from '@/lib/site-schema';
import { resolveSiteUrl } from '@/lib/site-url';
import { facts } from '@/lib/facts';

/**
 * The agency's settings. Edit the values here; the build fails with the field's name
 * when one is invalid. `SITE_URL` sets the canonical origin at build time.
 */
export const site = parseSiteSettings({
  name: agencyContact.name,
  legalName: agencyContact.legalName,
  tagline: 'Umrah from seven US cities, Islamic holidays, and guidance for Hajj',
  description:
    'Umrah and Ramadan packages from seven US cities and guidance for Hajj on Nusuk Hajj, with visa help, hotels near the Haram and 24/7 support. Since 2008.',
  // Astro sets SITE from astro.config; plain Node (unit tests, the server) falls back to SITE_URL.
  url: import.meta.env?.SITE ?? resolveSiteUrl(),
  phone: agencyContact.phone,
  emergencyPhone: { display: '+1 (512) 555-0199', e164: '+15125550199' },
  whatsapp: agencyContact.whatsapp,
  email: agencyContact.email,
  address: agencyContact.address,
  jurisdiction: 'the State of Texas',
  hours: agencyContact.hours,
  staffLanguages: agencyContact.staffLanguages,
  social: [
    { label: 'Facebook', url: 'https://facebook.miqat-travel.example/' },
    { label: 'Instagram', url: 'https://instagram.miqat-travel.example/' },
    { label: 'YouTube', url: 'https://youtube.miqat-travel.example/' },
  ],
  claims: {
    foundingYear: 2008,
    yearsExperience: '15+ years',
    // A US agency is ARC-accredited or IATAN-endorsed, with a number; shown only when both are set.
    accreditation: { body: '', number: '' },
    customers: '10,000+',
    // One figure, kept with the visa facts (src/lib/facts.ts).
    visaSuccess: facts.visa.successRate.value,
    support: '24/7',
    replyTime: agencyContact.replyTime,
    // What each figure rests on, printed beside it when set; keep the records behind each (FTC).
    basis: { visaSuccess: '', customers: '', prices: '', originalPrices: '' },
  },
  // Seller-of-travel registrations and the cancellation schedule: kept in site-booking.ts, which the
  // server reads too.
  registrations: agencyBooking.registrations,
  cancellation: agencyBooking.cancellation,
  // What the agency does for a Hajj pilgrim (Hajj is chosen and paid on Nusuk Hajj) and any Nusuk
  // Hajj registration it holds; each is shown only when set, and the default claims no approval.
  hajj: {
    role: 'You create and manage your own Nusuk Hajj account and pay only there. We tell you when each step opens, explain it, help you compare the packages, check your documents and can book flights when your package has none; we never log in for you, hold your password or take any payment for a Hajj package.',
    registration: '',
  },
  googleReviewUrl: agencyContact.googleReviewUrl,
  themeColor: '#0f5a43',
  locale: 'en_US',
  timeZone: agencyContact.timeZone,
});
