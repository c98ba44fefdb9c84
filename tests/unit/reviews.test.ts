import { describe, expect, it } from 'vitest';
import { reviewInvitationEmail, reviewLink } from '@/lib/reviews/emails';
import {
  REPLY_MAX_LENGTH,
  hotelLines,
  moderationDone,
  moderationTab,
  readModeration,
  reasonLabel,
} from '@/lib/reviews/moderation';
import {
  REVIEW_LIMITS,
  REVIEW_PERSONAL_DATA,
  REVIEW_WELCOME,
  defaultDisplayName,
  hotelQuestions,
  invitationDue,
  invitationDueOn,
  invitationReturnedBy,
  isRefusalReason,
  readReviewForm,
  reminderDue,
  type QuotedHotel,
} from '@/lib/reviews/review';
import {
  hotelStay,
  hotelStayText,
  refusalCounts,
  reviewFigureCards,
  reviewFigures,
  summarizeReviews,
  travelledLabel,
  type PublishedReview,
} from '@/lib/reviews/summary';

/*
 * The reviews' pure parts: the form's questions and how a post is read, when invitations and
 * reminders fall due, the invitation's words, the desk's decisions, and what published reviews add
 * up to on a package's page, the policy page and the dashboard.
 */

const HOTELS: QuotedHotel[] = [
  { city: 'makkah', name: 'Hilton Suites Makkah', confirmed: true },
  { city: 'madinah', name: 'Pullman Zamzam Madinah', confirmed: false },
];
const form = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
const GOOD = {
  rating: '5',
  hotel_makkah: 'yes',
  hotel_madinah: 'similar-told',
  title: ' Close to the Haram ',
  text: 'Line one\r\nLine two',
  display_name: 'Layla   H.',
  city: 'Houston',
  consent: 'yes',
};

describe('the review form', () => {
  it('asks about each city the quote named a hotel in, offering “a similar hotel” only where the quote said “or similar”', () => {
    const questions = hotelQuestions(HOTELS);
    expect(
      questions.map((question) => [question.label, question.hotels, question.answers.map((a) => a.value)]),
    ).toEqual([
      ['Was your hotel in Makkah the one on your quote?', 'Hilton Suites Makkah', ['yes', 'no']],
      [
        'Was your hotel in Madinah the one on your quote?',
        'Pullman Zamzam Madinah or similar',
        ['yes', 'no', 'similar-told'],
      ],
    ]);
    expect(hotelQuestions([])).toEqual([]);
    expect(hotelQuestions([HOTELS[1]!]).map((question) => question.city)).toEqual(['madinah']);
  });

  it('suggests the first name and the last name’s initial', () => {
    expect(defaultDisplayName('layla  ibn haddad')).toBe('layla H.');
    expect(defaultDisplayName('Omar')).toBe('Omar');
    expect(defaultDisplayName('  ')).toBe('');
  });

  it('reads a good review, tidying spaces and line breaks', () => {
    expect(readReviewForm(form(GOOD), hotelQuestions(HOTELS))).toEqual({
      ok: true,
      review: {
        rating: 5,
        hotels: { makkah: 'yes', madinah: 'similar-told' },
        title: 'Close to the Haram',
        text: 'Line one\nLine two',
        displayName: 'Layla H.',
        city: 'Houston',
      },
    });
  });

  it('names every problem at once and keeps nothing: no rating, an answer the question does not offer, too long, no consent', () => {
    const read = readReviewForm(
      form({
        ...GOOD,
        rating: '6',
        hotel_makkah: 'similar-told',
        hotel_madinah: '',
        title: '',
        text: 'x'.repeat(REVIEW_LIMITS.text + 1),
        display_name: 'A\u0007',
        consent: '',
      }),
      hotelQuestions(HOTELS),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((problem) => problem.field)).toEqual([
      'rating',
      'hotel_makkah',
      'hotel_madinah',
      'title',
      'text',
      'display_name',
      'consent',
    ]);
    expect(read.problems.find((problem) => problem.field === 'text')!.message).toBe(
      'Shorten your review to 2000 characters or fewer (it has 2001).',
    );
    expect(read.values.consent).toBe(false);
    // The city is optional.
    expect(readReviewForm(form({ ...GOOD, city: '' }), hotelQuestions(HOTELS)).ok).toBe(true);
  });

  it('knows the policy’s four reasons and nothing else', () => {
    expect(['personal-data', 'abuse', 'off-topic', 'not-our-trip'].every(isRefusalReason)).toBe(true);
    expect(isRefusalReason('negative')).toBe(false);
    expect(isRefusalReason('toString')).toBe(false);
  });
});

