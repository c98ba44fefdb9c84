import { defineCollection, reference, type SchemaContext } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { DISTANCE_BANDS } from '@/lib/facts-schema';
import { resolveTranslationData } from '@/lib/i18n/facts';
import { isLanguage, TRANSLATED_LANGUAGES } from '@/lib/languages';
import { placeholderText, PLACEHOLDER, unknownPlaceholders } from '@/lib/fact-lookup';

/**
 * Resolves `{{fact:…}}` and `{{season:…}}` in every string of an entry before it is validated,
 * so no page ever sees a placeholder; an unknown name fails the build naming the entry, the field
 * and the placeholder.
 */
function withPlaceholders<T extends z.ZodType>(schema: T) {
  const resolve = (value: unknown, path: PropertyKey[], ctx: z.RefinementCtx): unknown => {
    if (typeof value === 'string') {
      for (const placeholder of unknownPlaceholders(value)) {
        ctx.addIssue({ code: 'custom', path, input: value, message: `unknown placeholder ${placeholder}` });
      }
      return value.replace(PLACEHOLDER, (all, kind: string, name: string) => placeholderText(kind, name) ?? all);
    }
    if (Array.isArray(value)) return value.map((item, index) => resolve(item, [...path, index], ctx));
    if (value && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, [...path, key], ctx)]));
    }
    return value;
  };
  return z.preprocess((raw, ctx) => resolve(raw, [], ctx), schema);
}

/**
 * Resolves a translation's `{{fact:…}}` and `{{season:…}}` in its own language (src/lib/i18n/facts.ts)
 * before it is validated, so every page, title and link that reads it gets the language's words; a
 * placeholder without a phrase in the language fails the build naming the source, it and the language.
 */
function inTranslationLanguage<T extends z.ZodType>(schema: T) {
  return z.preprocess((raw, ctx) => {
    const lang = raw && typeof raw === 'object' && 'lang' in raw ? raw.lang : undefined;
    if (!isLanguage(lang)) return raw;
    const source = 'source' in (raw as object) ? String((raw as { source: unknown }).source) : 'an unknown page';
    try {
      return resolveTranslationData(raw, lang, `the ${lang} translation of ${source}`);
    } catch (error) {
      ctx.addIssue({ code: 'custom', input: raw, message: (error as Error).message });
      return raw;
    }
  }, schema);
}

/** When an editor last checked a page's facts against current rules; printed as "Reviewed Month Year". */
const reviewed = z.coerce.date();

/** Search-result text every page carries. */
const seoFields = {
  title: z.string().min(3).max(70),
  description: z.string().min(50).max(170),
  keywords: z.array(z.string().min(2)).default([]),
};

/** A price in whole US dollars per person; formatted for display by `formatPrice`. */
const price = z.number().int().positive();

/** A struck-through original price only reads as a saving when it is above the sale price. */
const formerPriceAbove = (data: { price: number; originalPrice?: number | undefined }) =>
  data.originalPrice === undefined || data.originalPrice > data.price;
const formerPriceIssue = { message: 'originalPrice must be above price', path: ['originalPrice'] };

/** An image file next to the content (or in src/assets) with the text a screen reader hears. */
const imageWithAlt = (image: SchemaContext['image']) =>
  z.strictObject({ src: image(), alt: z.string().min(10, 'describe the picture for screen readers') });

const faq = z.strictObject({ question: z.string().min(10), answer: z.string().min(20) });

const starRating = z.union([z.literal(3), z.literal(4), z.literal(5)]);

export { DISTANCE_BANDS };

const stay = z.strictObject({
  nights: z.number().int().min(0),
  /** Hotel name or description; printed with "or similar". */
  hotel: z.string().min(3),
  stars: starRating,
  distance: z.enum(DISTANCE_BANDS),
});

/** Company and policy pages written in MDX; the file name is the URL segment. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/pages' }),
  schema: withPlaceholders(
    z.strictObject({
      ...seoFields,
      /** The document's real revision date, shown as "Last updated". */
      updated: z.coerce.date(),
    }),
  ),
});

/** Question-and-answer lists, one YAML file per page that shows them. */
const faqs = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/faqs' }),
  schema: withPlaceholders(z.strictObject({ items: z.array(faq).min(1) })),
});

export const PACKAGE_CATEGORIES = [
  'umrah',
  'ramadan',
  'december',
  'without-flight',
  'hajj-shifting',
  'hajj-non-shifting',
  'city',
] as const;

