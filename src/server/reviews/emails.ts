/*
 * The review invitation, its reminder and the new link after a refusal for personal data, registered with the outbox as their kinds. A row holds
 * the booking's facts; the email is written out when it is sent, with its private link made then
 * (only its hash is kept; one per email, whatever its tries), and only while the booking may still be reviewed: reviewed, erased or
 * its mail turned off (the trip reminders' one-click opt-out, which covers this email too) since it
 * was queued, nothing is sent.
 */
import { agencyContact } from '../../lib/site-contact.ts';
import { reviewInvitationEmail, reviewLink, type ReviewInvitationMessage } from '../../lib/reviews/emails.ts';
import { messageKind } from '../outbox/kinds.ts';
import { composedMail } from '../outbox/mail.ts';
import { tripMailOptedOut, tripOptOutLink } from '../trips/opt-out.ts';
import { bookingLanguage } from '../trips/language.ts';
import { ReviewStore } from './store.ts';

function reviewKind(kind: ReviewInvitationMessage['kind'], label: string) {
  return messageKind<ReviewInvitationMessage>({
    kind,
    label: (message) => `${label} (booking ${message.reference})`,
    compose: async (delivery, message, context) => {
      // Turned off since it was queued: the booking's one opt-out covers the review mail too.
      if (delivery.leadId === null || (await tripMailOptedOut(context.database, message.quoteId))) return null;
      const token = await new ReviewStore(context.database).newLink(message.quoteId, context.now, delivery.id);
      if (token === undefined) return null;
      const booking = { quoteId: message.quoteId, leadId: delivery.leadId };
      const optOut = await tripOptOutLink(context.database, context.siteUrl, booking, context.now, delivery.id);
      // In the booking's language as it is when the email is written out, with the English under it.
      const words = reviewInvitationEmail(
        message,
        {
          link: reviewLink(context.siteUrl, token),
          siteUrl: context.siteUrl,
          googleReviewUrl: agencyContact.googleReviewUrl,
          optOutUrl: optOut,
        },
        await bookingLanguage(context.database, message.quoteId),
      );
      return {
        ...composedMail(delivery, { audience: 'pilgrim', ...words }, context.from),
        headers: { 'List-Unsubscribe': `<${optOut}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    },
  });
}

/** The invitation, a few days after the booking's return. */
export const REVIEW_INVITATION_KIND = reviewKind('review-invitation', 'Review invitation');
/** The one reminder, a week after the invitation when no review came. */
export const REVIEW_REMINDER_KIND = reviewKind('review-reminder', 'Review reminder');
/** A new link after a refusal for another person's personal data, to send the review again without it. */
export const REVIEW_RESEND_KIND = reviewKind('review-resend', 'Review to send again');
