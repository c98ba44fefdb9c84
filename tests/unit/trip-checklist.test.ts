import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/agency-time';
import { settings } from '@/lib/facts';
import {
  addMonths,
  businessDaysBefore,
  checklistRules,
  latestArrival,
  readiness,
  travellerChecklist,
  visaWindow,
  type ChecklistRules,
  type TravellerFacts,
  type TripDates,
} from '@/lib/trips/checklist';

const RULES = checklistRules(settings.facts, settings.seasons, 0);
/** Fly out on Sunday 14 March 2027, land on Monday the 15th, read the checklist on 1 February. */
const TRIP: TripDates = {
  kind: 'umrah',
  departureOn: '2027-03-14',
  arrivalOn: '2027-03-15',
  returnOn: '2027-03-28',
  saudi: true,
  holiday: null,
  today: '2027-02-01',
};
const NOTHING_YET: TravellerFacts = {
  category: 'adult',
  passportExpiresOn: null,
  vaccination: null,
  visa: { kind: 'umrah' as const, status: 'not-applied' },
  nusukPermitOn: null,
};
const item = (traveller: TravellerFacts, trip: TripDates, key: string, rules: ChecklistRules = RULES) =>
  travellerChecklist(traveller, trip, rules).find((entry) => entry.key === key);

describe('the dated rules a checklist reads', () => {
  it('come from the site facts: six months of passport, a 30-day visa, ten business days of our processing, ten days for the vaccine', () => {
    expect(RULES.passportMonthsValid).toBe(6);
    expect(RULES.visaUseWithinDays).toBe(30);
    expect(RULES.processingBusinessDays).toBe(10);
    expect(RULES.vaccine.daysBeforeArrival).toBe(10);
    expect(RULES.vaccine.umrah.status).toBe('recommended');
    expect(RULES.vaccine.hajj.status).toBe('required');
  });

  it('count months to the last day of a shorter month, and working days past weekends', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2027-03-15', 6)).toBe('2027-09-15');
    // Sunday 14 March 2027, ten working days back: Monday 1 March.
    expect(businessDaysBefore('2027-03-14', 10)).toBe('2027-03-01');
    expect(businessDaysBefore('2027-03-15', 1)).toBe('2027-03-12');
  });
});

