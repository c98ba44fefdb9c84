import { describe, expect, it } from 'vitest';
import { parseFacts } from '@/lib/facts-schema';
import { settings } from '@/lib/facts';
import { factText, FACT_NAMES, resolvePlaceholders, seasonText, WATCHED_PHRASES } from '@/lib/fact-lookup';
import { assertFactNames } from '@/lib/fact-names';
import { formatDayRange } from '@/lib/seasons';
import { site } from '@/lib/site';

describe('facts settings', () => {
  it('accepts the shipped facts', () => {
    expect(parseFacts(structuredClone(settings))).toEqual(settings);
  });

  it('names the field when the card fee is above the card networks’ 3% cap', () => {
    const broken = structuredClone(settings);
    broken.facts.payment.cardFee.percent = 4;
    expect(() => parseFacts(broken)).toThrow(/facts\.payment\.cardFee\.percent: card networks cap/);
  });

  it('names a season date that is not an ISO day, and an end before its start', () => {
    const badDay = structuredClone(settings);
    badDay.seasons.hajj.start = '14 May 2027';
    expect(() => parseFacts(badDay)).toThrow(/seasons\.hajj\.start: must be an ISO date/);
    const backwards = structuredClone(settings);
    backwards.seasons.ramadan.end = '2027-01-01';
    expect(() => parseFacts(backwards)).toThrow(/seasons\.ramadan\.end: end must be on or after start/);
  });

  it('names a mistyped fact key and an empty fact text', () => {
    const typo = structuredClone(settings) as unknown as { facts: { visa: Record<string, unknown> } };
    typo.facts.visa.procesing = { text: 'five days' };
    expect(() => parseFacts(typo)).toThrow(/facts\.visa.*procesing/);
    const empty = structuredClone(settings);
    empty.facts.permits.rawdah.text = '';
    expect(() => parseFacts(empty)).toThrow(/facts\.permits\.rawdah\.text/);
  });

  it('keeps one visa-success figure: the site claim reads the fact', () => {
    expect(site.claims.visaSuccess).toBe(settings.facts.visa.successRate.value);
    expect(site.claims).not.toHaveProperty('visaApproval');
  });
});

describe('fact and season texts', () => {
  it('reads the coming Hajj as 2027 and 1448 AH with its expected days', () => {
    expect(seasonText('hajj', 'label')).toBe('Hajj 2027 (1448 AH)');
    expect(seasonText('hajj', 'dates')).toBe('about 14–19 May 2027');
    expect(seasonText('hajj', 'arafah')).toBe('about 15 May 2027');
    expect(seasonText('ramadan', 'eid')).toBe('about 9–10 March 2027');
    expect(seasonText('hajj', 'nope')).toBeUndefined();
    expect(formatDayRange('2027-02-27', '2027-03-09')).toBe('27 February – 9 March 2027');
  });

  it('derives the December weather and the card fee from their values', () => {
    expect(factText('weather.december')).toBe('Makkah about 20–32 °C (68–90 °F) and Madinah about 13–26 °C (55–79 °F)');
    expect(factText('payment.cardFee')).toMatch(
      /^a 3% fee on payments by credit card.*debit and prepaid cards carry no fee$/,
    );
    expect(factText('visa.validity.maxStayDays')).toBe('90');
  });

  it('watches the phrases the review counted, each pointing at a fact that exists', () => {
    const phrases = WATCHED_PHRASES.map((watched) => watched.phrase);
    for (const phrase of [
      '5 to 10 business days',
      '800 m - 1.5 km',
      '15 to 25 °C',
      'two blank pages',
      'up to 15%',
      'six to eight months',
    ]) {
      expect(phrases).toContain(phrase);
    }
    for (const { fact } of WATCHED_PHRASES) expect(FACT_NAMES).toContain(fact);
  });
});

describe('placeholders and MDX fact names', () => {
  it('resolves fact and season placeholders, capitalising {{Fact:…}}', () => {
    expect(resolvePlaceholders('Hajj {{season:hajj.year}} ({{season:hajj.hijri}})', 'x.yaml')).toBe(
      'Hajj 2027 (1448 AH)',
    );
    expect(resolvePlaceholders('{{Fact:visa.validity}}.', 'x.yaml')).toBe(
      `${factText('visa.validity')!.charAt(0).toUpperCase()}${factText('visa.validity')!.slice(1)}.`,
    );
  });

  it('fails naming the file and the placeholder when a name is unknown', () => {
    expect(() => resolvePlaceholders('It takes {{fact:visa.procesing}}.', 'src/content/cities/chicago.yaml')).toThrow(
      'src/content/cities/chicago.yaml: unknown {{fact:visa.procesing}}',
    );
    expect(() => resolvePlaceholders('{{season:haj.year}}', 'a.yaml')).toThrow(
      /a\.yaml: unknown \{\{season:haj\.year\}\}/,
    );
  });

  it('fails naming the MDX file and line for an unknown <Fact> or <Season>', () => {
    const body = 'First line.\n\nThe visa is <Fact name="visa.valdity" />.\n<Season name="hajj" show="arafah" />';
    expect(() => assertFactNames('src/content/blog/guide.mdx', body)).toThrow(
      /src\/content\/blog\/guide\.mdx, body line 3: <Fact name="visa\.valdity" \/>: no fact named "visa\.valdity"/,
    );
    expect(() => assertFactNames('g.mdx', '<Season name="hajj" show="arafa" />')).toThrow(/g\.mdx.*show="arafa"/);
    expect(() =>
      assertFactNames('g.mdx', '<Fact name="visa.validity" capitalize /> <Season name="hajj" />'),
    ).not.toThrow();
  });
});
