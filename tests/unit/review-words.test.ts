import { describe, expect, it } from 'vitest';
import { wordsFor } from '@/lib/i18n/dictionary';
import { TRANSLATED_LANGUAGES } from '@/lib/languages';
import { reviewInvitationEmail, reviewLink } from '@/lib/reviews/emails';
import { hotelQuestions, readReviewForm, REVIEW_LIMITS, type QuotedHotel } from '@/lib/reviews/review';
import { ltrIn } from '@/lib/languages';
import { reviewFormAction } from '@/lib/reviews/review-form';
import { travelledLabel } from '@/lib/reviews/summary';

/*
 * The review's words in the booking's language: the questions, the problems, the month travelled
 * and the invitation with the English under it. English is what reviews.test.ts asserts.
 */

const HOTELS: QuotedHotel[] = [
  { city: 'makkah', name: 'Hilton Suites Makkah', confirmed: true },
  { city: 'madinah', name: 'Pullman Zamzam Madinah', confirmed: false },
];
const form = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
const CONTEXT = {
  link: reviewLink('https://miqat.example', 'TOKEN'),
  siteUrl: 'https://miqat.example',
  googleReviewUrl: 'https://g.page/r/example/review',
  optOutUrl: 'https://miqat.example/trip/stop-reminders?token=STOP',
};

describe('the review form in a language', () => {
  it('asks its hotel questions in Arabic, the hotels’ names as the quote wrote them', () => {
    const [makkah, madinah] = hotelQuestions(HOTELS, 'ar');
    expect(makkah).toMatchObject({
      label: 'هل كان فندقكم في مكة المكرمة هو الفندق المذكور في عرض السعر؟',
      hotels: 'Hilton Suites Makkah',
      answers: [
        { value: 'yes', label: 'نعم' },
        { value: 'no', label: 'لا' },
      ],
    });
    expect(madinah!.hotels).toBe('Pullman Zamzam Madinah أو ما يماثله');
    expect(madinah!.answers.map((answer) => answer.value)).toEqual(['yes', 'no', 'similar-told']);
  });

  it('says every problem in Bengali, the limits and counts in Bengali digits as its dates are', () => {
    const read = readReviewForm(
      form({ rating: '9', title: 'x'.repeat(REVIEW_LIMITS.title + 1), text: '', display_name: 'a\u0007b' }),
      hotelQuestions(HOTELS, 'bn'),
      'bn',
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toEqual([
      { field: 'rating', message: '১ থেকে ৫ তারার মধ্যে একটি সামগ্রিক রেটিং বেছে নিন।' },
      { field: 'hotel_makkah', message: 'এই প্রশ্নের উত্তর দিন: “মক্কায় আপনার হোটেল কি কোটেশনে লেখা হোটেলটিই ছিল?”' },
      { field: 'hotel_madinah', message: 'এই প্রশ্নের উত্তর দিন: “মদিনায় আপনার হোটেল কি কোটেশনে লেখা হোটেলটিই ছিল?”' },
      { field: 'title', message: 'শিরোনামটি ১০০ অক্ষর বা তার কমে নামিয়ে আনুন (এখন ১০১টি আছে)।' },
      { field: 'text', message: 'আপনার রিভিউ লিখুন।' },
      { field: 'display_name', message: 'দেখানোর নাম থেকে লুকানো অক্ষরগুলো মুছে ফেলুন।' },
      { field: 'consent', message: 'রিভিউ প্রকাশে সম্মতি দিতে বাক্সে টিক দিন, নইলে এটি পাঠানো যাবে না।' },
    ]);
  });

  it('writes the month travelled in each language', () => {
    expect(travelledLabel('2027-03-10', 'en')).toBe('travelled March 2027');
    expect(travelledLabel('2027-03-10', 'ur')).toBe('سفر: مارچ 2027');
    expect(travelledLabel('2027-03-10', 'ar')).toBe('السفر في مارس 2027');
    expect(travelledLabel('2027-03-10', 'bn')).toBe('সফর: মার্চ ২০২৭');
  });

  it('isolates a reference left to right in right-to-left languages only, and posts to an address naming the language', () => {
    expect(ltrIn('ur', 'MQ-7K3F9Q')).toBe('\u2066MQ-7K3F9Q\u2069');
    expect(ltrIn('ar', '+1 (512) 555-0143')).toBe('\u2066+1 (512) 555-0143\u2069');
    expect(ltrIn('bn', 'MQ-7K3F9Q')).toBe('MQ-7K3F9Q');
    expect(ltrIn('en', 'MQ-7K3F9Q')).toBe('MQ-7K3F9Q');
    expect(reviewFormAction('en')).toBeUndefined();
    expect(reviewFormAction('ur')).toBe('?lang=ur');
  });
});

describe('the invitation in a language', () => {
  it('is the English email alone in English', () => {
    const english = reviewInvitationEmail({ kind: 'review-invitation', reference: 'MQ-7K3F9Q' }, CONTEXT, 'en');
    expect(english).toEqual(reviewInvitationEmail({ kind: 'review-invitation', reference: 'MQ-7K3F9Q' }, CONTEXT));
    expect(english.subject).toBe('How was your trip? (booking MQ-7K3F9Q)');
  });

  it('is written in Arabic first, the same links in both halves, the reference isolated, the English under it whole', () => {
    const english = reviewInvitationEmail({ kind: 'review-reminder', reference: 'MQ-7K3F9Q' }, CONTEXT);
    const arabic = reviewInvitationEmail({ kind: 'review-reminder', reference: 'MQ-7K3F9Q' }, CONTEXT, 'ar');
    expect(arabic.subject).toBe(`تذكير: كيف كانت رحلتكم؟ (الحجز \u2066MQ-7K3F9Q\u2069) | ${english.subject}`);
    const [above, below] = arabic.text.split(`${wordsFor('ar').mail.englishBelow} / `);
    expect(above).toMatch(/^السلام عليكم،\n\nسألناكم قبل أسبوع عن رحلتكم معنا \(الحجز \u2066MQ-7K3F9Q\u2069\)/);
    for (const url of [
      CONTEXT.link,
      CONTEXT.googleReviewUrl,
      'https://miqat.example/how-we-collect-and-publish-reviews',
    ])
      expect(above).toContain(`\n${url}\n`);
    expect(above).toContain('الهاتف: \u2066+1 (512) 555-0143\u2069');
    // The stop link and the postal address are the English half's, which is the English email whole.
    expect(above).not.toContain(CONTEXT.optOutUrl);
    expect(below!.endsWith(english.text)).toBe(true);
  });

  it('asks in each language for a review refused for another person’s details to be sent again, in the policy’s words', () => {
    for (const lang of TRANSLATED_LANGUAGES) {
      const words = wordsFor(lang).review;
      const resend = reviewInvitationEmail({ kind: 'review-resend', reference: 'MQ-7K3F9Q' }, CONTEXT, lang);
      expect(resend.text, lang).toContain(words.personalData);
      expect(resend.text, lang).toContain(words.welcome);
      expect(resend.text, lang).toContain(`${words.mail.sendAgainHere}\n${CONTEXT.link}`);
    }
  });
});