describe("a traveller's checklist", () => {
  it('gives the visa window as days: from 30 days before arrival to our processing time before departure', () => {
    expect(visaWindow(TRIP, RULES)).toEqual({ from: '2027-02-13', by: '2027-03-01' });
    expect(item(NOTHING_YET, TRIP, 'visa')).toEqual({
      key: 'visa',
      state: 'due',
      from: '2027-02-13',
      by: '2027-03-01',
    });
    expect(item(NOTHING_YET, { ...TRIP, today: '2027-03-02' }, 'visa')?.state).toBe('late');
  });

  it('blocks a passport that expires within six months of arrival, and asks for one unknown by the window', () => {
    expect(item({ ...NOTHING_YET, passportExpiresOn: '2027-09-14' }, TRIP, 'passport')?.state).toBe('blocked');
    expect(item({ ...NOTHING_YET, passportExpiresOn: '2027-09-15' }, TRIP, 'passport')?.state).toBe('done');
    expect(item(NOTHING_YET, TRIP, 'passport')).toEqual({ key: 'passport', state: 'due', by: '2027-02-13' });
  });

  it('blocks a visa issued so early that it lapses before arrival, and waits on one applied for', () => {
    expect(
      item({ ...NOTHING_YET, visa: { kind: 'umrah' as const, status: 'issued', on: '2027-02-10' } }, TRIP, 'visa')
        ?.state,
    ).toBe('blocked');
    expect(
      item({ ...NOTHING_YET, visa: { kind: 'umrah' as const, status: 'issued', on: '2027-02-20' } }, TRIP, 'visa')
        ?.state,
    ).toBe('done');
    expect(
      item({ ...NOTHING_YET, visa: { kind: 'umrah' as const, status: 'applied', on: '2027-02-20' } }, TRIP, 'visa')
        ?.state,
    ).toBe('waiting');
  });

  it('recommends the vaccine for Umrah and requires it for Hajj, ten days before arrival, honouring "not needed" only where it is not required', () => {
    expect(item(NOTHING_YET, TRIP, 'vaccine')).toEqual({
      key: 'vaccine',
      state: 'due',
      by: '2027-03-05',
      required: false,
    });
    expect(item({ ...NOTHING_YET, vaccination: 'not-needed' }, TRIP, 'vaccine')?.state).toBe('not-needed');
    const hajj = { ...TRIP, kind: 'hajj' as const };
    expect(item({ ...NOTHING_YET, vaccination: 'not-needed' }, hajj, 'vaccine')).toMatchObject({
      state: 'due',
      required: true,
    });
    expect(item({ ...NOTHING_YET, category: 'infant' }, hajj, 'vaccine')?.state).toBe('not-needed');
    const given = (givenOn: string, type: 'conjugate' | 'polysaccharide' | 'unnamed' = 'conjugate') =>
      item({ ...NOTHING_YET, vaccination: { type, givenOn } }, hajj, 'vaccine')?.state;
    expect(given('2027-03-05')).toBe('done');
    expect(given('2027-03-06')).toBe('due');
    expect(given('2022-03-15')).toBe('done');
    expect(given('2022-03-14')).toBe('due');
    expect(given('2024-03-14', 'unnamed')).toBe('due');
    expect(given('2024-03-15', 'polysaccharide')).toBe('done');
  });

  it('asks for a Nusuk permit for Umrah by arrival, and none for Hajj', () => {
    expect(item(NOTHING_YET, TRIP, 'nusuk')).toEqual({ key: 'nusuk', state: 'due', by: '2027-03-15' });
    expect(item({ ...NOTHING_YET, nusukPermitOn: '2027-03-01' }, TRIP, 'nusuk')?.state).toBe('done');
    expect(item(NOTHING_YET, { ...TRIP, kind: 'hajj' }, 'nusuk')?.state).toBe('not-needed');
  });

  it('counts a traveller as blocked, with items due, or ready', () => {
    const ready: TravellerFacts = {
      category: 'adult',
      passportExpiresOn: '2030-01-01',
      vaccination: { type: 'conjugate', givenOn: '2027-01-10' },
      visa: { kind: 'umrah' as const, status: 'issued', on: '2027-02-20' },
      nusukPermitOn: '2027-02-21',
    };
    expect(readiness(travellerChecklist(ready, TRIP, RULES))).toBe('ready');
    expect(readiness(travellerChecklist(NOTHING_YET, TRIP, RULES))).toBe('due');
    expect(readiness(travellerChecklist({ ...ready, passportExpiresOn: '2027-04-01' }, TRIP, RULES))).toBe('blocked');
  });
});

/** Any day from 2026 to 2035. */
const day = fc.integer({ min: 0, max: 3650 }).map((offset) => addDays('2026-01-01', offset));
/** Rules anywhere their schema allows them, around today's values. */
const rules: fc.Arbitrary<ChecklistRules> = fc.record({
  // The season's cut-offs and the holiday countries' rules as the facts have them; the margin from 0 to a week.
  season: fc.constant(RULES.season),
  entry: fc.constant(RULES.entry),
  eVisa: fc.constant(RULES.eVisa),
  arrivalMarginDays: fc.integer({ min: 0, max: 7 }),
  passportMonthsValid: fc.integer({ min: 1, max: 12 }),
  visaUseWithinDays: fc.integer({ min: 1, max: 120 }),
  processingBusinessDays: fc.integer({ min: 1, max: 30 }),
  vaccine: fc.record({
    daysBeforeArrival: fc.integer({ min: 1, max: 30 }),
    conjugateYears: fc.integer({ min: 1, max: 10 }),
    polysaccharideYears: fc.integer({ min: 1, max: 10 }),
    umrah: fc.record({ status: fc.constantFrom('required' as const, 'recommended' as const) }),
    hajj: fc.record({
      status: fc.constantFrom('required' as const, 'recommended' as const),
      minAgeYears: fc.constant(2),
    }),
  }),
});
const trip: fc.Arbitrary<TripDates> = fc
  .record({
    departureOn: day,
    flight: fc.integer({ min: 0, max: 2 }),
    before: fc.integer({ min: -30, max: 400 }),
    stay: fc.integer({ min: 1, max: 60 }),
    kind: fc.constantFrom('umrah' as const, 'hajj' as const),
  })
  .map(({ departureOn, flight, before, stay, kind }) => ({
    kind,
    departureOn,
    arrivalOn: addDays(departureOn, flight),
    returnOn: addDays(departureOn, flight + stay),
    saudi: true,
    holiday: null,
    today: addDays(departureOn, -before),
  }));

