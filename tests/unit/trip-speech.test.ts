import { describe, expect, it } from 'vitest';
import { formatDay } from '@/lib/dates';
import { settings } from '@/lib/facts';
import { TRANSLATED_LANGUAGES } from '@/lib/languages';
import { carryList } from '@/lib/trips/carry';
import { checklistRules } from '@/lib/trips/checklist';
import { FAMILY_ACTOR, familyTripView, fieldReasons } from '@/lib/trips/family';
import { tripSpeech } from '@/lib/trips/speech';
import { reminderEmail, type ReminderContext } from '@/lib/trips/reminders';
import { checkTraveller, type Traveller, type TravellerFields } from '@/lib/trips/travellers';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';

/*
 * The trip in each language: days in the language with the Umm al-Qura day beside the trip's own
 * dates, amounts and references isolated left to right inside right-to-left text, and no English
 * word left in what the family reads, the checklist, the payments, the form's errors and hints.
 */

const rules = checklistRules(settings.facts, settings.seasons, 0);
const booking = {
  quoteId: 'q1',
  reference: 'MQ-ABC234',
  draft: quoteDraft(),
  quoted: { adult: 2, child: 1, infant: 0 },
};
const layla: Traveller = {
  quoteId: 'q1',
  position: 1,
  name: 'Layla Amira Haddad',
  category: 'adult',
  passportExpiresOn: '2027-05-30',
  vaccination: null,
  visa: { kind: 'umrah', status: 'applied', on: '2027-02-15' },
  nusukPermitOn: null,
  updatedAt: '2026-11-20T15:00:00.000Z',
  updatedBy: FAMILY_ACTOR,
};
const typed: TravellerFields = {
  quoteId: 'q1',
  position: '',
  name: '',
  category: 'elder',
  passportExpiresOn: '2027-02-30',
  vaccine: 'conjugate',
  vaccinatedOn: '2099-01-01',
  visaKind: 'umrah',
  visa: 'issued',
  visaOn: '',
  visaValidUntil: '',
  nusukPermitOn: '',
};

/** Latin words left in a text once what may stay Latin is taken out: amounts, references, ACWY, the names typed. */
const englishLeft = (text: string) =>
  text
    .replace(/\u2066[^\u2069]*\u2069/g, '')
    .replace(/\$[\d,.]+|MQ-[A-Z0-9]+|ACWY|\.ics|Layla Amira H\./g, '')
    .match(/[A-Za-z]{2,}/g) ?? [];

