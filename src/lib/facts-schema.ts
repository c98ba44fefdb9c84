import { z } from 'astro/zod';

/** A calendar date written as YYYY-MM-DD. */
const isoDay = z.iso.date('must be an ISO date, like 2027-05-14');

/** A day or a short run of days ("about 9-10 March"), as the expected calendar gives them. */
const dayRange = z
  .strictObject({ from: isoDay, to: isoDay.optional() })
  .refine((range) => !range.to || range.to >= range.from, { message: 'to must be on or after from', path: ['to'] });

/** An expected season: Gregorian dates computed from the Hijri calendar, confirmed by moon sighting. */
const seasonSchema = z
  .strictObject({
    /** How copy names the season, e.g. "Hajj". */
    name: z.string().min(3),
    hijriYear: z.number().int().min(1440).max(1500),
    /** The Hijri days the season covers, e.g. "8-13 Dhul Hijjah". */
    hijriDays: z.string().min(3).optional(),
    start: isoDay,
    end: isoDay,
    /** Named days inside or around the season (Arafah, Eid, last entry...). */
    days: z.record(z.string().regex(/^[a-z][A-Za-z]*$/, 'day names are camelCase words'), dayRange),
  })
  .refine((season) => season.end >= season.start, { message: 'end must be on or after start', path: ['end'] });

/** Phrases that restate a fact by hand; the content check points copy that contains one to the fact. */
const watch = z.array(z.string().min(4)).default([]);

/** One fact: `text` reads well inline ("valid for one year…"); extra fields carry its structured values. */
const fact = <Shape extends z.ZodRawShape>(values: Shape = {} as Shape) =>
  z.strictObject({ text: z.string().min(2), watch, ...values });

const percent = z.number().min(0).max(100);

/** One Nusuk Hajj step as announced: the day it opens (or falls due) and where that was published. */
const hajjStep = z.strictObject({ on: isoDay, source: z.url(), sourceName: z.string().min(3) });

/** A season's Nusuk Hajj steps, each present once it is announced. */
const hajjSteps = z.strictObject({
  hijriYear: z.number().int().min(1440).max(1500),
  registration: hajjStep.optional(),
  packageChoice: hajjStep.optional(),
  paymentDeadline: hajjStep.optional(),
});

/** A rule with where it was published (one page or more) and the day an editor last checked it. */
const sourcedFact = fact({ sources: z.array(z.url()).min(1), checked: isoDay });

/**
 * A holiday country's entry rule for US citizens: how long the passport must be valid, counted from
 * arrival or from leaving the country, and whether a visa is needed before travel or given on arrival.
 */
const entryRule = fact({
  sources: z.array(z.url()).min(1),
  checked: isoDay,
  visa: z.enum(['none', 'on-arrival']),
  passport: z.strictObject({
    from: z.enum(['arrival', 'departure']),
    months: z.number().int().min(0),
    days: z.number().int().min(0),
  }),
});

/** A vaccine rule for one trip type: required (checked at boarding or arrival) or only recommended, with its source. */
const vaccineRule = fact({
  status: z.enum(['required', 'recommended']),
  minAgeYears: z.number().int().min(0).optional(),
  source: z.url(),
  sourceName: z.string().min(5),
});

/** A rounded range of whole US dollars per person: our estimate for spending no package covers. */
const dollarRange = z
  .strictObject({ low: z.number().int().min(0), high: z.number().int().min(0) })
  .refine((range) => range.high >= range.low, { message: 'high must be at or above low', path: ['high'] });

const temperatures = z
  .strictObject({ high: z.number().min(-10).max(55), low: z.number().min(-10).max(55) })
  .refine((t) => t.high >= t.low, { message: 'high must be at or above low', path: ['high'] });

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** Walking distance from the hotel to the Haram, in the bands the agency quotes, nearest last. */
export const DISTANCE_BANDS = ['800 m - 1.5 km', '400 - 800 m', '200 - 400 m', 'adjacent'] as const;

