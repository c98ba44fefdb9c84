import { afterEach, describe, expect, it } from 'vitest';
import { addDays, agencyInstant } from '@/lib/agency-time';
import { personExport } from '@/lib/desk/privacy';
import { facts as siteFacts } from '@/lib/facts';
import { agencyContact } from '@/lib/site-contact';
import type { TravellerFields } from '@/lib/trips/travellers';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { leadApiConfig } from '@/server/leads/config';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { outboxKinds } from '@/server/message-kinds';
import { OutboxKinds } from '@/server/outbox/kinds';
import type { Mailer } from '@/server/outbox/mail';
import { DeliveryWorker, scheduledTogether } from '@/server/outbox/worker';
import { QUOTE_EMAIL_KINDS } from '@/server/quotes/emails';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import { TripReminderStore, tripMailOptedOut } from '@/server/trips/opt-out';
import { tripReminderKind } from '@/server/trips/reminder-compose';
import { TripReminderScheduler } from '@/server/trips/reminder-schedule';
import { TravellerStore } from '@/server/trips/store';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';
import { parseMail, smtpMailer, startSmtpServer } from './support/smtp';
import {
  STORE_KINDS,
  openTestStore,
  storeAt,
  storeEnv,
  type StoreKind,
  type TestStoreLocation,
} from './support/stores';

/*
 * The trip reminders on both stores, with a local SMTP server and the clock handed in (never a
 * sleep): each reaches the family once, on its day, as the clock walks from booking to departure;
 * once across a restart and across two instances at once; an edited fact changes what a queued
 * reminder says, not whether it goes twice; the one-click opt-out stops the rest; erasure takes the
 * claims, links and opt-out with the lead, and the export lists the opt-out.
 *
 * The booking: 2 adults and a child, departing 2027-03-10 from ORD (landing 2027-03-11), deposit
 * paid on 2026-11-20, the balance of $3,952.50 due 2027-01-24. The adults' vaccinations are recorded.
 */

const SITE = 'https://miqat.example';
const ZONE = agencyContact.timeZone;
const NOW = new Date('2026-11-20T15:00:00.000Z');
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
const FAMILY = 'family@example.com';
const NAMES = ['Amina Yusuf', 'Bilal Yusuf', 'Yusuf Ali'];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Facts = typeof siteFacts;
const noon = (day: string) => new Date(agencyInstant(day, '12:00', ZONE));
const settings = (facts: () => Facts = () => siteFacts) => ({ facts, balanceDaysBefore: 7, timeZone: ZONE });

const traveller = (quoteId: string, name: string, overrides: Partial<TravellerFields> = {}): TravellerFields => ({
  quoteId,
  position: '',
  name,
  category: 'adult',
  passportExpiresOn: '2030-05-01',
  vaccine: 'conjugate',
  vaccinatedOn: '2026-11-02',
  visaKind: 'umrah',
  visa: 'not-applied',
  visaOn: '',
  visaValidUntil: '',
  nusukPermitOn: '',
  ...overrides,
});

async function openBooking(kind: StoreKind) {
  const store = await openTestStore(kind);
  cleanups.push(() => store.close());
  const quotes = new QuoteStore(store.database, { emails: true });
  const fields = { name: NAMES[0]!, email: FAMILY, adults: '2' };
  const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: NOW });
  const leadId = lead!.id;
  const saved = await quotes.saveDraft({ leadId }, quoteDraft(), AMINA, TODAY, NOW);
  if (!saved?.ok) throw new Error('draft refused');
  const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, NOW);
  if (!sent?.ok) throw new Error('not sent');
  await quotes.accept(sent.token, 1, NAMES[0]!, TODAY, NOW);
  const deposit = { paidOn: TODAY, amountCents: 150_000, method: 'bank-transfer' };
  if (!(await quotes.recordPayment({ leadId, quoteId: saved.quoteId }, deposit, AMINA, TODAY, NOW))?.ok)
    throw new Error('deposit refused');
  const travellers = new TravellerStore(store.database);
  await travellers.save(leadId, traveller(saved.quoteId, NAMES[0]!), AMINA.email, TODAY, NOW);
  await travellers.save(leadId, traveller(saved.quoteId, NAMES[1]!), AMINA.email, TODAY, NOW);
  const child = { category: 'child', vaccine: '', vaccinatedOn: '' };
  await travellers.save(leadId, traveller(saved.quoteId, NAMES[2]!, child), AMINA.email, TODAY, NOW);
  const reference = (await travellers.bookingOf(leadId))!.reference;
  return { store, quotes, leadId, quoteId: saved.quoteId, token: sent.token, reference };
}

