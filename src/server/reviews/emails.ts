/*
 * The review invitation and its reminder, registered with the outbox as their kinds. A row holds
 * the booking's facts; the email is written out when it is sent, with a new private link made then
 * (only its hash is kept), and only while the booking may still be reviewed: reviewed or erased
 * since it was queued, nothing is sent.
 */
import { agencyContact } from '../../lib/site-contact.ts';
import { reviewInvitationEmail, reviewLink, type ReviewInvitationMessage } from '../../lib/reviews/emails.ts';
import { messageKind } from '../outbox/kinds.ts';
import { composedMail } from '../outbox/mail.ts';
import { ReviewStore } from './store.ts';

function reviewKind(kind: ReviewInvitationMessage['kind'], label: string) {
  return messageKind<ReviewInvitationMessage>({
    kind,
    label: (message) => `${label} (booking ${message.reference})`,
    compose: async (delivery, message, context) => {
      // MERGE POINT (trip reminders, schema step 17): return null here too when the booking's trip mail is opted out.
      const token = await new ReviewStore(context.database).newLink(message.quoteId, context.now);
      if (token === undefined) return null;
      const words = reviewInvitationEmail(message, {
        link: reviewLink(context.siteUrl, token),
        siteUrl: context.siteUrl,
        googleReviewUrl: agencyContact.googleReviewUrl,
      });
      return composedMail(delivery, { audience: 'pilgrim', ...words }, context.from);
    },
  });
}

/** The invitation, a few days after the booking's return. */
export const REVIEW_INVITATION_KIND = reviewKind('review-invitation', 'Review invitation');
/** The one reminder, a week after the invitation when no review came. */
export const REVIEW_REMINDER_KIND = reviewKind('review-reminder', 'Review reminder');
