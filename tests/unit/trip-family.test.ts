import { describe, expect, it } from 'vitest';
import { settings } from '@/lib/facts';
import { carryList } from '@/lib/trips/carry';
import { privateName } from '@/lib/quotes/pilgrim-view';
import { checklistRules, travellerChecklist } from '@/lib/trips/checklist';
import {
  FAMILY_ACTOR,
  familyCards,
  familyFields,
  familyItemWords,
  familyTripView,
  fieldReasons,
  paymentRows,
  tripEvents,
} from '@/lib/trips/family';
import { tripDatesOf, type Traveller, type TravellerFields } from '@/lib/trips/travellers';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';

/*
 * The family's trip page, shaped: the fixture trip departs 2027-03-10 from ORD (arriving 2027-03-11)
 * and returns 2027-03-24, for 2 adults and a child; $1,500 deposit and a $3,952.50 balance due
 * 2027-01-24. A passport must then be valid until 2027-09-11; the visa window is 9 to 24 February.
 */

const rules = checklistRules(settings.facts, settings.seasons, 0);
const draft = quoteDraft();
const trip = tripDatesOf(draft, TODAY);

const person = (overrides: Partial<Traveller> = {}): Traveller => ({
  quoteId: 'q1',
  position: 1,
  name: 'Layla Amira Haddad',
  category: 'adult',
  passportExpiresOn: '2031-04-30',
  vaccination: { type: 'conjugate', givenOn: '2026-11-02' },
  visa: { kind: 'umrah' as const, status: 'issued', on: '2027-02-15' },
  nusukPermitOn: '2027-03-12',
  updatedAt: '2026-11-20T15:00:00.000Z',
  updatedBy: FAMILY_ACTOR,
  ...overrides,
});
const blank = (overrides: Partial<TravellerFields> = {}): TravellerFields => ({
  quoteId: 'q1',
  position: '',
  name: '',
  category: '',
  passportExpiresOn: '',
  vaccine: '',
  vaccinatedOn: '',
  visaKind: '',
  visa: '',
  visaOn: '',
  visaValidUntil: '',
  nusukPermitOn: '',
  ...overrides,
});

describe('what a forwarded link may show', () => {
  it('names a traveller by the given names and the family initial', () => {
    expect(privateName('Layla Amira Haddad')).toBe('Layla Amira H.');
    expect(privateName('  omar   al-Haddad ')).toBe('omar A.');
    expect(privateName('Sara')).toBe('Sara');
  });

  it('shows a passport expiry as a month and year, a vaccination as recorded, the visa and permit as status', () => {
    const layla = person();
    const words = travellerChecklist(layla, trip, rules).map((item) => familyItemWords(item, layla));
    expect(words).toEqual([
      'Done: expires April 2031, valid for the trip.',
      'Done: issued.',
      'Done: recorded (recommended).',
      'Done: booked.',
    ]);
    expect(words.join(' ')).not.toMatch(/2031-04-30|April 30|November 2|February 15|March 12|conjugate/i);
  });

  it('says a passport expiring too soon is blocked, still without its day', () => {
    const omar = person({
      passportExpiresOn: '2027-08-15',
      visa: { kind: 'umrah' as const, status: 'applied', on: '2027-02-10' },
    });
    const [passport, visa] = travellerChecklist(omar, trip, rules);
    expect(familyItemWords(passport!, omar)).toBe(
      'Blocked: it expires in August 2027, and it must be valid until September 11, 2027. A new passport is needed.',
    );
    expect(familyItemWords(visa!, omar)).toBe('Waiting: applied for.');
  });

  it("keeps the desk's words where nothing recorded is in them, and says a recorded vaccine that will not count", () => {
    const sara = person({
      passportExpiresOn: null,
      vaccination: { type: 'polysaccharide', givenOn: '2023-01-05' },
      visa: { kind: 'umrah' as const, status: 'not-applied' },
      nusukPermitOn: null,
    });
    const words = travellerChecklist(sara, trip, rules).map((item) => familyItemWords(item, sara));
    expect(words[0]).toBe('Due: the expiry date is needed by February 9, 2027.');
    expect(words[1]).toBe('Due: apply between February 9 and February 24, 2027.');
    expect(words[2]).toBe('Recorded, but it will not count on arrival. Due (recommended): give it by March 1, 2027.');
    expect(words[3]).toBe('Due: book it before arrival on March 11, 2027.');
  });

  it('gives each card a short name, the standing, the private words and which items are recorded', () => {
    const [card] = familyCards([person({ passportExpiresOn: '2027-08-15', nusukPermitOn: null })], trip, rules);
    expect(card).toMatchObject({
      position: 1,
      name: 'Layla Amira H.',
      standing: 'blocked',
      standingWords: 'Blocked',
      recorded: { passport: true, vaccine: true, visa: true, nusuk: false },
    });
    expect(card!.items.map((item) => item.state)).toEqual(['blocked', 'done', 'done', 'due']);
    expect(card!.items[0]!.words).toContain('August 2027');
  });
});

