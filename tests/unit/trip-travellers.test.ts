import { describe, expect, it } from 'vitest';
import { settings } from '@/lib/facts';
import { checklistRules } from '@/lib/trips/checklist';
import {
  arrivalDay,
  checkTraveller,
  countsText,
  itemWords,
  readTravellerForm,
  stillToAdd,
  tooMany,
  travellerCards,
  travellerDoneMessage,
  REMINDERS_ON,
  travellerFields,
  travellersCard,
  tripDatesOf,
  type Traveller,
  type TravellerFields,
} from '@/lib/trips/travellers';

/*
 * The desk's Travellers card, worked out from the accepted quote (2 adults and a child, departing
 * Wednesday 10 March 2027 from Chicago), the travellers and the site's facts.
 */
const RULES = checklistRules(settings.facts, settings.seasons, 0);
const DRAFT = { departureOn: '2027-03-10', returnOn: '2027-03-24', departureAirport: 'ORD' };
const QUOTED = { adult: 2, child: 1, infant: 0 };
const TODAY = '2027-01-10';
const BOOKING = { quoteId: 'q1', draft: DRAFT, quoted: QUOTED };

const stored = (overrides: Partial<Traveller> = {}): Traveller => ({
  quoteId: 'q1',
  position: 1,
  name: 'Amina Yusuf',
  category: 'adult',
  passportExpiresOn: '2030-05-01',
  vaccination: { type: 'conjugate', givenOn: '2026-11-02' },
  visa: { kind: 'umrah' as const, status: 'not-applied' },
  nusukPermitOn: null,
  updatedAt: '2026-11-20T15:00:00.000Z',
  updatedBy: 'amina@agency.example',
  ...overrides,
});
const typed = (overrides: Partial<TravellerFields> = {}): TravellerFields => ({
  ...travellerFields('q1', stored()),
  position: '',
  ...overrides,
});

describe("the trip's dates", () => {
  it('land the day after departure with flights from the US, and on the day itself for a land-only package', () => {
    expect(arrivalDay(DRAFT)).toBe('2027-03-11');
    expect(arrivalDay({ ...DRAFT, departureAirport: null })).toBe('2027-03-10');
    expect(tripDatesOf(DRAFT, TODAY)).toEqual({
      kind: 'umrah',
      departureOn: '2027-03-10',
      arrivalOn: '2027-03-11',
      returnOn: '2027-03-24',
      saudi: true,
      holiday: null,
      today: TODAY,
    });
  });

  it('know a holiday trip by its catalogue country, and one with a Makkah or Madinah hotel added as both (issue 41)', () => {
    const cairo = { ...DRAFT, packageSlug: 'cairo-4-days-package', hotels: [] };
    expect(tripDatesOf(cairo, TODAY)).toMatchObject({ saudi: false, holiday: 'egypt' });
    const both = { ...cairo, hotels: [{ city: 'makkah' }] };
    expect(tripDatesOf(both, TODAY)).toMatchObject({ saudi: true, holiday: 'egypt' });
    expect(tripDatesOf({ ...DRAFT, packageSlug: 'some-umrah-package' }, TODAY)).toMatchObject({
      saudi: true,
      holiday: null,
    });
  });
});

describe("a traveller's form", () => {
  it('is read only for the traveller action, trimmed, with the name on one line', () => {
    const form = new Map<string, string>([
      ['action', 'traveller'],
      ['quoteId', 'q1'],
      ['name', '  Amina \n  Yusuf '],
      ['category', 'adult'],
    ]);
    expect(readTravellerForm(form)).toMatchObject({ quoteId: 'q1', name: 'Amina Yusuf', category: 'adult', visa: '' });
    expect(readTravellerForm(new Map([['action', 'payment']]))).toBeUndefined();
  });

  it('checks real calendar days, no future day for what is done, and a bounded name', () => {
    expect(checkTraveller(typed(), TODAY)).toEqual({
      ok: true,
      details: {
        name: 'Amina Yusuf',
        category: 'adult',
        passportExpiresOn: '2030-05-01',
        vaccination: { type: 'conjugate', givenOn: '2026-11-02' },
        visa: { kind: 'umrah' as const, status: 'not-applied' },
        nusukPermitOn: null,
      },
    });
    const refused = checkTraveller(
      typed({ name: '', passportExpiresOn: '2027-02-29', visa: 'issued', visaOn: '2027-01-11', vaccine: 'nasal' }),
      TODAY,
    );
    expect(refused).toEqual({
      ok: false,
      problems: [
        { field: 'name', message: 'Please enter the name as in the passport.' },
        { field: 'passportExpiresOn', message: 'Please enter the passport expiry date as a real date.' },
        { field: 'vaccine', message: 'Please choose the vaccine recorded.' },
        { field: 'visaOn', message: 'The day the visa was issued cannot be after today.' },
      ],
    });
    expect(checkTraveller(typed({ name: 'x'.repeat(101) }), TODAY)).toMatchObject({ ok: false });
    expect(checkTraveller(typed({ vaccine: 'not-needed', vaccinatedOn: '' }), TODAY)).toMatchObject({
      ok: true,
      details: { vaccination: 'not-needed' },
    });
  });

  it("gives a stored traveller's fields back to edit, and blank ones for a new traveller", () => {
    expect(
      travellerFields(
        'q1',
        stored({ position: 2, visa: { kind: 'umrah' as const, status: 'applied', on: '2027-01-05' } }),
      ),
    ).toMatchObject({
      position: '2',
      vaccine: 'conjugate',
      vaccinatedOn: '2026-11-02',
      visa: 'applied',
      visaOn: '2027-01-05',
    });
    expect(travellerFields('q1')).toMatchObject({ position: '', name: '', category: 'adult', visa: 'not-applied' });
  });
});

