/**
 * What the published reviews add up to: a package's count, average, distribution, newest reviews and
 * its "hotel as promised" share (for the package, compare, city and home pages); the policy page's
 * refusals by reason; the desk dashboard's invitations, response rate and figures by package.
 */
import { wordsFor } from '../i18n/dictionary.ts';
import { LANGUAGE_INFO, type Language } from '../languages.ts';
import { averageOfScale, RATING_STEPS } from './rating.ts';
import { REFUSAL_REASONS, type HotelAnswer, type HotelCity, type RefusalReason, type ReviewEntry } from './review.ts';

/** A published review as the pages show it; an erased person's keeps only its rating. */
export interface PublishedReview extends ReviewEntry {
  quoteId: string;
  packageSlug: string | null;
  /** The booking's departure day: "travelled March 2027". */
  travelledOn: string;
  publishedAt: string;
  reply: { text: string; at: string } | null;
  /** The person was erased: name and words are gone, the rating stays in the averages (as the policy says). */
  erased: boolean;
  /** The language it was written in: the pages mark its words with it. */
  language: Language;
}

const monthYear = new Map<Language, Intl.DateTimeFormat>();

/** "travelled March 2027": the month a booking departed, from its day (YYYY-MM-DD), in a language ("سفر: مارچ 2027"). */
export function travelledLabel(departureOn: string, lang: Language = 'en'): string {
  let format = monthYear.get(lang);
  if (!format) {
    // en-US writes "March 2027", as the English pages always have.
    const tag = lang === 'en' ? 'en-US' : LANGUAGE_INFO[lang].tag;
    format = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthYear.set(lang, format);
  }
  return wordsFor(lang).review.form.travelled(format.format(new Date(`${departureOn.slice(0, 7)}-01T00:00:00Z`)));
}

/**
 * Where a review's travellers stayed, of its three answers kept apart (Q06): every hotel the quote's
 * (`quoted`), a similar one they were told about and none other (`similar`), or another hotel for at
 * least one city (`other`); null when it answered no hotel question. A similar hotel is never the quote's.
 */
export function hotelStay(hotels: Partial<Record<HotelCity, HotelAnswer>>): HotelStay | null {
  const answers = Object.values(hotels);
  if (answers.length === 0) return null;
  if (answers.includes('no')) return 'other';
  return answers.includes('similar-told') ? 'similar' : 'quoted';
}

export type HotelStay = 'quoted' | 'similar' | 'other';

/** The three answers counted apart, over the reviews that answered a hotel question. */
function hotelCounts(stays: readonly (HotelStay | null)[]): ReviewSummary['hotels'] {
  const answered = stays.filter((stay) => stay !== null);
  const count = (stay: HotelStay) => answered.filter((each) => each === stay).length;
  return { answered: answered.length, quoted: count('quoted'), similar: count('similar'), other: count('other') };
}

/** "Of 12 travellers who answered: 9 stayed in the hotels on their quote, 2 in a similar hotel they were told about, 1 in another hotel."; null when none answered. */
export function hotelStayText(hotels: ReviewSummary['hotels']): string | null {
  if (hotels.answered === 0) return null;
  const who = hotels.answered === 1 ? '1 traveller who answered' : `${hotels.answered} travellers who answered`;
  return `Of ${who}: ${hotels.quoted} stayed in the hotels on their quote, ${hotels.similar} in a similar hotel they were told about, ${hotels.other} in another hotel.`;
}

/** A share in whole percent of `part` in `whole`; null of nothing. */
function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 100);
}

/** A mean rating to one decimal, from the ratings' sum and count; null of none. */
function meanRating(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

/** An average to one decimal; null of nothing. */
function average(ratings: readonly number[]): number | null {
  return meanRating(
    ratings.reduce((sum, rating) => sum + rating, 0),
    ratings.length,
  );
}

/** The reviews with words, newest published first, at most `shown`, each with the month travelled. */
function newestReadable(reviews: readonly PublishedReview[], shown: number): ReviewSummary['newest'] {
  return reviews
    .filter((review) => !review.erased)
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.quoteId.localeCompare(b.quoteId))
    .slice(0, shown)
    .map((review) => ({ ...review, travelled: travelledLabel(review.travelledOn) }));
}

/** What a package's published reviews add up to. */
export interface ReviewSummary {
  count: number;
  average: number | null;
  /** Each step of the scale, the highest first. */
  distribution: { stars: number; count: number }[];
  /** The reviews with words, newest first (at most `newest` of them), each with the month travelled. */
  newest: (PublishedReview & { travelled: string })[];
  /** Of the reviews that answered a hotel question, how many stayed in the quote's hotels, a similar one they were told about, or another. */
  hotels: { answered: number; quoted: number; similar: number; other: number };
}

