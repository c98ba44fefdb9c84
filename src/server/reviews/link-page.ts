/*
 * The review link's controller (src/pages/review/[token].astro), as trips/link-page.ts is the quote
 * link's: a GET shows the link's form, a POST hands the review to the guarded review page
 * (src/server/reviews/review-page.ts). The page reads the request, calls `reviewLinkPage` and
 * renders the answer; it decides nothing.
 */
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
  title: string;
  refusal: string | undefined;
  shown: ShownReview | undefined;
  problems: readonly ReviewProblem[];
  given: ReviewGiven;
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
      title: 'How was your trip?',
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
  const result = await reviewPage.submit(request, token, leadApi.client(request, socket), now);
  if (result.kind === 'not-found') return notFound();
  // The link is spent: the thanks are a page of their own, and reloading it sends nothing.
  if (result.kind === 'stored') return { redirect: '/review/thanks' };
  if (result.kind === 'refused')
    return {
      ...page(result.status, undefined, { title: 'Your review was not recorded', refusal: result.message }),
      retryAfter: result.retryAfter,
    };
  const { shown, problems, values } = result;
  return page(400, shown, { problems, given: reviewGiven(values, shown.form.defaultName) });
}
