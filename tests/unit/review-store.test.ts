import { afterEach, describe, expect, it } from 'vitest';
import { personExport } from '@/lib/desk/privacy';
import type { ReviewEntry } from '@/lib/reviews/review';
import { summarizeHomeReviews, summarizeReviews } from '@/lib/reviews/summary';
import { HOME_REVIEWS_SHOWN } from '@/lib/reviews/page-marks';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { outboxKinds } from '@/server/message-kinds';
import { OutboxQueue } from '@/server/outbox/queue';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import { ReviewPage } from '@/server/reviews/review-page';
import { ReviewScheduler } from '@/server/reviews/invitations';
import { PublishedReviews } from '@/server/reviews/published';
import { ReviewStore } from '@/server/reviews/store';
import { TripReminderStore, tripOptOutLink } from '@/server/trips/opt-out';
import { QUOTE_TODAY as TODAY, payDeposit, quoteDraft } from './support/quotes';
import { mailingWorker, parseMail } from './support/smtp';
import { STORE_KINDS, openTestStore, storeAt, type StoreKind } from './support/stores';

/*
 * Reviews on both stores: each returned booking is invited once and reminded once, across two
 * instances and a restart; a private link opens the form until its booking's one review is stored;
 * moderation publishes or refuses by the policy, each decision logged with who and when, one reply
 * per review; the person's export holds the review and erasure keeps only its rating. The fixture
 * quote departs 2027-03-10 and returns 2027-03-24, so its invitation falls due on 2027-03-27.
 */

const open: SqlLeadStore[] = [];
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const BOOKED = new Date('2026-11-20T15:00:00.000Z');
/** Noon in Austin on the day the invitation falls due (three days after the return). */
const DUE = new Date('2027-03-27T17:00:00.000Z');
const WEEK_MS = 7 * 24 * 60 * 60_000;
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
const SETTINGS = { daysAfterReturn: 3, timeZone: 'America/Chicago' };

const REVIEW: ReviewEntry = {
  rating: 4,
  hotels: { makkah: 'yes', madinah: 'similar-told' },
  title: 'Close to the Haram',
  text: 'The Makkah hotel was the one on our quote. The coach to Madinah was late.',
  displayName: 'Layla H.',
  city: 'Houston',
};

async function openStore(kind: StoreKind) {
  const store = await openTestStore(kind);
  open.push(store);
  return store;
}

/** A booking (the fixture quote accepted, a deposit recorded) for a new lead; `returnOn` moves its return; `paid: false` leaves it accepted only. */
async function book(store: SqlLeadStore, email: string, returnOn = '2027-03-24', paid = true) {
  const quotes = new QuoteStore(store.database);
  const fields = { name: 'Layla Haddad', email, adults: '2' };
  const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: BOOKED });
  const leadId = lead!.id;
  const saved = await quotes.saveDraft({ leadId }, quoteDraft({ returnOn }), AMINA, TODAY, BOOKED);
  if (!saved?.ok) throw new Error('draft refused');
  const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, BOOKED);
  if (!sent?.ok) throw new Error('not sent');
  await quotes.accept(sent.token, 1, 'Layla Haddad', TODAY, BOOKED);
  if (paid) await payDeposit(quotes, { leadId, quoteId: saved.quoteId }, AMINA, TODAY, BOOKED);
  return { leadId, quoteId: saved.quoteId };
}

const messageRows = async (store: SqlLeadStore, leadId: string, kind: string) =>
  (await new OutboxQueue(store.database).deliveriesOf(leadId)).filter((delivery) => delivery.message?.kind === kind);

const reviewHistory = async (store: SqlLeadStore, leadId: string) =>
  (await new PipelineStore(store.database).historyOf(leadId))
    .filter((entry) => entry.action === 'review')
    .map((entry) => entry.detail)
    .toReversed();

