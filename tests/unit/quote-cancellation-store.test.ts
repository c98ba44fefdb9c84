import { afterEach, describe, expect, it } from 'vitest';
import { NO_SCHEDULE_MESSAGE } from '@/lib/quotes/cancellation';
import type { CancellationSchedule } from '@/lib/site-booking';
import { quoteView } from '@/lib/quotes/desk-view';
import type { SqliteDatabase } from '@/server/db/sqlite';
import { SCHEMA } from '@/server/db/schema';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { runQuoteAction } from '@/server/quotes/desk-actions';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QUOTE_TODAY as TODAY, quoteCancellation, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, storeAt, type StoreKind } from './support/stores';

/*
 * The cancellation schedule in the quote store, on both stores (issue 35, P05): no quote is sent
 * without one, a sent version keeps the one it was sent with, and an acceptance records the one the
 * pilgrim saw; schema step 14 gives databases made before it the two columns, their rows kept.
 */

const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

const NOW = new Date('2026-11-20T15:00:00.000Z');
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
const NONE: CancellationSchedule = { bands: [], note: '' };
/** The agency's schedule after a change: the same bands, dearer at the start. */
const CHANGED: CancellationSchedule = {
  ...quoteCancellation(),
  bands: [{ fromDays: 61, perTravelerCents: 25_000 }, ...quoteCancellation().bands.slice(1)],
};

async function setUp(kind: StoreKind) {
  const store = await openTestStore(kind);
  open.push(store);
  const pipeline = new PipelineStore(store.database);
  const quotesWith = (cancellation: CancellationSchedule) => new QuoteStore(store.database, { cancellation });
  const draft = async (quotes: QuoteStore) => {
    const lead = await store.insertLead(
      { formId: 'umrah', fields: { name: 'Layla Haddad', email: 'layla@example.com' }, pageUrl: null, userAgent: null },
      { now: new Date('2026-11-18T10:00:00.000Z') },
    );
    const saved = await quotes.saveDraft({ leadId: lead!.id }, quoteDraft(), AMINA, TODAY, NOW);
    if (!saved?.ok) throw new Error('draft refused');
    return { leadId: lead!.id, quoteId: saved.quoteId };
  };
  const sent = async (quotes: QuoteStore) => {
    const target = await draft(quotes);
    const result = await quotes.send(target, AMINA, TODAY, NOW);
    if (!result?.ok) throw new Error('not sent');
    return { ...target, token: result.token };
  };
  const counts = async () => {
    const [row] = await store.database.all<{ sent: number | string; linked: number | string; outbox: number | string }>(
      `SELECT (SELECT COUNT(*) FROM quote_versions WHERE sent_at IS NOT NULL) AS sent,
              (SELECT COUNT(*) FROM quotes WHERE token_hash IS NOT NULL) AS linked,
              (SELECT COUNT(*) FROM outbox) AS outbox`,
    );
    return { sent: Number(row!.sent), linked: Number(row!.linked), outbox: Number(row!.outbox) };
  };
  return { store, pipeline, quotesWith, draft, sent, counts };
}

