/**
 * A traveller's review of a booked trip: the questions the form asks (only for the hotels the quote
 * named), how a posted form is read, the public policy's reasons for refusing one, and when a
 * booking's invitation and its one reminder fall due. Pure, so the form, the store and the policy
 * page share one set of limits and words.
 */
import { addDays } from '../agency-time.ts';
import { wordsFor } from '../i18n/dictionary.ts';
import { review as englishReview } from '../i18n/en/review.ts';
import type { Language } from '../languages.ts';
import type { HistoryActionKind } from '../pipeline/history.ts';
import { isRatingValue, RATING_SCALE } from './rating.ts';

/** What the form and the store allow, stated on the form beside each field. */
export const REVIEW_LIMITS = { title: 100, text: 2000, name: 40, city: 60 } as const;

/** The form's field names, as the page writes them and the reader takes them. */
export const REVIEW_FIELDS = {
  rating: 'rating',
  title: 'title',
  text: 'text',
  name: 'display_name',
  city: 'city',
  consent: 'consent',
  formToken: '_form',
  hotel: (city: HotelCity) => `hotel_${city}`,
} as const;

export type HotelCity = 'makkah' | 'madinah';
/** Yes; no; or it was a hotel "or similar", as the quote allowed, and we were told. */
export type HotelAnswer = 'yes' | 'no' | 'similar-told';

/** The public policy's reasons for refusing a review, the same for praise and complaint, in the policy's order. */
export const REFUSAL_REASONS = {
  'personal-data': 'Personal data of someone else',
  abuse: 'Abuse',
  'off-topic': 'Off-topic',
  'not-our-trip': 'Not about a trip with us',
} as const;
export type RefusalReason = keyof typeof REFUSAL_REASONS;

/** What the policy refuses as personal data of another person, in its words: the policy, the form and the email say it alike (Q07). */
export const REVIEW_PERSONAL_DATA = englishReview.personalData;

/** What the same sentence allows, so that nobody leaves out a complaint about how they were served. */
export const REVIEW_WELCOME = englishReview.welcome;

/** Whether `value` is one of the policy's reasons. */
export function isRefusalReason(value: unknown): value is RefusalReason {
  return typeof value === 'string' && Object.hasOwn(REFUSAL_REASONS, value);
}

/** A hotel of the booked quote, as much as the form needs of it. */
export interface QuotedHotel {
  city: HotelCity;
  name: string;
  /** False: the quote said "or similar". */
  confirmed: boolean;
}

/** One hotel question: its city, its words, the hotels the quote named there, and the answers it offers. */
export interface HotelQuestion {
  city: HotelCity;
  label: string;
  hotels: string;
  answers: { value: HotelAnswer; label: string }[];
}

/**
 * The hotel questions for a booking, in the form's language: one per city the quote named a hotel
 * in, Makkah first; "it was or similar and we were told" is offered only where the quote said "or
 * similar" there. The hotels' names stay as the quote wrote them.
 */
export function hotelQuestions(hotels: readonly QuotedHotel[], lang: Language = 'en'): HotelQuestion[] {
  const words = wordsFor(lang).review.form;
  return (['makkah', 'madinah'] as const).flatMap((city) => {
    const here = hotels.filter((hotel) => hotel.city === city);
    if (here.length === 0) return [];
    const similar = here.some((hotel) => !hotel.confirmed);
    return [
      {
        city,
        label: words.hotelQuestion(words[city]),
        hotels: here.map((hotel) => (hotel.confirmed ? hotel.name : words.orSimilar(hotel.name))).join(words.then),
        answers: [
          { value: 'yes' as const, label: words.yes },
          { value: 'no' as const, label: words.no },
          ...(similar ? [{ value: 'similar-told' as const, label: words.similarTold }] : []),
        ],
      },
    ];
  });
}

/** "Aisha K.": the name a review shows unless the traveller gives another. */
export function defaultDisplayName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

/** A review as the traveller wrote it, checked. */
export interface ReviewEntry {
  rating: number;
  hotels: Partial<Record<HotelCity, HotelAnswer>>;
  title: string;
  text: string;
  displayName: string;
  city: string;
}

/** What the form sent back, to show it again beside its problems. */
export interface ReviewValues {
  rating: string;
  hotels: Partial<Record<HotelCity, string>>;
  title: string;
  text: string;
  displayName: string;
  city: string;
  consent: boolean;
}

/** A problem tied to a field id of the form (`rating`, `hotel_makkah`, `title`, …). */
export interface ReviewProblem {
  field: string;
  message: string;
}

