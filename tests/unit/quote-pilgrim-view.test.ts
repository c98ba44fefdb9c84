import { describe, expect, it } from 'vitest';
import type { QuoteDraft } from '@/lib/quotes/model';
import type { PilgrimQuote } from '@/lib/quotes/records';
import { flightsText, pilgrimView, travellersText } from '@/lib/quotes/pilgrim-view';
import { BOOKING_CONFIRMED_WHEN } from '@/lib/quotes/booking-rule';
import { QUOTE_TODAY, quoteCancellation, quoteDraft } from './support/quotes';

const SENT_AT = '2026-11-20T15:00:00.000Z';
const context = {
  today: QUOTE_TODAY,
  timeZone: 'America/Chicago',
  phone: '+1 (512) 555-0143',
  airports: [{ code: 'ORD', name: "O'Hare International Airport" }],
  cardFeePercent: 3,
};

const quote = (overrides: Partial<PilgrimQuote> = {}): PilgrimQuote => {
  const draft = quoteDraft({ note: 'Dear Layla, as discussed.' });
  return {
    quoteId: 'q-1',
    reference: 'MQ-7K3F9Q',
    version: {
      version: 1,
      draft,
      totalCents: 545_250,
      validUntil: draft.validUntil,
      savedAt: SENT_AT,
      sentAt: SENT_AT,
      cancellation: quoteCancellation(),
    },
    updated: false,
    acceptance: null,
    decline: null,
    cancellation: quoteCancellation(),
    ...overrides,
  };
};

