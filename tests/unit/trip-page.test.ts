import { afterEach, describe, expect, it } from 'vitest';
import { FAMILY_ACTOR, TRIP_FORM_TOKEN } from '@/lib/trips/family';
import { PipelineStore } from '@/server/desk/pipeline-store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QuoteStore } from '@/server/quotes/store';
import { TravellerStore } from '@/server/trips/store';
import { TripPage, tripFormTokenFor } from '@/server/trips/trip-page';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

/*
 * The family's trip page on both stores: the link opens the trip only once the quote is accepted
 * and a deposit recorded; its form takes travellers only from the page (origin, form token, body
 * and rate limits) and saves them as the family's, in the lead's history; a replaced link opens nothing.
 */

const SITE = 'https://miqat-travel.example';
const NOW = new Date('2026-11-20T15:00:00.000Z');
const STAFF = { id: 'staff-1', email: 'amina@agency.example' };
const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

async function booked(kind: StoreKind, steps: { accept?: boolean; pay?: boolean } = {}) {
  const store = await openTestStore(kind);
  open.push(store);
  const fields = { name: 'Layla Haddad', email: 'layla@example.com' };
  const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: NOW });
  const leadId = lead!.id;
  const quotes = new QuoteStore(store.database);
  const saved = await quotes.saveDraft({ leadId }, quoteDraft(), STAFF, TODAY, NOW);
  if (!saved?.ok) throw new Error('draft refused');
  const target = { leadId, quoteId: saved.quoteId };
  const sent = await quotes.send(target, STAFF, TODAY, NOW);
  if (!sent?.ok) throw new Error('not sent');
  if (steps.accept ?? true) await quotes.accept(sent.token, 1, 'Layla Haddad', TODAY, NOW);
  if (steps.pay ?? true) {
    const deposit = { paidOn: TODAY, amountCents: 150_000, method: 'bank-transfer' };
    const paid = await quotes.recordPayment(target, deposit, STAFF, TODAY, NOW);
    if (!paid?.ok) throw new Error('deposit refused');
  }
  const page = new TripPage(() => store, { siteUrl: SITE, limit: 3, windowMs: 60_000 });
  return { store, page, quotes, target, token: sent.token, travellers: new TravellerStore(store.database) };
}

