/** The page of one package or holiday trip. */
export function packageUrl(id: string): string {
  return `/package/${id}`;
}

/** A departure city's landing page, e.g. `/chicago-umrah`. */
export function cityUrl(cityId: string): string {
  return `/${cityId}-umrah`;
}

/** The public review policy, linked wherever reviews show. */
export const REVIEW_POLICY_PATH = '/how-we-collect-and-publish-reviews';
