import { quoteLink } from '@/lib/quotes/token';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agencySender, signatureLines, talkToUsLines } from '@/lib/agency-email';
import { agencyEmailDomain, checkSenderLine } from '@/lib/agency-email';
import { BOOKING_CONFIRMED_WHEN, PRICE_GUARANTEED_WHEN } from '@/lib/quotes/booking-rule';
import { agencyBooking } from '@/lib/site-booking';
import { leadApiConfig } from '@/server/leads/config';
import { quoteCancellation } from './support/quotes';
import { composeQuoteEmail, quoteEmailLabel, type QuoteEmail } from '@/lib/quotes/emails';

const SITE = 'https://miqat-travel.example';
const CONTEXT = { siteUrl: SITE, leadId: 'lead-1' };
const TOKEN = 'Xk3_9fQ-abcdefghijklmnopqrstuvwxyz012345678';

const sent = (version = 1, payerState: string | null = 'IL'): QuoteEmail => ({
  kind: 'quote-sent',
  reference: 'MQ-7K3F9Q',
  version,
  totalCents: 545_250,
  validUntil: '2026-11-27',
  token: TOKEN,
  payerState,
});

describe('the quote emails', () => {
  it('send the pilgrim the reference, total, valid until and private link of a quote', () => {
    const email = composeQuoteEmail(sent(), CONTEXT);
    expect(email.audience).toBe('pilgrim');
    expect(email.subject).toBe('Your quote from Miqat Travel: reference MQ-7K3F9Q');
    expect(email.text).toContain('Reference:   MQ-7K3F9Q');
    expect(email.text).toContain('Total:       $5,452.50');
    expect(email.text).toContain('Valid until: November 27, 2026');
    expect(email.text).toContain(`\n${SITE}/quote/${TOKEN}\n`);
    expect(email.text).toContain('+1 (512) 555-0143');
    expect(email.text).not.toContain('replaces');
  });

  it('say that a later version replaces the earlier one, under the same link', () => {
    const email = composeQuoteEmail(sent(2), CONTEXT);
    expect(email.subject).toBe('Your updated quote from Miqat Travel: reference MQ-7K3F9Q');
    expect(email.text).toContain('This is version 2: it replaces the quote we sent you earlier');
    expect(email.text).toContain('Version:     2');
    expect(email.text).toContain(quoteLink(SITE, TOKEN));
  });

  it('tell staff of an acceptance with the name typed and a link to the lead', () => {
    const email = composeQuoteEmail(
      { kind: 'quote-accepted', reference: 'MQ-7K3F9Q', version: 2, totalCents: 525_250, typedName: 'Layla Haddad' },
      { siteUrl: SITE, leadId: 'a b' },
    );
    expect(email).toMatchObject({ audience: 'staff', subject: 'Quote accepted: MQ-7K3F9Q, version 2, $5,252.50' });
    expect(email.text).toContain('Name typed: Layla Haddad');
    expect(email.text).toContain('take the deposit');
    expect(email.text).toContain(`${SITE}/admin/leads/a%20b`);
    // The pilgrim's words stay out of the subject, which mail lists show to anyone near the screen.
    expect(email.subject).not.toContain('Layla');
  });

  it('confirm an acceptance to the pilgrim in the terms’ words, with the deposit and its day', () => {
    const email = composeQuoteEmail(
      {
        kind: 'acceptance-confirmed',
        reference: 'MQ-7K3F9Q',
        version: 1,
        totalCents: 545_250,
        firstDue: { label: 'Deposit', dueOn: '2026-11-27', amountCents: 150_000 },
        token: TOKEN,
      },
      CONTEXT,
    );
    expect(email.audience).toBe('pilgrim');
    expect(email.subject).toBe('Thank you for accepting your quote: reference MQ-7K3F9Q');
    expect(email.text).toContain('will contact you within one business day about the deposit.');
    expect(email.text).toContain(BOOKING_CONFIRMED_WHEN);
    expect(email.text).toContain('Deposit:   $1,500, due by November 27, 2026');
    expect(email.text).toContain(`${SITE}/terms-conditions`);
    expect(email.text).toContain(`${SITE}/payment-security`);
    expect(email.text).toContain(quoteLink(SITE, TOKEN));
  });

  it('quote the terms as they stand', () => {
    // The terms print the rule from the same constant (P07), so the source names it rather than repeats it.
    const terms = readFileSync('src/content/pages/terms-conditions.mdx', 'utf8');
    expect(terms).toContain('{BOOKING_CONFIRMED_WHEN}');
    expect(terms).toMatch(/import \{[^}]*BOOKING_CONFIRMED_WHEN[^}]*\} from '@\/lib\/quotes\/booking-rule'/);
  });

  it('pass a question to staff line by line, with a link to the lead', () => {
    const email = composeQuoteEmail(
      {
        kind: 'quote-question',
        reference: 'MQ-7K3F9Q',
        version: 1,
        question: 'Can my mother have a wheelchair?\nThanks',
      },
      CONTEXT,
    );
    expect(email).toMatchObject({ audience: 'staff', subject: 'Question on quote MQ-7K3F9Q' });
    expect(email.text).toContain('> Can my mother have a wheelchair?\n> Thanks');
    expect(email.text).toContain(`${SITE}/admin/leads/lead-1`);
  });

  it('write a receipt with what is paid, the balance and the next payment, or paid in full', () => {
    const receipt = {
      kind: 'payment-receipt' as const,
      reference: 'MQ-7K3F9Q',
      amountCents: 150_000,
      method: 'bank-transfer' as const,
      paidOn: '2026-11-20',
      totalCents: 545_250,
      paidCents: 150_000,
      balanceCents: 395_250,
      nextDue: { label: 'Balance', dueOn: '2027-01-24', outstandingCents: 395_250 },
    };
    const email = composeQuoteEmail(receipt, CONTEXT);
    expect(email).toMatchObject({ audience: 'pilgrim', subject: 'Payment received: reference MQ-7K3F9Q' });
    expect(email.text).toContain('Amount:       $1,500');
    expect(email.text).toContain('Paid by:      Bank transfer');
    expect(email.text).toContain('Received on:  November 20, 2026');
    expect(email.text).toContain('Paid so far:  $1,500 of $5,452.50');
    expect(email.text).toContain('Balance:      $3,952.50');
    expect(email.text).toContain('Next payment: Balance, $3,952.50, due by January 24, 2027');
    const paid = composeQuoteEmail({ ...receipt, paidCents: 545_250, balanceCents: 0, nextDue: null }, CONTEXT);
    expect(paid.text).toContain('Your trip is now paid in full.');
    expect(paid.text).not.toContain('Next payment');
  });

  it('are named on the lead page by what they are', () => {
    expect(quoteEmailLabel(sent(2))).toBe('Quote email (version 2)');
    expect(
      quoteEmailLabel({ kind: 'quote-question', reference: 'MQ-7K3F9Q', version: 1, question: 'Is it halal?' }),
    ).toBe('Question notice');
  });
});

