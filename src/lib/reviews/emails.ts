/**
 * The review invitation and its one reminder, as the traveller reads them. Neutral and the same for
 * everyone: no incentive, no hint of what to write, and the agency's Google review link (when the
 * settings hold one) offered to every traveller alike, never only to the pleased (FTC 16 CFR 465;
 * Google's rules against selective solicitation). Like the quote emails, they carry only what the
 * agency wrote (the reference and the link), never a word the traveller typed.
 */
import { signatureLines, talkToUsLines } from '../agency-email.ts';
import { agencyContact } from '../site-contact.ts';

/** The invitation's outbox payload: the booking's facts, never its words. */
export interface ReviewInvitationMessage {
  kind: 'review-invitation' | 'review-reminder';
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
  const google = context.googleReviewUrl.trim();
  const lines = [
    'Assalamu alaikum,',
    '',
    reminder
      ? `A week ago we asked how your trip with us went (booking ${message.reference}). If you have a few minutes, we would still like to hear it. This is the only reminder we send.`
      : `Welcome home. We hope your trip with us (booking ${message.reference}) went well, and we would like to hear how it was: what went well and what did not.`,
    '',
    'Write your review here (no account needed; the link is yours alone and works once):',
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
    ),
  ];
  const subject = reminder
    ? `A reminder: how was your trip? (booking ${message.reference})`
    : `How was your trip? (booking ${message.reference})`;
  return { subject, text: lines.join('\n') };
}
