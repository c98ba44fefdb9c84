import { afterEach, describe, expect, it } from 'vitest';
import { personExport } from '@/lib/desk/privacy';
import type { TravellerFields } from '@/lib/trips/travellers';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { travellerRetentionPass } from '@/server/desk/retention';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { TravellerStore } from '@/server/trips/store';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

/*
 * The travellers on a booking, on both stores: staff add and edit them once the quote is accepted,
 * every change in the lead's history; bad input changes nothing; the person's export lists them,
 * erasure and retention (a set number of days after the return) delete them. The quote fixture is
 * for 2 adults and 1 child, departing 2027-03-10 from ORD and returning 2027-03-24.
 */

const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

const NOW = new Date('2026-11-20T15:00:00.000Z');
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };

async function openBooking(kind: StoreKind, options: { accepted?: boolean } = {}) {
  const store = await openTestStore(kind);
  open.push(store);
  const quotes = new QuoteStore(store.database);
  const fields = { name: 'Amina Yusuf', email: 'amina@example.com', adults: '2' };
  const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: NOW });
  const leadId = lead!.id;
  const saved = await quotes.saveDraft({ leadId }, quoteDraft(), AMINA, TODAY, NOW);
  if (!saved?.ok) throw new Error('draft refused');
  const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, NOW);
  if (!sent?.ok) throw new Error('not sent');
  if (options.accepted ?? true) await quotes.accept(sent.token, 1, 'Amina Yusuf', TODAY, NOW);
  return {
    store,
    leadId,
    quoteId: saved.quoteId,
    travellers: new TravellerStore(store.database),
    pipeline: new PipelineStore(store.database),
    privacy: new PrivacyStore(store),
  };
}