describe('the parts every email to a visitor shares', () => {
  it('send as the agency from the configured address', () => {
    expect(agencySender('Website enquiries <leads@miqat-travel.example>')).toBe(
      'Miqat Travel <leads@miqat-travel.example>',
    );
    expect(agencySender('leads@miqat-travel.example')).toBe('Miqat Travel <leads@miqat-travel.example>');
  });

  it('say how to reach us and why the email came', () => {
    expect(talkToUsLines()).toEqual(
      expect.arrayContaining(['Phone:    +1 (512) 555-0143', 'Sunday: Closed'.padStart(16)]),
    );
    // The postal address commercial email must carry (CAN-SPAM; Q11).
    expect(signatureLines(SITE, 'Because.')).toEqual([
      'Miqat Travel',
      SITE,
      'Miqat Travel LLC, 600 Congress Avenue, Suite 1420, Austin, TX 78701',
      '',
      'Because.',
      'If that was not you, please ignore it.',
    ]);
    expect(signatureLines(SITE, 'You travelled with us.', false).at(-1)).toBe('You travelled with us.');
    // A list email says why and how to stop, a line each.
    expect(signatureLines(SITE, ['You signed up.', 'To stop: open this link.'], false).slice(-2)).toEqual([
      'You signed up.',
      'To stop: open this link.',
    ]);
  });
});

