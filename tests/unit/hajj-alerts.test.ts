import { describe, expect, it } from 'vitest';
import { FORMS } from '@/lib/forms/definitions';
import type { FormDef } from '@/lib/forms/types';
import {
  CONSENT_LABEL,
  HAJJ_SEASON,
  INTEREST_CONSENT_FIELD,
  INTEREST_TRAVELLERS_FIELD,
  asksTravellers,
  hajjSeasonIn,
  interestNames,
  readInterest,
  splitInterest,
  takesInterest,
  travellerOptions,
} from '@/lib/forms/interest';
import { facts } from '@/lib/facts';
import { seasonTextIn } from '@/lib/i18n/facts';
import { TRANSLATED_LANGUAGES } from '@/lib/languages';
import {
  alertEmail,
  alertFromKey,
  alertKey,
  alertSubject,
  isUnsubscribeToken,
  readAlertForm,
  unsubscribeUrl,
  type HajjAlert,
} from '@/lib/hajj/alerts';
import { interestRows, interestSummary, packageStyle, type InterestEntry } from '@/lib/hajj/interest-list';

/*
 * The Hajj interest list's pure parts: which forms ask its questions and how their answers are
 * read; the phase alerts' form, keys and words, whose dates come from the facts; the desk's rows.
 */

const steps = facts.hajj.steps;
const params = (values: Record<string, string>) => new URLSearchParams(values);
const withComing = (coming: Partial<typeof steps.coming>) => ({ ...steps, coming: { ...steps.coming, ...coming } });

describe('the interest questions on the Hajj forms', () => {
  it('are asked on the three Hajj forms only; the party size only where the spec asks no count', () => {
    const taking = (Object.values(FORMS) as FormDef[]).filter((form) => takesInterest(form));
    expect(taking.map((form) => form.id).sort()).toEqual(['hajj', 'non-shifting-hajj', 'shifting-hajj']);
    expect(asksTravellers(FORMS.hajj)).toBe(true);
    expect(asksTravellers(FORMS['shifting-hajj'])).toBe(false);
    expect(interestNames(FORMS.hajj)).toEqual([INTEREST_TRAVELLERS_FIELD, INTEREST_CONSENT_FIELD]);
    expect(interestNames(FORMS['non-shifting-hajj'])).toEqual([INTEREST_CONSENT_FIELD]);
    expect(interestNames(FORMS.umrah)).toEqual([]);
  });

  it('offer "not sure yet" and 1 to 20, and a consent label saying what comes and how to stop it', () => {
    const options = travellerOptions();
    expect(options[0]).toEqual({ value: '', label: 'Not sure yet' });
    expect(options.at(-1)).toEqual({ value: '20', label: '20' });
    expect(options).toHaveLength(21);
    expect(CONSENT_LABEL).toMatch(/^Email me about Hajj 1448: one short email when each Nusuk Hajj step opens/);
    expect(CONSENT_LABEL).toContain('one-click unsubscribe');
  });

  it('name the season in the form’s language: its years in the digits the page’s facts use', () => {
    expect(hajjSeasonIn('en')).toEqual(HAJJ_SEASON);
    for (const lang of TRANSLATED_LANGUAGES) {
      const { year, hijriYear } = hajjSeasonIn(lang);
      expect([year, hijriYear], lang).toEqual([
        seasonTextIn('hajj', 'year', lang),
        seasonTextIn('hajj', 'hijriYear', lang),
      ]);
    }
    expect(hajjSeasonIn('bn').hijriYear).not.toMatch(/\d/);
  });

  it('split from the spec’s fields, which stay exactly as sent', () => {
    const entries = { name: 'A', [INTEREST_CONSENT_FIELD]: 'yes', [INTEREST_TRAVELLERS_FIELD]: '2' };
    expect(splitInterest(FORMS.hajj, entries)).toEqual({
      fields: { name: 'A' },
      interest: { [INTEREST_CONSENT_FIELD]: 'yes', [INTEREST_TRAVELLERS_FIELD]: '2' },
    });
    // Elsewhere they are unknown fields, which the schema refuses.
    expect(splitInterest(FORMS.umrah, entries).fields).toEqual(entries);
  });

  it('read the consent as off unless ticked, the party as given, or the picker’s total', () => {
    expect(readInterest(FORMS.hajj, {}, {})).toEqual({ ok: true, answer: { travellers: null, consent: false } });
    expect(readInterest(FORMS.hajj, { [INTEREST_TRAVELLERS_FIELD]: '7', [INTEREST_CONSENT_FIELD]: 'yes' }, {})).toEqual(
      { ok: true, answer: { travellers: 7, consent: true } },
    );
    expect(readInterest(FORMS['shifting-hajj'], {}, { adults: '2', children: '1' })).toEqual({
      ok: true,
      answer: { travellers: 3, consent: false },
    });
    const refused = readInterest(FORMS.hajj, { [INTEREST_TRAVELLERS_FIELD]: '0', [INTEREST_CONSENT_FIELD]: 'on' }, {});
    expect(refused).toEqual({
      ok: false,
      errors: {
        [INTEREST_TRAVELLERS_FIELD]: 'Choose from 1 to 20 travellers, or “Not sure yet”.',
        [INTEREST_CONSENT_FIELD]: 'Tick the box to get the emails, or leave it empty.',
      },
    });
  });
});

