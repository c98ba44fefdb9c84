import { quoteLink } from '@/lib/quotes/token';
import { describe, expect, it } from 'vitest';
import { chooseStart, leadPackageSlug, packageStartOf, startingForm, type PackageStart } from '@/lib/quotes/start';
import {
  quoteActionLocation,
  quoteDoneMessage,
  quoteMessage,
  quoteView,
  readPaymentForm,
  readQuoteAction,
  whatsappMessageUrl,
} from '@/lib/quotes/desk-view';
import type { StoredQuote } from '@/lib/quotes/records';
import { QUOTE_TODAY as TODAY, quoteCancellation, quoteDraft } from './support/quotes';

const ZONE = 'America/Chicago';
const CITY_PACKAGE = {
  id: '10-nights-3-star-chicago-umrah-package',
  data: {
    title: 'Chicago 10 Nights 3 Star Umrah Package',
    category: 'city',
    nights: 10,
    price: 1345,
    makkah: { nights: 5, hotel: '3-star hotel in Misfalah' },
    madinah: { nights: 5, hotel: '3-star hotel off Sultanah Street' },
    inclusions: ['Return flights from ORD', 'Saudi visa processing'],
    departureAirport: "O'Hare International Airport (ORD)",
  },
};
const HAJJ_PACKAGE = {
  id: 'shifting-hajj-4-nights-5-star',
  data: {
    title: 'Shifting Hajj, Aziziyah then 4 Nights 5 Star',
    category: 'hajj-shifting',
    nights: 4,
    price: 4396,
    bookedOn: 'nusuk-hajj',
    makkah: { nights: 4, hotel: '5-star hotel in Ajyad' },
    inclusions: ['Hajj visa and permit'],
  },
};
const HOLIDAY = {
  id: 'dubai-3-days-package',
  data: { title: 'Dubai 3 Days Package', days: 3, price: 1199, inclusions: ['2 nights at a 4-star hotel in Dubai'] },
};

describe('where a new quote starts', () => {
  const starts: PackageStart[] = [CITY_PACKAGE, HAJJ_PACKAGE, HOLIDAY].map(packageStartOf);

  it('takes the hotels as "or similar", what is included, the airport and the nights from a package', () => {
    expect(starts[0]).toEqual({
      slug: CITY_PACKAGE.id,
      title: CITY_PACKAGE.data.title,
      hajj: false,
      nights: 10,
      hotels: [
        { city: 'makkah', name: '3-star hotel in Misfalah', nights: 5 },
        { city: 'madinah', name: '3-star hotel off Sultanah Street', nights: 5 },
      ],
      inclusions: CITY_PACKAGE.data.inclusions,
      airport: 'ORD',
      landOnly: false,
      priceFrom: 1345,
    });
    expect(starts[1]).toMatchObject({ hajj: true, hotels: [{ city: 'makkah', nights: 4 }] });
    expect(starts[2]).toMatchObject({ hajj: false, nights: 2, hotels: [], airport: '' });
    expect(
      packageStartOf({ ...CITY_PACKAGE, data: { ...CITY_PACKAGE.data, category: 'without-flight' } }),
    ).toMatchObject({ landOnly: true });
  });

  it("finds the enquiry's package by the booking form's id, else by its name", () => {
    expect(leadPackageSlug({ package_id: CITY_PACKAGE.id }, starts)).toBe(CITY_PACKAGE.id);
    expect(leadPackageSlug({ package_name: HOLIDAY.data.title }, starts)).toBe(HOLIDAY.id);
    expect(leadPackageSlug({ package_id: 'gone', package_name: '' }, starts)).toBeUndefined();
  });

  it('never starts from a Hajj package: the quote starts empty and the package is named', () => {
    expect(chooseStart(starts, null, CITY_PACKAGE.id)).toEqual({ start: starts[0], hajj: undefined });
    expect(chooseStart(starts, 'none', CITY_PACKAGE.id)).toEqual({ start: null, hajj: undefined });
    expect(chooseStart(starts, HOLIDAY.id, CITY_PACKAGE.id).start?.slug).toBe(HOLIDAY.id);
    expect(chooseStart(starts, null, HAJJ_PACKAGE.id)).toEqual({ start: null, hajj: starts[1] });
    expect(chooseStart(starts, HAJJ_PACKAGE.id, undefined)).toEqual({ start: null, hajj: starts[1] });
    expect(chooseStart(starts, 'no-such-package', undefined)).toEqual({ start: null, hajj: undefined });
  });

  it("fills the trip from the package and the enquiry's travel date, valid until from the setting", () => {
    const form = startingForm(starts[0]!, { today: TODAY, validForDays: 7, travelDate: '2027-03-10' });
    expect(form).toMatchObject({
      packageSlug: CITY_PACKAGE.id,
      departureOn: '2027-03-10',
      returnOn: '2027-03-20',
      airport: 'ORD',
      included: 'Return flights from ORD\nSaudi visa processing',
      validUntil: '2026-11-27',
    });
    expect(form.hotels.map((hotel) => [hotel.name, hotel.nights, hotel.confirmed])).toEqual([
      ['3-star hotel in Misfalah', '5', false],
      ['3-star hotel off Sultanah Street', '5', false],
    ]);
    expect(form.lines.every((line) => line.price === '')).toBe(true);
    const empty = startingForm(null, { today: TODAY, validForDays: 7, travelDate: '2026-11-01' });
    expect(empty).toMatchObject({ packageSlug: '', departureOn: '', returnOn: '', validUntil: '2026-11-27' });
    // Valid until never passes a departure that comes sooner.
    expect(startingForm(null, { today: TODAY, validForDays: 7, travelDate: '2026-11-23' }).validUntil).toBe(
      '2026-11-23',
    );
  });
});

