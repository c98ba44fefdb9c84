/**
 * The desk's moderation of reviews: what a decision form posted, read and checked (one reason of the
 * policy for a refusal, the reply's limit), the messages after it, and how a review's parts are named.
 */
import { LANGUAGE_INFO, type Language } from '../languages.ts';
import { ofScale } from './rating.ts';
import {
  REFUSAL_REASONS,
  isRefusalReason,
  type HotelAnswer,
  type HotelCity,
  type RefusalReason,
  type ReviewEntry,
} from './review.ts';

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

/** The list's heading: the waiting reviews are read oldest first, the decided ones newest decision first. */
export function moderationHeading(tab: ModerationTab): string {
  return tab === 'pending' ? 'Waiting for a decision, oldest first' : `${MODERATION_TABS[tab]}, newest decision first`;
}

const DECISION_ACTIONS = { submitted: 'Submitted', published: 'Published', refused: 'Refused', replied: 'Replied' };

/** A line of the decision log, "when · Refused (Abuse) · who": every refusal names the policy's reason. */
export function decisionLine(
  decision: { action: keyof typeof DECISION_ACTIONS; reason: RefusalReason | null; actor: string },
  when: string,
): string {
  const reason = decision.reason ? ` (${reasonLabel(decision.reason)})` : '';
  return `${when} · ${DECISION_ACTIONS[decision.action]}${reason} · ${decision.actor}`;
}

/** A review as the moderation page reads it: the store's moderated review has these and more. */
export interface ModerationEntry extends ReviewEntry {
  quoteId: string;
  reference: string;
  leadId: string | null;
  packageSlug: string | null;
  travelled: string;
  submittedAt: string;
  status: ModerationTab;
  refusedReason: RefusalReason | null;
  decidedBy: string | null;
  decidedAt: string | null;
  reply: { text: string; by: string; at: string } | null;
  erasedAt: string | null;
  language: Language;
}

/** One review's card on the moderation page, in words, and the one form it still offers. */
export interface ModerationCard {
  quoteId: string;
  reference: string;
  leadId: string | null;
  heading: string;
  stars: string;
  details: string;
  hotels: string | undefined;
  text: string;
  /** "Written in Urdu": the desk names the language in English; `lang` and `dir` mark the words themselves. */
  written: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  signature: string;
  decision: string | undefined;
  reply: { line: string; text: string } | undefined;
  form: 'decide' | 'reply' | undefined;
}

/** A review as staff read it: an erased one keeps no title or name; a published one takes one reply, never two. */
export function moderationCard(review: ModerationEntry, time: (iso: string) => string): ModerationCard {
  // A decided review always has who, when and (refused) its reason: the store writes them together.
  const decided = () => `by ${review.decidedBy}, ${time(review.decidedAt!)}`;
  return {
    quoteId: review.quoteId,
    reference: review.reference,
    leadId: review.leadId,
    heading: review.erasedAt ? '(erased at the person’s request)' : review.title,
    stars: `${ofScale(review.rating)} stars · booking `,
    details: ` · ${review.packageSlug ?? 'no catalogue package'} · ${review.travelled} · sent ${time(review.submittedAt)}`,
    hotels: Object.keys(review.hotels).length > 0 ? hotelLines(review.hotels).join(' · ') : undefined,
    text: review.text,
    written: `Written in ${LANGUAGE_INFO[review.language].englishName}`,
    lang: LANGUAGE_INFO[review.language].tag,
    dir: LANGUAGE_INFO[review.language].dir,
    signature: review.erasedAt ? '' : `— ${review.displayName}${review.city ? `, ${review.city}` : ''}`,
    decision:
      review.status === 'pending'
        ? undefined
        : review.status === 'published'
          ? `Published ${decided()}`
          : `Refused (${reasonLabel(review.refusedReason!)}) ${decided()}`,
    reply: review.reply
      ? { line: `Our reply, by ${review.reply.by}, ${time(review.reply.at)}`, text: review.reply.text }
      : undefined,
    form:
      review.status === 'pending'
        ? 'decide'
        : review.status === 'published' && !review.reply && !review.erasedAt
          ? 'reply'
          : undefined,
  };
}