const traveller = (quoteId: string, overrides: Partial<TravellerFields> = {}): TravellerFields => ({
  quoteId,
  position: '',
  name: 'Amina Yusuf',
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

/** The lead's traveller entries, oldest first (the history lists the newest first). */
const travellerEntries = async (pipeline: PipelineStore, leadId: string) =>
  (await pipeline.historyOf(leadId)).filter((entry) => entry.action === 'traveller').toReversed();
const travellerHistory = async (pipeline: PipelineStore, leadId: string) =>
  (await travellerEntries(pipeline, leadId)).map((entry) => entry.detail);

describe.each(STORE_KINDS)('the travellers on a booking on %s', (kind) => {
  it('adds and edits travellers on the accepted quote, each change in the history with its time and who', async () => {
    const { leadId, quoteId, travellers, pipeline } = await openBooking(kind);
    expect(await travellers.save(leadId, traveller(quoteId), AMINA.email, TODAY, NOW)).toEqual({
      ok: true,
      position: 1,
    });
    const child = traveller(quoteId, { name: 'Yusuf Ali', category: 'child', vaccine: 'not-needed', vaccinatedOn: '' });
    expect(await travellers.save(leadId, child, AMINA.email, TODAY, NOW)).toEqual({ ok: true, position: 2 });
    const later = new Date('2026-11-21T09:00:00.000Z');
    const edit = traveller(quoteId, {
      position: '1',
      visa: 'applied',
      visaOn: '2026-11-21',
      passportExpiresOn: '2031-01-01',
    });
    expect(await travellers.save(leadId, edit, 'bilal@agency.example', '2026-11-21', later)).toEqual({
      ok: true,
      position: 1,
    });

    const stored = await travellers.travellersOf(leadId);
    expect(stored).toEqual([
      {
        quoteId,
        position: 1,
        name: 'Amina Yusuf',
        category: 'adult',
        passportExpiresOn: '2031-01-01',
        // Recommended for Umrah: the type and day typed are kept as "given", nothing more (issue 41).
        vaccination: 'given',
        visa: { kind: 'umrah' as const, status: 'applied', on: '2026-11-21' },
        nusukPermitOn: null,
        updatedAt: later.toISOString(),
        updatedBy: 'bilal@agency.example',
      },
      expect.objectContaining({ position: 2, name: 'Yusuf Ali', category: 'child', vaccination: 'not-needed' }),
    ]);
    const history = await travellerEntries(pipeline, leadId);
    expect(history.map(({ actor, at, detail }) => ({ actor, at, detail }))).toEqual([
      { actor: AMINA.email, at: NOW.toISOString(), detail: 'Traveller 1 added (adult)' },
      { actor: AMINA.email, at: NOW.toISOString(), detail: 'Traveller 2 added (child)' },
      { actor: 'bilal@agency.example', at: later.toISOString(), detail: 'Traveller 1 changed: passport expiry, visa' },
    ]);
    // The history names no traveller and no date of theirs: it outlives their details.
    expect(JSON.stringify(history)).not.toMatch(/Amina Yusuf|2031-01-01/);
    // Saving what is already there changes nothing and says nothing.
    await travellers.save(leadId, edit, 'bilal@agency.example', '2026-11-21', later);
    expect(await travellerHistory(pipeline, leadId)).toHaveLength(3);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { leadId, quoteId, travellers, pipeline } = await openBooking(kind);
    await travellers.save(leadId, traveller(quoteId), AMINA.email, TODAY, NOW);
    const before = await travellers.travellersOf(leadId);
    const refused = async (fields: Partial<TravellerFields>) => {
      const saved = await travellers.save(leadId, traveller(quoteId, fields), AMINA.email, TODAY, NOW);
      if (saved === undefined || saved.ok) throw new Error(`not refused: ${JSON.stringify(saved)}`);
      return saved.problems;
    };
    expect(await refused({ passportExpiresOn: '2030-02-30' })).toEqual([
      { field: 'passportExpiresOn', message: 'Please enter the passport expiry date as a real date.' },
    ]);
    expect(await refused({ name: '' })).toEqual([
      { field: 'name', message: 'Please enter the name as in the passport.' },
    ]);
    expect((await refused({ name: 'A'.repeat(101) }))[0]?.field).toBe('name');
    expect(await refused({ category: 'senior' })).toEqual([
      { field: 'category', message: 'Please choose adult, child or infant.' },
    ]);
    expect(await refused({ vaccinatedOn: '2026-12-01' })).toEqual([
      { field: 'vaccinatedOn', message: 'The vaccination date cannot be after today.' },
    ]);
    expect(await refused({ visa: 'issued', visaOn: '' })).toEqual([
      { field: 'visaOn', message: 'Please enter the day the visa was issued.' },
    ]);
    // The quote is for 2 adults and 1 child: a second child is a mismatch, shown and refused.
    await travellers.save(leadId, traveller(quoteId, { name: 'Bilal Yusuf' }), AMINA.email, TODAY, NOW);
    const mismatch = await refused({ name: 'Third Adult' });
    expect(mismatch).toEqual([
      {
        field: 'category',
        message:
          'The accepted quote is for 2 adults, 1 child: this would make 3 adults. Change the category, or send a new quote first.',
      },
    ]);
    const editedToChild = await refused({ position: '1', category: 'infant' });
    expect(editedToChild[0]?.message).toContain('this would make 1 infant');
    expect(await refused({ position: '9' })).toEqual([
      { field: '_form', message: 'That traveller is no longer on the booking: reload the page.' },
    ]);
    expect((await travellers.travellersOf(leadId)).slice(0, 1)).toEqual(before);
    expect(await travellerHistory(pipeline, leadId)).toEqual([
      'Traveller 1 added (adult)',
      'Traveller 2 added (adult)',
    ]);
  });

  it('takes travellers only on an accepted quote of the lead', async () => {
    const { leadId, quoteId, travellers } = await openBooking(kind, { accepted: false });
    expect(await travellers.save(leadId, traveller(quoteId), AMINA.email, TODAY, NOW)).toBeUndefined();
    expect(await travellers.save('no-such-lead', traveller(quoteId), AMINA.email, TODAY, NOW)).toBeUndefined();
    expect(await travellers.travellersOf(leadId)).toEqual([]);
  });

  it("puts the travellers in the person's export, and erasure removes them", async () => {
    const { store, leadId, quoteId, travellers, privacy } = await openBooking(kind);
    await travellers.save(leadId, traveller(quoteId), AMINA.email, TODAY, NOW);
    const records = await privacy.findPerson({ email: 'amina@example.com' });
    const exported = personExport(records, { email: 'amina@example.com', phone: '' }, NOW, () => '');
    expect(exported.leads[0]?.travellers).toEqual([
      {
        position: 1,
        name: 'Amina Yusuf',
        category: 'adult',
        passportExpiresOn: '2030-05-01',
        // Recommended for Umrah: the type and day typed are kept as "given", nothing more (issue 41).
        vaccination: 'given',
        visa: { kind: 'umrah' as const, status: 'not-applied' },
        nusukPermitOn: null,
      },
    ]);
    expect(await privacy.eraseLeads([leadId], 'owner@agency.example', NOW)).toBe(1);
    expect(await travellers.travellersOf(leadId)).toEqual([]);
    const rows = await store.database.all<{ count: number | string }>('SELECT COUNT(*) AS count FROM trip_travellers');
    expect(Number(rows[0]?.count)).toBe(0);
  });

  it('deletes every traveller a set number of days after the return, and says so in the history', async () => {
    const { leadId, quoteId, travellers, pipeline } = await openBooking(kind);
    await travellers.save(leadId, traveller(quoteId), AMINA.email, TODAY, NOW);
    await travellers.save(leadId, traveller(quoteId, { name: 'Bilal Yusuf' }), AMINA.email, TODAY, NOW);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    // Returned 2027-03-24: kept for 30 days after, through 23 April (New York time).
    const lastDay = new Date('2027-04-24T03:00:00.000Z');
    expect(await travellerRetentionPass(travellers, 30, 'America/New_York', lastDay, log)).toBe(0);
    expect(await travellers.travellersOf(leadId)).toHaveLength(2);
    const nextDay = new Date('2027-04-24T05:00:00.000Z');
    expect(await travellerRetentionPass(travellers, 30, 'America/New_York', nextDay, log)).toBe(2);
    expect(await travellers.travellersOf(leadId)).toEqual([]);
    expect(lines).toEqual(['Retention: deleted the details of 2 travellers, 30 days after their return']);
    const entries = await travellerEntries(pipeline, leadId);
    expect(entries.at(-1)).toMatchObject({
      actor: 'retention (30 days)',
      detail: "Travellers' details deleted 30 days after the return (2027-03-24)",
    });
    expect(await travellerRetentionPass(travellers, 30, 'America/New_York', nextDay, log)).toBe(0);
  });
});
