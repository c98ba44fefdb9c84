import { describe, expect, it } from 'vitest';
import { settings } from '@/lib/facts';
import { checklistRules } from '@/lib/trips/checklist';
import {
  BOARD_WITHIN_DAYS,
  NOT_READY_WITHIN_DAYS,
  departedFigures,
  departedWords,
  departureRow,
  departureWindow,
  departuresBoard,
  notReadyDepartures,
  readDepartureFilter,
  type DepartingBooking,
} from '@/lib/trips/departures';
import type { Traveller } from '@/lib/trips/travellers';

/*
 * The desk's departures, pure: which bookings the board, the digest and the dashboard take by their
 * departure day, and how each booking's travellers are counted by their checklist, on the site's
 * own facts (a passport valid 6 months from arrival, a visa used within 30 days of issue).
 */

const RULES = checklistRules(settings.facts, settings.seasons, 0);
const TODAY = '2027-02-01';

const booking = (
  reference: string,
  departureOn: string,
  overrides: Partial<DepartingBooking> = {},
): DepartingBooking => ({
  leadId: `lead-${reference}`,
  quoteId: `quote-${reference}`,
  reference,
  name: `Name ${reference}`,
  assigneeId: null,
  departureOn,
  // Before Makkah's pre-Hajj closure (about 7 April 2027), which blocks a stay past it.
  returnOn: '2027-04-05',
  departureAirport: 'ORD',
  quoted: { adult: 2, child: 0, infant: 0 },
  language: 'en',
  ...overrides,
});

/** A traveller with everything done for a departure in February or March 2027: their own tourist eVisa, valid a year. */
const ready = (quoteId: string, position: number, overrides: Partial<Traveller> = {}): Traveller => ({
  quoteId,
  position,
  name: `Traveller ${position}`,
  category: 'adult',
  passportExpiresOn: '2031-01-01',
  vaccination: { type: 'conjugate', givenOn: '2026-11-02' },
  visa: { kind: 'tourist' as const, status: 'issued', on: '2026-12-01' },
  nusukPermitOn: '2027-03-12',
  updatedAt: '2027-01-20T10:00:00.000Z',
  updatedBy: 'amina@agency.example',
  ...overrides,
});
const blocked = (quoteId: string, position: number) => ready(quoteId, position, { passportExpiresOn: '2027-06-01' });
const due = (quoteId: string, position: number) => ready(quoteId, position, { nusukPermitOn: null });

describe("the departures' window", () => {
  it('runs from today to the given number of days ahead, both ends included', () => {
    expect(departureWindow(TODAY, 60)).toEqual({ from: '2027-02-01', to: '2027-04-02' });
    expect(departureWindow('2027-12-20', 45)).toEqual({ from: '2027-12-20', to: '2028-02-03' });
    expect([BOARD_WITHIN_DAYS, NOT_READY_WITHIN_DAYS]).toEqual([60, 45]);
  });

  it('reads the filter from the address: only `show=blocked` narrows the board', () => {
    expect(readDepartureFilter(new URLSearchParams('show=blocked'))).toBe('blocked');
    expect(readDepartureFilter(new URLSearchParams('show=all'))).toBe('all');
    expect(readDepartureFilter(new URLSearchParams('show=BLOCKED'))).toBe('all');
    expect(readDepartureFilter(new URLSearchParams(''))).toBe('all');
  });
});