describe('the quote emails and issue 35', () => {
  const charges = { schedule: quoteCancellation(), travelers: 3, departureOn: '2027-03-10' };
  const accepted = (cancellation?: typeof charges): QuoteEmail => ({
    kind: 'acceptance-confirmed',
    reference: 'MQ-7K3F9Q',
    version: 1,
    totalCents: 545_250,
    firstDue: { label: 'Deposit', dueOn: '2026-11-27', amountCents: 150_000 },
    token: TOKEN,
    payerState: 'IL',
    ...(cancellation ? { cancellation } : {}),
  });

  it('repeat the cancellation charges accepted, worked out for the booking, to the pilgrim and to staff (P05)', () => {
    const text = composeQuoteEmail(accepted(charges), CONTEXT).text;
    expect(text).toContain('Cancellation charges (as accepted)');
    expect(text).toContain(
      '- More than 60 days before departure (On or before January 8, 2027): $100 per traveler, $300',
    );
    expect(text).toContain(
      '- 60 to 31 days before departure (January 9, 2027 to February 7, 2027): 25% of the trip price, $1,363.12',
    );
    expect(text).toContain(
      '- 14 days or fewer before departure (From February 24, 2027): 100% of the trip price, $5,452.50',
    );
    expect(text).toContain('Never more than the trip price.');
    const staff = composeQuoteEmail(
      {
        kind: 'quote-accepted',
        reference: 'MQ-7K3F9Q',
        version: 1,
        totalCents: 545_250,
        typedName: 'Layla',
        cancellation: charges,
      },
      CONTEXT,
    );
    expect(staff.text).toContain(
      '- 30 to 15 days before departure (February 8, 2027 to February 23, 2027): 50% of the trip price, $2,726.25',
    );
    // An acceptance queued before schedules is written as it was.
    expect(composeQuoteEmail(accepted(), CONTEXT).text).not.toContain('Cancellation charges');
  });

  it('give the total by credit card beside the total on the quote, the acceptance and the receipt (P06)', () => {
    const byCard = '(total by credit card (3% fee): $5,616.07)';
    expect(composeQuoteEmail(sent(), CONTEXT).text).toContain(`Total:       $5,452.50 ${byCard}`);
    expect(composeQuoteEmail(accepted(charges), CONTEXT).text).toContain(`Total:     $5,452.50 ${byCard}`);
    const receipt = composeQuoteEmail(
      {
        kind: 'payment-receipt',
        reference: 'MQ-7K3F9Q',
        amountCents: 150_000,
        method: 'bank-transfer',
        paidOn: '2026-11-20',
        totalCents: 545_250,
        paidCents: 150_000,
        balanceCents: 395_250,
        nextDue: null,
        payerState: 'IL',
      },
      CONTEXT,
    );
    expect(receipt.text).toMatch(
      /Paid so far: +\$1,500 of \$5,452\.50 \(total by credit card \(3% fee\): \$5,616\.07\)/,
    );
  });

  it("give no card total where the family's state bans a surcharge, 2% in Colorado, none while the state is not known (Q10)", () => {
    for (const banned of ['CT', 'MA', 'ME', null]) {
      expect(composeQuoteEmail(sent(1, banned), CONTEXT).text).toMatch(/Total: +\$5,452\.50\n/);
      expect(composeQuoteEmail(sent(1, banned), CONTEXT).text).not.toContain('by credit card');
    }
    // 2% of $5,452.50 is $109.05: $5,561.55 in whole cents.
    expect(composeQuoteEmail(sent(1, 'CO'), CONTEXT).text).toContain(
      'Total:       $5,452.50 (total by credit card (2% fee): $5,561.55)',
    );
  });

  it("say when the price is fixed and the booking confirmed in the terms' words (P07)", () => {
    expect(composeQuoteEmail(sent(), CONTEXT).text).toContain(PRICE_GUARANTEED_WHEN);
    const text = composeQuoteEmail(accepted(charges), CONTEXT).text;
    expect(text).toContain(`${PRICE_GUARANTEED_WHEN}\n${BOOKING_CONFIRMED_WHEN}`);
  });

  it('name the domain our emails really come from, as the payments page does (P11)', () => {
    expect(agencyEmailDomain()).toBe('@miqat-travel.example');
    expect(checkSenderLine()).toBe(
      'Before you pay: our emails come only from addresses ending in @miqat-travel.example. If a message says our bank details have changed, call us on +1 (512) 555-0143 first.',
    );
    expect(composeQuoteEmail(sent(), CONTEXT).text).toContain(checkSenderLine());
    expect(composeQuoteEmail(accepted(charges), CONTEXT).text).toContain(checkSenderLine());
    // The default sender, at the default site address, is on that domain.
    const from = leadApiConfig({}).notifyFrom;
    expect(agencySender(from)).toBe(`Miqat Travel <leads${agencyEmailDomain()}>`);
    const page = readFileSync('src/content/pages/payment-security.mdx', 'utf8');
    expect(page).toContain('export const emailDomain = agencyEmailDomain();');
  });

  it('end with the seller-of-travel registrations when they are set (F20)', () => {
    expect(composeQuoteEmail(sent(), CONTEXT).text).not.toContain('Seller of Travel');
    const saved = { ...agencyBooking.registrations };
    try {
      Object.assign(agencyBooking.registrations, { californiaCst: '2123456-40', floridaSot: 'ST12345' });
      for (const email of [sent(), accepted(charges)]) {
        const { text } = composeQuoteEmail(email, CONTEXT);
        expect(text).toContain(
          'California Seller of Travel Reg. No. 2123456-40. Registration as a seller of travel does not constitute approval by the State of California.',
        );
        expect(text).toContain('Fla. Seller of Travel Reg. No. ST12345');
      }
    } finally {
      Object.assign(agencyBooking.registrations, saved);
    }
  });
});
