/**
 * The review invitation and its one reminder, as the traveller reads them. Neutral and the same for
 * everyone: no incentive, no hint of what to write, and the agency's Google review link (when the
 * settings hold one) offered to every traveller alike, never only to the pleased (FTC 16 CFR 465;
 * Google's rules against selective solicitation). Like the quote emails, they carry only what the
 * agency wrote (the reference and the link), never a word the traveller typed.
 */
import { signatureLines, talkToUsLines } from '../agency-email.ts';
import { agencyContact } from '../site-contact.ts';
import { REVIEW_PERSONAL_DATA, REVIEW_WELCOME } from './review.ts';

/** The invitation's outbox payload: the booking's facts, never its words. */
export interface ReviewInvitationMessage {
  kind: 'review-invitation' | 'review-reminder' | 'review-resend';
  quoteId: string;
  reference: string;
}

/** The traveller's private review link, on the site's origin. */
export function reviewLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/review/${token}`;
}

/** The subject and text of the invitation (or the reminder) for booking `reference`. */
export function reviewInvitationEmail(
  message: Pick<ReviewInvitationMessage, 'kind' | 'reference'>,
  context: { link: string; siteUrl: string; googleReviewUrl: string; optOutUrl: string },
): { subject: string; text: string } {
  const reminder = message.kind === 'review-reminder';
  const resend = message.kind === 'review-resend';
  const google = context.googleReviewUrl.trim();
  const opening = {
    'review-invitation': `Welcome home. We hope your trip with us (booking ${message.reference}) went well, and we would like to hear how it was: what went well and what did not.`,
    'review-reminder': `A week ago we asked how your trip with us went (booking ${message.reference}). If you have a few minutes, we would still like to hear it. This is the only reminder we send.`,
    'review-resend': `Thank you for your review of your trip with us (booking ${message.reference}). We could not publish it as written, because it gave ${REVIEW_PERSONAL_DATA} of someone other than you, which our policy does not publish. ${REVIEW_WELCOME} Please send it again without those details: your rating and everything else are welcome as they were.`,
  }[message.kind];
  const lines = [
    'Assalamu alaikum,',
    '',
    opening,
    '',
    resend
      ? 'Send your review again here (the link is yours alone and works once):'
      : 'Write your review here (no account needed; the link is yours alone and works once):',
    context.link,
    '',
    `We publish every review that follows our policy, good or bad, with your rating and the name you choose: ${context.siteUrl.replace(/\/+$/, '')}/how-we-collect-and-publish-reviews`,
    'Nothing is offered for a review, and writing one is up to you.',
    ...(google ? ['', 'You are also welcome to review us on Google:', google] : []),
    '',
    ...talkToUsLines(),
    '',
    ...signatureLines(
      context.siteUrl,
      `You received this because you travelled with ${agencyContact.name} on booking ${message.reference}. To stop emails about this trip, open this link and press the button: ${context.optOutUrl}`,
      false,
    ),
  ];
  const subject = resend
    ? `Your review, to send again without another person's details (booking ${message.reference})`
    : reminder
      ? `A reminder: how was your trip? (booking ${message.reference})`
      : `How was your trip? (booking ${message.reference})`;
  return { subject, text: lines.join('\n') };
}