/** A booking invited and given a link, as the invitation's email would carry it. */
async function invited(store: SqlLeadStore, email = 'layla@example.com') {
  const booking = await book(store, email);
  const reviews = new ReviewStore(store.database);
  expect(await reviews.inviteDue(3, SETTINGS.timeZone, DUE)).toBe(1);
  const token = await reviews.newLink(booking.quoteId, DUE);
  return { ...booking, reviews, token: token! };
}

describe.each(STORE_KINDS)('reviews on %s', { timeout: 30_000 }, (kind) => {
  it('invites each returned booking once and reminds it once, across two instances and a restart', async () => {
    const first = await openStore(kind);
    const booking = await book(first, 'layla@example.com');
    const later = await book(first, 'omar@example.com', '2027-04-30');
    const second = storeAt(first.location);
    open.push(second);
    const schedulers = [new ReviewScheduler(first.database, SETTINGS), new ReviewScheduler(second.database, SETTINGS)];

    // The day before it falls due, nothing.
    expect(
      await new ReviewStore(first.database).inviteDue(3, SETTINGS.timeZone, new Date(DUE.getTime() - 86_400_000)),
    ).toBe(0);
    // Two instances at once, each with and without the lease: the database makes it once.
    const passes = await Promise.all([
      ...schedulers.map((scheduler) => scheduler.schedule.run(DUE)),
      new ReviewStore(first.database).inviteDue(3, SETTINGS.timeZone, DUE),
      new ReviewStore(second.database).inviteDue(3, SETTINGS.timeZone, DUE),
    ]);
    const queued = passes.reduce<number>(
      (sum, pass) => sum + (typeof pass === 'number' ? pass : (pass?.invitations ?? 0)),
      0,
    );
    expect(queued).toBe(1);
    // One of the two instances held the lease; the other stood aside.
    expect(passes.slice(0, 2).filter((pass) => pass === null)).toHaveLength(1);

    // A restart: the store opened again, the scheduler new, the clock on.
    await second.close();
    open.splice(open.indexOf(second), 1);
    const restarted = storeAt(first.location);
    open.push(restarted);
    await schedulers[0]!.schedule.release();
    expect(
      await new ReviewScheduler(restarted.database, SETTINGS).schedule.run(new Date(DUE.getTime() + 3_600_000)),
    ).toEqual({
      invitations: 0,
      reminders: 0,
    });
    const invitations = await messageRows(restarted, booking.leadId, 'review-invitation');
    expect(invitations.map((row) => [row.destination, row.message])).toEqual([
      ['layla@example.com', { kind: 'review-invitation', quoteId: booking.quoteId, reference: expect.any(String) }],
    ]);
    expect(await messageRows(restarted, later.leadId, 'review-invitation')).toEqual([]);

    // The reminder: not at six days, once at seven, whichever instance runs.
    const reviews = [new ReviewStore(first.database), new ReviewStore(restarted.database)];
    expect(await reviews[0]!.remindDue(new Date(DUE.getTime() + WEEK_MS - 60_000))).toBe(0);
    const week = new Date(DUE.getTime() + WEEK_MS);
    const reminded = await Promise.all(reviews.map((store) => store.remindDue(week)));
    expect(reminded.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await reviews[1]!.remindDue(new Date(week.getTime() + WEEK_MS))).toBe(0);
    expect(await messageRows(restarted, booking.leadId, 'review-reminder')).toHaveLength(1);
    expect(await reviewHistory(restarted, booking.leadId)).toEqual([
      expect.stringMatching(/^Review invitation queued to layla@example\.com \(booking MQ-/),
      expect.stringMatching(/^Review reminder queued to layla@example\.com \(booking MQ-/),
    ]);
  });

  it('opens the form from a link until the booking’s one review is stored; then every link is the unknown link', async () => {
    const store = await openStore(kind);
    const { reviews, token, quoteId, leadId } = await invited(store);
    const other = (await reviews.newLink(quoteId, DUE))!;
    const form = await reviews.formFor(token);
    expect(form).toMatchObject({ quoteId, travelled: 'travelled March 2027', defaultName: 'Layla H.' });
    // The quote named its Makkah hotel outright and its Madinah hotel "or similar".
    expect(form!.questions.map((question) => [question.city, question.answers.map((answer) => answer.value)])).toEqual([
      ['makkah', ['yes', 'no']],
      ['madinah', ['yes', 'no', 'similar-told']],
    ]);
    // Nothing readable opens it: the store keeps the SHA-256 alone.
    const [row] = await store.database.all<{ token_hash: string }>('SELECT token_hash FROM review_links LIMIT 1');
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await store.database.all('SELECT * FROM review_links'))).not.toContain(token);

    const sent = await Promise.all([reviews.submit(token, REVIEW, DUE), reviews.submit(token, REVIEW, DUE)]);
    expect(sent.filter(Boolean)).toEqual([{ quoteId }]);
    expect(await reviews.submit(other, { ...REVIEW, rating: 1 }, DUE)).toBeUndefined();
    expect(await reviews.formFor(token)).toBeNull();
    expect(await reviews.formFor(other)).toBeNull();
    expect(await reviews.newLink(quoteId, DUE)).toBeUndefined();
    // A link never issued, or not even well formed, opens nothing either.
    expect(await reviews.formFor('A'.repeat(43))).toBeNull();
    expect(await reviews.formFor('../../etc')).toBeNull();
    const [stored] = await reviews.list('pending', 10);
    expect(stored).toMatchObject({ quoteId, rating: 4, hotels: REVIEW.hotels, title: REVIEW.title, status: 'pending' });
    // Answered: no reminder follows.
    expect(await reviews.remindDue(new Date(DUE.getTime() + 2 * WEEK_MS))).toBe(0);
    expect(await reviewHistory(store, leadId)).toContain('Review received (4 of 5), awaiting moderation');
  });

  it('publishes or refuses each review with one reason, logs every decision with who and when, takes one reply', async () => {
    const store = await openStore(kind);
    const praised = await invited(store, 'layla@example.com');
    const abusive = await invited(store, 'omar@example.com');
    const { reviews } = praised;
    await reviews.submit(praised.token, REVIEW, DUE);
    await reviews.submit(abusive.token, { ...REVIEW, rating: 1, hotels: { makkah: 'no', madinah: 'no' } }, DUE);
    const later = new Date(DUE.getTime() + 3_600_000);

    // A reason the policy does not have changes nothing.
    expect(
      await reviews.decide(abusive.quoteId, { publish: false, reason: 'rude' as 'abuse' }, AMINA.email, later),
    ).toBe('not-found');
    expect(await reviews.decide(praised.quoteId, { publish: true }, AMINA.email, later)).toBe('done');
    expect(
      await reviews.decide(abusive.quoteId, { publish: false, reason: 'abuse' }, 'bilal@agency.example', later),
    ).toBe('done');
    // Decided once: a second decision, either way, changes nothing.
    expect(await reviews.decide(praised.quoteId, { publish: false, reason: 'off-topic' }, AMINA.email, later)).toBe(
      'already',
    );
    expect(
      await reviews.reply(praised.quoteId, 'Thank you; we have spoken to the coach company.', AMINA.email, later),
    ).toBe('done');
    expect(await reviews.reply(praised.quoteId, 'A second reply', AMINA.email, later)).toBe('already');
    expect(await reviews.reply(abusive.quoteId, 'Not shown', AMINA.email, later)).toBe('not-found');

    expect(await reviews.counts()).toEqual({ pending: 0, published: 1, refused: 1 });
    expect(await reviews.refusals()).toEqual([{ reason: 'abuse', count: 1 }]);
    const log = (await reviews.decisions()).toReversed();
    expect(log.map(({ action, reason, actor, at }) => [action, reason, actor, at])).toEqual([
      ['submitted', null, 'the traveller (review link)', DUE.toISOString()],
      ['submitted', null, 'the traveller (review link)', DUE.toISOString()],
      ['published', null, AMINA.email, later.toISOString()],
      ['refused', 'abuse', 'bilal@agency.example', later.toISOString()],
      ['replied', null, AMINA.email, later.toISOString()],
    ]);
    expect(await reviewHistory(store, abusive.leadId)).toContainEqual(
      expect.stringMatching(/^Review of booking MQ-\w+ refused: Abuse$/),
    );

    const published = await new PublishedReviews(store.database).publishedOf('umrah-economy-14-nights');
    expect(published).toEqual([
      expect.objectContaining({
        quoteId: praised.quoteId,
        rating: 4,
        displayName: 'Layla H.',
        travelledOn: '2027-03-10',
        reply: { text: 'Thank you; we have spoken to the coach company.', at: later.toISOString() },
        erased: false,
      }),
    ]);
    // Its Madinah hotel was a similar one: counted as that, not as the quote's (Q06).
    expect(summarizeReviews(published)).toMatchObject({
      count: 1,
      average: 4,
      hotels: { answered: 1, quoted: 0, similar: 1, other: 0 },
    });
    expect(await new PublishedReviews(store.database).invitedBookings()).toHaveLength(2);
  });

  it('gives the home page the count and mean of every published review and only the newest few in full, as summing them all would', async () => {
    const store = await openStore(kind);
    const reviews = new ReviewStore(store.database);
    const emails = ['amina', 'bilal', 'huda', 'omar', 'zainab'].map((name) => `${name}@example.com`);
    const bookings = [];
    for (const email of emails) bookings.push(await book(store, email));
    expect(await reviews.inviteDue(3, SETTINGS.timeZone, DUE)).toBe(5);
    for (const [index, booking] of bookings.entries()) {
      const token = (await reviews.newLink(booking.quoteId, DUE))!;
      await reviews.submit(token, { ...REVIEW, rating: index + 1 }, DUE);
      // Published an hour apart, newest last; the second is refused and the last one's person erased.
      const at = new Date(DUE.getTime() + (index + 1) * 3_600_000);
      const decision =
        index === 1 ? { publish: false as const, reason: 'off-topic' as const } : { publish: true as const };
      expect(await reviews.decide(booking.quoteId, decision, AMINA.email, at)).toBe('done');
    }
    await new PrivacyStore(store).eraseLeads([bookings[4]!.leadId], AMINA.email, DUE);

    const published = new PublishedReviews(store.database);
    const { newest, ...all } = await published.forHome(HOME_REVIEWS_SHOWN);
    expect(all).toEqual({ count: 4, ratingSum: 1 + 3 + 4 + 5 });
    const {
      count,
      average,
      newest: expected,
    } = summarizeReviews(await published.publishedOf('umrah-economy-14-nights'), HOME_REVIEWS_SHOWN);
    expect(summarizeHomeReviews(all, newest, HOME_REVIEWS_SHOWN)).toEqual({ count, average, newest: expected });
    expect(expected.map((review) => review.rating)).toEqual([4, 3, 1]);
  });

  it('puts the review in the person’s export; erasure keeps only its rating and hotel answers, and invites no one again', async () => {
    const store = await openStore(kind);
    const { reviews, token, quoteId, leadId } = await invited(store);
    const spare = (await reviews.newLink(quoteId, DUE))!;
    await reviews.submit(token, REVIEW, DUE);
    await reviews.decide(quoteId, { publish: true }, AMINA.email, DUE);
    const privacy = new PrivacyStore(store);
    const records = await privacy.findPerson({ email: 'layla@example.com' });
    const exported = personExport(records, { email: 'layla@example.com', phone: '' }, DUE, outboxKinds.messageLabel);
    expect(exported.leads[0]!.reviews).toEqual([
      expect.objectContaining({
        invitedAt: DUE.toISOString(),
        review: expect.objectContaining({
          title: REVIEW.title,
          text: REVIEW.text,
          displayName: 'Layla H.',
          city: 'Houston',
        }),
      }),
    ]);

    expect(await privacy.eraseLeads([leadId], AMINA.email, DUE)).toBe(1);
    const [kept] = await new PublishedReviews(store.database).publishedOf('umrah-economy-14-nights');
    expect(kept).toMatchObject({
      rating: 4,
      hotels: REVIEW.hotels,
      title: '',
      text: '',
      displayName: '',
      city: '',
      erased: true,
    });
    expect(JSON.stringify(await store.database.all('SELECT * FROM reviews'))).not.toMatch(/Layla|Houston|coach/);
    expect(summarizeReviews([kept!])).toMatchObject({ count: 1, average: 4, newest: [] });
    expect(await reviews.formFor(spare)).toBeNull();
    expect(await store.database.all('SELECT * FROM review_links')).toEqual([]);
    // The quote outlives the person, but its booking is never invited again.
    expect(await reviews.inviteDue(3, SETTINGS.timeZone, new Date(DUE.getTime() + 86_400_000))).toBe(0);
    expect(await reviews.remindDue(new Date(DUE.getTime() + 2 * WEEK_MS))).toBe(0);
  });

  it('sends the invitation and the reminder through the outbox to a local SMTP server, each with a link that opens the form', async () => {
    const store = await openStore(kind);
    const booking = await book(store, 'layla@example.com');
    const { smtp, worker } = await mailingWorker(store, cleanups);
    const pass = async (at: Date) => {
      await worker.runScheduled(at);
      while ((await worker.runOnce(at.getTime())) > 0);
    };
    const received = () =>
      smtp.state.received
        .map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }))
        .filter((mail) => /how was your trip/i.test(mail.headers['subject'] ?? ''));
    const linkIn = (text: string) => /https:\/\/miqat\.example\/review\/([\w-]{43})/.exec(text)?.[1];

    await pass(DUE);
    await pass(new Date(DUE.getTime() + 3_600_000));
    const [invitation, ...more] = received();
    expect(more).toEqual([]);
    expect(invitation!.headers['subject']).toMatch(/^How was your trip\? \(booking MQ-\w+\)$/);
    const first = linkIn(invitation!.text)!;
    const reviews = new ReviewStore(store.database);
    expect(await reviews.formFor(first)).toMatchObject({ quoteId: booking.quoteId });

    await pass(new Date(DUE.getTime() + WEEK_MS));
    const reminder = received()[1]!;
    expect(reminder.headers['subject']).toMatch(/^A reminder: how was your trip\?/);
    const second = linkIn(reminder.text)!;
    expect(second).not.toBe(first);
    expect(await reviews.formFor(second)).toMatchObject({ quoteId: booking.quoteId });
    await worker.stop();
    expect(received()).toHaveLength(2);
  });

  it("invites after the days the worker's own settings give (REVIEW_INVITE_DAYS), not the process's", async () => {
    const store = await openStore(kind);
    await book(store, 'layla@example.com');
    const { smtp, worker } = await mailingWorker(store, cleanups, { REVIEW_INVITE_DAYS: '5' });
    const invitations = () => smtp.state.received.filter((mail) => /how was your trip/i.test(mail.raw)).length;
    // DUE is three days after the return, the default; five days is two days later.
    for (const at of [DUE, new Date(DUE.getTime() + 2 * 86_400_000)]) {
      await worker.runScheduled(at);
      while ((await worker.runOnce(at.getTime())) > 0);
      expect(invitations(), at.toISOString()).toBe(at === DUE ? 0 : 1);
    }
    await worker.stop();
  });

  it('makes one review link and one opt-out link per email, however many tries the email takes', async () => {
    const store = await openStore(kind);
    await book(store, 'layla@example.com');
    const { smtp, worker } = await mailingWorker(store, cleanups);
    // The relay refuses the first tries: each try writes the invitation out again.
    smtp.state.reject = true;
    await worker.runScheduled(DUE);
    for (let hours = 0; hours < 3; hours += 1) await worker.runOnce(DUE.getTime() + hours * 3_600_000);
    expect(smtp.state.refused).toBeGreaterThan(1);
    smtp.state.reject = false;
    while ((await worker.runOnce(DUE.getTime() + 24 * 3_600_000)) > 0);
    await worker.stop();
    expect(smtp.state.received).toHaveLength(1);
    expect(await store.database.all('SELECT token_hash FROM review_links')).toHaveLength(1);
    expect(await store.database.all('SELECT token_hash FROM trip_reminder_links')).toHaveLength(1);
    // The link the family got is the one kept.
    const link = /https:\/\/miqat\.example\/review\/([\w-]{43})/.exec(parseMail(smtp.state.received[0]!.raw).text)![1]!;
    expect(await new ReviewStore(store.database).formFor(link)).not.toBeUndefined();
  });

  it("emails a new link when a review is refused for another person's personal data, and takes the corrected review in its place; the refusal stays counted (Q07)", async () => {
    const store = await openStore(kind);
    const { reviews, token, quoteId } = await invited(store, 'layla@example.com');
    const { smtp, worker } = await mailingWorker(store, cleanups);
    const later = new Date(DUE.getTime() + 3_600_000);
    const named = { ...REVIEW, text: 'Our guide Yusuf Khan (555-0100) left us at the airport.' };
    expect(await reviews.submit(token, named, DUE)).toEqual({ quoteId });
    // Refused for another reason, nothing more is sent; for personal data, a new link is.
    expect(await reviews.decide(quoteId, { publish: false, reason: 'personal-data' }, AMINA.email, later)).toBe('done');
    while ((await worker.runOnce(later.getTime())) > 0);
    const resend = smtp.state.received
      .map((mail) => parseMail(mail.raw))
      .find((mail) => /send again/i.test(mail.headers['subject'] ?? ''));
    expect(resend!.headers['subject']).toMatch(
      /^Your review, to send again without another person's details \(booking MQ-\w+\)$/,
    );
    expect(resend!.text).toContain(
      'the name, contact details, health or other personal details of someone other than you',
    );
    expect(resend!.text).toContain('You are welcome to describe how our staff, guides and hotels served you.');
    expect(resend!.text).toContain('Miqat Travel LLC, 600 Congress Avenue, Suite 1420, Austin, TX 78701');
    expect(resend!.text).not.toContain('If that was not you');
    expect(resend!.text).not.toContain(named.text);
    const link = /https:\/\/miqat\.example\/review\/([\w-]{43})/.exec(resend!.text)![1]!;
    expect(await reviews.formFor(link)).toMatchObject({ quoteId });
    const corrected = { ...REVIEW, text: 'Our guide left us at the airport, and nobody answered the phone.' };
    expect(await reviews.submit(link, corrected, later)).toEqual({ quoteId });
    expect(await reviews.formFor(link)).toBeNull();
    expect(await reviews.counts()).toEqual({ pending: 1, published: 0, refused: 0 });
    const [pending] = await reviews.list('pending', 10);
    expect(pending).toMatchObject({ quoteId, text: corrected.text, status: 'pending' });
    expect(await reviews.refusals()).toEqual([{ reason: 'personal-data', count: 1 }]);
    // Published, it stands: no further link opens a form for the booking.
    expect(await reviews.decide(quoteId, { publish: true }, AMINA.email, later)).toBe('done');
    expect(await reviews.newLink(quoteId, later)).toBeUndefined();
    // A review refused for abuse stands refused: no new link.
    const abusive = await invited(store, 'omar@example.com');
    await abusive.reviews.submit(abusive.token, REVIEW, DUE);
    expect(await reviews.decide(abusive.quoteId, { publish: false, reason: 'abuse' }, AMINA.email, later)).toBe('done');
    expect(await reviews.newLink(abusive.quoteId, later)).toBeUndefined();
    await worker.stop();
  });

  it("invites only paid bookings, and honours the booking's one-click opt-out: the invitation carries it, and once used no reminder or invitation goes, queued ones included", async () => {
    const store = await openStore(kind);
    const booking = await book(store, 'layla@example.com');
    const { smtp, worker } = await mailingWorker(store, cleanups, {}, { schedules: false });
    const deliver = async (at: Date) => {
      while ((await worker.runOnce(at.getTime())) > 0);
    };
    const reviews = new ReviewStore(store.database);
    const received = () =>
      smtp.state.received
        .map((mail) => parseMail(mail.raw))
        .filter((mail) => /how was your trip/i.test(mail.headers['subject'] ?? ''));

    expect(await reviews.inviteDue(3, SETTINGS.timeZone, DUE)).toBe(1);
    await deliver(DUE);
    const [invitation] = received();
    const header = invitation!.headers['list-unsubscribe'] ?? '';
    expect(invitation!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const token = /stop-reminders\?token=([\w-]+)>/.exec(header)?.[1];
    expect(token, header).toBeDefined();
    expect(invitation!.text).toContain(`stop-reminders?token=${token}`);

    // The reminder is queued, then the family presses the button: it is not sent.
    const weekLater = new Date(DUE.getTime() + WEEK_MS);
    expect(await reviews.remindDue(weekLater)).toBe(1);
    expect(await new TripReminderStore(store.database).optOut(token!, weekLater)).toMatchObject({ done: 'opted-out' });
    await deliver(weekLater);
    expect(received()).toHaveLength(1);

    // A booking opted out before its return is never invited.
    const other = await book(store, 'omar@example.com');
    const link = await tripOptOutLink(store.database, 'https://miqat.example', other, BOOKED);
    const otherToken = new URL(link).searchParams.get('token')!;
    await new TripReminderStore(store.database).optOut(otherToken, BOOKED);
    expect(await reviews.inviteDue(3, SETTINGS.timeZone, DUE)).toBe(0);
    expect(await messageRows(store, other.leadId, 'review-invitation')).toEqual([]);
    expect(booking.quoteId).not.toBe(other.quoteId);

    // An accepted quote never paid was no trip with us: it is never invited.
    const unpaid = await book(store, 'yusuf@example.com', '2027-03-24', false);
    expect(await reviews.inviteDue(3, SETTINGS.timeZone, DUE)).toBe(0);
    expect(await messageRows(store, unpaid.leadId, 'review-invitation')).toEqual([]);
  });

  it('takes a review only from its own page: a foreign post is refused, a bad one stores nothing, a used link is 404', async () => {
    const store = await openStore(kind);
    const { reviews, token } = await invited(store);
    const page = new ReviewPage(() => store, { siteUrl: 'https://miqat.example', limit: 10, windowMs: 60_000 });
    const shown = (await page.show(token))!;
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}, link = token) =>
      page.submit(
        new Request(`https://miqat.example/review/${link}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
          body: new URLSearchParams(fields),
        }),
        link,
        '10.0.0.1',
        DUE,
      );
    const good = {
      _form: shown.formToken,
      rating: '5',
      hotel_makkah: 'yes',
      hotel_madinah: 'no',
      title: 'As promised',
      text: 'All good.',
      display_name: 'Layla H.',
      consent: 'yes',
    };
    expect(await post(good, { 'sec-fetch-site': 'cross-site' })).toMatchObject({ kind: 'refused', status: 403 });
    expect(await post({ ...good, _form: 'forged' })).toMatchObject({ kind: 'refused', status: 403 });
    const bad = await post({ ...good, rating: '', consent: '' });
    expect(bad).toMatchObject({ kind: 'problems' });
    expect(await reviews.counts()).toEqual({ pending: 0, published: 0, refused: 0 });
    expect(await post(good)).toEqual({ kind: 'stored', language: 'en' });
    expect(await post(good)).toEqual({ kind: 'not-found' });
    expect(await post(good, {}, 'B'.repeat(43))).toEqual({ kind: 'not-found' });
    expect(await reviews.counts()).toEqual({ pending: 1, published: 0, refused: 0 });
  });
});