describe('when invitations and reminders fall due', () => {
  it('invites a set number of days after the return, and not once the window has passed', () => {
    expect(invitationDueOn('2027-03-24', 3)).toBe('2027-03-27');
    expect(invitationDue('2027-03-24', 3, '2027-03-26')).toBe(false);
    expect(invitationDue('2027-03-24', 3, '2027-03-27')).toBe(true);
    expect(invitationDue('2027-03-24', 3, '2027-04-25')).toBe(true);
    expect(invitationDue('2027-03-24', 3, '2027-04-26')).toBe(false);
  });

  it('bounds the returns the store reads: none later than the days before today is due', () => {
    expect(invitationReturnedBy(3, '2027-03-27')).toBe('2027-03-24');
    expect(invitationDue('2027-03-25', 3, '2027-03-27')).toBe(false);
  });

  it('reminds a week after the invitation, to the hour', () => {
    expect(reminderDue('2027-03-27T17:00:00.000Z', new Date('2027-04-03T16:59:00.000Z'))).toBe(false);
    expect(reminderDue('2027-03-27T17:00:00.000Z', new Date('2027-04-03T17:00:00.000Z'))).toBe(true);
  });
});

describe('the invitation email', () => {
  const context = {
    link: reviewLink('https://miqat.example/', 'TOKEN'),
    siteUrl: 'https://miqat.example',
    googleReviewUrl: '',
    optOutUrl: 'https://miqat.example/trip/stop-reminders?token=STOP',
  };

  it('carries the private link and the policy, offers nothing for a review, and names the booking', () => {
    expect(context.link).toBe('https://miqat.example/review/TOKEN');
    const email = reviewInvitationEmail({ kind: 'review-invitation', reference: 'MQ-7K3F9Q' }, context);
    expect(email.subject).toBe('How was your trip? (booking MQ-7K3F9Q)');
    expect(email.text).toContain('https://miqat.example/review/TOKEN');
    expect(email.text).toContain('https://miqat.example/how-we-collect-and-publish-reviews');
    expect(email.text).toContain('Nothing is offered for a review');
    expect(email.text).not.toMatch(/google/i);
    expect(email.text).toContain(
      'To stop emails about this trip, open this link and press the button: https://miqat.example/trip/stop-reminders?token=STOP',
    );
  });

  it('offers the Google link to everyone alike when the settings hold one; the reminder says it is the only one', () => {
    const google = { ...context, googleReviewUrl: 'https://g.page/r/example/review' };
    const invitation = reviewInvitationEmail({ kind: 'review-invitation', reference: 'MQ-7K3F9Q' }, google);
    const reminder = reviewInvitationEmail({ kind: 'review-reminder', reference: 'MQ-7K3F9Q' }, google);
    expect(invitation.text).toContain('https://g.page/r/example/review');
    expect(reminder.text).toContain('https://g.page/r/example/review');
    expect(reminder.subject).toBe('A reminder: how was your trip? (booking MQ-7K3F9Q)');
    expect(reminder.text).toContain('This is the only reminder we send.');
  });

  it('carries the postal address, and no "if that was not you" after saying they travelled with us (Q11)', () => {
    const invitation = reviewInvitationEmail({ kind: 'review-invitation', reference: 'MQ-7K3F9Q' }, context);
    expect(invitation.text).toContain('Miqat Travel LLC, 600 Congress Avenue, Suite 1420, Austin, TX 78701');
    expect(invitation.text).not.toContain('If that was not you, please ignore it.');
  });

  it("asks for a review refused for another person's details to be sent again, in the policy's words, welcoming how staff served them (Q07)", () => {
    const resend = reviewInvitationEmail({ kind: 'review-resend', reference: 'MQ-7K3F9Q' }, context);
    expect(resend.subject).toBe("Your review, to send again without another person's details (booking MQ-7K3F9Q)");
    expect(resend.text).toContain(`it gave ${REVIEW_PERSONAL_DATA} of someone other than you`);
    expect(resend.text).toContain(REVIEW_WELCOME);
    expect(resend.text).toContain('Send your review again here (the link is yours alone and works once):');
    expect(resend.text).toContain(context.link);
    expect(resend.text).not.toMatch(/describe other people/);
  });
});