describe("a booking's line", () => {
  it('counts its travellers ready, with items due and blocked, and added against quoted', () => {
    const trip = booking('MQ-A', '2027-03-10', { quoted: { adult: 2, child: 1, infant: 0 } });
    const row = departureRow(trip, [ready(trip.quoteId, 1), blocked(trip.quoteId, 2), ready('other', 1)], TODAY, RULES);
    expect(row).toMatchObject({
      reference: 'MQ-A',
      name: 'Name MQ-A',
      added: 2,
      quoted: 3,
      quotedText: '2 adults, 1 child',
      ready: 1,
      due: 0,
      blocked: 1,
      allReady: false,
    });
    const dueRow = departureRow(trip, [due(trip.quoteId, 1)], TODAY, RULES);
    expect([dueRow.ready, dueRow.due, dueRow.blocked]).toEqual([0, 1, 0]);
  });

  it('is ready only when every quoted traveller is added and ready', () => {
    const trip = booking('MQ-B', '2027-03-10');
    expect(departureRow(trip, [ready(trip.quoteId, 1)], TODAY, RULES).allReady).toBe(false);
    expect(departureRow(trip, [ready(trip.quoteId, 1), ready(trip.quoteId, 2)], TODAY, RULES).allReady).toBe(true);
    expect(departureRow(trip, [], TODAY, RULES).allReady).toBe(false);
  });
});

describe('the departures board', () => {
  const bookings = [
    booking('MQ-LAST', '2027-04-02'),
    booking('MQ-PAST', '2027-01-31'),
    booking('MQ-OUT', '2027-04-03'),
    booking('MQ-TODAY', TODAY),
    booking('MQ-MID', '2027-03-10'),
  ];
  const travellers = [
    blocked('quote-MQ-MID', 1),
    ready('quote-MQ-MID', 2),
    ready('quote-MQ-LAST', 1),
    ready('quote-MQ-LAST', 2),
  ];

  it('lists the bookings departing from today to 60 days ahead, soonest first, with a summary', () => {
    const board = departuresBoard({ bookings, travellers, today: TODAY, rules: RULES, filter: 'all' });
    expect(board.rows.map((row) => row.reference)).toEqual(['MQ-TODAY', 'MQ-MID', 'MQ-LAST']);
    expect(board.summary).toBe('3 bookings departing in the next 60 days: 2 not ready, 1 with a blocked traveller.');
    expect(board.window).toEqual({ from: TODAY, to: '2027-04-02' });
  });

  it('keeps only the bookings with a blocked traveller when asked', () => {
    const board = departuresBoard({ bookings, travellers, today: TODAY, rules: RULES, filter: 'blocked' });
    expect(board.rows.map((row) => row.reference)).toEqual(['MQ-MID']);
    expect(board.summary).toContain('3 bookings');
  });

  it('says so when nothing departs', () => {
    const board = departuresBoard({ bookings: [], travellers: [], today: TODAY, rules: RULES, filter: 'all' });
    expect(board).toMatchObject({ rows: [], summary: 'No booking departs in the next 60 days.' });
  });
});

describe("the digest's departures not ready", () => {
  it('names the bookings departing within 45 days that are not all added and ready, soonest first', () => {
    const bookings = [
      booking('MQ-READY', '2027-02-20'),
      booking('MQ-SHORT', '2027-02-25', { assigneeId: 'amina' }),
      booking('MQ-EDGE', '2027-03-18'),
      booking('MQ-LATER', '2027-03-19'),
      booking('MQ-GONE', '2027-01-31'),
      booking('MQ-BLOCK', '2027-02-10'),
    ];
    const travellers = [
      ready('quote-MQ-READY', 1),
      ready('quote-MQ-READY', 2),
      ready('quote-MQ-SHORT', 1),
      blocked('quote-MQ-BLOCK', 1),
      ready('quote-MQ-BLOCK', 2),
    ];
    expect(notReadyDepartures(bookings, travellers, TODAY, RULES)).toEqual([
      {
        leadId: 'lead-MQ-BLOCK',
        reference: 'MQ-BLOCK',
        name: 'Name MQ-BLOCK',
        assigneeId: null,
        departureOn: '2027-02-10',
        waiting: 0,
      },
      {
        leadId: 'lead-MQ-SHORT',
        reference: 'MQ-SHORT',
        name: 'Name MQ-SHORT',
        assigneeId: 'amina',
        departureOn: '2027-02-25',
        waiting: 0,
      },
      {
        leadId: 'lead-MQ-EDGE',
        reference: 'MQ-EDGE',
        name: 'Name MQ-EDGE',
        assigneeId: null,
        departureOn: '2027-03-18',
        waiting: 0,
      },
    ]);
  });
});

