/**
 * The agency's name, contacts, hours, time zone and promised reply time: part of the site settings
 * (`site.ts` spreads them in and validates them at build), kept apart because the server's
 * outbox worker runs on Node's type stripping, where `site.ts` (with `@/` imports and
 * `import.meta.env`) cannot load. The visitor's acknowledgement email reads them from here.
 */
import type { TranslatedLanguage } from './languages.ts';

export const agencyContact = {
  name: 'Miqat Travel',
  legalName: 'Miqat Travel LLC',
  /** The office: on the contact page, in the structured data and, as a postal address, under every email to a pilgrim (CAN-SPAM, 15 U.S.C. §7704(a)(5)). */
  address: {
    street: '600 Congress Avenue, Suite 1420',
    locality: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
  },
  phone: { display: '+1 (512) 555-0143', e164: '+15125550143' },
  whatsapp: {
    number: '15125550143',
    greeting: 'Hello! I would like to inquire about your travel packages.',
  },
  email: 'hello@miqat-travel.example',
  hours: [
    {
      days: 'Monday - Friday',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '09:00',
      closes: '18:00',
      label: '9:00 AM - 6:00 PM',
    },
    { days: 'Saturday', dayOfWeek: ['Saturday'], opens: '10:00', closes: '16:00', label: '10:00 AM - 4:00 PM' },
    { days: 'Sunday', dayOfWeek: ['Sunday'], label: 'Closed' },
  ],
  /** The office's IANA time zone (the office is in Austin): its hours, the desk's days and the digest's hour are in it. */
  timeZone: 'America/Chicago',
  /**
   * The languages besides English that staff answer the phone and WhatsApp in. The pages say "you can
   * call or WhatsApp us in …" only for these; a translated page in another language says nothing
   * rather than promise it. Urdu and Bengali: the spec does not say the office speaks Arabic.
   */
  staffLanguages: ['ur', 'bn'] as TranslatedLanguage[],
  /** "We reply …": the promise printed under every form and in the acknowledgement. */
  replyTime: 'within one business day',
  /**
   * The agency's Google review link (its Business Profile's "Ask for reviews" address), offered in
   * every review invitation alike; empty offers none. Here rather than in site.ts because the
   * invitation is written by the outbox worker, which cannot load site.ts.
   */
  googleReviewUrl: '',
};
