import type { Translation } from '../translation.ts';

/** A count of stars, as the form offers each step of the scale and names its ends. */
const stars = (count: number) => (count === 1 ? '1 star' : `${count} stars`);

/**
 * The review invitation's and the review form's words. The policy's two phrases (`personalData`,
 * `welcome`) are the policy page's too: src/lib/reviews/review.ts reads them from here.
 */
export const review = {
  /** What the policy refuses as another person's personal data (Q07). */
  personalData: 'the name, contact details, health or other personal details',
  /** What the same sentence allows, so that nobody leaves out a complaint about how they were served. */
  welcome: 'You are welcome to describe how our staff, guides and hotels served you.',

  /** The invitation, its one reminder and the new link after a refusal for personal data. */
  mail: {
    greeting: 'Assalamu alaikum,',
    invitation: (reference: string) =>
      `Welcome home. We hope your trip with us (booking ${reference}) went well, and we would like to hear how it was: what went well and what did not.`,
    reminder: (reference: string) =>
      `A week ago we asked how your trip with us went (booking ${reference}). If you have a few minutes, we would still like to hear it. This is the only reminder we send.`,
    resend: (reference: string, personalData: string, welcome: string) =>
      `Thank you for your review of your trip with us (booking ${reference}). We could not publish it as written, because it gave ${personalData} of someone other than you, which our policy does not publish. ${welcome} Please send it again without those details: your rating and everything else are welcome as they were.`,
    writeHere: 'Write your review here (no account needed; the link is yours alone and works once):',
    sendAgainHere: 'Send your review again here (the link is yours alone and works once):',
    policy: 'We publish every review that follows our policy, good or bad, with your rating and the name you choose:',
    noIncentive: 'Nothing is offered for a review, and writing one is up to you.',
    google: 'You are also welcome to review us on Google:',
    /** Over the phone, WhatsApp and email lines of the translated half (the English half has the hours). */
    questions: 'Questions? Call, WhatsApp or email us:',
    phone: 'Phone',
    whatsapp: 'WhatsApp',
    email: 'Email',
    /** The translated half's last line; the English half under it carries the address and the stop link. */
    signOff: (agency: string) => `With our prayers, the team at ${agency}`,
    subjectInvitation: (reference: string) => `How was your trip? (booking ${reference})`,
    subjectReminder: (reference: string) => `A reminder: how was your trip? (booking ${reference})`,
    subjectResend: (reference: string) =>
      `Your review, to send again without another person's details (booking ${reference})`,
  },

  /** The form the invitation opens. */
  form: {
    title: 'How was your trip?',
    /** `travelled`: the month and year, as `travelled` below writes them. */
    booking: (reference: string, travelled: string) => `Booking ${reference}, ${travelled}`,
    travelled: (monthAndYear: string) => `travelled ${monthAndYear}`,
    introBefore: 'Tell other travellers what went well and what did not. We publish every review that follows',
    introLink: 'our review policy',
    introAfter: ', good or bad, with the month you travelled. Nothing is offered for a review.',
    /** The scale's ends (src/lib/reviews/rating.ts). */
    rating: (lowest: number, highest: number) =>
      `Overall, how was your trip? (${stars(lowest)} is poor, ${stars(highest)} is excellent)`,
    stars,
    makkah: 'Makkah',
    madinah: 'Madinah',
    hotelQuestion: (city: string) => `Was your hotel in ${city} the one on your quote?`,
    orSimilar: (hotel: string) => `${hotel} or similar`,
    /** Between the hotels of one city, in the order of the stay. */
    then: ', then ',
    quoteSaid: (hotels: string) => `Your quote said: ${hotels}.`,
    yes: 'Yes',
    no: 'No',
    similarTold: 'It was a similar hotel, as the quote allowed, and we were told',
    titleLabel: 'Title',
    titleHint: (limit: string) => `A line that sums it up, up to ${limit} characters.`,
    textLabel: 'Your review',
    textHint: (limit: string, personalData: string, welcome: string) =>
      `Up to ${limit} characters. Please leave out ${personalData} of anyone but yourself: a review that gives them is refused, as the policy says, and we send you a link to send it again without them. ${welcome}`,
    nameLabel: 'Name to show',
    nameHint: (limit: string) => `Shown with your review, up to ${limit} characters.`,
    cityLabel: 'Your city (optional)',
    cityHint: (limit: string) => `Shown with your name, up to ${limit} characters.`,
    consent: (agency: string) =>
      `I agree that ${agency} publishes this review on its site with my rating, my answers about the hotels, the name and city above and the month I travelled. I can ask for it to be removed at any time.`,
    send: 'Send my review',
    once: 'This link works once: after you send your review it no longer opens.',
    /** Heads the page's title when the form came back with problems. */
    errorTitle: (title: string) => `Error: ${title}`,
    problemHeading: 'There is a problem',
    problemNote: 'Nothing was recorded yet.',
    /** Before a problem said beside its field. */
    errorPrefix: 'Error: ',
    skipToContent: 'Skip to content',
  },

  /** Each problem says how to fix it; the numbers are the form's limits and what was sent. */
  problems: {
    rating: (lowest: number, highest: number) => `Choose an overall rating from ${lowest} to ${stars(highest)}.`,
    hotel: (question: string) => `Answer “${question}”`,
    titleMissing: 'Write a title.',
    textMissing: 'Write your review.',
    nameMissing: 'Write the name to show.',
    titleTooLong: (limit: number, length: number) =>
      `Shorten a title to ${limit} characters or fewer (it has ${length}).`,
    textTooLong: (limit: number, length: number) =>
      `Shorten your review to ${limit} characters or fewer (it has ${length}).`,
    nameTooLong: (limit: number, length: number) =>
      `Shorten the name to show to ${limit} characters or fewer (it has ${length}).`,
    cityTooLong: (limit: number, length: number) =>
      `Shorten your city to ${limit} characters or fewer (it has ${length}).`,
    titleHidden: 'Remove the hidden characters from a title.',
    textHidden: 'Remove the hidden characters from your review.',
    nameHidden: 'Remove the hidden characters from the name to show.',
    cityHidden: 'Remove the hidden characters from your city.',
    consent: 'Tick the box to agree that we publish your review, or it cannot be sent.',
  },

  /** A post refused before it was read (src/server/private-form.ts). */
  refused: {
    title: 'Your review was not recorded',
    notFromPage:
      'This review did not come from your review page, so nothing was recorded. Please open the link in your email again and send it from there.',
    tooMany:
      'Too many tries from this connection in a short time, so nothing was recorded. Please wait a few minutes and try again.',
    tooLong: 'This review is too long to send. Please shorten it and try again.',
    notTaken: 'Your review could not be recorded just now. Please try again in a minute or call us.',
    back: 'Back to your review',
  },

  /** The page a sent review leads to. */
  thanks: {
    title: 'Thank you for your review',
    received:
      'Your review has reached us. We read every review against our published policy before it appears; the policy page counts every review we refuse, by reason.',
    readBefore: 'Read ',
    readLink: 'how we collect and publish reviews',
    readAfter: '.',
  },
};
export type ReviewWords = Translation<typeof review>;
