import { OutboxQueue } from '@/server/outbox/queue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agencyContact } from '@/lib/site-contact';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { DigestScheduler, digestFacts, type DigestSettings } from '@/server/desk/digest-store';
import { LEASE_MS } from '@/server/outbox/schedule';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import { StaffStore } from '@/server/desk/staff-store';
import { leadApiConfig } from '@/server/leads/config';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { outboxKinds, workerOptions } from '@/server/message-kinds';
import { DeliveryWorker, startDeliveries } from '@/server/outbox/worker';
import { QUOTE_TODAY, quoteDraft } from './support/quotes';
import { parseMail, smtpMailer, startSmtpServer } from './support/smtp';
import { digestFor } from '@/lib/desk/digest';
import { STORE_KINDS, openTestStore, storeAt, storeEnv, type StoreKind } from './support/stores';

/*
 * The morning digest and the first-contact alert on both stores: what each member of staff is sent,
 * nothing when there is nothing to say, once per member and office day and once per enquiry however
 * many instances run at the same instant, at the office's hour in the office's zone, through a real
 * local SMTP server, and nothing of an enquiry erased before its digest went.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = 'https://miqat-travel.example';
/** Thursday 26 November 2026, 8:30 in Austin (CST, UTC-6): half an hour after the digest's hour. */
const MORNING = new Date('2026-11-26T14:30:00.000Z');
const DAY = '2026-11-26';
const SETTINGS: DigestSettings = {
  digestHour: 8,
  targetHours: 2,
  siteUrl: SITE,
  timeZone: agencyContact.timeZone,
  hours: agencyContact.hours,
};

async function setUp(kind: StoreKind) {
  const store = await openTestStore(kind);
  cleanups.push(() => store.close());
  const staff = new StaffStore(store.database);
  const member = (email: string, role: 'owner' | 'agent') =>
    staff.addStaff({ email, role, passwordHash: 'not a real hash', mustChangePassword: false });
  const omar = await member('omar@agency.example', 'owner');
  const hana = await member('hana@agency.example', 'owner');
  // The first owner's user name is no address: it is never emailed.
  await member('owner', 'owner');
  const amina = await member('amina@agency.example', 'agent');
  const bilal = await member('bilal@agency.example', 'agent');
  const pipeline = new PipelineStore(store.database);
  const quotes = new QuoteStore(store.database);
  const actor: StaffActor = { id: amina.id, email: amina.email };
  let count = 0;
  /** A lead received at `at` (a Monday by default), named "Pilgrim N", assigned and followed up as told. */
  const lead = async (change: { assigneeId?: string; followUp?: string } = {}, at = new Date('2026-11-16T15:00Z')) => {
    count += 1;
    const fields = { name: `Pilgrim ${count}`, email: `pilgrim${count}@example.com`, adults: '2' };
    const stored = (await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: at }))!;
    if (Object.keys(change).length > 0) await pipeline.updatePipeline(stored.id, change, 'omar@agency.example', at);
    return stored;
  };
  const scheduler = (on: SqlLeadStore = store, settings = SETTINGS) => new DigestScheduler(on.database, settings);
  return { store, staff, pipeline, quotes, actor, omar, hana, amina, bilal, lead, scheduler };
}

