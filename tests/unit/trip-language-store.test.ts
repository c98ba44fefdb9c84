import { afterEach, describe, expect, it } from 'vitest';
import { historyActions } from '@/lib/history-actions';
import { FAMILY_ACTOR } from '@/lib/trips/family';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { historyOf } from '@/server/pipeline/trail';
import { QuoteStore } from '@/server/quotes/store';
import { NOT_A_LANGUAGE, bookingLanguage, chooseBookingLanguage } from '@/server/trips/language';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

/*
 * The booking's language on both stores: the enquiry's until the family or staff choose one, then
 * the choice, kept on the acceptance and written in the lead's history with who chose which; a
 * value that is not a language is refused with the reason and changes nothing.
 */

const NOW = new Date('2026-11-20T15:00:00.000Z');
const STAFF = { id: 'staff-1', email: 'amina@agency.example' };
const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

async function quoted(kind: StoreKind, accept = true) {
  const store = await openTestStore(kind);
  open.push(store);
  const fields = { name: 'Layla Haddad', email: 'layla@example.com' };
  const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: NOW });
  const leadId = lead!.id;
  const quotes = new QuoteStore(store.database);
  const saved = await quotes.saveDraft({ leadId }, quoteDraft(), STAFF, TODAY, NOW);
  if (!saved?.ok) throw new Error('draft refused');
  const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, STAFF, TODAY, NOW);
  if (!sent?.ok) throw new Error('not sent');
  if (accept) await quotes.accept(sent.token, 1, 'Layla Haddad', TODAY, NOW);
  return { db: store.database, leadId, quoteId: saved.quoteId };
}

const languageLines = async (db: SqlLeadStore['database'], leadId: string) =>
  (await historyOf(db, leadId))
    .filter((line) => line.action === 'booking-language')
    .map(({ actor, detail }) => ({ actor, detail }));

describe("the booking language's history line", () => {
  it('is registered by the trips and named on the lead page', () => {
    expect(historyActions.label('booking-language')).toBe('Booking language');
  });
});

describe.each(STORE_KINDS)("the booking's language on %s", (kind) => {
  it("is the enquiry's language until one is chosen, English for an enquiry before languages", async () => {
    const { db, leadId, quoteId } = await quoted(kind);
    expect(await bookingLanguage(db, quoteId)).toBe('en');
    await db.run("UPDATE leads SET language = 'ur' WHERE id = ?", [leadId]);
    expect(await bookingLanguage(db, quoteId)).toBe('ur');
    expect(await bookingLanguage(db, 'no-such-quote')).toBe('en');
  });

  it("keeps the family's choice over the enquiry's and logs who chose which", async () => {
    const { db, leadId, quoteId } = await quoted(kind);
    await db.run("UPDATE leads SET language = 'ur' WHERE id = ?", [leadId]);
    expect(await chooseBookingLanguage(db, quoteId, 'ar', FAMILY_ACTOR, NOW)).toEqual({
      ok: true,
      language: 'ar',
      changed: true,
    });
    expect(await bookingLanguage(db, quoteId)).toBe('ar');
    expect(await languageLines(db, leadId)).toEqual([{ actor: FAMILY_ACTOR, detail: 'Urdu (ur) → Arabic (ar)' }]);
    // The same choice again is kept and writes no second line.
    expect(await chooseBookingLanguage(db, quoteId, 'ar', FAMILY_ACTOR, NOW)).toMatchObject({ changed: false });
    expect(await languageLines(db, leadId)).toHaveLength(1);
  });

  it('lets staff set it, in the history under their name', async () => {
    const { db, leadId, quoteId } = await quoted(kind);
    await chooseBookingLanguage(db, quoteId, 'ar', FAMILY_ACTOR, NOW);
    expect(await chooseBookingLanguage(db, quoteId, 'bn', STAFF.email, NOW)).toMatchObject({ ok: true });
    expect(await bookingLanguage(db, quoteId)).toBe('bn');
    expect((await languageLines(db, leadId))[0]).toEqual({
      actor: STAFF.email,
      detail: 'Arabic (ar) → Bengali (bn)',
    });
  });

  it('refuses a value that is not a language with the reason, and changes nothing', async () => {
    const { db, leadId, quoteId } = await quoted(kind);
    await chooseBookingLanguage(db, quoteId, 'bn', FAMILY_ACTOR, NOW);
    for (const bad of ['fr', 'AR', '', ' ar', "ar'; --", undefined]) {
      expect(await chooseBookingLanguage(db, quoteId, bad, STAFF.email, NOW)).toEqual({
        ok: false,
        message: NOT_A_LANGUAGE,
      });
    }
    expect(NOT_A_LANGUAGE).toContain('Arabic (ar)');
    expect(await bookingLanguage(db, quoteId)).toBe('bn');
    expect(await languageLines(db, leadId)).toHaveLength(1);
  });

  it('has nothing to set on a quote nobody accepted', async () => {
    const { db, leadId, quoteId } = await quoted(kind, false);
    expect(await chooseBookingLanguage(db, quoteId, 'ar', STAFF.email, NOW)).toBeNull();
    expect(await languageLines(db, leadId)).toEqual([]);
  });
});