describe('the desk’s moderation', () => {
  const posted = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

  it('reads a publication, a refusal with one reason of the policy, and a reply within its limit', () => {
    expect(readModeration(posted({ quote: 'q1', action: 'publish' }))).toEqual({
      ok: true,
      moderation: { action: 'publish', quoteId: 'q1' },
    });
    expect(readModeration(posted({ quote: 'q1', action: 'refuse', reason: 'abuse' }))).toEqual({
      ok: true,
      moderation: { action: 'refuse', quoteId: 'q1', reason: 'abuse' },
    });
    expect(readModeration(posted({ quote: 'q1', action: 'refuse', reason: '' }))).toEqual({
      ok: false,
      message: 'Choose the reason from the policy the review is refused for.',
    });
    expect(readModeration(posted({ quote: 'q1', action: 'reply', reply: ' Thank you.\r\n ' }))).toEqual({
      ok: true,
      moderation: { action: 'reply', quoteId: 'q1', text: 'Thank you.' },
    });
    expect(readModeration(posted({ quote: 'q1', action: 'reply', reply: 'x'.repeat(REPLY_MAX_LENGTH + 1) })).ok).toBe(
      false,
    );
    expect(readModeration(posted({ quote: 'q1', action: 'edit' })).ok).toBe(false);
    expect(readModeration(posted({ action: 'publish' })).ok).toBe(false);
  });

  it('names tabs, outcomes, hotel answers and reasons', () => {
    expect(moderationTab('refused')).toBe('refused');
    expect(moderationTab('constructor')).toBe('pending');
    expect(moderationTab(null)).toBe('pending');
    expect(moderationDone('refused')).toBe('Review refused; the policy page counts it.');
    expect(moderationDone('other')).toBeUndefined();
    expect(hotelLines({ madinah: 'similar-told', makkah: 'no' })).toEqual([
      'Hotel in Makkah as on the quote: No',
      'Hotel in Madinah as on the quote: A similar hotel, and we were told',
    ]);
    expect(reasonLabel('not-our-trip')).toBe('Not about a trip with us');
  });
});

const published = (overrides: Partial<PublishedReview>): PublishedReview => ({
  quoteId: 'q',
  packageSlug: 'umrah-economy-14-nights',
  rating: 5,
  hotels: {},
  title: 'Title',
  text: 'Text',
  displayName: 'Layla H.',
  city: 'Houston',
  travelledOn: '2027-03-10',
  publishedAt: '2027-04-01T10:00:00.000Z',
  reply: null,
  erased: false,
  language: 'en',
  ...overrides,
});