/** The desk of the examples: every kind of line, for two agents and the owners. */
async function busyDesk(kind: StoreKind) {
  const desk = await setUp(kind);
  const { amina, bilal, lead, quotes, actor, pipeline } = desk;
  const dueToday = await lead({ assigneeId: amina.id, followUp: DAY });
  const overdue = await lead({ assigneeId: amina.id, followUp: '2026-11-24' });
  const bilalsOverdue = await lead({ assigneeId: bilal.id, followUp: '2026-11-20' });
  const unassigned = await lead();
  await lead({ assigneeId: bilal.id, followUp: '2026-12-10' });
  // A quote valid until 27 November, sent on the 20th; and a booking whose deposit is due that day.
  const expiring = await lead({ assigneeId: amina.id });
  const sent = async (leadId: string) => {
    const saved = await quotes.saveDraft({ leadId }, quoteDraft(), actor, QUOTE_TODAY, new Date('2026-11-20T15:00Z'));
    if (!saved?.ok) throw new Error('draft refused');
    const done = await quotes.send(
      { leadId, quoteId: saved.quoteId },
      actor,
      QUOTE_TODAY,
      new Date('2026-11-20T15:00Z'),
    );
    if (!done?.ok) throw new Error('not sent');
    return done.token;
  };
  await sent(expiring.id);
  const booked = await lead({ assigneeId: amina.id });
  await quotes.accept(await sent(booked.id), 1, 'Pilgrim 7', QUOTE_TODAY, new Date('2026-11-20T16:00Z'));
  await pipeline.updatePipeline(booked.id, { followUp: null }, amina.email, new Date('2026-11-20T16:00Z'));
  return { ...desk, dueToday, overdue, bilalsOverdue, unassigned, expiring, booked };
}

/** The digests queued, as (address, day) pairs, sorted. */
async function queuedDigests(store: SqlLeadStore) {
  const rows = await store.database.all<{ destination: string; payload: string; lead_id: string | null }>(
    "SELECT destination, payload, lead_id FROM outbox WHERE channel = 'message' AND lead_id IS NULL ORDER BY destination",
  );
  return rows.map((row) => ({ to: row.destination, ...(JSON.parse(row.payload) as object), leadId: row.lead_id }));
}

