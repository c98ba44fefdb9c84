import type { CancellationSchedule } from '@/lib/site-booking';
import type { QuoteDraft } from '@/lib/quotes/model';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';

/** The day the quote fixtures are checked on. */
export const QUOTE_TODAY = '2026-11-20';

/**
 * A quote whose parts agree on QUOTE_TODAY: two in a double room, a child, three insurances, a
 * discount; $5,452.50 in all, a $1,500 deposit and the balance.
 */
export const quoteDraft = (overrides: Partial<QuoteDraft> = {}): QuoteDraft => ({
  packageSlug: 'umrah-economy-14-nights',
  departureOn: '2027-03-10',
  returnOn: '2027-03-24',
  departureAirport: 'ORD',
  hotels: [
    { city: 'makkah', name: 'Hilton Suites Makkah', nights: 7, confirmed: true },
    { city: 'madinah', name: 'Pullman Zamzam Madinah', nights: 6, confirmed: false },
  ],
  lines: [
    { kind: 'double', label: '', unitCents: 189_900, count: 2 },
    { kind: 'child-with-bed', label: '', unitCents: 149_950, count: 1 },
    { kind: 'extra', label: 'Travel insurance', unitCents: 8_500, count: 3 },
  ],
  discount: { label: 'Early booking', amountCents: 10_000 },
  included: ['Return flights from Chicago', 'Umrah visa'],
  note: '',
  validUntil: '2026-11-27',
  schedule: [
    { dueOn: '2026-11-27', amountCents: 150_000 },
    { dueOn: '2027-01-24', amountCents: 395_250 },
  ],
  // A Chicago family (ORD): Illinois allows the card fee.
  payerState: 'IL',
  ...overrides,
});

/** Version 2 of `quoteDraft`: $100 less per person in a double room, the balance smaller by as much ($5,252.50). */
export const cheaperQuoteDraft = (overrides: Partial<QuoteDraft> = {}): QuoteDraft =>
  quoteDraft({
    lines: [
      { kind: 'double', label: '', unitCents: 179_900, count: 2 },
      { kind: 'child-with-bed', label: '', unitCents: 149_950, count: 1 },
      { kind: 'extra', label: 'Travel insurance', unitCents: 8_500, count: 3 },
    ],
    schedule: [
      { dueOn: '2026-11-27', amountCents: 150_000 },
      { dueOn: '2027-01-24', amountCents: 375_250 },
    ],
    ...overrides,
  });

/** A cancellation schedule with both kinds of charge: $100 per traveler, then 25%, 50% and 100% of the trip price. */
export const quoteCancellation = (): CancellationSchedule => ({
  bands: [
    { fromDays: 61, perTravelerCents: 10_000 },
    { fromDays: 31, basisPoints: 2_500 },
    { fromDays: 15, basisPoints: 5_000 },
    { fromDays: 0, basisPoints: 10_000 },
  ],
  note: 'Never more than the trip price.',
});

/** Records the deposit that makes an accepted quote a booking, which the trips, reminders and reviews count from. */
export async function payDeposit(
  quotes: QuoteStore,
  target: { leadId: string; quoteId: string },
  staff: StaffActor,
  today: string,
  now = new Date(),
): Promise<void> {
  const deposit = { paidOn: today, amountCents: 100_000, method: 'bank-transfer' };
  const paid = await quotes.recordPayment(target, deposit, staff, today, now);
  if (!paid?.ok) throw new Error(`The deposit was refused: ${JSON.stringify(paid)}`);
}

/** Layla's enquiry with one quote sent to her, on `store`: the store, the quote's target and its link's token. */
export async function sentQuote(
  store: SqlLeadStore,
  now: Date,
): Promise<{ quotes: QuoteStore; target: { leadId: string; quoteId: string }; token: string }> {
  const lead = await store.insertLead(
    { formId: 'umrah', fields: { name: 'Layla Haddad', email: 'layla@example.com' }, pageUrl: null, userAgent: null },
    { now },
  );
  const quotes = new QuoteStore(store.database);
  const staff = { id: 'staff-1', email: 'amina@agency.example' };
  const saved = await quotes.saveDraft({ leadId: lead!.id }, quoteDraft(), staff, QUOTE_TODAY, now);
  if (!saved?.ok) throw new Error('draft refused');
  const target = { leadId: lead!.id, quoteId: saved.quoteId };
  const sent = await quotes.send(target, staff, QUOTE_TODAY, now);
  if (!sent?.ok) throw new Error('not sent');
  return { quotes, target, token: sent.token };
}
