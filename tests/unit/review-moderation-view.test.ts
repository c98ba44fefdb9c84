import { describe, expect, it } from 'vitest';
import { decisionLine, moderationCard, moderationHeading, type ModerationEntry } from '@/lib/reviews/moderation';

describe('the moderation page in words', () => {
  it('reads waiting reviews oldest first and decided ones newest decision first', () => {
    expect(moderationHeading('pending')).toBe('Waiting for a decision, oldest first');
    expect(moderationHeading('published')).toBe('Published, newest decision first');
    expect(moderationHeading('refused')).toBe('Refused, newest decision first');
  });

  it('logs each decision with when, what (a refusal with its reason) and who', () => {
    const when = 'Nov 28, 2026, 9:15 AM';
    expect(decisionLine({ action: 'refused', reason: 'abuse', actor: 'agent@agency.example' }, when)).toBe(
      'Nov 28, 2026, 9:15 AM · Refused (Abuse) · agent@agency.example',
    );
    expect(decisionLine({ action: 'published', reason: null, actor: 'owner@agency.example' }, when)).toBe(
      'Nov 28, 2026, 9:15 AM · Published · owner@agency.example',
    );
    expect(decisionLine({ action: 'submitted', reason: null, actor: 'traveller' }, when)).toBe(
      'Nov 28, 2026, 9:15 AM · Submitted · traveller',
    );
  });
});

describe('a review’s card on the moderation page', () => {
  const time = (iso: string) => `at ${iso}`;
  const waiting: ModerationEntry = {
    quoteId: 'q1',
    reference: 'MQ-1001',
    leadId: 'lead-1',
    packageSlug: 'umrah-ramadan-houston',
    travelled: 'March 2027',
    rating: 4,
    hotels: { madinah: 'similar-told', makkah: 'yes' },
    title: 'Close to the Haram',
    text: 'The walk took five minutes.',
    displayName: 'Layla H.',
    city: 'Houston',
    submittedAt: '2027-04-02T10:00:00Z',
    status: 'pending',
    refusedReason: null,
    decidedBy: null,
    decidedAt: null,
    reply: null,
    erasedAt: null,
    language: 'en',
  };

  it('shows a waiting review as sent, with the two decisions to take', () => {
    expect(moderationCard(waiting, time)).toEqual({
      quoteId: 'q1',
      reference: 'MQ-1001',
      leadId: 'lead-1',
      heading: 'Close to the Haram',
      stars: '4 of 5 stars · booking ',
      details: ' · umrah-ramadan-houston · March 2027 · sent at 2027-04-02T10:00:00Z',
      hotels:
        'Hotel in Makkah as on the quote: Yes · Hotel in Madinah as on the quote: A similar hotel, and we were told',
      text: 'The walk took five minutes.',
      written: 'Written in English',
      lang: 'en',
      dir: 'ltr',
      signature: '— Layla H., Houston',
      decision: undefined,
      reply: undefined,
      form: 'decide',
    });
  });

  it('names the language a review was written in, in English, and marks its words with it', () => {
    expect(moderationCard({ ...waiting, language: 'ur' }, time)).toMatchObject({
      written: 'Written in Urdu',
      lang: 'ur',
      dir: 'rtl',
    });
    expect(moderationCard({ ...waiting, language: 'bn' }, time)).toMatchObject({
      written: 'Written in Bengali',
      dir: 'ltr',
    });
  });

  it('offers one reply under a published review, and none once it has one or is erased', () => {
    const published = { ...waiting, status: 'published' as const, decidedBy: 'agent@a.example', decidedAt: 'T1' };
    expect(moderationCard(published, time)).toMatchObject({
      decision: 'Published by agent@a.example, at T1',
      form: 'reply',
    });
    const replied = { ...published, reply: { text: 'Thank you.', by: 'owner@a.example', at: 'T2' } };
    expect(moderationCard(replied, time)).toMatchObject({
      reply: { line: 'Our reply, by owner@a.example, at T2', text: 'Thank you.' },
      form: undefined,
    });
    const erased = { ...published, erasedAt: 'T3', packageSlug: null, city: '' };
    expect(moderationCard(erased, time)).toMatchObject({
      heading: '(erased at the person’s request)',
      signature: '',
      details: ' · no catalogue package · March 2027 · sent at 2027-04-02T10:00:00Z',
      form: undefined,
    });
  });

  it('names the policy’s reason of a refusal, and a review without hotel answers shows no hotel line', () => {
    const refused = {
      ...waiting,
      hotels: {},
      city: '',
      status: 'refused' as const,
      refusedReason: 'off-topic' as const,
      decidedBy: 'agent@a.example',
      decidedAt: 'T1',
    };
    expect(moderationCard(refused, time)).toMatchObject({
      decision: 'Refused (Off-topic) by agent@a.example, at T1',
      hotels: undefined,
      signature: '— Layla H.',
      form: undefined,
    });
  });
});