describe('a phase alert', () => {
  const payment: HajjAlert = { hijriYear: 1448, phase: 'payment-deadline', date: '2027-03-01' };

  it('is named by its season, step and day, and read back from that key', () => {
    expect(alertKey(payment)).toBe('1448:payment-deadline:2027-03-01');
    expect(alertKey({ hijriYear: 1448, phase: 'registration', date: null })).toBe('1448:registration');
    expect(alertFromKey('1448:payment-deadline:2027-03-01')).toEqual(payment);
    expect(alertFromKey('1448:registration')).toEqual({ hijriYear: 1448, phase: 'registration', date: null });
    for (const bad of [
      '1448:payment-deadline',
      '1448:registration:2027-01-01',
      '1448:visa',
      '1448:package-choice:2027-02-30',
    ])
      expect(alertFromKey(bad), bad).toBeUndefined();
  });

  it('is read from the owner’s form: a step, and a day to come where the step needs one', () => {
    expect(readAlertForm(params({ phase: 'registration' }), steps, '2026-12-01')).toEqual({
      ok: true,
      alert: { hijriYear: 1448, phase: 'registration', date: null },
    });
    expect(readAlertForm(params({ phase: 'payment-deadline', date: '2027-03-01' }), steps, '2026-12-01')).toEqual({
      ok: true,
      alert: payment,
    });
    const problem = (values: Record<string, string>, today = '2026-12-01') => {
      const read = readAlertForm(params(values), steps, today);
      return read.ok ? undefined : read.problems[0];
    };
    expect(problem({ phase: 'visa' })).toEqual({
      field: 'phase',
      message: 'Choose which Nusuk Hajj step the alert announces.',
    });
    expect(problem({ phase: 'package-choice' })?.message).toBe(
      'Give the day Nusuk Hajj announced for this step, as YYYY-MM-DD.',
    );
    expect(problem({ phase: 'package-choice', date: '12/01/2027' })?.field).toBe('date');
    expect(problem({ phase: 'payment-deadline', date: '2026-11-30' })?.message).toBe(
      '30 November 2026 has passed; an alert announces a day to come.',
    );
  });

  it('takes the facts’ day where they hold one, and refuses a day they contradict', () => {
    const announced = withComing({
      packageChoice: { on: '2027-01-12', source: 'https://example.org/news', sourceName: 'Example News' },
    });
    expect(readAlertForm(params({ phase: 'package-choice' }), announced, '2026-12-01')).toEqual({
      ok: true,
      alert: { hijriYear: 1448, phase: 'package-choice', date: '2027-01-12' },
    });
    const read = readAlertForm(params({ phase: 'package-choice', date: '2027-01-15' }), announced, '2026-12-01');
    expect(read.ok ? '' : read.problems[0]!.message).toMatch(/^The facts give 12 January 2027 \(Example News\)/);
    // And the email cites the fact's source.
    const email = alertEmail(
      { hijriYear: 1448, phase: 'package-choice', date: '2027-01-12' },
      { steps: announced, nusukRule: 'pay only there', siteUrl: 'https://site.example', unsubscribeUrl: 'U' },
    );
    expect(email.text).toContain('reported by Example News: https://example.org/news');
  });

  it('says what opened, what to do, that payment is only on Nusuk Hajj, and how to unsubscribe', () => {
    expect(alertSubject(payment)).toBe('Hajj 1448: the payment deadline on Nusuk Hajj is 1 March 2027');
    expect(alertSubject({ hijriYear: 1448, phase: 'registration', date: null })).toBe(
      'Hajj 1448: registration is open on Nusuk Hajj',
    );
    const link = unsubscribeUrl('https://site.example', 'a'.repeat(43));
    expect(link).toBe(`https://site.example/hajj/unsubscribe?token=${'a'.repeat(43)}`);
    const { subject, text } = alertEmail(payment, {
      steps,
      nusukRule: facts.hajj.nusuk.text,
      siteUrl: 'https://site.example',
      unsubscribeUrl: link,
    });
    expect(subject).toBe(alertSubject(payment));
    expect(text).toContain('The payment deadline for Hajj 1448 on Nusuk Hajj (hajj.nusuk.sa) is 1 March 2027.');
    expect(text).toContain('Last season (1447 AH), registration was open by 8 November 2025');
    expect(text).toContain(facts.hajj.nusuk.text);
    expect(text).toContain(`To stop these emails, open this link and press Unsubscribe: ${link}`);
  });

  it('accepts only tokens of the drawn shape on the unsubscribe page', () => {
    expect(isUnsubscribeToken('A-_'.repeat(14) + 'z')).toBe(true);
    expect(isUnsubscribeToken('short')).toBe(false);
    expect(isUnsubscribeToken(`${'a'.repeat(42)}/`)).toBe(false);
    expect(isUnsubscribeToken(null)).toBe(false);
  });
});

