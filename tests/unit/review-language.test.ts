import { afterEach, describe, expect, it } from 'vitest';
import { moderationCard } from '@/lib/reviews/moderation';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import { ReviewPage } from '@/server/reviews/review-page';
import { PublishedReviews } from '@/server/reviews/published';
import { ReviewStore } from '@/server/reviews/store';
import { bookingLanguage } from '@/server/trips/language';
import { QUOTE_TODAY as TODAY, payDeposit, quoteDraft } from './support/quotes';
import { whatsappTextIn, whatsappTexts } from '../support/whatsapp';
import { mailingWorker, parseMail } from './support/smtp';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

/*
 * The review mail and form in the booking's language, on both stores: the booking's chosen language,
 * else its enquiry's (schema steps 23 and 24); the invitation in that language with the English
 * under it, through the outbox to a local SMTP server; the form's questions and problems in it; the
 * review kept, published and moderated with the language it was written in.
 */

const open: SqlLeadStore[] = [];
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const BOOKED = new Date('2026-11-20T15:00:00.000Z');
/** Noon in Austin on the day the invitation falls due (three days after the fixture's return). */
const DUE = new Date('2027-03-27T17:00:00.000Z');
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };

/** A paid booking whose enquiry came in `enquiry`; `chosen` is the booking's own language, when set. */
async function book(store: SqlLeadStore, enquiry: string, chosen: string | null = null) {
  const quotes = new QuoteStore(store.database);
  const fields = { name: 'Rahima Begum', email: 'rahima@example.com', adults: '2' };
  const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: BOOKED });
  const leadId = lead!.id;
  // As the enquiry form and the trip page record them (schema steps 23 and 24).
  await store.database.run('UPDATE leads SET language = ? WHERE id = ?', [enquiry, leadId]);
  const saved = await quotes.saveDraft({ leadId }, quoteDraft({}), AMINA, TODAY, BOOKED);
  if (!saved?.ok) throw new Error('draft refused');
  const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, BOOKED);
  if (!sent?.ok) throw new Error('not sent');
  await quotes.accept(sent.token, 1, 'Rahima Begum', TODAY, BOOKED);
  await payDeposit(quotes, { leadId, quoteId: saved.quoteId }, AMINA, TODAY, BOOKED);
  if (chosen !== null)
    await store.database.run('UPDATE quote_acceptances SET language = ? WHERE quote_id = ?', [chosen, saved.quoteId]);
  return { leadId, quoteId: saved.quoteId };
}

async function openStore(kind: StoreKind) {
  const store = await openTestStore(kind);
  open.push(store);
  return store;
}