describe('the payments on the trip page', () => {
  it('pays the schedule in its order, in integer cents, with what is due and when', () => {
    expect(paymentRows(draft.schedule, 150_000, TODAY)).toEqual([
      {
        label: 'Deposit',
        dueOn: 'November 27, 2026',
        amount: '$1,500',
        state: 'paid',
        outstandingCents: 0,
        words: 'Paid',
      },
      {
        label: 'Balance',
        dueOn: 'January 24, 2027',
        amount: '$3,952.50',
        state: 'due',
        outstandingCents: 395_250,
        words: '$3,952.50 due by January 24, 2027',
      },
    ]);
  });

  it('says a part payment and an overdue balance', () => {
    const rows = paymentRows(draft.schedule, 200_001, '2027-02-01');
    expect(rows[1]).toMatchObject({ state: 'overdue', outstandingCents: 345_249 });
    expect(rows[1]!.words).toBe('$500.01 paid, $3,452.49 overdue since January 24, 2027');
  });
});

describe("the trip's calendar events", () => {
  it('has departure, return, each open deadline grouped by travellers, and each payment still due; no names', () => {
    const none = {
      passportExpiresOn: null,
      vaccination: null,
      visa: { kind: 'umrah' as const, status: 'not-applied' as const },
      nusukPermitOn: null,
    };
    const travellers = [
      person({ ...none }),
      person({ ...none, position: 2, name: 'Omar Haddad' }),
      person({ position: 3 }),
    ];
    const events = tripEvents({
      trip,
      returnOn: draft.returnOn,
      travellers,
      rules,
      schedule: draft.schedule,
      paidCents: 150_000,
    });
    expect(events.map(({ on, summary }) => `${on} ${summary}`)).toEqual([
      '2027-01-24 Balance due: $3,952.50',
      '2027-02-09 Passport expiry dates needed for 2 travellers',
      '2027-02-09 Visa window opens for 2 travellers',
      '2027-02-24 Last day to apply for the visa for 2 travellers',
      '2027-03-01 Last day for the meningitis vaccine for 2 travellers',
      '2027-03-10 Umrah trip: departure',
      '2027-03-11 Nusuk permits to book before arrival for 2 travellers',
      '2027-03-24 Umrah trip: return',
    ]);
    expect(new Set(events.map((event) => event.key)).size).toBe(events.length);
    expect(JSON.stringify(events)).not.toMatch(/Layla|Omar|Haddad/);
  });
});

