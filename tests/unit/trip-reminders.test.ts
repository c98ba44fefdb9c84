import { describe, expect, it } from 'vitest';
import { facts, settings } from '@/lib/facts';
import { addDays } from '@/lib/agency-time';
import { checklistRules } from '@/lib/trips/checklist';
import {
  dueReminders,
  isReminderDeadline,
  optOutUrl,
  owedPayments,
  reminderEmail,
  reminderLabel,
  remindersToQueue,
  vaccineLastDay,
  type BookingFacts,
  type RemindedTraveller,
  type ReminderContext,
} from '@/lib/trips/reminders';
import { tripSpeech } from '@/lib/trips/speech';
import { TRANSLATED_LANGUAGES } from '@/lib/languages';
import { whatsappTextIn, whatsappTexts } from '../support/whatsapp';

/*
 * The trip reminders' pure parts: which deadline is due on a day and for whom, what was claimed
 * before, and the words, which never name a traveller nor give their details. The trip departs
 * 2027-03-10 and lands 2027-03-11: the visa window is 9 to 24 February, the vaccine is due by
 * 1 March (its reminder from 22 February), the departure week begins 3 March.
 */

const rules = checklistRules(facts, settings.seasons, 0);
const adult = (position: number, overrides: Partial<RemindedTraveller> = {}): RemindedTraveller => ({
  position,
  category: 'adult',
  passportExpiresOn: '2031-01-01',
  vaccination: { type: 'conjugate', givenOn: '2026-11-02' },
  visa: { kind: 'umrah' as const, status: 'not-applied' },
  nusukPermitOn: null,
  ...overrides,
});
const booking = (today: string, overrides: Partial<BookingFacts> = {}): BookingFacts => ({
  today,
  trip: {
    kind: 'umrah',
    departureOn: '2027-03-10',
    arrivalOn: '2027-03-11',
    returnOn: '2027-03-24',
    saudi: true,
    holiday: null,
  },
  travellers: [adult(1), adult(2, { vaccination: null })],
  rules,
  owed: [{ ordinal: 1, label: 'Balance', of: 2, dueOn: '2027-01-24', outstandingCents: 395_250 }],
  balanceDaysBefore: 7,
  ...overrides,
});
const deadlines = (facts: BookingFacts) => dueReminders(facts).map((each) => each.deadline);

describe('the reminders due on a day', () => {
  it('start with the booking, and each comes on its day and stays due until its deadline has passed', () => {
    expect(dueReminders(booking('2026-11-20'))).toEqual([{ deadline: 'booking', positions: [0] }]);
    expect(deadlines(booking('2027-01-16'))).toEqual(['booking']);
    expect(deadlines(booking('2027-01-17'))).toEqual(['booking', 'payment:1']);
    expect(deadlines(booking('2027-01-25'))).toEqual(['booking']);
    expect(deadlines(booking('2027-02-08'))).toEqual(['booking']);
    expect(dueReminders(booking('2027-02-09'))).toContainEqual({ deadline: 'visa', positions: [1, 2] });
    expect(deadlines(booking('2027-02-21'))).toEqual(['booking', 'visa']);
    // The vaccine only for the traveller whose vaccination is not recorded.
    expect(dueReminders(booking('2027-02-22'))).toContainEqual({ deadline: 'vaccine', positions: [2] });
    expect(deadlines(booking('2027-03-02'))).toEqual(['booking']);
    expect(deadlines(booking('2027-03-03'))).toEqual(['booking', 'departure']);
    expect(deadlines(booking('2027-03-10'))).toEqual([]);
  });

  it('are for the whole booking while no traveller is recorded, and for none whose item is done', () => {
    expect(dueReminders(booking('2027-02-22', { travellers: [] }))).toEqual([
      { deadline: 'booking', positions: [0] },
      { deadline: 'visa', positions: [0] },
      { deadline: 'vaccine', positions: [0] },
    ]);
    const done = [adult(1, { visa: { kind: 'umrah' as const, status: 'applied', on: '2027-02-10' } })];
    expect(deadlines(booking('2027-02-22', { travellers: done }))).toEqual(['booking']);
  });

  it('follow the facts: a longer visa lapse opens the window earlier', () => {
    const longer = checklistRules(
      { ...facts, visa: { ...facts.visa, umrahWindow: { ...facts.visa.umrahWindow, useWithinDays: 40 } } },
      settings.seasons,
      0,
    );
    expect(deadlines(booking('2027-01-30', { rules: longer }))).toContain('visa');
    expect(deadlines(booking('2027-01-30'))).not.toContain('visa');
  });

  it('remind a payment after the deposit only while it is owed, and its lead time is the setting', () => {
    expect(deadlines(booking('2027-01-10', { balanceDaysBefore: 14 }))).toContain('payment:1');
    expect(deadlines(booking('2027-01-17', { owed: [] }))).not.toContain('payment:1');
  });
});

