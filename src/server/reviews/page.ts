/*
 * The traveller's review form on the server (src/pages/review/[token].astro): what a link opens, and
 * the one review it takes. The page's protections are the quote page's (src/server/quotes/pilgrim-page.ts):
 * a rate limit per client and link counted before anything is read, a post only from the page
 * itself (`Sec-Fetch-Site`, `Origin`), a form token the page drew (an HMAC of the link keyed by a
 * secret kept in the database), a body limit; a link that opens nothing is the plain 404.
 */
import { readReviewForm, REVIEW_FIELDS, type ReviewProblem, type ReviewValues } from '../../lib/reviews/review.ts';
import { isWellFormedToken } from '../../lib/quotes/token.ts';
import type { LeadStore } from '../leads/store.ts';
import { RateLimiter } from '../leads/rate-limit.ts';
import { countPost, linkFormToken, postedFields, type RefusalWords } from '../private-form.ts';
import { sameSecret } from '../secrets.ts';
import { ReviewStore, type ReviewForm } from './store.ts';

const FORM_SECRET_KEY = 'review-form-secret';

/** A link's page: the booking's form and the token it carries. */
export interface ShownReview {
  form: ReviewForm;
  formToken: string;
}

export type ReviewResult =
  | { kind: 'not-found' }
  | { kind: 'stored' }
  | { kind: 'refused'; status: 403 | 413 | 415 | 429 | 503; message: string; retryAfter?: number }
  | { kind: 'problems'; shown: ShownReview; problems: ReviewProblem[]; values: ReviewValues };

const WORDS: RefusalWords = {
  notFromPage:
    'This review did not come from your review page, so nothing was recorded. Please open the link in your email again and send it from there.',
  tooMany:
    'Too many tries from this connection in a short time, so nothing was recorded. Please wait a few minutes and try again.',
  tooLong: 'This review is too long to send. Please shorten it and try again.',
};
const NOT_RECORDED = 'Your review could not be recorded just now. Please try again in a minute or call us.';

/** The token a review form carries: an HMAC of its link, which only this server can make. */
function formTokenFor(linkToken: string, secret: string): string {
  return linkFormToken('review', linkToken, secret);
}

/** The review page's reads and the review it takes, on the store this process has open. */
export class ReviewPage {
  private readonly store: () => LeadStore;
  private readonly siteUrl: string;
  private readonly limiter: RateLimiter;

  constructor(store: () => LeadStore, options: { siteUrl: string; limit: number; windowMs: number }) {
    this.store = store;
    this.siteUrl = options.siteUrl;
    this.limiter = new RateLimiter(store, 'review-posts', options.limit, options.windowMs);
  }

  private reviews(): ReviewStore {
    return new ReviewStore(this.store().database);
  }

  private async formToken(linkToken: string): Promise<string> {
    return formTokenFor(linkToken, await this.store().secret(FORM_SECRET_KEY));
  }

  /** What a link shows: null alike for a malformed, unknown, used or erased link. */
  async show(linkToken: string): Promise<ShownReview | null> {
    const form = await this.reviews().formFor(linkToken);
    return form && { form, formToken: await this.formToken(linkToken) };
  }

  /** Takes one posted review: refused before anything is read when it is not from the page or too many; stored once. */
  async submit(request: Request, linkToken: string, client: string, now = new Date()): Promise<ReviewResult> {
    if (!isWellFormedToken(linkToken)) return { kind: 'not-found' };
    try {
      const limited = await countPost(this.limiter, client, linkToken, WORDS, now);
      if (limited) return limited;
      // A link that opens nothing (unknown, or its review sent) is the missing page, whatever was posted to it.
      const shown = await this.show(linkToken);
      if (!shown) return { kind: 'not-found' };
      const posted = await postedFields(request, this.siteUrl, WORDS);
      if ('kind' in posted) return posted;
      const { fields } = posted;
      if (!sameSecret(fields[REVIEW_FIELDS.formToken] ?? '', await this.formToken(linkToken)))
        return { kind: 'refused', status: 403, message: WORDS.notFromPage };
      const read = readReviewForm({ get: (name) => fields[name] }, shown.form.questions);
      if (!read.ok) return { kind: 'problems', shown, problems: read.problems, values: read.values };
      const stored = await this.reviews().submit(linkToken, read.review, now);
      return stored ? { kind: 'stored' } : { kind: 'not-found' };
    } catch (error) {
      console.error('Could not record a review:', error);
      return { kind: 'refused', status: 503, message: NOT_RECORDED };
    }
  }
}