describe("the family's form", () => {
  it('keeps what is stored where a field is left blank, and the name and category as staff have them', () => {
    const stored = person({ nusukPermitOn: null });
    const merged = familyFields(
      blank({ position: '1', nusukPermitOn: '2027-03-12', name: 'Someone Else', category: 'child' }),
      stored,
    );
    expect(merged).toMatchObject({
      name: 'Layla Amira Haddad',
      category: 'adult',
      passportExpiresOn: '2031-04-30',
      vaccine: 'conjugate',
      vaccinatedOn: '2026-11-02',
      visa: 'issued',
      visaOn: '2027-02-15',
      nusukPermitOn: '2027-03-12',
    });
  });

  it('replaces what a field is given, and never takes "not needed" for the vaccine from the family', () => {
    const merged = familyFields(
      blank({ position: '1', passportExpiresOn: '2032-01-01', visa: 'applied', visaOn: '2027-02-10' }),
      person(),
    );
    expect(merged).toMatchObject({ passportExpiresOn: '2032-01-01', visa: 'applied', visaOn: '2027-02-10' });
    expect(familyFields(blank({ vaccine: 'not-needed' }), undefined).vaccine).not.toBe('not-needed');
    expect(familyFields(blank({ vaccine: 'not-needed', position: '1' }), person()).vaccine).not.toBe('not-needed');
    expect(familyFields(blank({ name: 'Sara Haddad', category: 'child' }), undefined)).toMatchObject({
      name: 'Sara Haddad',
      category: 'child',
      visa: 'not-applied',
    });
  });

  it('says why each field is asked, with the numbers from the facts', () => {
    const reasons = fieldReasons(rules, 30);
    expect(reasons.passport).toContain(`valid ${rules.passportMonthsValid} months from arrival`);
    expect(reasons.vaccine).toContain('health information');
    // Issue 41 (Q04): the deletion is the setting's figure, and for Umrah only whether it is given is kept.
    expect(reasons.vaccine).toContain('deleted 30 days after your return');
    expect(reasons.vaccine).toContain('only whether it is given: no type, no date');
    expect(reasons.visa).toContain(`${rules.visaUseWithinDays} days of issue`);
    expect(Object.keys(reasons)).toEqual(['name', 'category', 'passport', 'vaccine', 'visa', 'nusuk']);
  });
});

describe('the trip page view', () => {
  const booking = { quoteId: 'q1', reference: 'MQ-ABC234', draft, quoted: { adult: 2, child: 1, infant: 0 } };

  it('has the dates, who is still to add, the add form and a blank form per traveller', () => {
    const view = familyTripView({ booking, travellers: [person()], paidCents: 150_000, today: TODAY, rules });
    expect(view).toMatchObject({
      reference: 'MQ-ABC234',
      departs: 'March 10, 2027',
      arrives: 'March 11, 2027',
      returns: 'March 24, 2027',
      paid: '$1,500',
      balance: '$3,952.50',
      stillToAdd: 'The quote is for 2 adults, 1 child: 1 adult, 1 child still to add.',
    });
    expect(view.add?.fields).toMatchObject({ position: '', name: '', visa: 'not-applied' });
    // The form for a traveller on the booking holds nothing stored.
    expect(Object.values(view.update[1]!.fields).filter((value) => value !== '' && value !== 'q1')).toEqual(['1']);
  });

  it('shows a refused form as typed, and offers no add form once everyone is in', () => {
    const typed = blank({ position: '1', passportExpiresOn: '2027-02-30' });
    const problems = [
      { field: 'passportExpiresOn' as const, message: 'Please enter the passport expiry date as a real date.' },
    ];
    const travellers = [person(), person({ position: 2 }), person({ position: 3, category: 'child' })];
    const view = familyTripView({
      booking,
      travellers,
      paidCents: 0,
      today: TODAY,
      rules,
      failed: { problems, typed },
    });
    expect(view.add).toBeUndefined();
    expect(view.stillToAdd).toBeUndefined();
    expect(view.update[1]).toEqual({ position: '1', fields: typed, problems });
    expect(view.update[2]!.problems).toEqual([]);
  });
});

describe('what to carry', () => {
  it("reads the facts' words and starts each sentence with a capital", () => {
    const list = carryList();
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list[0]!.why).toMatch(/^A passport valid for at least six months from the day you arrive/);
    for (const item of list) expect(item.why).not.toMatch(/\{\{|\. [a-z]/);
  });
});