export type ReadReview =
  { ok: true; review: ReviewEntry } | { ok: false; problems: ReviewProblem[]; values: ReviewValues };

/** Control characters other than line breaks and tabs never belong in a review. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function tidy(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** The text fields' problems, each in the form's language. */
type TextField = 'title' | 'text' | 'name' | 'city';

/**
 * Reads a posted review against the booking's hotel questions: every problem at once, each in words
 * of the form's language that say how to fix it; nothing is kept from a form with a problem.
 */
export function readReviewForm(
  fields: { get(name: string): string | null | undefined },
  questions: readonly HotelQuestion[],
  lang: Language = 'en',
): ReadReview {
  const words = wordsFor(lang).review.problems;
  const text = (name: string) => tidy(fields.get(name) ?? '');
  const values: ReviewValues = {
    rating: text(REVIEW_FIELDS.rating),
    hotels: Object.fromEntries(questions.map((q) => [q.city, text(REVIEW_FIELDS.hotel(q.city))])),
    title: text(REVIEW_FIELDS.title),
    text: text(REVIEW_FIELDS.text),
    displayName: text(REVIEW_FIELDS.name).replace(/\s+/g, ' '),
    city: text(REVIEW_FIELDS.city).replace(/\s+/g, ' '),
    consent: fields.get(REVIEW_FIELDS.consent) === 'yes',
  };
  const problems: ReviewProblem[] = [];
  if (!isRatingValue(values.rating))
    problems.push({ field: 'rating', message: words.rating(RATING_SCALE.lowest, RATING_SCALE.highest) });
  const hotels: Partial<Record<HotelCity, HotelAnswer>> = {};
  for (const question of questions) {
    const given = values.hotels[question.city] ?? '';
    const answer = question.answers.find((each) => each.value === given);
    if (answer) hotels[question.city] = answer.value;
    else
      problems.push({
        field: REVIEW_FIELDS.hotel(question.city),
        message: words.hotel(question.label),
      });
  }
  const limited = (field: string, value: string, which: TextField, missing: string | null) => {
    const max = REVIEW_LIMITS[which];
    if (missing !== null && value === '') problems.push({ field, message: missing });
    else if (value.length > max) problems.push({ field, message: words[`${which}TooLong`](max, value.length) });
    else if (CONTROL.test(value)) problems.push({ field, message: words[`${which}Hidden`] });
  };
  limited('title', values.title, 'title', words.titleMissing);
  limited('text', values.text, 'text', words.textMissing);
  limited('display_name', values.displayName, 'name', words.nameMissing);
  limited('city', values.city, 'city', null);
  if (!values.consent) problems.push({ field: 'consent', message: words.consent });
  if (problems.length > 0) return { ok: false, problems, values };
  const { title, displayName, city } = values;
  return { ok: true, review: { rating: Number(values.rating), hotels, title, text: values.text, displayName, city } };
}

/** The day a booking's invitation is due: `daysAfter` days after its return. */
export function invitationDueOn(returnOn: string, daysAfter: number): string {
  return addDays(returnOn, daysAfter);
}

/** The last return day a booking invited on `today` can have: `daysAfter` days before it (the store's bound before `invitationDue`). */
export function invitationReturnedBy(daysAfter: number, today: string): string {
  return addDays(today, -daysAfter);
}

/** The one reminder follows the invitation by this many days, when no review has come. */
export const REMINDER_AFTER_DAYS = 7;

/** A booking whose invitation fell due longer ago than this is never invited (no flood of old trips at first start). */
const INVITE_WINDOW_DAYS = 30;

/** Whether a booking returning on `returnOn` is invited on `today`: due, and not older than the window. */
export function invitationDue(returnOn: string, daysAfter: number, today: string): boolean {
  const due = invitationDueOn(returnOn, daysAfter);
  return due <= today && addDays(due, INVITE_WINDOW_DAYS) > today;
}

/** Whether the reminder of an invitation sent at `invitedAt` is due at `now`: a week on, to the hour. */
export function reminderDue(invitedAt: string, now: Date): boolean {
  return Date.parse(invitedAt) + REMINDER_AFTER_DAYS * 24 * 60 * 60_000 <= now.getTime();
}

/** The reviews' history action: the invitation or reminder queued, the review come, or staff's decision on it. */
export const REVIEW_HISTORY_ACTIONS: readonly HistoryActionKind[] = [{ action: 'review', label: 'Review' }];
