import { afterEach, describe, expect, it } from 'vitest';
import { paymentDueState } from '@/lib/desk/accounts';
import type { QuoteDraft } from '@/lib/quotes/model';
import type { SqlStatements } from '@/server/db/database';
import { SCHEMA } from '@/server/db/schema';
import type { SqliteDatabase } from '@/server/db/sqlite';
import { DeskListStore } from '@/server/desk/list-store';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { accountsOfLeads } from '@/server/quotes/accounts';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import type { LeadStatus } from '@/lib/pipeline/model';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, storeAt, type StoreKind, type TestStoreLocation } from './support/stores';

/*
 * What the desk's list, its views, its CSV and the dashboard read of quotes and payments, on both
 * stores: each lead's booking as the lead page has it, the leads a payment makes due, and the
 * quotes and payments the dashboard counts. The quote fixture: $5,452.50, a $1,500 deposit due
 * 2026-11-27 and the balance of $3,952.50 due 2027-01-24.
 */

const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

const NOW = new Date('2026-11-20T15:00:00.000Z');
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
const DEPOSIT_DAY = '2026-11-27';
/** How many steps come before the one that made quote_dues: the test takes the database back to then. */
const DUES_STEP = SCHEMA.findIndex((step) => JSON.stringify(step).includes('CREATE TABLE quote_dues'));
/**
 * Undoes the steps after quote_dues' so they can run again (each step appended after it adds its
 * undo here): the digest's tables and column (its outbox change runs again as it is), the reply
 * templates and the staff's display names, the first touch's columns, the cancellation schedules' columns, the travellers' table, the reviews' tables and the Hajj unsubscribe links.
 */
const UNDO_LATER_STEPS =
  'DROP INDEX leads_status_form; ' +
  'ALTER TABLE quote_acceptances DROP COLUMN language; ALTER TABLE leads DROP COLUMN language; ' +
  'DROP INDEX quote_acceptances_departure; ALTER TABLE quote_acceptances DROP COLUMN departure_on; ' +
  'ALTER TABLE quote_acceptances DROP COLUMN return_on; ' +
  'DROP TABLE hajj_unsubscribe_links; DROP TABLE trip_reminder_optouts; DROP TABLE trip_reminder_links; DROP TABLE trip_reminders; ' +
  'DROP TABLE review_decisions; DROP TABLE reviews; DROP TABLE review_links; DROP TABLE review_invitations; ' +
  'DROP TABLE trip_travellers; DROP TABLE hajj_alert_recipients; DROP TABLE hajj_alerts; DROP TABLE hajj_interest; ' +
  'DROP TABLE digest_days; DROP TABLE job_leases; ALTER TABLE leads DROP COLUMN first_contact_alerted_at; ' +
  'DROP TABLE reply_templates; ALTER TABLE staff DROP COLUMN display_name; ' +
  ['landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign']
    .map((column) => `ALTER TABLE leads DROP COLUMN ${column};`)
    .join(' ') +
  ' ALTER TABLE quote_versions DROP COLUMN cancellation; ALTER TABLE quote_acceptances DROP COLUMN cancellation;';
const BALANCE_DAY = '2027-01-24';