describe('the desk’s interest list', () => {
  const entry: InterestEntry = {
    leadId: 'l1',
    reference: 'MQ-7K3F9Q',
    formId: 'non-shifting-hajj',
    fields: { Name: 'Layla Haddad', Email: 'layla@example.com', Phone: '7135550123', Adults: '2', Children: '0' },
    pageUrl: 'https://site.example/package/non-shifting-hajj-21-nights-4-star-classic',
    receivedAt: '2026-11-20T15:00:00.000Z',
    travellers: 2,
    consentedAt: '2026-11-20T15:00:00.000Z',
    unsubscribedAt: null,
  };

  it('names the package style by the form, and the package page it came from', () => {
    expect(packageStyle('hajj', null)).toBe('Hajj (not chosen)');
    expect(packageStyle('shifting-hajj', 'https://site.example/shifting-hajj')).toBe('Shifting Hajj');
    expect(packageStyle(entry.formId, entry.pageUrl)).toBe(
      'Non-shifting Hajj (non-shifting-hajj-21-nights-4-star-classic)',
    );
  });

  it('shows each sign-up’s contact, people, consent and unsubscribe, and the figures above', () => {
    const unsure = {
      ...entry,
      leadId: 'l2',
      travellers: null,
      consentedAt: null,
      unsubscribedAt: '2026-11-21T15:00:00.000Z',
    };
    const rows = interestRows([entry, unsure], 'America/Chicago');
    expect(rows[0]).toMatchObject({
      reference: 'MQ-7K3F9Q',
      name: 'Layla Haddad',
      email: 'layla@example.com',
      phone: '7135550123',
      people: '2',
      consent: 'Yes',
      unsubscribed: 'No',
    });
    expect(rows[0]!.signedUp).toMatch(/2026/);
    expect(rows[1]).toMatchObject({ people: 'Not said', consent: 'No' });
    expect(rows[1]!.unsubscribed).toMatch(/^Yes, /);
    expect(interestSummary([entry, unsure], 1)).toBe(
      '2 sign-ups · 2 people named (1 not sure yet) · 1 address that an alert would reach',
    );
  });
});
