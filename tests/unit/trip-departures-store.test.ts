import type { Language } from '@/lib/languages';
import { afterEach, describe, expect, it } from 'vitest';
import { settings } from '@/lib/facts';
import { checklistRules } from '@/lib/trips/checklist';
import { BOARD_WITHIN_DAYS, departureWindow, departuresBoard } from '@/lib/trips/departures';
import type { TravellerFields } from '@/lib/trips/travellers';
import { digestFacts } from '@/server/desk/digest-store';
import { PipelineStore } from '@/server/desk/pipeline-store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import { departingBookings } from '@/server/trips/departures';
import { TravellerStore } from '@/server/trips/store';
import { QUOTE_TODAY, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

/*
 * The bookings the departures board and the digest read, on both stores: an accepted quote still
 * standing with a deposit recorded, its lead not Lost, departing in the window (both ends counted),
 * with its travellers counted by their checklist. The board is read on 9 January 2027, so its 60
 * days end on 10 March 2027; the quote fixture is for 2 adults and 1 child.
 */

const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

const NOW = new Date('2026-11-20T15:00:00.000Z');
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
const BOARD_DAY = '2027-01-09';
const RULES = checklistRules(settings.facts, settings.seasons, 0);

async function openDesk(kind: StoreKind) {
  const store = await openTestStore(kind);
  open.push(store);
  const quotes = new QuoteStore(store.database);
  const travellers = new TravellerStore(store.database);
  let count = 0;
  /** A lead with a quote departing on `departureOn`, sent; accepted and a deposit recorded unless told otherwise. */
  const booking = async (
    departureOn: string,
    options: { accepted?: boolean; deposit?: boolean; language?: Language } = {},
  ) => {
    count += 1;
    const fields = { name: `Traveller family ${count}`, email: `family${count}@example.com`, adults: '2' };
    const { language } = options;
    const lead = await store.insertLead(
      { formId: 'umrah', fields, pageUrl: null, userAgent: null, language },
      { now: NOW },
    );
    const leadId = lead!.id;
    const draft = quoteDraft({
      departureOn,
      returnOn: '2027-03-30',
      schedule: [
        { dueOn: '2026-11-27', amountCents: 150_000 },
        { dueOn: '2026-12-20', amountCents: 395_250 },
      ],
    });
    const saved = await quotes.saveDraft({ leadId }, draft, AMINA, QUOTE_TODAY, NOW);
    if (!saved?.ok) throw new Error(`draft refused: ${JSON.stringify(saved)}`);
    const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, QUOTE_TODAY, NOW);
    if (!sent?.ok) throw new Error('not sent');
    if (options.accepted ?? true) await quotes.accept(sent.token, 1, 'Traveller family', QUOTE_TODAY, NOW);
    if (options.deposit ?? true) {
      const paid = await quotes.recordPayment(
        { leadId, quoteId: saved.quoteId },
        { paidOn: QUOTE_TODAY, amountCents: 150_000, method: 'cash' },
        AMINA,
        QUOTE_TODAY,
        NOW,
      );
      if (!paid?.ok) throw new Error(`payment refused: ${JSON.stringify(paid)}`);
    }
    return { leadId, quoteId: saved.quoteId, reference: lead!.reference };
  };
  const addTraveller = async (
    target: { leadId: string; quoteId: string },
    overrides: Partial<TravellerFields> = {},
  ) => {
    const fields: TravellerFields = {
      quoteId: target.quoteId,
      position: '',
      name: 'Amina Yusuf',
      category: 'adult',
      passportExpiresOn: '2031-05-01',
      vaccine: 'conjugate',
      vaccinatedOn: '2026-11-02',
      // Their own tourist eVisa, issued: a visa only applied for is waiting, never ready.
      visaKind: 'tourist',
      visa: 'issued',
      visaOn: '2026-11-20',
      visaValidUntil: '',
      nusukPermitOn: '2027-03-11',
      ...overrides,
    };
    const saved = await travellers.save(target.leadId, fields, AMINA.email, QUOTE_TODAY, NOW);
    if (!saved?.ok) throw new Error(`traveller refused: ${JSON.stringify(saved)}`);
  };
  const board = async (filter: 'all' | 'blocked' = 'all', today = BOARD_DAY) => {
    const { from, to } = departureWindow(today, BOARD_WITHIN_DAYS);
    const read = await departingBookings(store.database, from, to);
    return departuresBoard({ ...read, today, rules: RULES, filter });
  };
  return { store, quotes, booking, addTraveller, board, pipeline: new PipelineStore(store.database) };
}