/** Umrah and Hajj packages; the file name is the id and the `/package/{id}` segment. */
const packages = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/packages' }),
  schema: ({ image }) =>
    withPlaceholders(
      z
        .strictObject({
          title: z.string().min(5),
          category: z.enum(PACKAGE_CATEGORIES),
          tier: z.enum(['economy', 'standard', 'deluxe', 'premium']).optional(),
          city: reference('cities').optional(),
          nights: z.number().int().positive(),
          /** Nights that `nights` leaves out, said before them: "Aziziyah before the Hajj days". */
          durationNote: z.string().min(5).optional(),
          stars: starRating,
          deluxe: z.boolean().default(false),
          /** One third of Ramadan or its last ten nights: listed as "Ashra packages" on home and Ramadan pages. */
          ashra: z.boolean().default(false),
          price,
          originalPrice: price.optional(),
          /** Where a pilgrim chooses and pays for the package when not from us: Hajj is set and paid on Nusuk Hajj. */
          bookedOn: z.literal('nusuk-hajj').optional(),
          images: z.array(imageWithAlt(image)).min(2),
          description: z.string().min(60),
          makkah: stay,
          /** Absent only where a package has no Madinah stay (the shifting Hajj package). */
          madinah: stay.optional(),
          inclusions: z.array(z.string().min(3)).min(3),
          departureAirport: z.string().min(3).optional(),
          /** Group size for escorted tiers, e.g. "25-35 pilgrims". */
          groupSize: z.string().optional(),
        })
        .refine(formerPriceAbove, formerPriceIssue),
    ),
});

/** The seven US departure cities; `/{id}-umrah` is each city's landing page. */
const cities = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/cities' }),
  schema: ({ image }) =>
    withPlaceholders(
      z.strictObject({
        name: z.string().min(3),
        state: z.string().length(2),
        seo: z.strictObject(seoFields),
        banner: imageWithAlt(image),
        /** One or two sentences for cards and the home page's city section. */
        summary: z.string().min(40).max(240),
        airports: z.array(z.strictObject({ code: z.string().length(3), name: z.string().min(5) })).min(1),
        popularFeatures: z.array(z.string().min(3)).min(3).max(5),
        bestTime: z.string().min(20),
        /** Long copy: why this city, its airport and routes, what is included, when to travel. */
        sections: z
          .array(z.strictObject({ heading: z.string().min(5), paragraphs: z.array(z.string().min(40)).min(1) }))
          .min(4),
        faqs: z.array(faq).min(3),
        /** Show the call and chat panel beside the cards (Dallas, as on the current site). */
        showContactPanel: z.boolean().default(false),
        /** Listed in the home page's six-city section. */
        featuredOnHome: z.boolean().default(false),
      }),
    ),
});

/** Islamic holiday trips (Turkey, Jordan, UAE, Egypt); the file name is the `/package/{id}` segment. */
const holidays = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/holidays' }),
  schema: ({ image }) =>
    withPlaceholders(
      z
        .strictObject({
          title: z.string().min(5),
          country: z.enum(['turkey', 'jordan', 'uae', 'egypt']),
          days: z.number().int().positive(),
          price,
          /** The agency's original price for the trip (the spec's "was" figure), shown struck through. */
          originalPrice: price.optional(),
          images: z.array(imageWithAlt(image)).min(2),
          description: z.string().min(60),
          features: z.array(z.string().min(3)).length(4),
          itinerary: z
            .array(
              z.strictObject({ day: z.number().int().positive(), title: z.string().min(3), text: z.string().min(20) }),
            )
            .min(2),
          inclusions: z.array(z.string().min(3)).min(3),
        })
        .refine(formerPriceAbove, formerPriceIssue),
    ),
});

/** Long copy for the package listing pages, in MDX; the file name is the route. */
const landing = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/landing' }),
  schema: withPlaceholders(
    z.strictObject({
      ...seoFields,
      heading: z.string().min(5),
      lead: z.string().min(40),
      reviewed,
      faqs: z.array(faq).default([]),
    }),
  ),
});

/** Visa services and their prices, as data rather than copy. */
const visaServices = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/visa-services' }),
  schema: withPlaceholders(
    z.strictObject({
      name: z.string().min(5),
      price,
      summary: z.string().min(20),
      details: z.array(z.string().min(3)).min(1),
      order: z.number().int(),
    }),
  ),
});

