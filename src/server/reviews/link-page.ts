/*
 * The review link's controller (src/pages/review/[token].astro), as trips/link-page.ts is the quote
 * link's: a GET shows the link's form, a POST hands the review to the guarded review page
 * (src/server/reviews/review-page.ts). The page reads the request, calls `reviewLinkPage` and
 * renders the answer; it decides nothing.
 */
import { wordsFor } from '../../lib/i18n/dictionary.ts';
import { languageOr, type Language } from '../../lib/languages.ts';
import type { ReviewProblem } from '../../lib/reviews/review.ts';
import { reviewGiven, type ReviewGiven } from '../../lib/reviews/review-form.ts';
import { clientGone } from '../leads/client-address.ts';
import { leadApi } from '../leads/instance.ts';
import { notAllowed, notFound, type LinkPageAnswer } from '../private-form.ts';
import { reviewPage } from './instance.ts';
import type { ShownReview } from './review-page.ts';

/** Everything the page shows: a refusal on its own, or the form with its problems and what it holds. */
export interface ReviewLinkModel {
  token: string;
  /** The page's language: the booking's, or for a refusal the one the form was shown in. */
  lang: Language;
  title: string;
  refusal: string | undefined;
  shown: ShownReview | undefined;
  problems: readonly ReviewProblem[];
  given: ReviewGiven;
}

/** Where a sent review leads: the thanks, in the review's language. */
function thanksPath(lang: Language): string {
  return lang === 'en' ? '/review/thanks' : `/review/thanks?lang=${lang}`;
}

/** Runs a post, if any, and loads the page; `socket` is the connection's address (undefined: the client left). */
export async function reviewLinkPage(
  request: Request,
  token: string,
  socket: string | undefined,
  now = new Date(),
): Promise<LinkPageAnswer<ReviewLinkModel>> {
  const page = (status: number, shown: ShownReview | undefined, more: Partial<ReviewLinkModel> = {}) => ({
    status,
    retryAfter: undefined,
    model: {
      token,
      lang: shown?.form.language ?? 'en',
      title: wordsFor(shown?.form.language ?? 'en').review.form.title,
      refusal: undefined,
      shown,
      problems: [],
      given: reviewGiven(undefined, shown?.form.defaultName ?? ''),
      ...more,
    },
  });
  if (request.method === 'GET' || request.method === 'HEAD') {
    const shown = await reviewPage.show(token);
    return shown ? page(200, shown) : notFound();
  }
  if (request.method !== 'POST') return notAllowed();
  if (socket === undefined) return { response: clientGone(new URL(request.url).pathname) };
  // The language the form was shown in, as its address says: only the refusal's words depend on it.
  const shownIn = languageOr(new URL(request.url).searchParams.get('lang'));
  const result = await reviewPage.submit(request, token, leadApi.client(request, socket), now, shownIn);
  if (result.kind === 'not-found') return notFound();
  // The link is spent: the thanks are a page of their own, and reloading it sends nothing.
  if (result.kind === 'stored') return { redirect: thanksPath(result.language) };
  if (result.kind === 'refused')
    return {
      ...page(result.status, undefined, {
        lang: shownIn,
        title: wordsFor(shownIn).review.refused.title,
        refusal: result.message,
      }),
      retryAfter: result.retryAfter,
    };
  const { shown, problems, values } = result;
  return page(400, shown, { problems, given: reviewGiven(values, shown.form.defaultName) });
}
