/*
 * The desk's moderation page (src/pages/admin/reviews.astro): one tab of reviews a page at a time
 * (the waiting ones oldest first), the counts, the latest decisions, and the decisions it posts.
 * Any signed-in member of staff moderates; each decision is the store's, logged with who and when.
 */
import { formatAgencyTime } from '../../lib/agency-time.ts';
import {
  decisionLine,
  MODERATION_TABS,
  moderationCard,
  moderationDone,
  moderationHeading,
  moderationTab,
  readModeration,
  type ModerationCard,
  type ModerationTab,
} from '../../lib/reviews/moderation.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import type { ModeratedReview, ReviewDecision, ReviewStatus, ReviewStore } from './store.ts';

/** Reviews on one page of a tab: enough to read through, few enough to draw at once over thousands. */
const REVIEWS_PER_PAGE = 20;

export interface ModerationPage {
  tab: ModerationTab;
  tabs: { tab: ModerationTab; label: string; count: number }[];
  reviews: ModeratedReview[];
  page: number;
  last: number;
  decisions: ReviewDecision[];
}

/** The page the address asks for: `?status=pending|published|refused&page=N`. */
async function moderationPage(store: ReviewStore, url: URL): Promise<ModerationPage> {
  const tab = moderationTab(url.searchParams.get('status'));
  const counts = await store.counts();
  const last = Math.max(1, Math.ceil(counts[tab] / REVIEWS_PER_PAGE));
  const asked = Number(url.searchParams.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, last) : 1;
  return {
    tab,
    tabs: (Object.keys(MODERATION_TABS) as ReviewStatus[]).map((status) => ({
      tab: status,
      label: MODERATION_TABS[status],
      count: counts[status],
    })),
    reviews: await store.list(tab, REVIEWS_PER_PAGE, (page - 1) * REVIEWS_PER_PAGE),
    page,
    last,
    decisions: await store.decisions(undefined, 10),
  };
}

/** A decision's outcome: where to go next, or a refusal with its status. */
export type ModerationPosted = { redirect: string } | { status: 400 | 404; message: string };

/** A posted decision, as `actor` (the staff member's email). */
async function moderationPost(
  store: ReviewStore,
  form: FormData,
  actor: string,
  tab: ModerationTab,
  now = new Date(),
): Promise<ModerationPosted> {
  const read = readModeration(form);
  if (!read.ok) return { status: 400, message: read.message };
  const { moderation } = read;
  const outcome =
    moderation.action === 'reply'
      ? await store.reply(moderation.quoteId, moderation.text, actor, now)
      : await store.decide(
          moderation.quoteId,
          moderation.action === 'publish' ? { publish: true } : { publish: false, reason: moderation.reason },
          actor,
          now,
        );
  if (outcome === 'not-found') return { status: 404, message: 'That review is no longer here: reload the page.' };
  const done =
    outcome === 'already'
      ? 'already'
      : { publish: 'published', refuse: 'refused', reply: 'replied' }[moderation.action];
  return { redirect: `/admin/reviews?status=${tab}&done=${done}#reviews-heading` };
}

/** What the page was asked: the address, the posted form (for a POST) and who is signed in. */
export interface ModerationRequest {
  url: URL;
  form?: FormData | undefined;
  actor: string;
}

/** Everything the page shows: the tab's page as cards and log lines, its heading, the count in all, and what a post did. */
export interface ModerationView extends Omit<ModerationPage, 'reviews' | 'decisions'> {
  cards: ModerationCard[];
  log: string[];
  heading: string;
  total: number;
  done: string | undefined;
  refused: string | undefined;
}

/** Runs a posted decision, if any, and loads the page: a redirect after a decision, else the status and view. */
export async function moderationDesk(
  store: ReviewStore,
  request: ModerationRequest,
  now = new Date(),
): Promise<{ redirect: string } | { status: number; view: ModerationView }> {
  const { url, form, actor } = request;
  let status = 200;
  let refused: string | undefined;
  if (form) {
    const posted = await moderationPost(store, form, actor, moderationTab(url.searchParams.get('status')), now);
    if ('redirect' in posted) return posted;
    status = posted.status;
    refused = posted.message;
  }
  const { reviews, decisions, ...page } = await moderationPage(store, url);
  const time = (iso: string) => formatAgencyTime(iso, agencyContact.timeZone);
  return {
    status,
    view: {
      ...page,
      cards: reviews.map((review) => moderationCard(review, time)),
      log: decisions.map((decision) => decisionLine(decision, time(decision.at))),
      heading: moderationHeading(page.tab),
      total: page.tabs.reduce((sum, tab) => sum + tab.count, 0),
      done: refused ? undefined : moderationDone(url.searchParams.get('done')),
      refused,
    },
  };
}