const SENT_AT = '2026-11-20T15:00:00.000Z';
const draft = quoteDraft();
const version = (number: number, sentAt: string | null) => ({
  version: number,
  draft,
  totalCents: 545_250,
  validUntil: '2026-11-27',
  savedAt: SENT_AT,
  sentAt,
  cancellation: sentAt === null ? null : quoteCancellation(),
});
const stored = (overrides: Partial<StoredQuote> = {}): StoredQuote => ({
  id: 'q1',
  leadId: 'lead-1',
  reference: 'MQ-7K3F9Q',
  createdAt: SENT_AT,
  live: true,
  withdrawnAt: null,
  versions: [version(1, SENT_AT)],
  acceptance: null,
  decline: null,
  payments: [],
  ...overrides,
});

describe('a quote on the lead page', () => {
  it('says where it stands and what staff may do with it', () => {
    expect(quoteView(stored({ live: false, versions: [version(1, null)] }), TODAY, ZONE)).toMatchObject({
      state: 'draft',
      words: 'Draft, not sent yet',
      canSend: true,
      canEdit: true,
      live: false,
    });
    expect(quoteView(stored(), TODAY, ZONE)).toMatchObject({
      state: 'sent',
      words: 'Sent on November 20, 2026',
      canSend: false,
      live: true,
    });
    expect(quoteView(stored(), '2026-11-28', ZONE)).toMatchObject({
      state: 'expired',
      words: 'Sent on November 20, 2026; expired after November 27, 2026',
    });
    const changed = quoteView(stored({ versions: [version(1, SENT_AT), version(2, null)] }), TODAY, ZONE);
    expect(changed).toMatchObject({ canSend: true, sent: { version: 1 }, latest: { version: 2 } });
    expect(changed.pending).toBe('Version 2 is a draft: the link shows version 1 until you send it.');
    expect(changed.versions.map((each) => each.words)).toEqual([
      'Version 1: sent on November 20, 2026, $5,452.50',
      'Version 2: draft, $5,452.50',
    ]);
    const acceptance = {
      version: 1,
      totalCents: 545_250,
      typedName: 'Layla Haddad',
      acceptedAt: SENT_AT,
      cancellation: null,
    };
    expect(quoteView(stored({ acceptance }), TODAY, ZONE)).toMatchObject({
      state: 'accepted',
      words: 'Accepted by Layla Haddad on November 20, 2026 (version 1)',
      canEdit: false,
      canWithdraw: false,
    });
    const decline = { version: 1, reason: 'Next year.', declinedAt: SENT_AT };
    expect(quoteView(stored({ decline }), TODAY, ZONE).words).toBe('Declined on November 20, 2026: “Next year.”');
    expect(quoteView(stored({ decline: { ...decline, reason: '' } }), TODAY, ZONE).words).toBe(
      'Declined on November 20, 2026, no reason given',
    );
    expect(quoteView(stored({ withdrawnAt: SENT_AT, live: false }), TODAY, ZONE)).toMatchObject({
      state: 'withdrawn',
      words: 'Withdrawn on November 20, 2026',
      canEdit: false,
      canSend: false,
      canWithdraw: false,
    });
  });

  it('writes the link and a WhatsApp message that carries it', () => {
    const link = quoteLink('https://miqat-travel.example/', 'abc_-123');
    expect(link).toBe('https://miqat-travel.example/quote/abc_-123');
    const message = quoteMessage({
      name: 'Layla Haddad',
      reference: 'MQ-7K3F9Q',
      link,
      validUntil: '2026-11-27',
      siteName: 'Miqat Travel',
    });
    expect(message).toBe(
      `Hello Layla, here is your quote MQ-7K3F9Q from Miqat Travel: ${link}\n\nIt shows the prices, hotels and payment schedule, and you can accept it there until November 27, 2026. Reply here with any question.`,
    );
    expect(quoteMessage({ name: '(no name)', reference: 'R', link, validUntil: '2026-11-27', siteName: 'S' })).toMatch(
      /^Hello, here is your quote R/,
    );
    const url = new URL(whatsappMessageUrl('17135550123', message));
    expect(url.origin + url.pathname).toBe('https://wa.me/17135550123');
    expect(url.searchParams.get('text')).toBe(message);
  });

  it('reads the quote buttons and the payment form; a card number is never written back', () => {
    expect(readQuoteAction(new URLSearchParams({ action: 'note' }))).toBeUndefined();
    expect(
      readQuoteAction(new URLSearchParams({ action: 'quote-copy', quoteId: ' q1 ', version: '2', copied: '1' })),
    ).toEqual({ action: 'quote-copy', quoteId: 'q1', version: 2, copied: true });
    expect(readQuoteAction(new URLSearchParams({ action: 'quote-send', quoteId: 'q1' }))).toMatchObject({
      version: 0,
      copied: false,
    });
    const card = '4111 1111 1111 1111';
    const read = readPaymentForm(
      new URLSearchParams({ quoteId: 'q1', paidOn: TODAY, amount: '$1,500', method: 'cash', reference: card }),
    );
    expect(read).toEqual({
      quoteId: 'q1',
      typed: { paidOn: TODAY, amount: '$1,500', method: 'cash', reference: '' },
      input: { paidOn: TODAY, amountCents: 150_000, method: 'cash', reference: card },
      problems: [],
      emailReceipt: false,
    });
    expect(readPaymentForm(new URLSearchParams({ amount: '10', emailReceipt: 'yes' })).emailReceipt).toBe(true);
    const unread = readPaymentForm(new URLSearchParams({ amount: 'fifteen hundred', reference: 'TRX-9' }));
    expect(unread.input).not.toHaveProperty('amountCents');
    expect(unread.typed.reference).toBe('TRX-9');
    expect(unread.problems).toEqual([
      { field: 'amountCents', message: 'Please enter an amount in dollars, such as 1,299.50.' },
    ]);
  });

  it('says what was done and goes back to the quote, its link shown, or to the payments', () => {
    expect(quoteDoneMessage('quote-already-sent')).toBe('This version was sent already, so nothing changed.');
    expect(quoteDoneMessage('toString')).toBeUndefined();
    expect(quoteDoneMessage(null)).toBeUndefined();
    expect(quoteActionLocation('lead 1', 'q1', 'quote-sent')).toBe(
      '/admin/leads/lead%201?done=quote-sent&link=q1#quote-q1',
    );
    expect(quoteActionLocation('lead-1', 'q1', 'quote-withdrawn')).toBe(
      '/admin/leads/lead-1?done=quote-withdrawn#quote-q1',
    );
    expect(quoteActionLocation('lead-1', 'q1', 'payment')).toBe('/admin/leads/lead-1?done=payment#payments');
  });
});
