/**
 * The one scale every review is rated on, whole stars from `lowest` to `highest`: the form offers
 * it, the check accepts it, the summaries count and average on it, the pages and the desk read a
 * rating against it ("4 of 5") and the structured data states its ends.
 */
export const RATING_SCALE = { lowest: 1, highest: 5 } as const;

/** The scale's steps, highest first, as the form offers them and a summary counts them. */
export const RATING_STEPS: readonly number[] = Array.from(
  { length: RATING_SCALE.highest - RATING_SCALE.lowest + 1 },
  (_, index) => RATING_SCALE.highest - index,
);

/** Whether a form's value names one of the scale's steps exactly ("4", never "04", "4.0" or " 4"). */
export function isRatingValue(value: string): boolean {
  return RATING_STEPS.some((step) => String(step) === value);
}

/** A traveller's rating read against the scale's top, as the English pages and the desk write it: "4 of 5". */
export function ofScale(rating: number | string): string {
  return `${rating} of ${RATING_SCALE.highest}`;
}

/** An average of ratings as every page and the desk write it, to one decimal: "4.0", "4.5". */
export function averageFigure(average: number): string {
  return average.toFixed(1);
}

/** An average read against the scale's top: "4.5 of 5". */
export function averageOfScale(average: number): string {
  return ofScale(averageFigure(average));
}