describe('what published reviews add up to', () => {
  it('says the month travelled, and whether the hotels were the quote’s', () => {
    expect(travelledLabel('2027-03-10')).toBe('travelled March 2027');
    expect(travelledLabel('2026-12-31')).toBe('travelled December 2026');
    expect(hotelStay({})).toBeNull();
    expect(hotelStay({ makkah: 'yes', madinah: 'yes' })).toBe('quoted');
    // A similar hotel, even one the traveller was told about, is not the quote's (Q06).
    expect(hotelStay({ makkah: 'yes', madinah: 'similar-told' })).toBe('similar');
    expect(hotelStay({ makkah: 'similar-told', madinah: 'no' })).toBe('other');
    expect(hotelStayText({ answered: 12, quoted: 9, similar: 2, other: 1 })).toBe(
      'Of 12 travellers who answered: 9 stayed in the hotels on their quote, 2 in a similar hotel they were told about, 1 in another hotel.',
    );
    expect(hotelStayText({ answered: 1, quoted: 0, similar: 1, other: 0 })).toBe(
      'Of 1 traveller who answered: 0 stayed in the hotels on their quote, 1 in a similar hotel they were told about, 0 in another hotel.',
    );
    expect(hotelStayText({ answered: 0, quoted: 0, similar: 0, other: 0 })).toBeNull();
  });

  it('sums up a package: count, average, distribution, the newest with words, hotels as promised', () => {
    const summary = summarizeReviews(
      [
        published({ quoteId: 'a', rating: 5, hotels: { makkah: 'yes' }, publishedAt: '2027-04-01T10:00:00.000Z' }),
        published({ quoteId: 'b', rating: 2, hotels: { makkah: 'no' }, publishedAt: '2027-04-03T10:00:00.000Z' }),
        published({ quoteId: 'c', rating: 4, publishedAt: '2027-04-05T10:00:00.000Z', erased: true, text: '' }),
      ],
      2,
    );
    expect(summary).toMatchObject({
      count: 3,
      average: 3.7,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 1 },
        { stars: 3, count: 0 },
        { stars: 2, count: 1 },
        { stars: 1, count: 0 },
      ],
      hotels: { answered: 2, quoted: 1, similar: 0, other: 1 },
    });
    // The erased review counts in the average but shows no words.
    expect(summary.newest.map((review) => [review.quoteId, review.travelled])).toEqual([
      ['b', 'travelled March 2027'],
      ['a', 'travelled March 2027'],
    ]);
    expect(summarizeReviews([])).toMatchObject({
      count: 0,
      average: null,
      newest: [],
      hotels: { answered: 0, quoted: 0, similar: 0, other: 0 },
    });
  });

  it('counts the refusals by every reason of the policy, in its order', () => {
    expect(refusalCounts([{ reason: 'abuse', count: 2 }])).toEqual([
      { reason: 'personal-data', label: 'Personal data of someone else', count: 0 },
      { reason: 'abuse', label: 'Abuse', count: 2 },
      { reason: 'off-topic', label: 'Off-topic', count: 0 },
      { reason: 'not-our-trip', label: 'Not about a trip with us', count: 0 },
    ]);
  });

  it('gives the dashboard its invitations, response rate, and by package the published reviews’ average and hotels', () => {
    const figures = reviewFigures([
      { packageSlug: 'a', review: { status: 'published', rating: 5, hotels: { makkah: 'yes' } } },
      { packageSlug: 'a', review: { status: 'refused', rating: 1, hotels: { makkah: 'no' } } },
      { packageSlug: 'a', review: null },
      { packageSlug: null, review: { status: 'published', rating: 2, hotels: { madinah: 'no' } } },
    ]);
    expect(figures).toEqual({
      invited: 4,
      reviews: 3,
      responsePercent: 75,
      published: 2,
      average: 3.5,
      byPackage: [
        { packageSlug: 'a', invited: 3, reviews: 2, published: 1, average: 5, hotelsAsPromisedPercent: 100 },
        { packageSlug: null, invited: 1, reviews: 1, published: 1, average: 2, hotelsAsPromisedPercent: 0 },
      ],
    });
    expect(reviewFigureCards(figures).map((card) => card.value)).toEqual(['4', '75%', '3.5 of 5']);
    expect(reviewFigureCards(reviewFigures([])).map((card) => card.value)).toEqual([
      '0',
      'No invitation yet',
      'None published',
    ]);
  });
});