describe('the count against the quote', () => {
  it('refuses a category beyond the quote, and says who is still to add', () => {
    expect(countsText(QUOTED)).toBe('2 adults, 1 child');
    expect(tooMany(['adult', 'adult', 'child'], QUOTED)).toBeUndefined();
    expect(tooMany(['adult', 'child', 'child'], QUOTED)).toBe(
      'The accepted quote is for 2 adults, 1 child: this would make 2 children. Change the category, or send a new quote first.',
    );
    expect(stillToAdd(['adult'], QUOTED)).toBe('The quote is for 2 adults, 1 child: 1 adult, 1 child still to add.');
    expect(stillToAdd(['adult', 'adult', 'child'], QUOTED)).toBeUndefined();
  });
});

describe('each traveller in words', () => {
  const trip = tripDatesOf(DRAFT, TODAY);

  it('gives the visa window as dates, and a passport expiring within six months of arrival as blocked', () => {
    const [card] = travellerCards([stored({ passportExpiresOn: '2027-08-01' })], trip, RULES);
    expect(card?.standing).toBe('blocked');
    expect(card?.standingWords).toBe('Blocked');
    expect(card?.items.map((item) => [item.label, item.state, item.words])).toEqual([
      [
        'Passport',
        'blocked',
        'Blocked: expires August 1, 2027, it must be valid until September 11, 2027. A new passport is needed.',
      ],
      ['Umrah visa', 'due', 'Due: apply between February 9 and February 24, 2027.'],
      ['Meningitis (ACWY) vaccine', 'done', 'Done (recommended).'],
      ['Nusuk permit', 'due', 'Due: book it before arrival on March 11, 2027.'],
    ]);
  });

  it('says what is done with its day, what is waiting, and what is late', () => {
    const done = stored({
      visa: { kind: 'umrah' as const, status: 'issued', on: '2027-02-15' },
      nusukPermitOn: '2027-03-12',
    });
    const late = { ...trip, today: '2027-03-01' };
    const [ready] = travellerCards([done], late, RULES);
    expect(ready?.standing).toBe('ready');
    expect(ready?.items.map((item) => item.words)).toEqual([
      'Done: valid until at least September 11, 2027.',
      'Done: issued February 15, 2027.',
      'Done (recommended).',
      'Done: booked for March 12, 2027.',
    ]);
    const nothing = stored({ passportExpiresOn: null, vaccination: null });
    const [behind] = travellerCards([nothing], late, RULES);
    expect(behind?.items.map((item) => item.words)).toEqual([
      'Late: the expiry date is needed by February 9, 2027.',
      'Late: apply between February 9 and February 24, 2027.',
      'Due (recommended): give it by March 1, 2027.',
      'Due: book it before arrival on March 11, 2027.',
    ]);
    const applied = stored({ visa: { kind: 'umrah' as const, status: 'applied', on: '2027-02-10' } });
    const visa = travellerCards([applied], late, RULES)[0]?.items[1];
    expect(visa && itemWords({ key: 'visa', state: visa.state }, applied)).toBe('Waiting: applied February 10, 2027.');
  });
});

describe("the lead page's Travellers card", () => {
  it('shows the dates, each traveller, who is still to add and the form to add one', () => {
    const card = travellersCard({ booking: BOOKING, travellers: [stored()], today: TODAY, rules: RULES, edit: null });
    expect(card).toMatchObject({
      quoteId: 'q1',
      departureOn: '2027-03-10',
      arrivalOn: '2027-03-11',
      returnOn: '2027-03-24',
      quotedText: '2 adults, 1 child',
      stillToAdd: 'The quote is for 2 adults, 1 child: 1 adult, 1 child still to add.',
      form: { editing: undefined, problems: [], fields: { position: '', name: '' } },
    });
    expect(card.cards).toHaveLength(1);
    expect(card.arrivesIn).toBe('Saudi Arabia');
    const cairo = { ...BOOKING, draft: { ...BOOKING.draft, packageSlug: 'cairo-4-days-package', hotels: [] } };
    expect(travellersCard({ booking: cairo, travellers: [], today: TODAY, rules: RULES, edit: null }).arrivesIn).toBe(
      'Egypt',
    );
  });

  it('offers a traveller to edit from the address, a refused form as typed, and no form once everyone is in', () => {
    const all = [
      stored(),
      stored({ position: 2, name: 'Bilal' }),
      stored({ position: 3, name: 'Yusuf', category: 'child' }),
    ];
    const base = { booking: BOOKING, travellers: all, today: TODAY, rules: RULES };
    expect(travellersCard({ ...base, edit: null }).form).toBeUndefined();
    expect(travellersCard({ ...base, edit: '2' }).form).toMatchObject({ editing: 2, fields: { name: 'Bilal' } });
    const failed = {
      problems: [{ field: 'name' as const, message: 'Please enter the name as in the passport.' }],
      typed: typed({ position: '3', name: '' }),
    };
    expect(travellersCard({ ...base, edit: null, failed }).form).toEqual({
      editing: 3,
      fields: failed.typed,
      problems: failed.problems,
    });
  });

  it('says a save worked', () => {
    expect(travellerDoneMessage('traveller')).toBe('Traveller saved.');
    expect(travellerDoneMessage('payment')).toBeUndefined();
    expect(travellerDoneMessage(REMINDERS_ON)).toBe('Trip reminders turned back on.');
    expect(travellerDoneMessage('toString')).toBeUndefined();
  });
});