describe('the trip speech', () => {
  it('speaks English as the desk does, with no Hijri day and nothing isolated', () => {
    const say = tripSpeech('en');
    expect(say.day('2027-03-10')).toBe(formatDay('2027-03-10'));
    expect(say.dated('2027-03-10')).toBe('March 10, 2027');
    expect(say.month('2027-03-10')).toBe('March 2027');
    expect(say.ltr('$1,500')).toBe('$1,500');
  });

  it("writes a traveller's position or a count in Bengali's own digits, and as it is elsewhere", () => {
    expect(tripSpeech('bn').figure(4)).toBe('৪');
    expect(tripSpeech('bn').figure('12')).toBe('১২');
    expect(tripSpeech('ar').figure(4)).toBe('4');
    expect(tripSpeech('en').figure(4)).toBe('4');
  });

  it('writes a date that matters with its Umm al-Qura day beside it, and isolates left-to-right text in Urdu and Arabic', () => {
    // 10 March 2027 is 2 Shawwal 1448 in the Umm al-Qura calendar.
    expect(tripSpeech('ar').dated('2027-03-10')).toBe('10 مارس 2027 (2 شوال 1448 هـ)');
    expect(tripSpeech('ur').ltr('$1,500')).toBe('\u2066$1,500\u2069');
    expect(tripSpeech('ar').ltr('MQ-ABC234')).toBe('\u2066MQ-ABC234\u2069');
    expect(tripSpeech('bn').ltr('$1,500')).toBe('$1,500');
  });

  it.each(TRANSLATED_LANGUAGES)('leaves no English in the trip page view in %s', (lang) => {
    const say = tripSpeech(lang);
    const view = familyTripView({ booking, travellers: [layla], paidCents: 100_000, today: TODAY, rules, say });
    const texts = [
      view.name,
      view.departs,
      view.returns,
      view.quotedText,
      view.stillToAdd ?? '',
      ...view.cards.flatMap((card) => [card.standingWords, ...card.items.flatMap((item) => [item.label, item.words])]),
      ...view.payments.flatMap((row) => [row.label, row.dueOn, row.words]),
      ...Object.values(fieldReasons(rules, 30, say)),
      ...carryList(say).flatMap((item) => [item.thing, item.why]),
    ];
    for (const text of texts) expect(englishLeft(text), text).toEqual([]);
    // An amount inside a right-to-left sentence keeps its own direction.
    const due = view.payments.find((row) => row.state !== 'paid')!.words;
    expect(due).toContain(lang === 'bn' ? '$' : '\u2066$');
  });

  it('asks for a mistyped vaccination day in a sentence, not with a capital in the middle', () => {
    // Before the dictionary this read "Please enter The vaccination date as a real date."
    const checked = checkTraveller(
      {
        ...typed,
        name: 'Layla Haddad',
        category: 'adult',
        passportExpiresOn: '',
        vaccinatedOn: '2026-02-30',
        visa: 'not-applied',
      },
      TODAY,
    );
    expect(checked).toEqual({
      ok: false,
      problems: [{ field: 'vaccinatedOn', message: 'Please enter the vaccination date as a real date.' }],
    });
  });

  it.each(TRANSLATED_LANGUAGES)("refuses a traveller's fields with reasons in %s", (lang) => {
    const checked = checkTraveller(typed, TODAY, tripSpeech(lang));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((each) => each.field)).toEqual([
      'name',
      'category',
      'passportExpiresOn',
      'vaccinatedOn',
      'visaOn',
    ]);
    for (const problem of checked.problems) expect(englishLeft(problem.message), problem.message).toEqual([]);
  });

  it("puts the facts' own numbers into a translated carry list", () => {
    const [passport] = carryList(tripSpeech('ur'));
    expect(passport!.why).toContain(String(settings.facts.visa.passport.monthsValid));
  });

  it.each(TRANSLATED_LANGUAGES)('writes every reminder in %s with no English but its links', (lang) => {
    const days: Record<ReminderContext['deadline'], string> = {
      booking: '2027-01-17',
      'payment:1': '2027-01-17',
      visa: '2027-02-09',
      vaccine: '2027-02-22',
      departure: '2027-03-03',
    };
    for (const [deadline, today] of Object.entries(days) as [ReminderContext['deadline'], string][]) {
      const context: ReminderContext = {
        deadline,
        reference: 'MQ-7K3F9Q',
        facts: {
          today,
          trip: {
            kind: 'umrah',
            departureOn: '2027-03-10',
            arrivalOn: '2027-03-11',
            returnOn: '2027-03-24',
            saudi: true,
            holiday: null,
          },
          travellers: [{ ...layla, passportExpiresOn: '2031-01-01', visa: { kind: 'umrah', status: 'not-applied' } }],
          rules,
          owed: [{ ordinal: 1, label: 'Balance', of: 2, dueOn: '2027-01-24', outstandingCents: 395_250 }],
          balanceDaysBefore: 7,
          payerState: 'TX',
        },
        quotedTravellers: 3,
        positions: [0],
        tripUrl: 'https://site.example/quote/TOKEN',
        optOutUrl: 'https://site.example/trip/stop-reminders?token=T',
        siteUrl: 'https://site.example',
        words: {
          umrahWindow: settings.facts.visa.umrahWindow.text,
          nusuk: String(settings.facts.permits.nusuk.text),
          entry: settings.facts.entry,
          retentionDays: 30,
        },
      };
      const email = reminderEmail(context, tripSpeech(lang));
      expect(email, deadline).not.toBeNull();
      const { subject, text } = email!;
      const said = `${subject}\n${text}`.replace(/https?:\/\/\S+|[\w.-]+\.example/g, '');
      expect(englishLeft(said), `${lang} ${deadline}: ${said}`).toEqual([]);
      expect(text).toContain(context.optOutUrl);
    }
  });
});
