/** This process's reviews: the store and the traveller's page, on the store main.ts opened. */
import { serverConfig } from '../config.ts';
import { leadApi } from '../leads/instance.ts';
import { PublishedReviews } from './published.ts';
import { ReviewPage } from './review-page.ts';
import { ReviewStore } from './store.ts';

/** Reviews, their invitations and moderation over this process's store. */
export function reviews(): ReviewStore {
  return new ReviewStore(leadApi.store.database);
}

/** The published reviews and the dashboard's figures over this process's store. */
export function publishedReviews(): PublishedReviews {
  return new PublishedReviews(leadApi.store.database);
}

/** The traveller's review page and the review it takes, on this process's store. */
export const reviewPage = new ReviewPage(() => leadApi.store, {
  siteUrl: serverConfig().SITE_URL,
  limit: serverConfig().QUOTE_RATE_LIMIT,
  windowMs: serverConfig().LEADS_RATE_WINDOW_SECONDS * 1000,
});
