import { describe, expect, it } from 'vitest';
import { quoteDraftSchema, type QuoteDraft } from '@/lib/quotes/model';
import { versionChanges } from '@/lib/quotes/versions';

const SENT: QuoteDraft = quoteDraftSchema.parse({
  packageSlug: null,
  departureOn: '2027-03-10',
  returnOn: '2027-03-24',
  departureAirport: null,
  hotels: [{ city: 'makkah', name: 'Hilton Suites Makkah', nights: 7, confirmed: false }],
  lines: [{ kind: 'quad', unitCents: 149_900, count: 4 }],
  discount: null,
  included: ['Umrah visa'],
  validUntil: '2026-11-27',
  schedule: [{ dueOn: '2026-11-27', amountCents: 599_600 }],
});

describe('versionChanges', () => {
  it('names nothing when a sent quote is saved unchanged, even parsed again from the form', () => {
    expect(versionChanges(SENT, quoteDraftSchema.parse(structuredClone(SENT)))).toEqual([]);
    const storedAsJsonb = JSON.parse(
      JSON.stringify(
        SENT,
        Object.keys(SENT)
          .concat([
            'city',
            'name',
            'nights',
            'confirmed',
            'kind',
            'label',
            'unitCents',
            'count',
            'dueOn',
            'amountCents',
          ])
          .sort(),
      ),
    ) as QuoteDraft;
    expect(versionChanges(storedAsJsonb, SENT)).toEqual([]);
  });

  it('names each part that changed, in the order of the quote', () => {
    const next: QuoteDraft = {
      ...SENT,
      returnOn: '2027-03-25',
      hotels: [{ ...SENT.hotels[0]!, confirmed: true }],
      lines: [{ ...SENT.lines[0]!, unitCents: 139_900 }],
      schedule: [{ dueOn: '2026-11-27', amountCents: 559_600 }],
    };
    expect(versionChanges(SENT, next)).toEqual(['dates', 'hotels', 'prices', 'payment schedule']);
    expect(versionChanges(SENT, { ...SENT, departureAirport: 'IAD', note: 'See you in Makkah' })).toEqual([
      'departure airport',
      'note',
    ]);
  });
});
