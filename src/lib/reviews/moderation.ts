/**
 * The desk's moderation of reviews: what a decision form posted, read and checked (one reason of the
 * policy for a refusal, the reply's limit), the messages after it, and how a review's parts are named.
 */
import { REFUSAL_REASONS, isRefusalReason, type HotelAnswer, type HotelCity, type RefusalReason } from './review.ts';

/** The agency's one reply stays short: it answers, it does not argue. */
export const REPLY_MAX_LENGTH = 1000;

/** The statuses the page lists, in its order, with their tab names. */
export const MODERATION_TABS = { pending: 'Waiting', published: 'Published', refused: 'Refused' } as const;
export type ModerationTab = keyof typeof MODERATION_TABS;

/** The tab an address asks for; the waiting reviews unless it names another. */
export function moderationTab(value: string | null): ModerationTab {
  return value !== null && Object.hasOwn(MODERATION_TABS, value) ? (value as ModerationTab) : 'pending';
}

/** A decision the page can take. */
export type Moderation =
  | { action: 'publish'; quoteId: string }
  | { action: 'refuse'; quoteId: string; reason: RefusalReason }
  | { action: 'reply'; quoteId: string; text: string };

/** Reads a posted decision: a refusal needs one reason of the policy, a reply its words within the limit. */
export function readModeration(form: {
  get(name: string): unknown;
}): { ok: true; moderation: Moderation } | { ok: false; message: string } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const quoteId = text('quote');
  if (quoteId === '') return { ok: false, message: 'That review is no longer here: reload the page.' };
  const action = text('action');
  if (action === 'publish') return { ok: true, moderation: { action, quoteId } };
  if (action === 'refuse') {
    const reason = text('reason');
    if (!isRefusalReason(reason))
      return { ok: false, message: 'Choose the reason from the policy the review is refused for.' };
    return { ok: true, moderation: { action, quoteId, reason } };
  }
  if (action === 'reply') {
    const words = text('reply').replace(/\r\n?/g, '\n').trim();
    if (words === '') return { ok: false, message: 'Write the reply before publishing it.' };
    if (words.length > REPLY_MAX_LENGTH)
      return {
        ok: false,
        message: `Shorten the reply to ${REPLY_MAX_LENGTH} characters or fewer (it has ${words.length}).`,
      };
    return { ok: true, moderation: { action, quoteId, text: words } };
  }
  return { ok: false, message: 'That action is not one the page offers: reload the page.' };
}

/** What the page says after a decision went through, by its `done` code. */
export function moderationDone(code: string | null): string | undefined {
  return {
    published: 'Review published.',
    refused: 'Review refused; the policy page counts it.',
    replied: 'Reply published under the review.',
    already: 'Someone decided on that review already, so nothing changed.',
  }[code ?? ''];
}

/** "Hotel in Makkah as on the quote: Yes": a review's hotel answers as staff read them, Makkah first. */
export function hotelLines(hotels: Partial<Record<HotelCity, HotelAnswer>>): string[] {
  const answers = { yes: 'Yes', no: 'No', 'similar-told': 'A similar hotel, and we were told' };
  return (['makkah', 'madinah'] as const).flatMap((city) => {
    const answer = hotels[city];
    if (!answer) return [];
    return [`Hotel in ${city === 'makkah' ? 'Makkah' : 'Madinah'} as on the quote: ${answers[answer]}`];
  });
}

/** The policy's reason in its words. */
export function reasonLabel(reason: RefusalReason): string {
  return REFUSAL_REASONS[reason];
}