describe.each(STORE_KINDS)('the review in the booking’s language on %s', { timeout: 30_000 }, (kind) => {
  it('reads the booking’s chosen language, else its enquiry’s, else English', async () => {
    const store = await openStore(kind);
    const bengali = await book(store, 'bn');
    const chosen = await book(store, 'bn', 'ur');
    const unknown = await book(store, 'xx');
    expect(await bookingLanguage(store.database, bengali.quoteId)).toBe('bn');
    expect(await bookingLanguage(store.database, chosen.quoteId)).toBe('ur');
    expect(await bookingLanguage(store.database, unknown.quoteId)).toBe('en');
    expect(await bookingLanguage(store.database, 'no-such-quote')).toBe('en');
  });

  it('sends the invitation in Bengali with the English under it, UTF-8, its one-click unsubscribe as in English', async () => {
    const store = await openStore(kind);
    await book(store, 'bn');
    const { smtp, worker } = await mailingWorker(store, cleanups);
    await worker.runScheduled(DUE);
    while ((await worker.runOnce(DUE.getTime())) > 0);
    await worker.stop();
    expect(smtp.state.received).toHaveLength(1);
    const raw = smtp.state.received[0]!.raw;
    const mail = parseMail(raw);
    expect(mail.headers['content-type']).toMatch(/charset=utf-8/i);
    expect(mail.headers['subject']).toMatch(
      /^আপনার সফর কেমন ছিল\? \(বুকিং MQ-\w+\) \| How was your trip\? \(booking MQ-\w+\)$/,
    );
    // Bengali first, then the English for the person who booked, each with the same private link.
    const [bengali, english] = mail.text.split('The same message in English');
    expect(bengali).toContain('আসসালামু আলাইকুম,');
    expect(bengali).toContain('এখানে আপনার রিভিউ লিখুন');
    expect(english).toContain('Welcome home. We hope your trip with us');
    const links = [...mail.text.matchAll(/https:\/\/miqat\.example\/review\/([\w-]{43})/g)].map((match) => match[1]);
    expect(links).toHaveLength(2);
    expect(links[0]).toBe(links[1]);
    expect(await new ReviewStore(store.database).formFor(links[0]!)).toMatchObject({ language: 'bn' });
    // The Bengali half's WhatsApp link sends the Bengali greeting; the English half is the English email whole.
    expect(whatsappTexts(mail.text)).toEqual([whatsappTextIn('bn'), whatsappTextIn('en')]);
    // The one-click unsubscribe is the English email's: the header pair, and the stop link in the English half.
    const stop = /<(https:\/\/miqat\.example\/trip\/stop-reminders\?[^>]+)>/.exec(
      mail.headers['list-unsubscribe']!,
    )![1]!;
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(english).toContain(stop);
  });

  it('opens the form in Urdu, says its problems in Urdu, and keeps the review’s language through publishing and moderation', async () => {
    const store = await openStore(kind);
    const booking = await book(store, 'bn', 'ur');
    const reviews = new ReviewStore(store.database);
    expect(await reviews.inviteDue(3, 'America/Chicago', DUE)).toBe(1);
    const token = (await reviews.newLink(booking.quoteId, DUE))!;
    const page = new ReviewPage(() => store, { siteUrl: 'https://miqat.example', limit: 10, windowMs: 60_000 });
    const shown = (await page.show(token))!;
    expect(shown.form).toMatchObject({ language: 'ur', travelled: 'سفر: مارچ 2027' });
    expect(shown.form.questions.map((question) => question.label)).toEqual([
      'کیا مکہ مکرمہ میں آپ کا ہوٹل وہی تھا جو آپ کے کوٹیشن میں درج تھا؟',
      'کیا مدینہ منورہ میں آپ کا ہوٹل وہی تھا جو آپ کے کوٹیشن میں درج تھا؟',
    ]);
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      page.submit(
        new Request(`https://miqat.example/review/${token}?lang=ur`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
          body: new URLSearchParams(fields),
        }),
        token,
        '10.0.0.1',
        DUE,
        'ur',
      );
    const good = {
      _form: shown.formToken,
      rating: '5',
      hotel_makkah: 'yes',
      hotel_madinah: 'no',
      title: 'بہت اچھا انتظام',
      text: 'ہوٹل حرم کے قریب تھا۔',
      display_name: 'رحیمہ ب',
      consent: 'yes',
    };
    // A foreign post is refused in the language the form was shown in; nothing is stored.
    expect(await post(good, { 'sec-fetch-site': 'cross-site' })).toMatchObject({
      kind: 'refused',
      status: 403,
      message: expect.stringMatching(/^یہ تبصرہ آپ کے تبصرے والے صفحے سے نہیں آیا/),
    });
    expect(await post({ ...good, rating: '', consent: '' })).toMatchObject({
      kind: 'problems',
      problems: [
        { field: 'rating', message: 'مجموعی درجہ بندی کے لیے 1 سے 5 تک ستارے چنیں۔' },
        { field: 'consent', message: expect.stringMatching(/^تبصرہ شائع کرنے کی اجازت/) },
      ],
    });
    expect(await reviews.counts()).toEqual({ pending: 0, published: 0, refused: 0 });
    expect(await post(good)).toEqual({ kind: 'stored', language: 'ur' });

    // The booking's language changing later does not change the review's.
    await store.database.run('UPDATE quote_acceptances SET language = ? WHERE quote_id = ?', ['en', booking.quoteId]);
    const [waiting] = await reviews.list('pending', 10);
    expect(waiting).toMatchObject({ title: 'بہت اچھا انتظام', language: 'ur' });
    expect(moderationCard(waiting!, (iso) => iso)).toMatchObject({
      written: 'Written in Urdu',
      lang: 'ur',
      dir: 'rtl',
    });
    expect(await reviews.decide(booking.quoteId, { publish: true }, AMINA.email, DUE)).toBe('done');
    const published = await new PublishedReviews(store.database).publishedOf('umrah-economy-14-nights');
    expect(published).toEqual([expect.objectContaining({ quoteId: booking.quoteId, language: 'ur' })]);
  });
});