async function smtp() {
  const server = await startSmtpServer();
  cleanups.push(server.close);
  const { mailer, close } = smtpMailer(server.url);
  cleanups.push(close);
  const mails = () => server.state.received.map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
  return { server, mailer, mails };
}

/** A worker on `store` sending with `kinds` (the server's own registry unless a test hands in another). */
function workerOn(
  store: { database: SqlLeadStore['database'] },
  mailer: Mailer,
  location: TestStoreLocation,
  kinds: OutboxKinds = outboxKinds,
) {
  return new DeliveryWorker(store, leadApiConfig({ ...storeEnv(location), SITE_URL: SITE }), mailer, { kinds });
}

/** Sends everything due at `now`. */
async function drain(worker: DeliveryWorker, now: Date) {
  while ((await worker.runOnce(now.getTime())) > 0);
}

const reminders = <M extends { headers: Record<string, string> }>(mails: M[]) =>
  mails.filter((mail) => mail.headers['subject']!.startsWith('Your booking'));

describe.each(STORE_KINDS)('trip reminders on %s', (kind) => {
  it('reach a local SMTP server each once, on its day, as the clock walks from booking to departure', async () => {
    const { store, leadId, token, reference } = await openBooking(kind);
    const { mailer, mails } = await smtp();
    const scheduler = new TripReminderScheduler(store.database, settings());
    const worker = workerOn(store, mailer, store.location);
    const received: [string, string][] = [];
    for (let day = TODAY; day <= '2027-03-12'; day = addDays(day, 1)) {
      const before = reminders(mails()).length;
      // Before the office's hour nothing goes; at noon the day's reminders do.
      expect(await scheduler.schedule.run(new Date(agencyInstant(day, '06:00', ZONE)))).toBe(0);
      await scheduler.schedule.run(noon(day));
      await drain(worker, noon(day));
      for (const mail of reminders(mails()).slice(before)) received.push([day, mail.headers['subject']!]);
    }
    expect(received).toEqual([
      ['2026-11-20', `Your booking ${reference}: what we need from you`],
      ['2027-01-17', `Your booking ${reference}: balance due by January 24, 2027`],
      // 30 days before arrival (11 March) with the 2 days' margin for a late flight (TRIP_ARRIVAL_MARGIN_DAYS).
      ['2027-02-11', `Your booking ${reference}: the Umrah visa window is open`],
      ['2027-02-22', `Your booking ${reference}: the meningitis vaccine by March 1, 2027`],
      ['2027-03-03', `Your booking ${reference}: one week to departure`],
    ]);
    for (const mail of reminders(mails())) {
      expect(mail.to).toEqual([FAMILY]);
      expect(mail.text).toContain(`Your trip page: ${SITE}/quote/${token}`);
      expect(mail.text).toContain(`Reference: ${reference}`);
      expect(mail.headers['list-unsubscribe']).toMatch(
        /^<https:\/\/miqat\.example\/trip\/stop-reminders\?token=[\w-]{43}>$/,
      );
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      // No traveller's name, passport expiry or vaccination day.
      expect(mail.text).not.toMatch(/Amina|Bilal|Yusuf Ali|2030|November 2, 2026/);
    }
    // The vaccine's reminder was for the child alone, the visa's for all three: the history says so by position.
    const history = (await new PipelineStore(store.database).historyOf(leadId))
      .filter((entry) => entry.action === 'reminder')
      .map((entry) => entry.detail)
      .toReversed();
    expect(history).toEqual([
      `Queued to ${FAMILY}: what we need`,
      `Queued to ${FAMILY}: payment 2`,
      `Queued to ${FAMILY}: visa window (travellers 1, 2, 3)`,
      `Queued to ${FAMILY}: vaccine (traveller 3)`,
      `Queued to ${FAMILY}: one week to departure`,
    ]);
  });

  it('go once across a restart and across two instances running the schedule at once', async () => {
    const { store, reference } = await openBooking(kind);
    const { mailer, mails } = await smtp();
    const day = noon('2027-02-22');
    const second = storeAt(store.location);
    cleanups.push(() => second.close());
    // Two instances at once, past the lease (which would let only one work): the claims alone hold.
    const [a, b] = await Promise.all([
      new TripReminderScheduler(store.database, settings()).queueDue(day),
      new TripReminderScheduler(second.database, settings()).queueDue(day),
    ]);
    expect(a + b).toBe(3);
    // With the lease, the second instance does not even look.
    expect(await new TripReminderScheduler(store.database, settings(), 'one').schedule.run(day)).toBe(0);
    expect(await new TripReminderScheduler(second.database, settings(), 'two').schedule.run(day)).toBeNull();
    await Promise.all([
      drain(workerOn(store, mailer, store.location), day),
      drain(workerOn(second, mailer, store.location), day),
    ]);
    // A restart: new stores, scheduler and worker on the same database, later the same day and the next.
    const restarted = storeAt(store.location);
    cleanups.push(() => restarted.close());
    for (const when of [new Date(day.getTime() + 3_600_000), noon('2027-02-23')]) {
      expect(await new TripReminderScheduler(restarted.database, settings()).queueDue(when)).toBe(0);
      await drain(workerOn(restarted, mailer, store.location), when);
    }
    expect(
      reminders(mails())
        .map((mail) => mail.headers['subject'])
        .sort(),
    ).toEqual([
      `Your booking ${reference}: the Umrah visa window is open`,
      `Your booking ${reference}: the meningitis vaccine by March 1, 2027`,
      `Your booking ${reference}: what we need from you`,
    ]);
  });

  it('queue a bounded number per pass, the rest on the next passes, each still once', async () => {
    const { store, reference } = await openBooking(kind);
    const { mailer, mails } = await smtp();
    const day = noon('2027-02-22');
    // Three due that day; two per pass.
    const scheduler = new TripReminderScheduler(store.database, settings(), 'one', 2);
    const passes = [];
    for (let pass = 0; pass < 3; pass += 1)
      passes.push(await scheduler.schedule.run(new Date(day.getTime() + pass * 300_000)));
    expect(passes).toEqual([2, 1, 0]);
    await drain(workerOn(store, mailer, store.location), new Date(day.getTime() + 900_000));
    expect(
      reminders(mails())
        .map((mail) => mail.headers['subject'])
        .sort(),
    ).toEqual([
      `Your booking ${reference}: the Umrah visa window is open`,
      `Your booking ${reference}: the meningitis vaccine by March 1, 2027`,
      `Your booking ${reference}: what we need from you`,
    ]);
  });

  it('say what the facts say when sent: a fact edited after queueing changes the words, not how often', async () => {
    const { store, reference } = await openBooking(kind);
    const { mailer, mails } = await smtp();
    let facts: Facts = siteFacts;
    const current = () => facts;
    const reminder = tripReminderKind({ facts: current, timeZone: ZONE });
    const kinds = new OutboxKinds({ channels: [], messages: [...QUOTE_EMAIL_KINDS, reminder] });
    const day = noon('2027-02-11');
    const scheduler = new TripReminderScheduler(store.database, settings(current));
    expect(await scheduler.schedule.run(day)).toBe(2);
    // Our processing allowance drops to 5 business days before the email goes: the window closes later.
    facts = {
      ...siteFacts,
      visa: { ...siteFacts.visa, processing: { ...siteFacts.visa.processing, maxBusinessDays: 5 } },
    };
    expect(await scheduler.schedule.run(day)).toBe(0);
    await drain(workerOn(store, mailer, store.location, kinds), day);
    const visa = reminders(mails()).filter((mail) => mail.headers['subject']!.includes('visa'));
    expect(visa).toHaveLength(1);
    expect(visa[0]!.headers['subject']).toBe(`Your booking ${reference}: the Umrah visa window is open`);
    expect(visa[0]!.text).toContain('between February 11, 2027 and March 3, 2027');
    expect(visa[0]!.text).toContain('we allow 5 business days');
    // And the next days, with the new fact, nothing is queued again.
    for (const next of ['2027-02-12', '2027-02-24', '2027-02-25']) {
      await scheduler.schedule.run(noon(next));
      await drain(workerOn(store, mailer, store.location, kinds), noon(next));
    }
    expect(reminders(mails()).filter((mail) => mail.headers['subject']!.includes('visa'))).toHaveLength(1);
  });

  it('stop at the one-click opt-out, queued ones too; receipts still go; staff and the history see it', async () => {
    const { store, quotes, leadId, quoteId, reference } = await openBooking(kind);
    const { mailer, mails } = await smtp();
    const scheduler = new TripReminderScheduler(store.database, settings());
    const worker = workerOn(store, mailer, store.location);
    await scheduler.schedule.run(noon(TODAY));
    await drain(worker, noon(TODAY));
    const [first] = reminders(mails());
    const link = /<(.*)>/.exec(first!.headers['list-unsubscribe']!)![1]!;
    const token = new URL(link).searchParams.get('token');
    const optOuts = new TripReminderStore(store.database);
    expect(await optOuts.optOutState(token)).toEqual({ optedOut: false });
    // An unknown or malformed token names nothing: the page answers the same 404.
    expect(await optOuts.optOutState('A'.repeat(43))).toBeUndefined();
    expect(await optOuts.optOut('not-a-token')).toBeUndefined();
    // The balance's reminder is queued, then the family opts out before it goes.
    expect(await scheduler.schedule.run(noon('2027-01-17'))).toBe(1);
    const off = noon('2027-01-17');
    expect(await optOuts.optOut(token, off)).toEqual({ done: 'opted-out' });
    expect(await optOuts.optOut(token, off)).toEqual({ done: 'already' });
    expect(await optOuts.optOutState(token)).toEqual({ optedOut: true });
    // A payment's receipt still goes.
    const payment = { paidOn: '2027-01-17', amountCents: 10_000, method: 'bank-transfer' };
    const paid = await quotes.recordPayment({ leadId, quoteId }, payment, AMINA, '2027-01-17', off, {
      emailReceipt: true,
    });
    expect(paid?.ok).toBe(true);
    for (let day = '2027-01-17'; day <= '2027-03-09'; day = addDays(day, 1)) {
      await scheduler.schedule.run(noon(day));
      await drain(worker, noon(day));
    }
    expect(reminders(mails())).toHaveLength(1);
    expect(
      mails().filter((mail) => mail.headers['subject'] === `Payment received: reference ${reference}`),
    ).toHaveLength(1);
    expect(await optOuts.optOutsOf(leadId)).toEqual([{ quoteId, reference, optedOutAt: off.toISOString() }]);
    const history = await new PipelineStore(store.database).historyOf(leadId);
    expect(
      history.filter((entry) => entry.action === 'reminder').map((entry) => [entry.actor, entry.detail]),
    ).toContainEqual(['the family (opt-out link)', `Turned off for booking ${reference}`]);
  });

  it('carry one opt-out link per email, however many tries the email takes', async () => {
    const { store } = await openBooking(kind);
    const { server, mailer, mails } = await smtp();
    const scheduler = new TripReminderScheduler(store.database, settings());
    const worker = workerOn(store, mailer, store.location);
    expect(await scheduler.schedule.run(noon(TODAY))).toBeGreaterThan(0);
    // The relay refuses the first tries: each try writes the email out again.
    server.state.reject = true;
    for (let hours = 0; hours < 3; hours += 1) await drain(worker, new Date(noon(TODAY).getTime() + hours * 3_600_000));
    expect(server.state.refused).toBeGreaterThan(1);
    server.state.reject = false;
    await drain(worker, noon(addDays(TODAY, 1)));
    const sent = reminders(mails());
    expect(sent.length).toBeGreaterThan(0);
    const links = await store.database.all('SELECT token_hash FROM trip_reminder_links');
    expect(links).toHaveLength(sent.length);
    // The link the family got is the one kept.
    const link = /<(.*)>/.exec(sent[0]!.headers['list-unsubscribe']!)![1]!;
    const token = new URL(link).searchParams.get('token');
    expect(await new TripReminderStore(store.database).optOutState(token)).toEqual({ optedOut: false });
  });

  it('start again when staff turn them back on, logged in the history; the review invitation reads the same preference', async () => {
    const { store, leadId, quoteId, reference } = await openBooking(kind);
    const { mailer, mails } = await smtp();
    const scheduler = new TripReminderScheduler(store.database, settings());
    const worker = workerOn(store, mailer, store.location);
    await scheduler.schedule.run(noon(TODAY));
    await drain(worker, noon(TODAY));
    const link = /<(.*)>/.exec(reminders(mails())[0]!.headers['list-unsubscribe']!)![1]!;
    const optOuts = new TripReminderStore(store.database);
    await optOuts.optOut(new URL(link).searchParams.get('token'), noon(TODAY));
    expect(await tripMailOptedOut(store.database, quoteId)).toBe(true);
    const on = noon('2027-01-16');
    expect(await optOuts.turnBackOn('another-lead', quoteId, AMINA.email, on)).toBe(false);
    expect(await optOuts.turnBackOn(leadId, quoteId, AMINA.email, on)).toBe(true);
    expect(await optOuts.turnBackOn(leadId, quoteId, AMINA.email, on)).toBe(false);
    expect(await optOuts.optOutsOf(leadId)).toEqual([]);
    expect(await tripMailOptedOut(store.database, quoteId)).toBe(false);
    const history = await new PipelineStore(store.database).historyOf(leadId);
    expect(
      history.filter((entry) => entry.action === 'reminder').map((entry) => [entry.actor, entry.at, entry.detail]),
    ).toContainEqual([AMINA.email, on.toISOString(), `Turned back on for booking ${reference}`]);
    // The balance's reminder goes again.
    expect(await scheduler.schedule.run(noon('2027-01-17'))).toBe(1);
  });

  it('go with the lead when it is erased, and the person’s export lists the opt-out', async () => {
    const { store, leadId, reference } = await openBooking(kind);
    const { mailer, mails } = await smtp();
    const scheduler = new TripReminderScheduler(store.database, settings());
    await scheduler.schedule.run(noon(TODAY));
    await drain(workerOn(store, mailer, store.location), noon(TODAY));
    const token = new URL(/<(.*)>/.exec(reminders(mails())[0]!.headers['list-unsubscribe']!)![1]!).searchParams.get(
      'token',
    );
    // Queued but not yet sent when the lead goes: erased with it.
    expect(await scheduler.schedule.run(noon('2027-01-17'))).toBe(1);
    const optOuts = new TripReminderStore(store.database);
    const off = noon('2027-01-17');
    await optOuts.optOut(token, off);
    const privacy = new PrivacyStore(store);
    const records = await privacy.findPerson({ email: FAMILY });
    const exported = personExport(records, { email: FAMILY, phone: '' }, off, outboxKinds.messageLabel);
    expect(exported.leads[0]!.tripRemindersOff).toEqual([{ reference, optedOutAt: off.toISOString() }]);
    expect(exported.leads[0]!.deliveries.map((delivery) => delivery.message)).toContain('Trip reminder (what we need)');
    await privacy.eraseLeads([leadId], 'omar@agency.example', off);
    const count = async (table: string) =>
      Number((await store.database.all<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n);
    for (const table of ['trip_reminders', 'trip_reminder_links', 'trip_reminder_optouts', 'outbox'])
      expect(await count(table), table).toBe(0);
    expect(await optOuts.optOutState(token)).toBeUndefined();
    expect(await scheduler.schedule.run(noon('2027-02-11'))).toBe(0);
  });
});

describe('the worker’s scheduled work, the digest’s and the reminders’ together', () => {
  it('runs each on its own interval, and one that fails holds back neither the other nor its own next turn', async () => {
    const runs: string[] = [];
    const often = { everyMs: 60_000, run: async (now: Date) => void runs.push(`often ${now.getTime()}`) };
    let failing = true;
    const rarely = {
      everyMs: 300_000,
      run: async (now: Date) => {
        runs.push(`rarely ${now.getTime()}`);
        if (failing) throw new Error('database away');
      },
      release: async () => void runs.push('released'),
    };
    const together = scheduledTogether([rarely, often]);
    expect(together.everyMs).toBe(60_000);
    await expect(together.run(new Date(0))).rejects.toThrow('Scheduled work failed');
    failing = false;
    for (const minute of [1, 2, 3, 4, 5]) await together.run(new Date(minute * 60_000));
    await together.release!();
    expect(runs).toEqual([
      'rarely 0',
      'often 0',
      'often 60000',
      'often 120000',
      'often 180000',
      'often 240000',
      'rarely 300000',
      'often 300000',
      'released',
    ]);
  });
});