const posted = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${SITE}/quote/x`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const adult = (token: string, overrides: Record<string, string> = {}) => ({
  action: 'traveller',
  position: '',
  [TRIP_FORM_TOKEN]: token,
  name: 'Layla Haddad',
  category: 'adult',
  passportExpiresOn: '2031-04-30',
  vaccine: '',
  vaccinatedOn: '',
  visa: 'not-applied',
  visaOn: '',
  nusukPermitOn: '',
  ...overrides,
});

describe('the trip form token', () => {
  it("is the link's own, apart from the quote answers' token", () => {
    expect(tripFormTokenFor('link-a', 's')).toBe(tripFormTokenFor('link-a', 's'));
    expect(tripFormTokenFor('link-a', 's')).not.toBe(tripFormTokenFor('link-b', 's'));
  });
});

describe.each(STORE_KINDS)('the trip page on %s', (kind) => {
  it('opens the trip only once the quote is accepted and a deposit recorded', async () => {
    const quoted = await booked(kind, { accept: false, pay: false });
    expect(await quoted.page.open(quoted.token, TODAY)).toBeNull();
    const accepted = await booked(kind, { pay: false });
    expect(await accepted.page.open(accepted.token, TODAY)).toBeNull();
    const { page, token, target } = await booked(kind);
    const trip = await page.open(token, TODAY);
    expect(trip).toMatchObject({ leadId: target.leadId, paidCents: 150_000, travellers: [] });
    expect(trip?.booking.quoted).toEqual({ adult: 2, child: 1, infant: 0 });
  });

  it('shows the version the family accepted, not a newer one sent after', async () => {
    const { page, token, quotes, target } = await booked(kind);
    const later = { ...quoteDraft(), departureOn: '2027-04-07', returnOn: '2027-04-21' };
    const saved = await quotes.saveDraft(target, later, STAFF, TODAY, NOW);
    if (!saved?.ok) throw new Error('draft refused');
    const sent = await quotes.send(target, STAFF, TODAY, NOW);
    if (!sent?.ok) throw new Error('not sent');
    const trip = (await page.open(token, TODAY))!;
    expect(trip.booking.draft.departureOn).toBe(quoteDraft().departureOn);
    // The itinerary and the prices under the trip are the accepted version's, as the checklist is.
    expect(trip.quote.version.version).toBe(1);
    expect(trip.quote.version.draft.departureOn).toBe(quoteDraft().departureOn);
  });

  it("finds a quote's booking only while it is the lead's accepted booking", async () => {
    const { travellers, target, quotes } = await booked(kind);
    expect((await travellers.bookingOfQuote(target.quoteId))?.leadId).toBe(target.leadId);
    expect(await travellers.bookingOfQuote('no-such-quote')).toBeNull();
    // A newer quote accepted by the same lead is the booking now: the first link is a quote again.
    const saved = await quotes.saveDraft({ leadId: target.leadId }, quoteDraft(), STAFF, TODAY, NOW);
    if (!saved?.ok) throw new Error('draft refused');
    const newer = { leadId: target.leadId, quoteId: saved.quoteId };
    const sent = await quotes.send(newer, STAFF, TODAY, NOW);
    if (!sent?.ok) throw new Error('not sent');
    await quotes.accept(sent.token, 1, 'Layla Haddad', TODAY, new Date(NOW.getTime() + 60_000));
    expect(await travellers.bookingOfQuote(target.quoteId)).toBeNull();
    expect((await travellers.bookingOfQuote(newer.quoteId))?.booking.quoteId).toBe(newer.quoteId);
    await quotes.withdraw(newer, STAFF);
    expect(await travellers.bookingOfQuote(newer.quoteId)).toBeNull();
  });

  it("saves the family's traveller once, in the history as the family's; a blank field keeps what is stored", async () => {
    const { page, token, store, target, travellers } = await booked(kind);
    const { formToken } = (await page.open(token, TODAY))!;
    expect(await page.post(posted(adult(formToken)), token, '192.0.2.1', TODAY, NOW)).toEqual({
      kind: 'done',
      code: 'traveller',
    });
    const later = new Date('2026-11-20T16:00:00.000Z');
    const fill = {
      ...adult(formToken, { position: '1', name: '', category: '', passportExpiresOn: '', visa: '' }),
      nusukPermitOn: '2027-03-12',
    };
    expect(await page.post(posted(fill), token, '192.0.2.1', TODAY, later)).toEqual({
      kind: 'done',
      code: 'traveller',
    });
    const [layla] = await travellers.travellersOf(target.leadId);
    expect(layla).toMatchObject({
      name: 'Layla Haddad',
      passportExpiresOn: '2031-04-30',
      nusukPermitOn: '2027-03-12',
      updatedBy: FAMILY_ACTOR,
    });
    const history = (await new PipelineStore(store.database).historyOf(target.leadId)).filter(
      (entry) => entry.action === 'traveller',
    );
    expect(history.map((entry) => [entry.actor, entry.at, entry.detail])).toEqual([
      [FAMILY_ACTOR, later.toISOString(), 'Traveller 1 changed: Nusuk permit'],
      [FAMILY_ACTOR, NOW.toISOString(), 'Traveller 1 added (adult)'],
    ]);
  });

  it('refuses a post from elsewhere, without the token, too large, too many, or outnumbering the quote, changing nothing', async () => {
    const { page, token, target, travellers } = await booked(kind);
    const { formToken } = (await page.open(token, TODAY))!;
    expect(
      await page.post(posted(adult(formToken), { Origin: 'https://evil.example' }), token, '192.0.2.1', TODAY, NOW),
    ).toMatchObject({ status: 403 });
    expect(await page.post(posted(adult('forged')), token, '192.0.2.1', TODAY, NOW)).toMatchObject({ status: 403 });
    expect(
      await page.post(posted(adult(formToken, { name: 'x'.repeat(20_000) })), token, '192.0.2.1', TODAY, NOW),
    ).toMatchObject({ status: 413 });
    expect(await travellers.travellersOf(target.leadId)).toEqual([]);
    // The limit (3 here) counts every post of this client on this link.
    expect(await page.post(posted(adult(formToken)), token, '192.0.2.1', TODAY, NOW)).toMatchObject({ status: 429 });
    for (const name of ['Layla Haddad', 'Omar Haddad']) {
      expect(await page.post(posted(adult(formToken, { name })), token, '192.0.2.2', TODAY, NOW)).toMatchObject({
        kind: 'done',
      });
    }
    const third = await page.post(posted(adult(formToken, { name: 'Sara Haddad' })), token, '192.0.2.2', TODAY, NOW);
    expect(third).toMatchObject({
      kind: 'problems',
      problems: [{ field: 'category', message: expect.stringContaining('this would make 3 adults') }],
      typed: { name: 'Sara Haddad' },
    });
    expect(await travellers.travellersOf(target.leadId)).toHaveLength(2);
  });

  it('shows a refused fill-in as typed, never with what is stored', async () => {
    const { page, token } = await booked(kind);
    const { formToken } = (await page.open(token, TODAY))!;
    await page.post(posted(adult(formToken)), token, '192.0.2.1', TODAY, NOW);
    const bad = adult(formToken, { position: '1', name: '', category: '', passportExpiresOn: '2027-02-30', visa: '' });
    const result = await page.post(posted(bad), token, '192.0.2.1', TODAY, NOW);
    expect(result).toMatchObject({ kind: 'problems', problems: [{ field: 'passportExpiresOn' }] });
    expect(result.kind === 'problems' && result.typed).toMatchObject({ name: '', passportExpiresOn: '2027-02-30' });
  });

  it('answers a replaced link, and its calendar, as not found', async () => {
    const { page, token, quotes, target } = await booked(kind);
    const { formToken } = (await page.open(token, TODAY))!;
    expect(await page.calendar(token, TODAY, NOW)).toContain('SUMMARY:Umrah trip: departure');
    const fresh = await quotes.reissueLink(target, STAFF);
    expect(await page.open(token, TODAY)).toBeNull();
    expect(await page.calendar(token, TODAY, NOW)).toBeNull();
    expect(await page.post(posted(adult(formToken)), token, '192.0.2.1', TODAY, NOW)).toEqual({ kind: 'not-found' });
    expect(await page.open(fresh!, TODAY)).not.toBeNull();
  });

  it('keeps the language the family chooses on the page, in the history as theirs, and speaks it on a refusal', async () => {
    const { page, token, store, target } = await booked(kind);
    const { formToken, language } = (await page.open(token, TODAY))!;
    expect(language).toBe('en');
    const choose = (value: string, headers: Record<string, string> = {}) =>
      posted({ action: 'language', language: value, [TRIP_FORM_TOKEN]: formToken }, headers);
    expect(await page.post(choose('ar'), token, '192.0.2.1', TODAY, NOW)).toEqual({ kind: 'done', code: 'language' });
    expect((await page.open(token, TODAY))!.language).toBe('ar');
    const lines = (await new PipelineStore(store.database).historyOf(target.leadId)).filter(
      (entry) => entry.action === 'booking-language',
    );
    expect(lines.map((entry) => [entry.actor, entry.detail])).toEqual([[FAMILY_ACTOR, 'English (en) → Arabic (ar)']]);
    // A traveller refused now is refused in Arabic.
    const refused = await page.post(posted(adult(formToken, { name: '' })), token, '192.0.2.1', TODAY, NOW);
    expect(refused).toMatchObject({
      kind: 'problems',
      problems: [{ field: 'name', message: 'يُرجى إدخال الاسم كما في جواز السفر.' }],
    });
  });

  it('refuses a language that is not one, or a choice posted from elsewhere, changing nothing', async () => {
    const { page, token } = await booked(kind);
    const { formToken } = (await page.open(token, TODAY))!;
    const choose = (value: string, headers: Record<string, string> = {}, tokenValue = formToken) =>
      posted({ action: 'language', language: value, [TRIP_FORM_TOKEN]: tokenValue }, headers);
    expect(await page.post(choose('fr'), token, '192.0.2.1', TODAY, NOW)).toMatchObject({
      kind: 'bad-language',
      message: expect.stringContaining('Arabic (ar)'),
    });
    expect(
      await page.post(choose('ar', { Origin: 'https://evil.example' }), token, '192.0.2.1', TODAY, NOW),
    ).toMatchObject({
      kind: 'refused',
      status: 403,
    });
    expect(await page.post(choose('ar', {}, 'forged'), token, '192.0.2.1', TODAY, NOW)).toMatchObject({ status: 403 });
    expect((await page.open(token, TODAY))!.language).toBe('en');
  });
});
