import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkFactTexts,
  checkFile,
  checkSourceCopy,
  formatFindings,
  reminders,
  RETIRED_PHRASES,
  type ContentFile,
} from '@/lib/content-check';

const FIXTURES = 'tests/unit/fixtures/content-check';
const fixture = (name: string): ContentFile => {
  const path = `${FIXTURES}/${name}`;
  return { path, text: readFileSync(path, 'utf8') };
};
/** The catalogue as the check sees it: the prices the fixtures may quote. */
const catalogue = new Set([899, 1399]);
const check = (name: string) => checkFile(fixture(name), catalogue);

describe('content check', () => {
  it('passes copy that uses facts, seasons and catalogue prices', () => {
    expect(check('clean.mdx')).toEqual([]);
  });

  it('fails on an unknown placeholder in YAML, naming the file, line and placeholder', () => {
    const findings = check('unknown-placeholder.yaml');
    expect(findings).toHaveLength(1);
    expect(formatFindings(findings)).toMatch(
      /^tests\/unit\/fixtures\/content-check\/unknown-placeholder\.yaml:3: "\{\{fact:visa\.procesing\}\}" names no fact or season/,
    );
  });

  it('fails on unknown <Fact> and <Season> names and on placeholders in an MDX body', () => {
    const findings = check('unknown-component.mdx');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([
      [6, '<Fact name="visa.valdity" />'],
      [8, '<Season name="haj" show="dates" />'],
      [10, '{{fact:visa.validity}}'],
    ]);
    expect(findings[2]!.fix).toMatch(/in the body use <Fact/);
  });

  it('fails on a typed dollar figure the catalogue does not back, and allows one it does', () => {
    const findings = check('typed-price.mdx');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ line: 6, text: '$8,850' });
    expect(findings[0]!.fix).toMatch(/<PackagePrice/);
  });

  it('fails on a fact restated by hand, across a folded line, pointing at the fact', () => {
    const findings = check('restated-fact.mdx');
    expect(findings.map((finding) => [finding.line, finding.text, finding.fix])).toEqual([
      [7, '5 to 10 business days', 'restates the fact visa.processing: use {{fact:visa.processing}}'],
      [11, '15-25 °C', 'restates the fact weather.december: use <Fact name="weather.december" />'],
    ]);
  });

  it('fails on copy that names a season before the coming one', () => {
    const findings = check('past-season.yaml');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ line: 2, text: 'Hajj Packages 2026' });
    expect(findings[0]!.fix).toBe('names a season that has passed: use Hajj {{season:hajj.year}}');
  });

  it('lets a package state its own distance band but not another', () => {
    const findings = check('packages/own-band.yaml');
    expect(findings.map((finding) => finding.text)).toEqual(['200 - 400 m']);
  });

  it('fails on a number claim that says "more than" twice, by its words and its "+"', () => {
    const findings = check('doubled-claim.mdx');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([
      [6, 'more than {site.claims.customers}'],
      [8, 'Over 15+'],
    ]);
    expect(findings[0]!.fix).toMatch(/drop "more than"/);
  });

  it('fails on a word said twice around an inserted fact ("rules … rules", "a a")', () => {
    const findings = check('doubled-word.mdx');
    expect(findings.map((finding) => [finding.line, finding.fix])).toEqual([
      [6, 'says "rules" twice around the inserted fact: reword the copy before it'],
      [8, 'says "a" twice around the inserted fact: reword the copy before it'],
    ]);
  });

  it('fails on a long fact sentence printed twice on one page, and lets a short one return', () => {
    const findings = check('repeated-fact.mdx');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([[10, 'rites.miqat']]);
  });

  it('fails on a lower-case fact that starts a sentence or a table cell, not one mid-sentence or capitalised', () => {
    const findings = check('lower-case-start.mdx');
    expect(findings.map((finding) => finding.line)).toEqual([6, 10]);
    expect(findings[0]!.fix).toMatch(/add capitalize/);
  });

  it('fails on a month called quiet when the coming Ramadan or Hajj falls in it', () => {
    const findings = check('quiet-month.yaml');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([[3, 'February']]);
    expect(findings[0]!.fix).toBe(
      'calls February quiet, but the coming Ramadan falls in it: say so, or name another month',
    );
  });

  it('fails on a character the site fonts lack, naming it and where to add it, and passes Turkish place names', () => {
    const findings = check('missing-glyph.yaml');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([
      [2, '→'],
      [2, '€'],
    ]);
    expect(formatFindings(findings)).toContain('FONT_CHARACTERS in src/lib/font-subset.ts');
  });

  it('passes the guillemets and symbols of a translation in Urdu, Arabic or Bengali, which the system fonts draw, not of an English file', () => {
    const text = 'title: قال «العمرة» → €\n';
    const at = (path: string) => checkFile({ path, text }, catalogue).map((finding) => finding.text);
    expect(at('src/content/translations/ar/landing/umrah-visa.yaml')).toEqual([]);
    expect(at('src/content/translations/ur/landing/umrah-visa.yaml')).toEqual([]);
    expect(at('src/content/landing/umrah-visa.yaml')).toEqual(['«', '»', '→', '€']);
  });

  it('fails on a price typed out of the site format ("$1399.00", "$1399", "$ 899") and passes "$1,399" (P21)', () => {
    const findings = check('price-format.mdx');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([
      [6, '$1399.00'],
      [7, '$1399'],
      [7, '$ 899'],
    ]);
    expect(findings[0]!.fix).toMatch(/write \$1,399/);
  });

  it('finds retired wording folded over two lines of a YAML block, which a one-line search missed (N14)', () => {
    const findings = check('retired-phrase.yaml');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([[2, 'adds more time for Ziyarat']]);
    expect(RETIRED_PHRASES.length).toBeGreaterThan(5);
  });

  it('fails on each phrase the fifth review retired, in content and in the code that carries copy (Q01, P02, Q06, Q07, Q12, Q14, P01, P04, P20)', () => {
    const findings = checkFile(fixture('fifth-review.mdx'), new Set([4022]));
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([
      [5, 'the deposit is not refundable'],
      [6, 'less the cancellation charges on your quote'],
      [7, "season's price"],
      [8, 'name or describe other people'],
      [9, 'said their hotels were the ones on their quote'],
      [10, 'from every major US city'],
      [11, 'within 24 hours'],
      [12, 'we take care of the paperwork'],
      [12, 'choose your Hajj package'],
      [13, 'US gateway'],
      [14, 'tell you when registration'],
    ]);
    expect(findings[0]!.fix).toMatch(/whole rule/);
    // The same words returning from a component or a TypeScript string are found too.
    const component = {
      path: 'src/components/reviews/Old.astro',
      text: '---\n---\n<p>\n  {`${percent}% of travellers who answered said their hotels were the ones on their\n  quote.`}\n</p>',
    };
    expect(checkSourceCopy(component)).toEqual([
      expect.objectContaining({ line: 4, text: 'said their hotels were the ones on their quote' }),
    ]);
    expect(checkSourceCopy({ path: 'src/lib/x.ts', text: "const unit = 'our former list price';" })).toEqual([]);
  });

  it('fails on a booking word on a Hajj page, not on advice to check a package before booking a flight (P01)', () => {
    const findings = check('hajj-packages.mdx');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([
      [6, 'Book this package'],
      [8, 'Request Booking'],
      [8, 'call to book'],
    ]);
    expect(findings[0]!.fix).toMatch(/only on Nusuk Hajj/);
    // The same words on a page that is not about Hajj are the booking form's own.
    expect(
      checkFile({ path: 'src/content/landing/umrah-packages.mdx', text: '---\n---\n\nBook this package.' }, catalogue),
    ).toEqual([]);
  });

  it('fails on "below" in an FAQ answer and "given above" in the body, since the FAQ prints last (P09)', () => {
    const findings = check('wrong-way.mdx');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([
      [6, 'below'],
      [11, 'given above'],
      [11, 'described above'],
    ]);
    expect(findings[1]!.fix).toMatch(/state the fact here, or name the section/);
  });

  it('fails on a lead time the coming season is already too close for, and passes it when there is time (P12)', () => {
    const lead = (today: string) =>
      checkFile(fixture('lead-time.yaml'), catalogue, new Date(`${today}T00:00:00Z`)).filter((finding) =>
        finding.fix.includes('is impossible'),
      );
    const findings = lead('2026-11-28');
    expect(findings.map((finding) => [finding.line, finding.text])).toEqual([
      [2, 'six to eight months before'],
      [2, 'three to four months ahead'],
    ]);
    expect(findings[0]!.fix).toMatch(/coming Ramadan \(from 2027-02-08\)/);
    expect(findings[1]!.fix).toMatch(/December holidays \(from 2026-12-20\)/);
    expect(lead('2026-03-01')).toEqual([]);
  });

  it("checks the facts' own texts for an impossible lead time, and the shipped facts pass", () => {
    expect(checkFactTexts(new Date('2026-11-28T00:00:00Z'))).toEqual([]);
  });

  it('reminds, without failing, of pages not reviewed for a year and seasons that have passed', () => {
    const files = [fixture('stale.mdx'), fixture('clean.mdx')];
    expect(reminders(files, new Date('2026-11-24T00:00:00Z'))).toEqual([
      `${FIXTURES}/stale.mdx: last reviewed 2025-06-01, over a year ago: check its facts and update "reviewed"`,
    ]);
    const later = reminders([], new Date('2027-06-01T00:00:00Z'));
    expect(later).toContain('season "hajj" ended about 2027-05-19: set the next one in src/lib/seasons.ts');
    expect(later.some((note) => note.startsWith('season "ramadan"'))).toBe(true);
  });
});
