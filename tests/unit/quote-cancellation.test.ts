import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOKING_CONFIRMED_WHEN, HELD_WHEN, PRICE_GUARANTEED_WHEN } from '@/lib/quotes/booking-rule';
import {
  bandChargeCents,
  bandWhen,
  bookingOf,
  CANCELLATION_CLOSING,
  cancellationLines,
  cancellationRows,
  chargeRule,
  hasSchedule,
  offeredSchedule,
  percentText,
  scheduleRows,
  storedSchedule,
} from '@/lib/quotes/cancellation';
import {
  agencyBooking,
  cancellationScheduleSchema,
  siteCancellation,
  type CancellationSchedule,
} from '@/lib/site-booking';
import { parseSiteSettings } from '@/lib/site-schema';
import { site } from '@/lib/site';
import { quoteCancellation, quoteDraft } from './support/quotes';

const EMPTY: CancellationSchedule = { bands: [], note: '' };

describe('the cancellation schedule', () => {
  it('names each band by its days, the first open-ended and the last down to departure', () => {
    const { bands } = quoteCancellation();
    expect(bands.map((_, index) => bandWhen(bands, index))).toEqual([
      'More than 60 days before departure',
      '60 to 31 days before departure',
      '30 to 15 days before departure',
      '14 days or fewer before departure',
    ]);
    expect(bandWhen([{ fromDays: 0, basisPoints: 10_000 }], 0)).toBe('Any time before departure');
    const tight = [
      { fromDays: 2, perTravelerCents: 5_000 },
      { fromDays: 1, basisPoints: 5_000 },
      { fromDays: 0, basisPoints: 10_000 },
    ];
    expect(tight.map((_, index) => bandWhen(tight, index))).toEqual([
      'More than 1 day before departure',
      '1 day before departure',
      '0 days or fewer before departure',
    ]);
  });

  it('states each charge from its numbers: a fixed amount per traveler or a share of the trip price', () => {
    expect(chargeRule({ fromDays: 61, perTravelerCents: 10_000 })).toBe('$100 per traveler');
    expect(chargeRule({ fromDays: 61, perTravelerCents: 12_550 })).toBe('$125.50 per traveler');
    expect(chargeRule({ fromDays: 31, basisPoints: 2_500 })).toBe('25% of the trip price');
    expect(percentText(1_250)).toBe('12.5%');
    expect(percentText(10_000)).toBe('100%');
    expect(scheduleRows(quoteCancellation())[1]).toEqual({
      when: '60 to 31 days before departure',
      rule: '25% of the trip price',
    });
  });

  it('charges a booking in whole cents, a share rounded down, never more than the trip price', () => {
    const booking = { travelers: 3, totalCents: 545_250 };
    expect(bandChargeCents({ fromDays: 61, perTravelerCents: 10_000 }, booking)).toBe(30_000);
    expect(bandChargeCents({ fromDays: 31, basisPoints: 2_500 }, booking)).toBe(136_312);
    expect(bandChargeCents({ fromDays: 61, perTravelerCents: 10_000 }, { travelers: 3, totalCents: 20_000 })).toBe(
      20_000,
    );
    expect(bookingOf(quoteDraft())).toEqual({ travelers: 3, totalCents: 545_250, departureOn: '2027-03-10' });
  });

  it('dates each band back from the departure day', () => {
    const rows = cancellationRows(quoteCancellation(), {
      travelers: 3,
      totalCents: 545_250,
      departureOn: '2027-03-10',
    });
    expect(rows.map((row) => row.dates)).toEqual([
      'On or before January 8, 2027',
      'January 9, 2027 to February 7, 2027',
      'February 8, 2027 to February 23, 2027',
      'From February 24, 2027',
    ]);
    const single = { bands: [{ fromDays: 0, basisPoints: 10_000 }], note: '' };
    expect(cancellationRows(single, { travelers: 1, totalCents: 100, departureOn: '2027-03-10' })[0]!.dates).toBe(
      'Up to March 10, 2027',
    );
  });

  it('writes the schedule for an email: the opening, a line per band with its dollars, the note', () => {
    const lines = cancellationLines(quoteCancellation(), quoteDraftBooking());
    expect(lines[0]).toMatch(/^If you cancel, we charge the amount for the day we receive your cancellation/);
    expect(lines[1]).toBe(
      '- More than 60 days before departure (On or before January 8, 2027): $100 per traveler, $300',
    );
    // The note, then the rest of the one rule (Q01): partial cancellation and the refund, said once.
    expect(lines.slice(-3)).toEqual(['Never more than the trip price.', ...CANCELLATION_CLOSING]);
    expect(cancellationLines(EMPTY, quoteDraftBooking())).toHaveLength(1 + CANCELLATION_CLOSING.length);
  });

  it('is one rule (Q01): a part of a booking that cancels is charged on its own share, and no sentence takes the deposit or counts suppliers twice', () => {
    const [partial, refund] = CANCELLATION_CLOSING;
    expect(partial).toMatch(/cancelling travelers' share of the trip price/);
    expect(refund).toMatch(/^We refund what you have paid, less that one charge/);
    // One of four travellers, whose place cost $2,000 of an $8,000 trip, cancels 45 days out: 25% of
    // their share ($500), not of the whole trip ($2,000); 90 days out, $100 for them alone.
    const [early, second] = quoteCancellation().bands;
    expect(bandChargeCents(second!, { travelers: 1, totalCents: 200_000 })).toBe(50_000);
    expect(bandChargeCents(early!, { travelers: 1, totalCents: 200_000 })).toBe(10_000);
    const terms = readFileSync('src/content/pages/terms-conditions.mdx', 'utf8');
    expect(terms).not.toMatch(/deposit is not refundable/i);
    expect(terms).not.toMatch(/less the cancellation charges on your quote/i);
  });

  it('refuses a schedule that leaves days without a charge or is out of order, naming the field', () => {
    const parse = (bands: unknown) => cancellationScheduleSchema.safeParse({ bands, note: '' });
    expect(parse(quoteCancellation().bands).success).toBe(true);
    expect(parse([]).success).toBe(true);
    const gap = parse([{ fromDays: 30, basisPoints: 5_000 }]);
    expect(gap.error?.issues[0]).toMatchObject({
      path: ['bands', 0, 'fromDays'],
      message: /last band must start at 0/,
    });
    const disorder = parse([
      { fromDays: 15, basisPoints: 5_000 },
      { fromDays: 30, basisPoints: 2_500 },
      { fromDays: 0, basisPoints: 10_000 },
    ]);
    expect(disorder.error?.issues[0]?.path).toEqual(['bands', 1, 'fromDays']);
    expect(parse([{ fromDays: 0, basisPoints: 10_001 }]).success).toBe(false);
    expect(parse([{ fromDays: 0, perTravelerCents: 99.5 }]).success).toBe(false);
    expect(parse([{ fromDays: 0, perTravelerCents: 100, basisPoints: 100 }]).success).toBe(false);
    const broken = structuredClone(site) as { cancellation: { bands: unknown[] } };
    broken.cancellation.bands = [{ fromDays: 10, basisPoints: 5_000 }];
    expect(() => parseSiteSettings(broken)).toThrow(/cancellation\.bands\.0\.fromDays: the last band/);
  });

  it('knows when a schedule is set, and which one a version offers', () => {
    expect([hasSchedule(null), hasSchedule(EMPTY), hasSchedule(quoteCancellation())]).toEqual([false, false, true]);
    const now = { ...quoteCancellation(), note: 'Now' };
    const sentWith = quoteCancellation();
    expect(offeredSchedule(sentWith, now)).toBe(sentWith);
    expect(offeredSchedule(null, now)).toBe(now);
    expect(offeredSchedule(null, EMPTY)).toBeNull();
    expect(storedSchedule(JSON.stringify(sentWith))).toEqual(sentWith);
    expect(storedSchedule(null)).toBeNull();
  });

  it('is a site setting the server reads too: the pages and the quotes have one schedule', () => {
    expect(site.cancellation).toEqual(siteCancellation());
    expect(site.cancellation).toEqual(agencyBooking.cancellation);
    expect(site.registrations).toEqual(agencyBooking.registrations);
    expect(hasSchedule(siteCancellation())).toBe(true);
  });
});

describe('the rule for the price and the booking (P07)', () => {
  it('is printed by the terms from the constants, never retyped', () => {
    const terms = readFileSync('src/content/pages/terms-conditions.mdx', 'utf8');
    for (const name of ['PRICE_GUARANTEED_WHEN', 'HELD_WHEN', 'BOOKING_CONFIRMED_WHEN']) {
      expect(terms).toContain(`{${name}}`);
    }
    for (const sentence of [PRICE_GUARANTEED_WHEN, HELD_WHEN, BOOKING_CONFIRMED_WHEN]) {
      expect(terms).not.toContain(sentence);
    }
    expect(terms).toContain('<CancellationTable />');
  });
});

function quoteDraftBooking() {
  return bookingOf(quoteDraft());
}
