import { z } from 'astro/zod';
import { cancellationScheduleSchema } from './site-booking.ts';
import { TRANSLATED_LANGUAGES } from './languages.ts';

const phoneSchema = z.strictObject({
  /** How the number is printed on the page. */
  display: z.string().min(7),
  /** E.164 form used for tel: links, e.g. +15125550143. */
  e164: z.string().regex(/^\+\d{8,15}$/, 'must be E.164, like +15125550143'),
});

const hoursSchema = z.strictObject({
  days: z.string().min(2),
  /** Schema.org day names covered by this row, for opening-hours structured data. */
  dayOfWeek: z.array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])),
  opens: z
    .string()
    .regex(/^\d{2}:\d{2}$/, 'must be HH:MM (24 h)')
    .optional(),
  closes: z
    .string()
    .regex(/^\d{2}:\d{2}$/, 'must be HH:MM (24 h)')
    .optional(),
  label: z.string().min(2),
});

/** Everything about the agency that pages print; one validated source. */
export const siteSettingsSchema = z.strictObject({
  name: z.string().min(2),
  legalName: z.string().min(2),
  tagline: z.string().min(10),
  description: z.string().min(50).max(170),
  url: z.url(),
  phone: phoneSchema,
  emergencyPhone: phoneSchema,
  whatsapp: z.strictObject({
    number: z.string().regex(/^\d{8,15}$/, 'digits only, country code first, like 15125550143'),
    greeting: z.string().min(5),
  }),
  email: z.email(),
  address: z.strictObject({
    street: z.string().min(3),
    locality: z.string().min(2),
    region: z.string().length(2),
    postalCode: z.string().regex(/^\d{5}$/),
    country: z.literal('US'),
  }),
  jurisdiction: z.string().min(2),
  hours: z.array(hoursSchema).min(1),
  /** The languages besides English staff answer the phone and WhatsApp in (site-contact.ts). */
  staffLanguages: z
    .array(z.enum(TRANSLATED_LANGUAGES))
    .refine((list) => new Set(list).size === list.length, 'names a language twice'),
  social: z.array(z.strictObject({ label: z.string().min(2), url: z.url() })),
  claims: z.strictObject({
    foundingYear: z.number().int().min(1950).max(2100),
    yearsExperience: z.string().min(2),
    /** Airline-ticketing accreditation, e.g. { body: 'ARC accredited', number: '12345678' }; empty claims none. */
    accreditation: z.strictObject({ body: z.string(), number: z.string() }),
    customers: z.string().min(2),
    visaSuccess: z.string().min(2),
    support: z.string().min(2),
    replyTime: z.string().min(2),
    /**
     * What each of the agency's own figures rests on, e.g. visaSuccess: "of 4,210 visas we filed,
     * 2023-2026"; printed beside the figure when set. The FTC expects the records behind each claim.
     */
    basis: z.strictObject({
      visaSuccess: z.string().default(''),
      customers: z.string().default(''),
      /** The catalogue's prices, e.g. "per person, 4 sharing, for departures from June 2027". */
      prices: z.string().default(''),
      /** The holiday trips' struck-through former prices, e.g. "our price from March to August 2026". */
      originalPrices: z.string().default(''),
    }),
  }),
  /** Seller-of-travel registrations: printed in the footer and on every quote when set. */
  registrations: z.strictObject({
    /** California Seller of Travel registration number, e.g. 2123456-40. */
    californiaCst: z
      .string()
      .regex(/^(\d{4,10}-\d{2})?$/, 'a CST number like 2123456-40, or empty')
      .default(''),
    /** How California money is protected, e.g. "a trust account" or "a bond issued by X in the amount of $50,000". */
    californiaProtection: z.string().default(''),
    /** Florida Seller of Travel registration number, e.g. ST12345. */
    floridaSot: z.string().default(''),
    /** Other states' seller-of-travel registrations, e.g. { "Washington": "602-123-456" }. */
    other: z.record(z.string().min(2), z.string().min(2)).default({}),
  }),
  /** The cancellation charges by days before departure (src/lib/quotes/cancellation.ts); no bands, no quote can be sent. */
  cancellation: cancellationScheduleSchema,
  hajj: z.strictObject({
    /** What the agency does for a Hajj pilgrim, in a sentence; empty shows nothing. */
    role: z.string(),
    /** A Nusuk Hajj registration or approval the agency holds, with its number; empty shows nothing. */
    registration: z.string(),
  }),
  /** The agency's Google review link for the review invitations (src/lib/site-contact.ts), or empty. */
  googleReviewUrl: z.union([z.literal(''), z.url({ protocol: /^https$/ })]),
  themeColor: z.string().regex(/^#[0-9a-f]{6}$/i),
  locale: z.literal('en_US'),
  /** The office's IANA time zone: the lead desk shows times and counts days in it. */
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone, like America/Chicago'),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Validates raw settings and throws an error that names every bad field. */
export function parseSiteSettings(raw: unknown): SiteSettings {
  const result = siteSettingsSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new Error(`Invalid site settings:\n${problems.join('\n')}`);
}