describe.each(STORE_KINDS)('the cancellation schedule in the quote store on %s', (kind) => {
  it('refuses to send a quote while the agency has no schedule, says why and what to set, and changes nothing', async () => {
    const { store, pipeline, quotesWith, draft, counts } = await setUp(kind);
    const quotes = new QuoteStore(store.database, { cancellation: NONE, emails: true });
    const target = await draft(quotes);
    const before = await counts();
    const refused = await quotes.send(target, AMINA, TODAY, NOW);
    expect(refused).toEqual({ ok: false, problems: [{ field: '_form', message: NO_SCHEDULE_MESSAGE }] });
    expect(NO_SCHEDULE_MESSAGE).toMatch(/cannot be sent yet: the agency has no cancellation schedule/);
    expect(NO_SCHEDULE_MESSAGE).toContain('src/lib/site-booking.ts');
    expect(await counts()).toEqual(before);
    expect((await pipeline.historyOf(target.leadId)).map((entry) => entry.detail)).not.toContainEqual(
      expect.stringMatching(/^Quote sent/),
    );
    // The desk's Send button says the same, and the draft stays a draft.
    const pressed = await runQuoteAction(
      quotes,
      target.leadId,
      { action: 'quote-send', quoteId: target.quoteId, version: 1, copied: false },
      AMINA,
      TODAY,
    );
    expect(pressed).toEqual({ ok: false, problems: [{ field: '_form', message: NO_SCHEDULE_MESSAGE }] });
    const [stored] = await quotes.quotesOfLead(target.leadId);
    expect(stored!.versions.map((version) => [version.sentAt, version.cancellation])).toEqual([[null, null]]);
    // Once a schedule is set, the same draft goes.
    expect((await quotesWith(quoteCancellation()).send(target, AMINA, TODAY, NOW))?.ok).toBe(true);
  });

  it('sends each version with the schedule of the day, and keeps it when the agency changes its schedule', async () => {
    const { quotesWith, sent } = await setUp(kind);
    const { leadId, token } = await sent(quotesWith(quoteCancellation()));
    const later = quotesWith(CHANGED);
    const [stored] = await later.quotesOfLead(leadId);
    expect(stored!.versions[0]!.cancellation).toEqual(quoteCancellation());
    expect((await later.quoteByToken(token))?.cancellation).toEqual(quoteCancellation());
  });

  it('records with the acceptance the schedule the pilgrim was shown, and the lead page shows it', async () => {
    const { quotesWith, sent } = await setUp(kind);
    const { leadId, token } = await sent(quotesWith(quoteCancellation()));
    const accepted = await quotesWith(CHANGED).accept(token, 1, 'Layla Haddad', TODAY, NOW);
    expect(accepted).toMatchObject({ outcome: 'accepted', acceptance: { cancellation: quoteCancellation() } });
    const [stored] = await quotesWith(CHANGED).quotesOfLead(leadId);
    expect(stored!.acceptance?.cancellation).toEqual(quoteCancellation());
    expect((await quotesWith(NONE).quoteByToken(token))?.cancellation).toEqual(quoteCancellation());
    const view = quoteView(stored!, TODAY, 'America/Chicago');
    expect(view.acceptedCharges?.rows.map((row) => [row.when, row.rule, row.charge])).toEqual([
      ['More than 60 days before departure', '$100 per traveler', '$300'],
      ['60 to 31 days before departure', '25% of the trip price', '$1,363.12'],
      ['30 to 15 days before departure', '50% of the trip price', '$2,726.25'],
      ['14 days or fewer before departure', '100% of the trip price', '$5,452.50'],
    ]);
  });

  it('step 14 keeps the quotes of a database made before it, which show and record the schedule of the day', async () => {
    const { store, quotesWith, sent } = await setUp(kind);
    const before = quotesWith(quoteCancellation());
    const acceptedEarlier = await sent(before);
    await before.accept(acceptedEarlier.token, 1, 'Layla Haddad', TODAY, NOW);
    const open13 = await sent(before);
    const rowsBefore = await store.database.all(
      'SELECT quote_id, version, total_cents, typed_name, accepted_at FROM quote_acceptances ORDER BY quote_id',
    );
    // Back to the step before the cancellation charges: the later steps' tables and the two columns
    // go, and the database records only the steps before it.
    const undo = [
      'DROP INDEX leads_status_form',
      'ALTER TABLE quote_acceptances DROP COLUMN language',
      'ALTER TABLE leads DROP COLUMN language',
      'DROP INDEX quote_acceptances_departure',
      'ALTER TABLE quote_acceptances DROP COLUMN departure_on',
      'ALTER TABLE quote_acceptances DROP COLUMN return_on',
      'DROP TABLE hajj_unsubscribe_links',
      'DROP TABLE trip_reminder_optouts',
      'DROP TABLE trip_reminder_links',
      'DROP TABLE trip_reminders',
      'DROP TABLE review_decisions',
      'DROP TABLE reviews',
      'DROP TABLE review_links',
      'DROP TABLE review_invitations',
      'DROP TABLE trip_travellers',
      'DROP TABLE hajj_alert_recipients',
      'DROP TABLE hajj_alerts',
      'DROP TABLE hajj_interest',
      'ALTER TABLE quote_versions DROP COLUMN cancellation',
      'ALTER TABLE quote_acceptances DROP COLUMN cancellation',
    ];
    const step = SCHEMA.findIndex((actions) => JSON.stringify(actions).includes('ADD COLUMN cancellation'));
    if (store.location.kind === 'sqlite') {
      (store.database as SqliteDatabase).db.exec(`${undo.join('; ')}; PRAGMA user_version = ${step};`);
    } else {
      for (const sql of undo) await store.database.run(sql);
      await store.database.run('DELETE FROM schema_steps WHERE step > ?', [step]);
    }
    const reopened = storeAt(store.location);
    open.push(reopened);
    const after = new QuoteStore(reopened.database, { cancellation: CHANGED });
    expect(
      await reopened.database.all(
        'SELECT quote_id, version, total_cents, typed_name, accepted_at FROM quote_acceptances ORDER BY quote_id',
      ),
    ).toEqual(rowsBefore);
    const [earlier] = await after.quotesOfLead(acceptedEarlier.leadId);
    expect([earlier!.versions[0]!.cancellation, earlier!.acceptance?.cancellation]).toEqual([null, null]);
    expect(quoteView(earlier!, TODAY, 'America/Chicago').acceptedCharges).toBeNull();
    // A version sent before the step offers the agency's schedule of the day, and an acceptance records it.
    expect((await after.quoteByToken(open13.token))?.cancellation).toEqual(CHANGED);
    const accepted = await after.accept(open13.token, 1, 'Layla Haddad', TODAY, NOW);
    expect(accepted).toMatchObject({ outcome: 'accepted', acceptance: { cancellation: CHANGED } });
    expect(
      (await new QuoteStore(reopened.database, { cancellation: NONE }).quoteByToken(open13.token))?.cancellation,
    ).toEqual(CHANGED);
  });
});