describe.each(STORE_KINDS)('the morning digest on %s', { timeout: 30_000 }, (kind) => {
  it("gives each member their own follow-ups, quotes and payments, everyone the unassigned, owners the team's overdue", async () => {
    const desk = await busyDesk(kind);
    const facts = await digestFacts(desk.store.database, DAY);
    const refs = (items: readonly { reference: string }[]) => items.map((item) => item.reference).sort();
    expect(refs(facts.followUps)).toEqual(refs([desk.dueToday, desk.overdue, desk.bilalsOverdue]));
    expect(refs(facts.unassigned)).toEqual([desk.unassigned.reference]);
    expect(facts.expiring).toEqual([
      expect.objectContaining({ reference: desk.expiring.reference, validUntil: '2026-11-27', name: 'Pilgrim 6' }),
    ]);
    expect(facts.balances).toEqual([
      expect.objectContaining({ reference: desk.booked.reference, label: 'Deposit', dueOn: '2026-11-27' }),
    ]);

    // What a digest reads when it is sent, for one member, is that member's share of the whole.
    for (const member of [desk.amina, desk.bilal, desk.omar]) {
      const own = await digestFacts(desk.store.database, DAY, member);
      expect(digestFor(member, own)).toEqual(digestFor(member, facts));
    }

    expect(await desk.scheduler().schedule.run(MORNING)).toEqual({ digests: 4, alerts: 0 });
    // Both owners, both agents; never the user name "owner".
    expect((await queuedDigests(desk.store)).map((row) => row.to)).toEqual([
      'amina@agency.example',
      'bilal@agency.example',
      'hana@agency.example',
      'omar@agency.example',
    ]);
    // The queued row names the member and the day only: nothing of any enquiry.
    const [aminas] = await queuedDigests(desk.store);
    expect(aminas).toEqual({
      to: 'amina@agency.example',
      kind: 'digest',
      staffId: desk.amina.id,
      day: DAY,
      leadId: null,
    });
  });

  it('sends nothing on a quiet desk, before the hour in the office zone, or on a day the office is closed', async () => {
    const quiet = await setUp(kind);
    expect(await quiet.scheduler().schedule.run(MORNING)).toEqual({ digests: 0, alerts: 0 });
    expect(await queuedDigests(quiet.store)).toEqual([]);

    const desk = await busyDesk(kind);
    // 7:59 in Austin is 13:59 UTC: past 8 in UTC, not yet at the office.
    expect(await desk.scheduler().queueDigests(new Date('2026-11-26T13:59:00.000Z'))).toBe(0);
    // Sunday 29 November, 9:00 in Austin: the office is closed.
    expect(await desk.scheduler().queueDigests(new Date('2026-11-29T15:00:00.000Z'))).toBe(0);
    expect(await queuedDigests(desk.store)).toEqual([]);
    // DIGEST_HOUR=off sends none at any hour.
    const off = desk.scheduler(desk.store, { ...SETTINGS, digestHour: undefined });
    expect(await off.queueDigests(MORNING)).toBe(0);
    expect(await desk.scheduler().queueDigests(new Date('2026-11-26T14:00:00.000Z'))).toBe(4);
  });

  it('queues one digest per member and office day when two instances run at the same instant', async () => {
    const desk = await busyDesk(kind);
    const second = storeAt(desk.store.location);
    cleanups.push(() => second.close());
    const [one, other] = await Promise.all([
      desk.scheduler().schedule.run(MORNING),
      desk.scheduler(second).schedule.run(MORNING),
    ]);
    // The lease lets one of them do the work.
    expect([one, other].filter((result) => result === null)).toHaveLength(1);
    // Without the lease (each going straight to its claims), the day's key still allows one each.
    const racing = await Promise.all([
      desk.scheduler().queueDigests(MORNING),
      desk.scheduler(second).queueDigests(MORNING),
      desk.scheduler(second).queueDigests(new Date(MORNING.getTime() + LEASE_MS + 1)),
    ]);
    expect(racing).toEqual([0, 0, 0]);
    expect(await queuedDigests(desk.store)).toHaveLength(4);

    // A fresh day on a fresh desk: both instances straight at the claims at once.
    const fresh = await busyDesk(kind);
    const freshSecond = storeAt(fresh.store.location);
    cleanups.push(() => freshSecond.close());
    const counts = await Promise.all([
      fresh.scheduler().queueDigests(MORNING),
      fresh.scheduler(freshSecond).queueDigests(MORNING),
    ]);
    expect(counts[0]! + counts[1]!).toBe(4);
    expect(await queuedDigests(fresh.store)).toHaveLength(4);
    // The next office day is a new one.
    expect(await fresh.scheduler().queueDigests(new Date('2026-11-27T14:30:00.000Z'))).toBe(4);
  });

  it('reaches a local SMTP server written out when sent, and never names an enquiry erased before then', async () => {
    const desk = await busyDesk(kind);
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { mailer, close } = smtpMailer(smtp.url);
    cleanups.push(close);
    const settings = leadApiConfig({ ...storeEnv(desk.store.location), SMTP_URL: smtp.url, SITE_URL: SITE });
    const scheduler = desk.scheduler();
    await scheduler.schedule.run(MORNING);
    // Erased after its digests were queued: its reference and name must not go out.
    await new PrivacyStore(desk.store).eraseLeads([desk.unassigned.id], 'omar@agency.example', MORNING);
    const worker = new DeliveryWorker(desk.store, settings, mailer, { kinds: outboxKinds });
    while ((await worker.runOnce(MORNING.getTime() + 60_000)) > 0);
    const mails = smtp.state.received.map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([
      'amina@agency.example',
      'bilal@agency.example',
      'hana@agency.example',
      'omar@agency.example',
    ]);
    for (const mail of mails) {
      expect(mail.text).not.toContain(desk.unassigned.reference);
      expect(mail.text).not.toContain('Pilgrim 4');
    }
    const amina = mails.find((mail) => mail.to[0] === 'amina@agency.example')!;
    expect(amina.headers['subject']).toBe('Your desk today: 2 follow-ups, 1 quote expiring, 1 payment due');
    expect(amina.text).toContain(`- ${desk.dueToday.reference} Pilgrim 1\n  ${SITE}/admin/leads/${desk.dueToday.id}`);
    expect(amina.text).toContain(`${desk.overdue.reference} Pilgrim 2: due November 24, 2026`);
    expect(amina.text).toContain(`${desk.expiring.reference} Pilgrim 6: $`);
    expect(amina.text).toContain(`${desk.booked.reference} Pilgrim 7: Deposit $`);
    expect(amina.text).toContain(`${SITE}/admin/leads?due=today&assignee=${desk.amina.id}`);
    expect(amina.text).not.toContain(desk.bilalsOverdue.reference);
    const omar = mails.find((mail) => mail.to[0] === 'omar@agency.example')!;
    expect(omar.text).toContain('Overdue with the rest of the team (2)');
    expect(omar.text).toContain(
      `${desk.bilalsOverdue.reference} Pilgrim 3: follow-up due November 20, 2026 (bilal@agency.example)`,
    );
    // Bilal's only lines were his overdue follow-up and the erased enquiry.
    const bilal = mails.find((mail) => mail.to[0] === 'bilal@agency.example')!;
    expect(bilal.headers['subject']).toBe('Your desk today: 1 follow-up');
  });
});