/** One value for each translated language, none missing (zod 4's record over an enum is exhaustive). */
const inEveryTranslation = <Value extends z.ZodType>(value: Value) => z.record(z.enum(TRANSLATED_LANGUAGES), value);

/**
 * The four Umrah tiers as the home page compares them; the file name is the packages' `tier`.
 * Prices and nights are never typed here: they come from the tier's packages (`tierOffer`).
 */
const tiers = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/tiers' }),
  schema: withPlaceholders(
    z.strictObject({
      name: z.string().min(3),
      /** The name as the translated pages say it, written by us, as the translated guides name the tier. */
      translatedName: inEveryTranslation(z.string().min(2)),
      order: z.number().int(),
      stars: starRating,
      groupSize: z.string().min(3),
      distance: z.enum(DISTANCE_BANDS),
      highlights: z.array(z.string().min(3)).min(2),
      /** The home page's card text, where the tier has a card, in English and in each translation. */
      homeCard: z
        .strictObject({ summary: z.string().min(20), translatedSummary: inEveryTranslation(z.string().min(10)) })
        .optional(),
    }),
  ),
});

export const GUIDE_CATEGORIES = [
  'Planning',
  'Rituals',
  'Visa',
  'Family',
  'Hotels',
  'Packing',
  'Costs',
  'Travel',
] as const;

/**
 * Guides in MDX; the file name is the `/blog/{slug}` segment. Files starting with an
 * underscore (templates, drafts) are never loaded, nor is anything marked `draft: true`.
 */
const blog = defineCollection({
  loader: glob({ pattern: '**/[^_]*.mdx', base: './src/content/blog' }),
  schema: ({ image }) =>
    withPlaceholders(
      z
        .strictObject({
          title: z.string().min(10).max(100),
          description: z.string().min(50).max(170),
          published: z.coerce.date(),
          updated: z.coerce.date(),
          reviewed,
          category: z.enum(GUIDE_CATEGORIES),
          cover: imageWithAlt(image),
          relatedPackages: z.array(reference('packages')).max(4).default([]),
          relatedGuides: z.array(reference('blog')).max(4).default([]),
          faqs: z.array(faq).default([]),
          draft: z.boolean().default(false),
        })
        .refine((data) => data.updated >= data.published, {
          message: 'updated must be on or after published',
          path: ['updated'],
        }),
    ),
});

/** Short reviews from pilgrims for the home page, shown in `order`. */
const testimonials = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/testimonials' }),
  schema: withPlaceholders(
    z.strictObject({
      name: z.string().min(2),
      location: z.string().min(2),
      trip: z.string().min(5),
      quote: z.string().min(60).max(400),
      order: z.number().int(),
      // True only when the agency holds this person's written consent and the record of their trip
      // (FTC 16 CFR Part 465): until then the testimonial is not shown.
      consentAndTripOnRecord: z.boolean().default(false),
    }),
  ),
});

/**
 * Translations of the eight translated pages' English MDX, one file per language and source:
 * `translations/ur/blog/complete-umrah-guide-step-by-step.mdx` translates
 * `blog/complete-umrah-guide-step-by-step.mdx`. A translation names the English revision it was
 * made from (the first 12 hex digits of the English file's SHA-256) and that revision's date; the
 * content check lists a translation whose English has changed since. Facts stay placeholders,
 * resolved in the translation's language (frontmatter here, the body's components when the page is
 * drawn), never written out.
 */
const translations = defineCollection({
  loader: glob({ pattern: '*/**/*.mdx', base: './src/content/translations' }),
  schema: inTranslationLanguage(
    z.strictObject({
      lang: z.enum(TRANSLATED_LANGUAGES),
      /** The English entry, `collection/id`: `blog/complete-umrah-guide-step-by-step`. */
      source: z.string().regex(/^(blog|landing|pages)\/[a-z0-9-]+$/),
      sourceRevision: z.string().regex(/^[0-9a-f]{12}$/),
      /** The English page's reviewed (or updated) day at that revision, shown on the translation. */
      sourceDate: z.coerce.date(),
      title: z.string().min(5).max(110),
      description: z.string().min(40).max(200),
      /** A landing page's heading and lead, where its English has them. */
      heading: z.string().min(3).optional(),
      lead: z.string().min(20).optional(),
      faqs: z.array(faq).default([]),
    }),
  ),
});

export const collections = {
  translations,
  pages,
  faqs,
  packages,
  cities,
  holidays,
  landing,
  visaServices,
  testimonials,
  tiers,
  blog,
};
