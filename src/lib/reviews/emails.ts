/**
 * The review invitation and its one reminder, as the traveller reads them. Neutral and the same for
 * everyone: no incentive, no hint of what to write, and the agency's Google review link (when the
 * settings hold one) offered to every traveller alike, never only to the pleased (FTC 16 CFR 465;
 * Google's rules against selective solicitation). Like the quote emails, they carry only what the
 * agency wrote (the reference and the link), never a word the traveller typed.
 */
import { signatureLines, talkToUsLines } from '../agency-email.ts';
import { whatsappUrl } from '../contact-links.ts';
import { bilingualMail, type MailText } from '../i18n/bilingual.ts';
import { whatsappGreetingIn, wordsFor } from '../i18n/dictionary.ts';
import type { Language } from '../languages.ts';
import { agencyContact } from '../site-contact.ts';
import { ltrIn } from '../languages.ts';

/** The invitation's outbox payload: the booking's facts, never its words. */
export interface ReviewInvitationMessage {
  kind: 'review-invitation' | 'review-reminder' | 'review-resend';
  quoteId: string;
  reference: string;
}

/** What an invitation links to: the form, the site, the agency's Google page (or ''), the stop link. */
interface InvitationContext {
  link: string;
  siteUrl: string;
  googleReviewUrl: string;
  optOutUrl: string;
}

/** The traveller's private review link, on the site's origin. */
export function reviewLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/review/${token}`;
}

function policyUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/how-we-collect-and-publish-reviews`;
}

/** The opening sentence and the subject of each kind, in a language; `ltr` isolates the reference. */
function kindWords(
  lang: Language,
  message: Pick<ReviewInvitationMessage, 'kind' | 'reference'>,
  ltr: (text: string) => string,
) {
  const words = wordsFor(lang).review;
  const reference = ltr(message.reference);
  switch (message.kind) {
    case 'review-invitation':
      return { opening: words.mail.invitation(reference), subject: words.mail.subjectInvitation(reference) };
    case 'review-reminder':
      return { opening: words.mail.reminder(reference), subject: words.mail.subjectReminder(reference) };
    case 'review-resend':
      return {
        opening: words.mail.resend(reference, words.personalData, words.welcome),
        subject: words.mail.subjectResend(reference),
      };
  }
}

function englishEmail(
  message: Pick<ReviewInvitationMessage, 'kind' | 'reference'>,
  context: InvitationContext,
): MailText {
  const words = wordsFor('en').review.mail;
  const { opening, subject } = kindWords('en', message, (text) => text);
  const google = context.googleReviewUrl.trim();
  const lines = [
    words.greeting,
    '',
    opening,
    '',
    message.kind === 'review-resend' ? words.sendAgainHere : words.writeHere,
    context.link,
    '',
    `${words.policy} ${policyUrl(context.siteUrl)}`,
    words.noIncentive,
    ...(google ? ['', words.google, google] : []),
    '',
    ...talkToUsLines(),
    '',
    ...signatureLines(
      context.siteUrl,
      `You received this because you travelled with ${agencyContact.name} on booking ${message.reference}. To stop emails about this trip, open this link and press the button: ${context.optOutUrl}`,
      false,
    ),
  ];
  return { subject, text: lines.join('\n') };
}

/**
 * The same email in the booking's language, for the half above the English: the links, the phone and
 * the email address on lines of their own, and in right-to-left text the reference and the agency's
 * name isolated (U+2066…U+2069) so that they read left to right. The hours, the postal address and
 * the stop link are in the English half under it.
 */
function translatedEmail(
  lang: Language,
  message: Pick<ReviewInvitationMessage, 'kind' | 'reference'>,
  context: InvitationContext,
): MailText {
  const words = wordsFor(lang).review.mail;
  const ltr = (text: string) => ltrIn(lang, text);
  const { opening, subject } = kindWords(lang, message, ltr);
  const google = context.googleReviewUrl.trim();
  const lines = [
    words.greeting,
    '',
    opening,
    '',
    message.kind === 'review-resend' ? words.sendAgainHere : words.writeHere,
    context.link,
    '',
    words.policy,
    policyUrl(context.siteUrl),
    words.noIncentive,
    ...(google ? ['', words.google, google] : []),
    '',
    words.questions,
    `${words.phone}: ${ltr(agencyContact.phone.display)}`,
    `${words.whatsapp}: ${whatsappUrl(agencyContact, { translated: whatsappGreetingIn(lang) })}`,
    `${words.email}: ${agencyContact.email}`,
    '',
    words.signOff(ltr(agencyContact.name)),
  ];
  return { subject, text: lines.join('\n') };
}

/**
 * The subject and text of the invitation (or the reminder, or the new link) for booking `reference`:
 * in the booking's language with the English under it (bilingualMail), in English alone for English.
 */
export function reviewInvitationEmail(
  message: Pick<ReviewInvitationMessage, 'kind' | 'reference'>,
  context: InvitationContext,
  lang: Language = 'en',
): MailText {
  const english = englishEmail(message, context);
  return lang === 'en' ? english : bilingualMail(lang, translatedEmail(lang, message, context), english);
}