describe("the delivery worker's scheduled work", () => {
  it('runs once a minute at most, and a failed run is logged and tried again next time', async () => {
    const store = await openTestStore('sqlite');
    cleanups.push(() => store.close());
    const runs: string[] = [];
    let failing = true;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logs = vi.spyOn(console, 'log').mockImplementation(() => {});
    cleanups.push(() => {
      errors.mockRestore();
      logs.mockRestore();
    });
    const worker = new DeliveryWorker(store, leadApiConfig(storeEnv(store.location)), undefined, {
      kinds: outboxKinds,
      scheduled: {
        everyMs: 60_000,
        run: async (now) => {
          runs.push(now.toISOString());
          if (failing) throw new Error('the database went away');
        },
      },
    });
    await worker.runScheduled(MORNING);
    await worker.runScheduled(new Date(MORNING.getTime() + 59_000));
    failing = false;
    await worker.runScheduled(new Date(MORNING.getTime() + 60_000));
    expect(runs).toEqual([MORNING.toISOString(), new Date(MORNING.getTime() + 60_000).toISOString()]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(logs).toHaveBeenCalledWith('The scheduled work of the delivery worker works again.');
  });
});

describe.each(STORE_KINDS)("the scheduled work's lease on %s", { timeout: 30_000 }, (kind) => {
  it('is given up when the instance stops gracefully, so the next instance takes it at once', async () => {
    const desk = await setUp(kind);
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const logs = vi.spyOn(console, 'log').mockImplementation(() => {});
    cleanups.push(() => logs.mockRestore());
    const config = leadApiConfig({ ...storeEnv(desk.store.location), SMTP_URL: smtp.url, SITE_URL: SITE });
    const worker = await startDeliveries(desk.store, config, workerOptions(desk.store, config));
    // The digest's own lease (the trip reminders and the review invitations hold their own beside it).
    const leases = () =>
      desk.store.database.all<{ holder: string }>(
        "SELECT holder FROM job_leases WHERE name = 'desk-digest-and-alerts'",
      );
    const allLeases = () => desk.store.database.all<{ name: string }>('SELECT name FROM job_leases ORDER BY name');
    await expect.poll(async () => (await leases()).length).toBe(1);
    await expect
      .poll(allLeases)
      .toEqual([{ name: 'desk-digest-and-alerts' }, { name: 'review-invitations' }, { name: 'trip-reminders' }]);
    // Another instance on the same database waits while the running one holds the lease…
    const next = storeAt(desk.store.location);
    cleanups.push(() => next.close());
    const restarted = desk.scheduler(next);
    expect(await restarted.schedule.run()).toBeNull();
    // …and takes it the moment that one has stopped, not LEASE_MS later.
    await worker.stop();
    expect(await allLeases()).toEqual([]);
    expect(await restarted.schedule.run()).toEqual({ digests: expect.any(Number), alerts: expect.any(Number) });
    expect(await leases()).toEqual([{ holder: restarted.schedule.holder }]);
  });
});

describe.each(STORE_KINDS)('the first-contact alert on %s', { timeout: 30_000 }, (kind) => {
  it('emails the owners once when an enquiry is still New past 2 office hours, counted across the night', async () => {
    const desk = await setUp(kind);
    // Friday 27 November, 16:30 in Austin; the office closes at 18:00 and opens Saturday at 10:00.
    const lead = await desk.lead({}, new Date('2026-11-27T22:30:00.000Z'));
    const second = storeAt(desk.store.location);
    cleanups.push(() => second.close());
    // Saturday 10:29: an hour and 59 minutes of office time.
    expect(await desk.scheduler().queueAlerts(new Date('2026-11-28T16:29:00.000Z'))).toBe(0);
    // Saturday 10:31, two instances at the same instant: one alert.
    const at = new Date('2026-11-28T16:31:00.000Z');
    const counts = await Promise.all([desk.scheduler().queueAlerts(at), desk.scheduler(second).queueAlerts(at)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await desk.scheduler().queueAlerts(new Date('2026-11-30T16:00:00.000Z'))).toBe(0);
    const messages = (await new OutboxQueue(desk.store.database).deliveriesOf(lead.id)).filter(
      (delivery) => delivery.channel === 'message',
    );
    expect(messages.map((delivery) => delivery.destination).sort()).toEqual([
      'hana@agency.example',
      'omar@agency.example',
    ]);
    const history = await desk.pipeline.historyOf(lead.id);
    expect(history.filter((entry) => entry.action === 'alert')).toEqual([
      expect.objectContaining({
        actor: 'the desk',
        detail: 'Still New after 2 office hours: the owners were emailed (hana@agency.example, omar@agency.example)',
      }),
    ]);

    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { mailer, close } = smtpMailer(smtp.url);
    cleanups.push(close);
    const settings = leadApiConfig({ ...storeEnv(desk.store.location), SMTP_URL: smtp.url, SITE_URL: SITE });
    const worker = new DeliveryWorker(desk.store, settings, mailer, { kinds: outboxKinds });
    while ((await worker.runOnce(at.getTime() + 60_000)) > 0);
    expect(smtp.state.received).toHaveLength(2);
    const mail = parseMail(smtp.state.received[0]!.raw);
    expect(mail.headers['subject']).toBe(`Still New after 2 office hours: ${lead.reference}`);
    expect(mail.text).toContain(`${SITE}/admin/leads/${lead.id}`);
    expect(mail.text).toContain('Nov 27, 2026, 4:30 PM CST');
  });

  it('says "1 office hour" in the history when the target is one hour', async () => {
    const desk = await setUp(kind);
    const lead = await desk.lead({}, new Date('2026-11-27T22:30:00.000Z'));
    const scheduler = desk.scheduler(desk.store, { ...SETTINGS, targetHours: 1 });
    expect(await scheduler.queueAlerts(new Date('2026-11-28T16:31:00.000Z'))).toBe(1);
    const history = await desk.pipeline.historyOf(lead.id);
    expect(history.filter((entry) => entry.action === 'alert').map((entry) => entry.detail)).toEqual([
      'Still New after 1 office hour: the owners were emailed (hana@agency.example, omar@agency.example)',
    ]);
  });

  it('leaves an enquiry alone once someone has contacted it, and an old one to the digest', async () => {
    const desk = await setUp(kind);
    const contacted = await desk.lead({}, new Date('2026-11-23T15:00:00.000Z'));
    await desk.pipeline.updatePipeline(contacted.id, { status: 'contacted' }, 'amina@agency.example');
    await desk.lead({}, new Date('2026-11-02T15:00:00.000Z'));
    expect(await desk.scheduler().queueAlerts(new Date('2026-11-23T20:00:00.000Z'))).toBe(0);
    const off = desk.scheduler(desk.store, { ...SETTINGS, targetHours: undefined });
    const fresh = await desk.lead({}, new Date('2026-11-23T15:00:00.000Z'));
    expect(await off.queueAlerts(new Date('2026-11-23T20:00:00.000Z'))).toBe(0);
    expect(await desk.scheduler().queueAlerts(new Date('2026-11-23T20:00:00.000Z'))).toBe(1);
    expect((await new OutboxQueue(desk.store.database).deliveriesOf(fresh.id)).length).toBe(2);
  });
});