describe("the pilgrim's quote page", () => {
  it('writes every line, the totals, dates, hotels and the schedule as the pilgrim reads them', () => {
    const view = pilgrimView(quote(), context);
    expect(view).toMatchObject({
      reference: 'MQ-7K3F9Q',
      version: 1,
      updatedOn: null,
      state: 'open',
      stateText: null,
      canAccept: true,
      canDecline: true,
      travellers: '2 adults, 1 child',
      departs: 'March 10, 2027',
      returns: 'March 24, 2027',
      nights: '14 nights',
      flights: "Return flights from O'Hare International Airport (ORD).",
      subtotal: '$5,552.50',
      discount: { label: 'Early booking', amount: '-$100' },
      total: '$5,452.50',
      included: ['Return flights from Chicago', 'Umrah visa'],
      note: 'Dear Layla, as discussed.',
      validUntil: 'November 27, 2026',
    });
    expect(view.lines).toEqual([
      { label: 'Double room (2 sharing), per person', price: '$1,899', count: 2, amount: '$3,798' },
      { label: 'Child with bed', price: '$1,499.50', count: 1, amount: '$1,499.50' },
      { label: 'Travel insurance', price: '$85', count: 3, amount: '$255' },
    ]);
    expect(view.hotels).toEqual([
      { city: 'Makkah', name: 'Hilton Suites Makkah', nights: 7, standing: 'Confirmed' },
      { city: 'Madinah', name: 'Pullman Zamzam Madinah', nights: 6, standing: 'or similar' },
    ]);
    expect(view.schedule).toEqual([
      { label: 'Deposit', dueOn: 'November 27, 2026', amount: '$1,500', byCard: '$1,545' },
      { label: 'Balance', dueOn: 'January 24, 2027', amount: '$3,952.50', byCard: '$4,071.07' },
    ]);
  });

  it('says when a newer version replaced the first, on the day the office sent it', () => {
    const base = quote();
    // 02:00 UTC on the 25th is still the 24th in Austin.
    const version = { ...base.version, version: 2, sentAt: '2026-11-25T02:00:00.000Z' };
    expect(pilgrimView({ ...base, version, updated: true }, context)).toMatchObject({
      version: 2,
      updatedOn: 'November 24, 2026',
    });
  });

  it('is valid through its valid-until day, then expired with whom to call', () => {
    expect(pilgrimView(quote(), { ...context, today: '2026-11-27' }).canAccept).toBe(true);
    const expired = pilgrimView(quote(), { ...context, today: '2026-11-28' });
    expect(expired).toMatchObject({ state: 'expired', canAccept: false, canDecline: false });
    expect(expired.stateText).toBe(
      'This quote was valid until November 27, 2026 and can no longer be accepted. Prices and places change: please call us on +1 (512) 555-0143 and we will prepare a new quote.',
    );
  });

  it('says plainly that a quote was accepted, by whom and for how much', () => {
    const acceptance = {
      version: 1,
      totalCents: 545_250,
      typedName: 'Layla Haddad',
      acceptedAt: SENT_AT,
      cancellation: quoteCancellation(),
    };
    const accepted = pilgrimView(quote({ acceptance }), { ...context, today: '2026-12-01' });
    expect(accepted).toMatchObject({ state: 'accepted', canAccept: false, canDecline: false });
    // The terms' rule (P07): the sentence this test asserted before said "once the deposit is received".
    expect(accepted.stateText).toBe(
      `Accepted on November 20, 2026 by Layla H., for $5,452.50. ${BOOKING_CONFIRMED_WHEN}`,
    );
    const base = quote({ acceptance });
    const later = pilgrimView({ ...base, version: { ...base.version, version: 2 }, updated: true }, context);
    expect(later.stateText).toContain('Version 1 of this quote was accepted on November 20, 2026, for $5,452.50.');
    expect(later.stateText).toContain('call us on +1 (512) 555-0143');
  });

  it('lets a pilgrim who declined still accept while the offer stands', () => {
    const decline = { version: 1, reason: '', declinedAt: SENT_AT };
    const declined = pilgrimView(quote({ decline }), context);
    expect(declined).toMatchObject({ state: 'declined', canAccept: true, canDecline: false });
    expect(declined.stateText).toBe(
      'You declined this quote on November 20, 2026. If you have changed your mind, you can still accept it below until November 27, 2026.',
    );
    const late = pilgrimView(quote({ decline }), { ...context, today: '2026-12-01' });
    expect(late).toMatchObject({ canAccept: false });
    expect(late.stateText).toContain('If your plans change, please call us on +1 (512) 555-0143.');
  });

  it('names who travels and how, from the lines', () => {
    const lines = [
      { kind: 'single', label: '', unitCents: 1, count: 1 },
      { kind: 'infant', label: '', unitCents: 1, count: 2 },
      { kind: 'extra', label: 'Insurance', unitCents: 1, count: 3 },
    ] as const;
    expect(travellersText({ lines: [...lines] })).toBe('1 adult, 2 infants');
    expect(flightsText(null, [])).toBe('Land only: you book your own flights to Saudi Arabia.');
    expect(flightsText('IAH', context.airports)).toBe('Return flights from IAH.');
  });

  it('works the cancellation charges out for this quote, each band with its dates, rule and dollars (P05)', () => {
    const view = pilgrimView(quote(), context);
    expect(view.cancellation?.rows).toEqual([
      {
        when: 'More than 60 days before departure',
        dates: 'On or before January 8, 2027',
        rule: '$100 per traveler',
        charge: '$300',
      },
      {
        when: '60 to 31 days before departure',
        dates: 'January 9, 2027 to February 7, 2027',
        rule: '25% of the trip price',
        charge: '$1,363.12',
      },
      {
        when: '30 to 15 days before departure',
        dates: 'February 8, 2027 to February 23, 2027',
        rule: '50% of the trip price',
        charge: '$2,726.25',
      },
      {
        when: '14 days or fewer before departure',
        dates: 'From February 24, 2027',
        rule: '100% of the trip price',
        charge: '$5,452.50',
      },
    ]);
    expect(view.cancellation?.note).toBe('Never more than the trip price.');
    expect(pilgrimView(quote({ cancellation: null }), context).cancellation).toBeNull();
  });

  it('shows the total and each payment by credit card beside the amounts, from the card fee (P06)', () => {
    const view = pilgrimView(quote(), context);
    expect(view.cardTotal).toEqual({ label: 'Total by credit card (3% fee)', amount: '$5,616.07' });
    expect(view.schedule.map((due) => due.byCard)).toEqual(['$1,545', '$4,071.07']);
    const free = pilgrimView(quote(), { ...context, cardFeePercent: 0 });
    expect([free.cardTotal, free.schedule[0]!.byCard]).toEqual([null, null]);
    expect(view.cardFee).toBe(
      'A 3% fee on payments by credit card, kept by us and shown before you pay; debit and prepaid cards carry no fee.',
    );
  });

  it("shows a card total only where the paying family's state allows one, at the rate it allows (Q10)", () => {
    const from = (payerState: QuoteDraft['payerState']) => {
      const base = quote();
      const draft = { ...base.version.draft, payerState };
      return pilgrimView({ ...base, version: { ...base.version, draft } }, context);
    };
    for (const banned of ['CT', 'MA', 'ME'] as const) {
      const view = from(banned);
      expect([view.cardTotal, view.schedule[0]!.byCard]).toEqual([null, null]);
      expect(view.cardFee).toMatch(
        /^No fee on payments by card: (Connecticut|Massachusetts|Maine)'s law does not allow/,
      );
    }
    // Colorado caps it at 2%: $5,452.50 and $109.05, in whole cents.
    const colorado = from('CO');
    expect(colorado.cardTotal).toEqual({ label: 'Total by credit card (2% fee)', amount: '$5,561.55' });
    expect(colorado.schedule[0]!.byCard).toBe('$1,530');
    expect(colorado.cardFee).toMatch(/^A 2% fee on payments by credit card \(the most Colorado's law allows\)/);
    // A quote saved before the state was asked, or with none chosen: no fee shown, none charged.
    for (const unknown of [null, undefined]) {
      expect(from(unknown).cardTotal).toBeNull();
      expect(from(unknown).cardFee).toBe('No fee on payments by card.');
    }
  });
});