describe('the reminders to queue', () => {
  it('leave out what was claimed, and a deadline claimed for the whole booking covers travellers added since', () => {
    const facts = booking('2027-02-22');
    expect(
      remindersToQueue(facts, [
        { deadline: 'booking', position: 0 },
        { deadline: 'visa', position: 1 },
      ]),
    ).toEqual([
      { deadline: 'visa', positions: [2] },
      { deadline: 'vaccine', positions: [2] },
    ]);
    expect(
      remindersToQueue(facts, [
        { deadline: 'booking', position: 0 },
        { deadline: 'visa', position: 0 },
        { deadline: 'vaccine', position: 2 },
      ]),
    ).toEqual([]);
  });
});

describe('the payments still owed', () => {
  it('pay the schedule in its order, leaving out the deposit', () => {
    const schedule = [
      { dueOn: '2026-11-27', amountCents: 150_000 },
      { dueOn: '2027-01-05', amountCents: 100_000 },
      { dueOn: '2027-01-24', amountCents: 295_250 },
    ];
    expect(owedPayments(schedule, 0)).toEqual([
      { ordinal: 1, label: 'Payment 2', of: 3, dueOn: '2027-01-05', outstandingCents: 100_000 },
      { ordinal: 2, label: 'Balance', of: 3, dueOn: '2027-01-24', outstandingCents: 295_250 },
    ]);
    expect(owedPayments(schedule, 200_000)).toEqual([
      { ordinal: 1, label: 'Payment 2', of: 3, dueOn: '2027-01-05', outstandingCents: 50_000 },
      { ordinal: 2, label: 'Balance', of: 3, dueOn: '2027-01-24', outstandingCents: 295_250 },
    ]);
    expect(owedPayments(schedule, 545_250)).toEqual([]);
  });
});