async function openAccounts(kind: StoreKind) {
  const store = await openTestStore(kind);
  open.push(store);
  const quotes = new QuoteStore(store.database);
  const lists = new DeskListStore(store.database);
  const pipeline = new PipelineStore(store.database);
  let leads = 0;
  /** A lead received at `receivedAt`. */
  const lead = async (receivedAt = new Date('2026-11-18T10:00:00.000Z')) => {
    leads += 1;
    const fields = { name: `Pilgrim ${leads}`, email: `pilgrim${leads}@example.com`, adults: '2' };
    const stored = await store.insertLead(
      { formId: 'umrah', fields, pageUrl: null, userAgent: null },
      { now: receivedAt },
    );
    return stored!.id;
  };
  /** Sends a quote on the lead (a new one unless `quoteId`), at `at`. */
  const send = async (leadId: string, options: { quoteId?: string; draft?: QuoteDraft; at?: Date } = {}) => {
    const at = options.at ?? NOW;
    const target = options.quoteId === undefined ? { leadId } : { leadId, quoteId: options.quoteId };
    const saved = await quotes.saveDraft(target, options.draft ?? quoteDraft(), AMINA, TODAY, at);
    if (!saved?.ok) throw new Error(`draft refused: ${JSON.stringify(saved)}`);
    const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, at);
    if (!sent?.ok) throw new Error('not sent');
    return { quoteId: saved.quoteId, token: sent.token };
  };
  /**
   * A lead with a quote sent, accepted unless told otherwise, and these payments recorded today; the
   * follow-up the acceptance sets is cleared, so that only the payments make the lead due.
   */
  const booking = async (options: { accepted?: boolean; paid?: number[]; lost?: boolean } = {}) => {
    const leadId = await lead();
    const { quoteId, token } = await send(leadId);
    if (options.accepted ?? true) await quotes.accept(token, 1, 'Pilgrim', TODAY, NOW);
    await pipeline.updatePipeline(leadId, { followUp: null }, AMINA.email, NOW);
    for (const amountCents of options.paid ?? []) {
      const payment = { paidOn: TODAY, amountCents, method: 'bank-transfer' };
      const recorded = await quotes.recordPayment({ leadId, quoteId }, payment, AMINA, TODAY, NOW);
      if (!recorded?.ok) throw new Error('payment refused');
    }
    if (options.lost) {
      const change = { status: 'lost' as const, lostReason: 'Travelling next year instead' };
      await pipeline.updatePipeline(leadId, change, AMINA.email, NOW);
    }
    return { leadId, quoteId, token };
  };
  /** The ids in a due view on `today`, sorted. */
  const view = async (due: 'today' | 'overdue', today: string) =>
    (await lists.allDesk({ due, today })).map((found) => found.id).sort();
  return { store, quotes, lists, pipeline, lead, send, booking, view };
}

const sorted = (ids: readonly string[]) => [...ids].sort();

