/**
 * The traveller's review form as the page draws it: what each field holds again after a refused
 * post, which control a problem's link jumps to, and how a field names its hint and its problem.
 */
import type { Language } from '../languages.ts';
import { inputState } from '../quotes/answers.ts';
import { RATING_SCALE } from './rating.ts';
import type { ReviewProblem, ReviewValues } from './review.ts';

/** What the form's fields hold: what was sent back, else empty (the name: the booking's suggestion). */
export interface ReviewGiven {
  rating: string;
  hotels: ReviewValues['hotels'];
  title: string;
  text: string;
  name: string;
  city: string;
  consent: boolean;
}

/** Where the form posts in a language (its own address, naming the language): a refusal said before the link is read is then in that language. */
export function reviewFormAction(lang: Language): string | undefined {
  return lang === 'en' ? undefined : `?lang=${lang}`;
}

/** The id of the rating's radio for one step of the scale. */
export const ratingInputId = (stars: number) => `rating-${stars}`;

/** The first control of each field (the rating's is its highest step); a hotel question's first control is its "yes". */
const INPUT_OF: Record<string, string> = {
  rating: ratingInputId(RATING_SCALE.highest),
  title: 'review-title',
  text: 'review-text',
  display_name: 'review-name',
  city: 'review-city',
  consent: 'review-consent',
};

/** The id a problem's link jumps to, so the traveller lands on the field to fix. */
export function reviewInputOf(field: string): string {
  return INPUT_OF[field] ?? `${field}-yes`;
}

/** The fields' contents: what the refused post sent, or empty with the booking's suggested name. */
export function reviewGiven(values: ReviewValues | undefined, defaultName: string): ReviewGiven {
  return {
    rating: values?.rating ?? '',
    hotels: values?.hotels ?? {},
    title: values?.title ?? '',
    text: values?.text ?? '',
    name: values?.displayName ?? defaultName,
    city: values?.city ?? '',
    consent: values?.consent ?? false,
  };
}

/** How a field shows its problem, as the quote's answers do: the message, `aria-describedby` (hint, then error), `aria-invalid`. */
export function reviewFieldState(problems: readonly ReviewProblem[], field: string, hintId?: string) {
  return inputState(
    problems.map((problem) => ({ inputId: problem.field, message: problem.message })),
    field,
    hintId,
  );
}