/** Sums up one package's published reviews (the caller picks them); `newest` says how many to show in full. */
export function summarizeReviews(reviews: readonly PublishedReview[], newest = 3): ReviewSummary {
  return {
    count: reviews.length,
    average: average(reviews.map((review) => review.rating)),
    distribution: RATING_STEPS.map((stars) => ({
      stars,
      count: reviews.filter((review) => review.rating === stars).length,
    })),
    newest: newestReadable(reviews, newest),
    hotels: hotelCounts(reviews.map((review) => hotelStay(review.hotels))),
  };
}

/** The home page's part: how many reviews are published across the packages and their mean, and the newest few in full. */
export type HomeReviews = Pick<ReviewSummary, 'count' | 'average' | 'newest'>;

/** Sums up the home page's reviews from the count and ratings' sum of them all and the newest the store read. */
export function summarizeHomeReviews(
  all: { count: number; ratingSum: number },
  newest: readonly PublishedReview[],
  shown: number,
): HomeReviews {
  return { count: all.count, average: meanRating(all.ratingSum, all.count), newest: newestReadable(newest, shown) };
}

/** The policy page's count of refused reviews, every reason in the policy's order, none left out. */
export function refusalCounts(
  rows: readonly { reason: string; count: number }[],
): { reason: RefusalReason; label: string; count: number }[] {
  return (Object.keys(REFUSAL_REASONS) as RefusalReason[]).map((reason) => ({
    reason,
    label: REFUSAL_REASONS[reason],
    count: rows.filter((row) => row.reason === reason).reduce((sum, row) => sum + row.count, 0),
  }));
}

/** One booking invited, as the dashboard counts it: its package and, once it came, its review. */
export interface InvitedBooking {
  packageSlug: string | null;
  review: { status: 'pending' | 'published' | 'refused'; rating: number; hotels: PublishedReview['hotels'] } | null;
}

/** One package's line on the dashboard. */
export interface PackageReviewFigures {
  packageSlug: string | null;
  invited: number;
  reviews: number;
  published: number;
  average: number | null;
  /** The share that stayed in the quote's own hotels: a similar hotel does not count (Q06). */
  hotelsAsPromisedPercent: number | null;
}

/**
 * The dashboard's review figures: invitations sent, the share answered, and by package the average
 * rating and "hotel as promised" of the published reviews; packages with most invitations first.
 */
export function reviewFigures(bookings: readonly InvitedBooking[]): {
  invited: number;
  reviews: number;
  responsePercent: number | null;
  /** Over every published review, whatever its package. */
  published: number;
  average: number | null;
  byPackage: PackageReviewFigures[];
} {
  const packages = new Map<string | null, InvitedBooking[]>();
  for (const booking of bookings)
    packages.set(booking.packageSlug, [...(packages.get(booking.packageSlug) ?? []), booking]);
  const byPackage = [...packages].map(([packageSlug, invited]) => {
    const published = invited.flatMap((booking) => (booking.review?.status === 'published' ? [booking.review] : []));
    const hotels = hotelCounts(published.map((review) => hotelStay(review.hotels)));
    return {
      packageSlug,
      invited: invited.length,
      reviews: invited.filter((booking) => booking.review).length,
      published: published.length,
      average: average(published.map((review) => review.rating)),
      hotelsAsPromisedPercent: percent(hotels.quoted, hotels.answered),
    };
  });
  byPackage.sort((a, b) => b.invited - a.invited || (a.packageSlug ?? '~').localeCompare(b.packageSlug ?? '~'));
  const reviews = bookings.filter((booking) => booking.review).length;
  const ratings = bookings.flatMap((booking) =>
    booking.review?.status === 'published' ? [booking.review.rating] : [],
  );
  return {
    invited: bookings.length,
    reviews,
    responsePercent: percent(reviews, bookings.length),
    published: ratings.length,
    average: average(ratings),
    byPackage,
  };
}

/** The dashboard's review figures as its cards show them: invitations, response rate, average, hotels as promised. */
export function reviewFigureCards(
  figures: ReturnType<typeof reviewFigures>,
): { label: string; value: string; note: string }[] {
  const { published, average: overall } = figures;
  return [
    {
      label: 'Review invitations sent',
      value: figures.invited.toLocaleString('en-US'),
      note: 'One per returned booking, since reviews began',
    },
    {
      label: 'Response rate',
      value: figures.responsePercent === null ? 'No invitation yet' : `${figures.responsePercent}%`,
      note: `${figures.reviews.toLocaleString('en-US')} of the ${figures.invited.toLocaleString('en-US')} invited wrote a review`,
    },
    {
      label: 'Average rating',
      value: overall === null ? 'None published' : averageOfScale(overall),
      note: `Over the ${published.toLocaleString('en-US')} published ${published === 1 ? 'review' : 'reviews'}`,
    },
  ];
}