describe("the dashboard's departures", () => {
  it('counts the bookings departed before today and their travellers ready on the departure day', () => {
    const bookings = [
      // Both travellers ready on the day.
      booking('MQ-DONE', '2027-01-10', { returnOn: '2027-01-24' }),
      // One traveller ready, one with the permit still to book on the day, one never added.
      booking('MQ-LATE', '2027-01-12', { returnOn: '2027-01-26', quoted: { adult: 3, child: 0, infant: 0 } }),
      // Returned long ago: retention deleted its travellers, so it is set apart.
      booking('MQ-OLD', '2026-11-20', { returnOn: '2026-12-01' }),
      // Departing today or later, or before the period: not departed in it.
      booking('MQ-TODAY', TODAY),
      booking('MQ-BEFORE', '2026-11-01', { returnOn: '2026-11-15' }),
    ];
    const travellers = [
      ready('quote-MQ-DONE', 1, { nusukPermitOn: '2027-01-11' }),
      ready('quote-MQ-DONE', 2, { nusukPermitOn: '2027-01-11' }),
      ready('quote-MQ-LATE', 1, { nusukPermitOn: '2027-01-13' }),
      ready('quote-MQ-LATE', 2, { nusukPermitOn: null }),
    ];
    const figures = departedFigures({
      bookings,
      travellers,
      from: '2026-11-09',
      today: TODAY,
      retentionDays: 30,
      rules: RULES,
    });
    expect(figures).toEqual({ departed: 3, travellers: 5, readyOnTime: 3, waiting: 0, deleted: 1 });
    const words = departedWords(figures, 30);
    expect(words.map((word) => [word.label, word.value])).toEqual([
      ['Bookings departed', '3'],
      ['Travellers ready on time', '3 of 5 (60%)'],
      ['Travellers still waiting on a visa', '0'],
    ]);
    expect(words[1]!.note).toContain(
      "Not counted: 1 booking whose travellers' details were deleted 30 days after the return",
    );
    expect(departedWords({ departed: 0, travellers: 0, readyOnTime: 0, waiting: 0, deleted: 0 }, 30)[1]).toMatchObject({
      value: '–',
    });
    expect(
      departedWords({ departed: 1, travellers: 2, readyOnTime: 2, waiting: 0, deleted: 0 }, 30)[1]!.note,
    ).not.toContain('Not counted');
  });
});

describe('a visa applied for and not issued (issue 41: it was counted ready)', () => {
  it('is its own count on the board, in the digest and on the dashboard, never ready', () => {
    const trip = booking('MQ-WAIT', '2027-02-20', { returnOn: '2027-03-05' });
    const waiting = ready(trip.quoteId, 1, { visa: { kind: 'umrah', status: 'applied', on: '2027-01-30' } });
    const row = departureRow(trip, [waiting, ready(trip.quoteId, 2)], TODAY, RULES);
    expect(row).toMatchObject({ ready: 1, waiting: 1, due: 0, blocked: 0, allReady: false });
    const board = departuresBoard({
      bookings: [trip],
      travellers: [waiting],
      today: TODAY,
      rules: RULES,
      filter: 'all',
    });
    expect(board.summary).toBe(
      '1 booking departing in the next 60 days: 1 not ready, 0 with a blocked traveller, 1 waiting on a visa.',
    );
    expect(notReadyDepartures([trip], [waiting, ready(trip.quoteId, 2)], TODAY, RULES)).toMatchObject([
      { reference: 'MQ-WAIT', waiting: 1 },
    ]);
    const figures = departedFigures({
      bookings: [trip],
      travellers: [waiting, ready(trip.quoteId, 2)],
      from: '2027-02-01',
      today: '2027-02-21',
      retentionDays: 30,
      rules: RULES,
    });
    expect(figures).toMatchObject({ travellers: 2, readyOnTime: 1, waiting: 1 });
  });
});
