/*
 * The traveller's review form on the server (src/pages/review/[token].astro): what a link opens, and
 * the one review it takes, through the private links' one guard (src/server/private-form.ts), as the
 * quote page's: a rate limit per client and link counted before anything is read, a post only from the page
 * itself (`Sec-Fetch-Site`, `Origin`), a form token the page drew (an HMAC of the link keyed by a
 * secret kept in the database), a body limit; a link that opens nothing is the plain 404.
 */
import { wordsFor } from '../../lib/i18n/dictionary.ts';
import type { Language } from '../../lib/languages.ts';
import { readReviewForm, REVIEW_FIELDS, type ReviewProblem, type ReviewValues } from '../../lib/reviews/review.ts';
import type { LeadStore } from '../leads/store.ts';
import { RateLimiter } from '../leads/rate-limit.ts';
import { linkFormToken, privateLinkForm, type FormRefusal, type RefusalWords } from '../private-form.ts';
import { ReviewStore, type ReviewForm } from './store.ts';

const FORM_SECRET_KEY = 'review-form-secret';

/** A link's page: the booking's form and the token it carries. */
export interface ShownReview {
  form: ReviewForm;
  formToken: string;
}

export type ReviewResult =
  | { kind: 'not-found' }
  | { kind: 'stored'; language: Language }
  | FormRefusal
  | { kind: 'problems'; shown: ShownReview; problems: ReviewProblem[]; values: ReviewValues };

/** A refusal's words in the language the form was shown in (the page says which; English when it does not). */
function refusalWords(lang: Language): RefusalWords {
  const { notFromPage, tooMany, tooLong, notTaken } = wordsFor(lang).review.refused;
  return { notFromPage, tooMany, tooLong, notTaken };
}

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

  /**
   * Takes one posted review through the private links' guard (src/server/private-form.ts); stored once.
   * `lang` is the language the page was shown in, for a refusal said before the link is read; the
   * problems of a form that was read are in the booking's language.
   */
  async submit(
    request: Request,
    linkToken: string,
    client: string,
    now = new Date(),
    lang: Language = 'en',
  ): Promise<ReviewResult> {
    const post = privateLinkForm({
      limiter: this.limiter,
      siteUrl: this.siteUrl,
      words: refusalWords(lang),
      failure: 'record a review',
      // A link that opens nothing (unknown, or its review sent) is the missing page, whatever was posted to it.
      open: (token) => this.show(token),
      formTokenField: REVIEW_FIELDS.formToken,
      read: (fields, shown) =>
        readReviewForm({ get: (name) => fields[name] }, shown.form.questions, shown.form.language),
      store: async (read, shown): Promise<ReviewResult> => {
        if (!read.ok) return { kind: 'problems', shown, problems: read.problems, values: read.values };
        return (await this.reviews().submit(linkToken, read.review, now))
          ? { kind: 'stored', language: shown.form.language }
          : { kind: 'not-found' };
      },
    });
    return post({ request, token: linkToken, client, now });
  }
}