describe('the rules, for any departure and any fact values within their schema', () => {
  it('open the visa window so that a visa issued on any of its days is still valid on arrival, and close it before departure', () => {
    fc.assert(
      fc.property(trip, rules, (dates, rule) => {
        const { from, by } = visaWindow(dates, rule);
        expect(by < dates.departureOn).toBe(true);
        // Where the season rules out an Umrah visa for these dates, no day of issue makes it done.
        const season = item(NOTHING_YET, dates, 'visa', rule);
        if (season?.reason === 'after-last-entry' || season?.reason === 'closure') {
          const any = { ...NOTHING_YET, visa: { kind: 'umrah' as const, status: 'issued' as const, on: from } };
          expect(item(any, dates, 'visa', rule)).toMatchObject({ state: 'blocked', reason: season.reason });
          return;
        }
        for (const issued of from <= by ? [from, by] : []) {
          const traveller = { ...NOTHING_YET, visa: { kind: 'umrah' as const, status: 'issued' as const, on: issued } };
          expect(item(traveller, dates, 'visa', rule)?.state).toBe('done');
        }
        // A day before a visa issued at once would still be valid on the latest arrival, it lapses first
        // (the window's first day may be later still: the reopening after Hajj, when none is issued before).
        const validFrom = addDays(latestArrival(dates, rule), -rule.visaUseWithinDays);
        const early = {
          ...NOTHING_YET,
          visa: { kind: 'umrah' as const, status: 'issued' as const, on: addDays(validFrom, -1) },
        };
        expect(item(early, dates, 'visa', rule)?.state).toBe('blocked');
      }),
    );
  });

  it('block a passport exactly when it expires before the months the rule counts from arrival', () => {
    fc.assert(
      fc.property(trip, rules, day, (dates, rule, expires) => {
        const state = item({ ...NOTHING_YET, passportExpiresOn: expires }, dates, 'passport', rule)?.state;
        expect(state).toBe(expires < addMonths(dates.arrivalOn, rule.passportMonthsValid) ? 'blocked' : 'done');
      }),
    );
  });

  it('never turn an item from late back to due as the days pass, nor make a done item depend on the day', () => {
    fc.assert(
      fc.property(trip, rules, fc.integer({ min: 1, max: 200 }), (dates, rule, wait) => {
        const now = travellerChecklist(NOTHING_YET, dates, rule);
        const later = travellerChecklist(NOTHING_YET, { ...dates, today: addDays(dates.today, wait) }, rule);
        now.forEach((entry, index) => {
          if (entry.state === 'late') expect(later[index]?.state).toBe('late');
          if (entry.by !== undefined && entry.state === 'due') {
            expect(later[index]?.state).toBe(addDays(dates.today, wait) > entry.by ? 'late' : 'due');
          }
        });
        const done: TravellerFacts = { ...NOTHING_YET, passportExpiresOn: '2099-01-01', nusukPermitOn: dates.today };
        const first = travellerChecklist(done, dates, rule).map((entry) => entry.state);
        const second = travellerChecklist(done, { ...dates, today: addDays(dates.today, wait) }, rule).map(
          (e) => e.state,
        );
        first.forEach((state, index) => {
          if (state === 'done') expect(second[index]).toBe('done');
        });
      }),
    );
  });

  it('require the vaccine exactly where the rule for the trip says so, and ask for it no later than the rule allows', () => {
    fc.assert(
      fc.property(trip, rules, fc.constantFrom('adult' as const, 'child' as const), (dates, rule, category) => {
        const vaccine = item({ ...NOTHING_YET, category }, dates, 'vaccine', rule);
        expect(vaccine?.required).toBe(rule.vaccine[dates.kind].status === 'required');
        expect(vaccine?.by).toBe(addDays(dates.arrivalOn, -rule.vaccine.daysBeforeArrival));
      }),
    );
  });
});