describe.each(STORE_KINDS)('bookings for the desk on %s', (kind) => {
  it('gives each lead the account its lead page shows, in three statements for many leads', async () => {
    const { store, quotes, lead, booking } = await openAccounts(kind);
    const none = await lead();
    const sent = await booking({ accepted: false });
    const deposit = await booking({ paid: [150_000] });
    const full = await booking({ paid: [150_000, 395_250] });
    const ids = [none, sent.leadId, deposit.leadId, full.leadId];

    let statements = 0;
    const counting: SqlStatements = {
      all: (sql, params) => {
        statements += 1;
        return store.database.all(sql, params);
      },
      run: (sql, params) => store.database.run(sql, params),
    };
    const accounts = await accountsOfLeads(counting, ids, TODAY);
    expect(statements).toBe(3);
    expect(accounts.has(none)).toBe(false);
    for (const id of ids.slice(1)) expect(accounts.get(id)).toEqual(await quotes.accountOfLead(id, TODAY));
    expect(accounts.get(sent.leadId)).toMatchObject({
      quoteId: sent.quoteId,
      acceptedAt: null,
      account: { totalCents: 545_250, paidCents: 0, nextDue: { label: 'Deposit', dueOn: DEPOSIT_DAY } },
    });
    expect(accounts.get(deposit.leadId)).toMatchObject({
      acceptedAt: NOW.toISOString(),
      account: { paidCents: 150_000, balanceCents: 395_250, nextDue: { label: 'Balance', dueOn: BALANCE_DAY } },
    });
    expect(accounts.get(full.leadId)?.account).toMatchObject({ balanceCents: 0, nextDue: null, state: 'paid' });
    expect((await quotes.accountsOfLeads([], TODAY)).size).toBe(0);
  });

  it('keeps the account against the newest accepted quote, at the version accepted', async () => {
    const { quotes, lead, send, booking } = await openAccounts(kind);
    // Two quotes accepted: the newer one, paid in full, is the booking.
    const { leadId, quoteId: older } = await booking();
    const newer = await send(leadId, { at: new Date(NOW.getTime() + 60_000) });
    await quotes.accept(newer.token, 1, 'Pilgrim', TODAY, NOW);
    const payment = { paidOn: TODAY, amountCents: 545_250, method: 'cash' };
    await quotes.recordPayment({ leadId, quoteId: newer.quoteId }, payment, AMINA, TODAY, NOW);
    const accounts = await quotes.accountsOfLeads([leadId], TODAY);
    expect(accounts.get(leadId)).toMatchObject({ quoteId: newer.quoteId, account: { state: 'paid' } });
    expect(newer.quoteId).not.toBe(older);

    // A version sent after the acceptance does not change what was accepted.
    const other = await booking();
    const cheaper = quoteDraft({
      lines: [{ kind: 'double', label: '', unitCents: 100_000, count: 2 }],
      discount: null,
      schedule: [{ dueOn: DEPOSIT_DAY, amountCents: 200_000 }],
    });
    await send(other.leadId, { quoteId: other.quoteId, draft: cheaper });
    const kept = (await quotes.accountsOfLeads([other.leadId], TODAY)).get(other.leadId);
    expect(kept?.account).toMatchObject({ totalCents: 545_250, nextDue: { label: 'Deposit', dueOn: DEPOSIT_DAY } });
    expect(kept).toEqual(await quotes.accountOfLead(other.leadId, TODAY));
    // Without an acceptance, the newest sent version is what the pilgrim owes.
    const unaccepted = await lead();
    const first = await send(unaccepted);
    await send(unaccepted, { quoteId: first.quoteId, draft: cheaper });
    expect((await quotes.accountsOfLeads([unaccepted], TODAY)).get(unaccepted)?.account.totalCents).toBe(200_000);
  });

  it('puts an accepted booking under Due today on a payment day and under Overdue after it, until it is paid', async () => {
    const { view, booking, lead, pipeline, quotes, lists } = await openAccounts(kind);
    const unpaid = await booking();
    const deposit = await booking({ paid: [150_000] });
    const partDeposit = await booking({ paid: [100_000] });
    const full = await booking({ paid: [150_000, 395_250] });
    const sentOnly = await booking({ accepted: false });
    const lost = await booking({ lost: true });
    const followUp = await lead();
    await pipeline.updatePipeline(followUp, { followUp: DEPOSIT_DAY }, AMINA.email, NOW);

    expect(await view('today', TODAY)).toEqual([]);
    expect(await view('today', DEPOSIT_DAY)).toEqual(sorted([unpaid.leadId, partDeposit.leadId, followUp]));
    expect(await view('overdue', DEPOSIT_DAY)).toEqual([]);
    expect(await view('overdue', '2026-11-28')).toEqual(sorted([unpaid.leadId, partDeposit.leadId, followUp]));
    expect(await view('today', BALANCE_DAY)).toEqual(sorted([deposit.leadId]));
    expect(await lists.countDesk({ due: 'overdue', today: '2026-11-28' })).toBe(3);
    expect(await lists.countDesk({ due: 'today', today: BALANCE_DAY })).toBe(1);
    expect(await view('overdue', '2027-01-25')).toEqual(
      sorted([unpaid.leadId, deposit.leadId, partDeposit.leadId, followUp]),
    );

    // The views agree with the rule the list's rows are written by, lead by lead and day by day.
    const leads = [unpaid, deposit, partDeposit, full, sentOnly, lost].map((one) => one.leadId);
    const statuses = new Map<string, LeadStatus>();
    for (const id of leads) statuses.set(id, (await lists.deskLead(id))!.status);
    expect(statuses.get(lost.leadId)).toBe('lost');
    expect(statuses.get(deposit.leadId)).toBe('booked');
    for (const today of [TODAY, DEPOSIT_DAY, '2026-11-28', BALANCE_DAY, '2027-01-25']) {
      const accounts = await quotes.accountsOfLeads(leads, today);
      const expected = { today: [] as string[], overdue: [] as string[] };
      for (const id of leads) {
        const state = paymentDueState(statuses.get(id)!, accounts.get(id));
        if (state) expected[state].push(id);
      }
      const withoutFollowUp = async (due: 'today' | 'overdue') =>
        (await view(due, today)).filter((id) => id !== followUp);
      expect(await withoutFollowUp('today'), today).toEqual(sorted(expected.today));
      expect(await withoutFollowUp('overdue'), today).toEqual(sorted(expected.overdue));
    }
  });

  it('gives the dashboard each quote sent or accepted since a time and the payments since a day, erased leads too', async () => {
    const { quotes, lead, send, booking, store } = await openAccounts(kind);
    const early = await lead(new Date('2026-11-16T14:00:00.000Z'));
    await send(early, { at: new Date('2026-11-16T20:00:00.000Z') });
    const { leadId, quoteId } = await booking({ paid: [150_000] });
    const again = await send(leadId, {
      quoteId,
      draft: quoteDraft({ note: 'Hotel confirmed' }),
      at: new Date(NOW.getTime() + 1000),
    });
    expect(again.token).toBeTypeOf('string');
    const erased = await booking({ paid: [150_000] });
    await new PrivacyStore(store).eraseLeads([erased.leadId], 'owner@agency.example', NOW);

    const { quotes: rows, payments } = await quotes.dashboardRows('2026-11-16T00:00:00.000Z', '2026-11-16');
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.leadId === early)).toEqual({
      leadId: early,
      firstSentAt: '2026-11-16T20:00:00.000Z',
      quotedCents: 545_250,
      acceptedAt: null,
      acceptedCents: null,
    });
    // A second version sent is the same quote, first sent when it was.
    expect(rows.filter((row) => row.leadId === leadId)).toEqual([
      expect.objectContaining({
        firstSentAt: NOW.toISOString(),
        acceptedAt: NOW.toISOString(),
        acceptedCents: 545_250,
      }),
    ]);
    expect(rows.find((row) => row.leadId === null)).toMatchObject({ acceptedCents: 545_250 });
    expect(payments).toEqual([
      { paidOn: TODAY, amountCents: 150_000 },
      { paidOn: TODAY, amountCents: 150_000 },
    ]);

    // Before the time asked for, nothing; a quote sent earlier but accepted since, counted.
    expect(await quotes.dashboardRows('2026-11-21T00:00:00.000Z', '2026-11-21')).toEqual({ quotes: [], payments: [] });
    const later = await quotes.dashboardRows('2026-11-17T00:00:00.000Z', TODAY);
    expect(later.quotes.map((row) => row.leadId)).not.toContain(early);
    expect(later.payments).toHaveLength(2);
  });

  it('fills in the schedules of versions sent before the desk read them as rows', async () => {
    const { store, quotes, booking } = await openAccounts(kind);
    const { leadId } = await booking({ paid: [150_000] });
    const before = await quotes.accountOfLead(leadId, '2027-01-25');
    const location: TestStoreLocation = store.location;
    if (location.kind === 'sqlite') {
      const undo = `${UNDO_LATER_STEPS} DROP TABLE quote_dues; DROP INDEX quote_versions_sent; DROP INDEX quote_versions_sends; PRAGMA user_version = ${DUES_STEP};`;
      (store.database as SqliteDatabase).db.exec(undo);
    } else {
      for (const statement of UNDO_LATER_STEPS.split(';').filter((sql) => sql.trim()))
        await store.database.run(statement);
      await store.database.run('DROP TABLE quote_dues');
      await store.database.run('DROP INDEX quote_versions_sent');
      await store.database.run('DROP INDEX quote_versions_sends');
      await store.database.run('DELETE FROM schema_steps WHERE step > ?', [DUES_STEP]);
    }
    const reopened = storeAt(location);
    open.push(reopened);
    const dues = await reopened.database.all<{ ordinal: number; due_on: string; amount_cents: number | string }>(
      'SELECT ordinal, due_on, amount_cents FROM quote_dues ORDER BY ordinal',
    );
    expect(dues.map((due) => [Number(due.ordinal), due.due_on, Number(due.amount_cents)])).toEqual([
      [0, DEPOSIT_DAY, 150_000],
      [1, BALANCE_DAY, 395_250],
    ]);
    expect(await new QuoteStore(reopened.database).accountOfLead(leadId, '2027-01-25')).toEqual(before);
    expect(before?.account.state).toBe('overdue');
  });
});