/** The seasons and volatile facts the copy reads; one validated source. */
export const factsSchema = z.strictObject({
  /** Said after every expected date. */
  seasonNote: z.string().min(10),
  seasons: z.strictObject({ hajj: seasonSchema, ramadan: seasonSchema, umrahPause: seasonSchema }),
  facts: z.strictObject({
    visa: z.strictObject({
      validity: fact({
        validMonths: z.number().int().positive(),
        maxStayDays: z.number().int().positive(),
        /** How sure the 90 days are: per visit or per year is reported both ways. */
        stayNote: z.string().min(10),
      }),
      processing: fact({ minBusinessDays: z.number().int().positive(), maxBusinessDays: z.number().int().positive() }),
      issueTime: fact(),
      umrahWindow: fact({ useWithinDays: z.number().int().positive(), source: z.url() }),
      passport: fact({ monthsValid: z.number().int().positive(), blankPages: z.number().int().positive() }),
      photo: fact(),
      successRate: fact({ value: z.string().regex(/^\d{1,3}(\.\d)?%$/, 'a percentage like 99.8%') }),
      /**
       * The visas a traveller may hold for Umrah, each with where its rule was published and when an
       * editor last checked it; the checklist reads them with the season's cut-offs (umrahPause).
       */
      kinds: z.strictObject({ umrah: sourcedFact, tourist: sourcedFact, other: sourcedFact }),
    }),
    /** What a US citizen needs to enter each holiday country: the checklist of a holiday trip reads it. */
    entry: z.strictObject({ turkey: entryRule, jordan: entryRule, uae: entryRule, egypt: entryRule }),
    permits: z.strictObject({
      nusuk: fact(),
      rawdah: fact({ onceInDays: z.number().int().positive() }),
      ramadan: fact(),
    }),
    hajj: z.strictObject({
      nusuk: fact({ source: z.url() }),
      registration: fact({ checked: isoDay }),
      /** The Nusuk Hajj steps of the coming and the last season, as announced: the desk's phase alerts read them. */
      steps: fact({ checked: isoDay, coming: hajjSteps, last: hajjSteps }),
      /** What the catalogue's Hajj figures are; `label` is printed beside each one. */
      indicativePrices: fact({ label: z.string().min(10) }),
      /** How Nusuk Hajj prices relate to the catalogue's Hajj figures, shown with each of them. */
      nusukPrices: fact(),
      /** Who may go for Hajj: the rules as announced for `announcedFor`, to be confirmed for the coming season. */
      eligibility: fact({
        announcedFor: z.number().int().min(1440).max(1500),
        childMinAge: z.number().int().min(0).max(18),
        /** Each condition with the page that published it, so the box can cite every item. */
        conditions: z
          .array(z.strictObject({ text: z.string().min(10), source: z.url(), sourceName: z.string().min(3) }))
          .min(1),
        certificate: z.string().min(10),
        /** Where the certificate rule and the repatriation at the pilgrim's cost were reported. */
        certificateSource: z.url(),
        source: z.url(),
        /** Who published the list at `source`, as the link reads. */
        sourceName: z.string().min(5),
      }),
      farewellTawaf: fact(),
    }),
    health: z.strictObject({
      /** The meningitis (ACWY) rule per trip type, as the Saudi authorities last stated it; a checklist reads it. */
      acwy: fact({
        daysBeforeArrival: z.number().int().positive(),
        /** How long a certificate counts, by vaccine type; one that names no type counts as polysaccharide. */
        conjugateYears: z.number().int().positive(),
        polysaccharideYears: z.number().int().positive(),
        /** The day an editor last checked the rule against its sources. */
        checked: isoDay,
        umrah: vaccineRule,
        hajj: vaccineRule,
      }),
    }),
    zamzam: z.strictObject({ rule: fact({ litres: z.number().positive() }) }),
    budget: z.strictObject({
      /** Meals outside the package, per day. */
      mealsPerDay: dollarRange,
      /** Taxis and ride-hailing over a week. */
      taxisPerWeek: dollarRange,
      /** A local SIM card or eSIM with data for the trip. */
      dataPlan: dollarRange,
      /** Gifts, dates and souvenirs for the trip. */
      gifts: dollarRange,
      /** The ACWY vaccine at a US pharmacy when insurance does not cover it. */
      vaccine: dollarRange,
    }),
    weather: z.strictObject({
      /** Average daily high and low in °C per month, the weather guide's table. */
      months: z.strictObject(
        Object.fromEntries(
          MONTHS.map((month) => [month, z.strictObject({ makkah: temperatures, madinah: temperatures })]),
        ) as {
          [M in (typeof MONTHS)[number]]: z.ZodObject<{ makkah: typeof temperatures; madinah: typeof temperatures }>;
        },
      ),
      watch,
    }),
    hotels: z.strictObject({
      threeStar: fact({ band: z.enum(DISTANCE_BANDS) }),
      fourStar: fact({ band: z.enum(DISTANCE_BANDS) }),
      fiveStar: fact({ band: z.enum(DISTANCE_BANDS) }),
      premium: fact({ band: z.enum(DISTANCE_BANDS) }),
      deluxeUpgrade: fact(),
    }),
    booking: z.strictObject({
      earlyBird: fact({ maxPercent: percent }),
      ramadan: fact(),
      december: fact(),
    }),
    transfers: z.strictObject({
      economy: fact({ short: z.string().min(3) }),
      standard: fact({ short: z.string().min(3) }),
      deluxe: fact({ short: z.string().min(3) }),
      premium: fact({ short: z.string().min(3) }),
      group: fact(),
    }),
    insurance: z.strictObject({ policy: fact(), included: fact(), optional: fact() }),
    payment: z.strictObject({
      cardFee: z.strictObject({
        /** Percentage added to credit-card payments; 0 means no fee. The card networks cap it at 3. */
        percent: z.number().min(0).max(3, 'card networks cap a credit-card surcharge at 3%'),
        watch,
        checked: isoDay,
        /** States whose law bans (`percent` 0) or caps a credit-card surcharge, each with the law and where it was read. */
        states: z
          .array(
            z.strictObject({
              code: z.string().regex(/^[A-Z]{2}$/, 'a two-letter state code, such as CT'),
              name: z.string().min(4),
              percent: z.number().min(0).max(3),
              law: z.string().min(4),
              source: z.url(),
              sourceName: z.string().min(3),
            }),
          )
          .refine((states) => new Set(states.map((state) => state.code)).size === states.length, 'each state once'),
      }),
    }),
    rites: z.strictObject({ miqat: fact() }),
  }),
});

export type FactsSettings = z.infer<typeof factsSchema>;
export type FactsInput = z.input<typeof factsSchema>;
export type Season = FactsSettings['seasons']['hajj'];
export type SeasonName = keyof FactsSettings['seasons'];

/** Validates raw facts and throws an error that names every bad field. */
export function parseFacts(raw: unknown): FactsSettings {
  const result = factsSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new Error(`Invalid facts settings (src/lib/facts.ts):\n${problems.join('\n')}`);
}