describe.each(STORE_KINDS)('the departing bookings on %s', (kind) => {
  it("says each booking's language: the enquiry's until the booking has its own", async () => {
    const { store, booking, board } = await openDesk(kind);
    const urdu = await booking(BOARD_DAY, { language: 'ur' });
    const english = await booking('2027-01-10');
    const language = async () => Object.fromEntries((await board()).rows.map((row) => [row.reference, row.language]));
    expect(await language()).toEqual({ [urdu.reference]: 'ur', [english.reference]: 'en' });
    // The booking's own choice (the trip page's or the staff's) wins over the enquiry's.
    await store.database.run('UPDATE quote_acceptances SET language = ? WHERE quote_id = ?', ['ar', urdu.quoteId]);
    expect(await language()).toEqual({ [urdu.reference]: 'ar', [english.reference]: 'en' });
  });

  it('takes the bookings departing from today to 60 days ahead, both ends, soonest first, with their counts', async () => {
    const { booking, addTraveller, board } = await openDesk(kind);
    const lastDay = await booking('2027-03-10');
    const firstDay = await booking(BOARD_DAY);
    await booking('2027-03-11');
    await booking('2027-01-08');
    await addTraveller(lastDay);
    await addTraveller(lastDay, { name: 'Bilal Yusuf', passportExpiresOn: '2027-06-01' });
    await addTraveller(lastDay, { name: 'Maryam Yusuf', category: 'child', nusukPermitOn: '' });

    const { rows } = await board();
    expect(rows.map((row) => row.reference)).toEqual([firstDay.reference, lastDay.reference]);
    expect(rows[0]).toMatchObject({ name: 'Traveller family 2', added: 0, quoted: 3, ready: 0, due: 0, blocked: 0 });
    expect(rows[1]).toMatchObject({
      leadId: lastDay.leadId,
      name: 'Traveller family 1',
      departureOn: '2027-03-10',
      returnOn: '2027-03-30',
      added: 3,
      quoted: 3,
      quotedText: '2 adults, 1 child',
      ready: 1,
      due: 1,
      blocked: 1,
      allReady: false,
    });
    // The blocked filter keeps the booking with a blocked traveller and drops the other.
    expect((await board('blocked')).rows.map((row) => row.reference)).toEqual([lastDay.reference]);
    // A day later the window has moved: the first day's booking has left, the 61st day's has come in.
    expect((await board('all', '2027-01-10')).rows.map((row) => row.departureOn)).toEqual(['2027-03-10', '2027-03-11']);
  });

  it('leaves out quotes not accepted, accepted without a deposit, withdrawn, or of a Lost lead, and older accepted quotes', async () => {
    const { booking, quotes, board, pipeline, store } = await openDesk(kind);
    const kept = await booking('2027-02-01');
    await booking('2027-02-02', { accepted: false, deposit: false });
    await booking('2027-02-03', { deposit: false });
    const withdrawn = await booking('2027-02-04');
    await quotes.withdraw(withdrawn, AMINA, NOW);
    const lost = await booking('2027-02-05');
    await pipeline.updatePipeline(lost.leadId, { status: 'lost', lostReason: 'Cancelled the trip' }, AMINA.email);

    // A lead who accepted a second quote travels on it: the first is no longer the booking.
    const second = quoteDraft({ departureOn: '2027-02-20', returnOn: '2027-03-06' });
    const later = new Date(NOW.getTime() + 60_000);
    const saved = await quotes.saveDraft({ leadId: kept.leadId }, second, AMINA, QUOTE_TODAY, later);
    if (!saved?.ok) throw new Error('second draft refused');
    const sent = await quotes.send({ leadId: kept.leadId, quoteId: saved.quoteId }, AMINA, QUOTE_TODAY, later);
    if (!sent?.ok) throw new Error('second not sent');
    await quotes.accept(sent.token, 1, 'Traveller family', QUOTE_TODAY, later);
    await quotes.recordPayment(
      { leadId: kept.leadId, quoteId: saved.quoteId },
      { paidOn: QUOTE_TODAY, amountCents: 150_000, method: 'cash' },
      AMINA,
      QUOTE_TODAY,
      later,
    );

    const { rows } = await board();
    expect(rows.map((row) => [row.reference, row.departureOn])).toEqual([[kept.reference, '2027-02-20']]);
    const read = await departingBookings(store.database, '2027-01-01', '2027-12-31');
    expect(read.bookings.map((each) => each.quoteId)).toEqual([saved.quoteId]);
  });

  it('names in the digest the bookings departing within 45 days that are not ready, never a ready one', async () => {
    const { booking, addTraveller, store } = await openDesk(kind);
    const ready = await booking('2027-02-01');
    await addTraveller(ready);
    await addTraveller(ready, { name: 'Bilal Yusuf' });
    await addTraveller(ready, { name: 'Maryam Yusuf', category: 'child' });
    const short = await booking('2027-02-10');
    await addTraveller(short);
    const edge = await booking('2027-02-23');
    await booking('2027-02-24');

    const facts = await digestFacts(store.database, BOARD_DAY);
    expect(facts.departures.map((item) => [item.reference, item.departureOn, item.name])).toEqual([
      [short.reference, '2027-02-10', 'Traveller family 2'],
      [edge.reference, '2027-02-23', 'Traveller family 3'],
    ]);
  });
});