describe('a reminder’s words', () => {
  const context = (
    deadline: ReminderContext['deadline'],
    today: string,
    overrides: Partial<BookingFacts> = {},
  ): ReminderContext => ({
    deadline,
    reference: 'Q-7K3F9Q',
    facts: booking(today, overrides),
    quotedTravellers: 3,
    positions: deadline === 'vaccine' ? [2] : deadline === 'visa' ? [1, 2] : [0],
    tripUrl: 'https://site.example/quote/TOKEN',
    optOutUrl: 'https://site.example/trip/stop-reminders?token=T',
    siteUrl: 'https://site.example',
    words: {
      umrahWindow: facts.visa.umrahWindow.text,
      nusuk: String(facts.permits.nusuk.text),
      entry: facts.entry,
      retentionDays: 30,
    },
  });

  it.each(TRANSLATED_LANGUAGES)(
    'under a reminder in %s, end the English with a WhatsApp link that greets in that language first',
    (lang) => {
      // The translated half says the contacts are in the English below; it prints no WhatsApp link itself.
      expect(whatsappTexts(reminderEmail(context('visa', '2027-02-09'), tripSpeech(lang))!.text)).toEqual([]);
      const english = reminderEmail(context('visa', '2027-02-09'), tripSpeech('en'), lang)!;
      expect(whatsappTexts(english.text)).toEqual([whatsappTextIn(lang)]);
    },
  );

  it('carry the reference, the trip link and the opt-out, and say what is due with its days', () => {
    const visa = reminderEmail(context('visa', '2027-02-09'))!;
    expect(visa.subject).toBe('Your booking Q-7K3F9Q: the Umrah visa window is open');
    expect(visa.text).toContain('between February 9, 2027 and February 24, 2027');
    expect(visa.text).toContain('for 2 of your 3 travellers');
    expect(visa.text).toContain('Your trip page: https://site.example/quote/TOKEN');
    expect(visa.text).toContain('Reference: Q-7K3F9Q');
    expect(visa.text).toContain('press the button: https://site.example/trip/stop-reminders?token=T');
    const vaccine = reminderEmail(context('vaccine', '2027-02-22'))!;
    expect(vaccine.subject).toBe('Your booking Q-7K3F9Q: the meningitis vaccine by March 1, 2027');
    expect(vaccine.text).toContain('recommended for this trip');
    const payment = reminderEmail(context('payment:1', '2027-01-17'))!;
    expect(payment.subject).toBe('Your booking Q-7K3F9Q: balance due by January 24, 2027');
    expect(payment.text).toContain('Balance of $3,952.50 is due by January 24, 2027');
    // Q16: the sender check the other payment emails carry, and the card total where the state allows one.
    expect(payment.text).toContain(
      'Before you pay: our emails come only from addresses ending in @miqat-travel.example.',
    );
    expect(payment.text).toContain('Miqat Travel LLC, 600 Congress Avenue, Suite 1420, Austin, TX 78701');
    const illinois = reminderEmail(context('payment:1', '2027-01-17', { payerState: 'IL' }))!;
    expect(illinois.text).toContain(
      'Balance of $3,952.50 (total by credit card (3% fee): $4,071.07) is due by January 24, 2027',
    );
    const connecticut = reminderEmail(context('payment:1', '2027-01-17', { payerState: 'CT' }))!;
    expect(connecticut.text).not.toContain('by credit card');
    const booked = reminderEmail(context('booking', '2026-11-20'))!;
    expect(booked.subject).toBe('Your booking Q-7K3F9Q: what we need from you');
    expect(booked.text).toContain('1 traveller still to add');
    expect(booked.text).toContain('- A passport valid until at least September 11, 2027 (6 months from arrival).');
    expect(reminderEmail(context('departure', '2027-03-03'))!.subject).toBe(
      'Your booking Q-7K3F9Q: one week to departure',
    );
    // An English booking's WhatsApp link sends the agency's greeting alone.
    expect(whatsappTexts(visa.text)).toEqual([whatsappTextIn('en')]);
  });

  it('say exactly what is kept of the vaccine, and when it is deleted, from the setting (issue 41, Q04)', () => {
    const vaccine = reminderEmail(context('vaccine', '2027-02-22'))!;
    expect(vaccine.text).not.toContain('we record that it is done, nothing more');
    expect(vaccine.text).toContain(
      'as it is only recommended, we keep only that it is given (no type, no date), use it only for this checklist and delete it 30 days after your return',
    );
  });

  it('say what a holiday trip is, with its entry rule and no Umrah item (issue 41, Q03)', () => {
    const cairo = {
      kind: 'umrah' as const,
      departureOn: '2027-01-10',
      arrivalOn: '2027-01-11',
      returnOn: '2027-01-14',
    };
    const holiday = { trip: { ...cairo, saudi: false, holiday: 'egypt' as const }, travellers: [], owed: [] };
    const booked = reminderEmail(context('booking', '2026-12-06', holiday))!;
    expect(booked.text).toContain('Your trip (Holiday in Egypt) leaves on January 10, 2027');
    expect(booked.text).toContain(`- Entry to Egypt: ${facts.entry.egypt.text}.`);
    expect(booked.text).not.toMatch(/Umrah|Nusuk|meningitis/);
    // Nor is a visa or vaccine reminder due for it, on any day before departure.
    for (let day = '2026-12-06'; day < '2027-01-10'; day = addDays(day, 1)) {
      expect(deadlines(booking(day, holiday)).filter((each) => each === 'visa' || each === 'vaccine')).toEqual([]);
    }
  });

  it('send no "visa window is open" for dates no Umrah visa can be used on, even before anyone is added (issue 41, Q02)', () => {
    const late = { kind: 'umrah' as const, departureOn: '2027-03-27', arrivalOn: '2027-03-28', returnOn: '2027-04-05' };
    const trip = { ...late, saudi: true, holiday: null };
    for (let day = '2027-02-01'; day < '2027-03-27'; day = addDays(day, 1)) {
      expect(deadlines(booking(day, { trip, travellers: [] }))).not.toContain('visa');
    }
  });

  it('list a week before departure only what is still open, for how many travellers', () => {
    const ready = (position: number, overrides: Partial<RemindedTraveller> = {}) =>
      adult(position, {
        visa: { kind: 'umrah' as const, status: 'issued', on: '2027-02-15' },
        nusukPermitOn: '2027-03-12',
        ...overrides,
      });
    const all = [ready(1), ready(2), ready(3)];
    const done = reminderEmail(context('departure', '2027-03-03', { travellers: all, owed: [] }))!;
    expect(done.text).toContain('- Nothing: every traveller’s checklist is done and the trip is paid. Thank you.');
    expect(done.text).not.toContain('Umrah visa');
    const blocked = [ready(1), ready(2, { passportExpiresOn: '2027-05-01' }), ready(3)];
    const open = reminderEmail(context('departure', '2027-03-03', { travellers: blocked }))!;
    expect(open.text).toContain(
      '- A passport valid until at least September 11, 2027 (6 months from arrival) for 1 of your 3 travellers.',
    );
    expect(open.text).toContain('- Balance: $3,952.50 due by January 24, 2027.');
    expect(open.text).not.toMatch(/Umrah visa|vaccine|Nusuk/);
  });

  it('never give a traveller’s own details, such as the day of their vaccination', () => {
    for (const deadline of ['booking', 'visa', 'vaccine', 'departure', 'payment:1'] as const) {
      const email = reminderEmail(context(deadline, '2027-02-22'));
      expect(JSON.stringify(email)).not.toMatch(/2026-11-02|November 2, 2026|2031|2031-01-01/);
    }
  });

  it('say nothing when what they were for is done by the day they go', () => {
    const applied = [
      adult(1, { visa: { kind: 'umrah' as const, status: 'applied', on: '2027-02-09' } }),
      adult(2, { visa: { kind: 'umrah' as const, status: 'issued', on: '2027-02-09' } }),
    ];
    expect(reminderEmail(context('visa', '2027-02-09', { travellers: applied }))).toBeNull();
    expect(reminderEmail(context('vaccine', '2027-02-22', { travellers: [adult(1), adult(2)] }))).toBeNull();
    expect(reminderEmail(context('payment:1', '2027-01-17', { owed: [] }))).toBeNull();
  });

  it('are named by their deadline on the lead page, read back from a payload, and link the opt-out page', () => {
    expect(reminderLabel('visa')).toBe('Trip reminder (visa window)');
    expect(reminderLabel('payment:1')).toBe('Trip reminder (payment 2)');
    expect(['booking', 'visa', 'vaccine', 'departure', 'payment:1'].every(isReminderDeadline)).toBe(true);
    expect(['payment:0', 'visa:2027-02-09', 'other'].some(isReminderDeadline)).toBe(false);
    expect(optOutUrl('https://site.example', 'a-b_c')).toBe('https://site.example/trip/stop-reminders?token=a-b_c');
    expect(vaccineLastDay({ arrivalOn: '2027-03-11' }, rules)).toBe(
      addDays('2027-03-11', -rules.vaccine.daysBeforeArrival),
    );
  });
});
