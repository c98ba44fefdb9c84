/*
 * The desk's moderation page (src/pages/admin/reviews.astro): one tab of reviews a page at a time
 * (the waiting ones oldest first), the counts, the latest decisions, and the decisions it posts.
 * Any signed-in member of staff moderates; each decision is the store's, logged with who and when.
 */
import { MODERATION_TABS, moderationTab, readModeration, type ModerationTab } from '../../lib/reviews/moderation.ts';
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
export async function moderationPage(store: ReviewStore, url: URL): Promise<ModerationPage> {
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
export async function moderationPost(
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
