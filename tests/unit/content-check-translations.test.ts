import { describe, expect, it } from 'vitest';
import { checkFile, checkTranslation, isTranslation, revisionOf } from '@/lib/content-check';

/** A small English guide with one of each kind of placeholder. */
const ENGLISH = `---
title: Umrah visa from the USA in {{season:hajj.year}}
description: How the Umrah visa works for US pilgrims, with {{fact:visa.photo}} and the rest.
keywords:
  - umrah visa {{season:hajj.year}}
reviewed: 2026-11-24
---

import Extra from './extra';

## The 3 steps

Allow <Fact name="visa.processing" />. <Fact name="visa.passport" capitalize /> is needed.

<Callout type="tip" title="Before you apply">
The visa season ends around <Season name="umrahPause" show="lastIssue" />, and Hajj is <Season name="hajj" />.
</Callout>

Packages start at <FromPrice category="umrah" />, for example <PackageLink id="standard-7-nights-umrah" />.

We reply {site.claims.replyTime}, since {site.claims.foundingYear}. See [our page](/umrah-visa-2024).
`;

const source = { path: 'src/content/landing/umrah-visa.mdx', text: ENGLISH };

/** A translation of ENGLISH into Urdu with every placeholder kept; `body` replaces its body. */
function urdu(body?: string, revision = revisionOf(ENGLISH)) {
  return {
    path: 'src/content/translations/ur/landing/umrah-visa.mdx',
    text: `---
lang: ur
source: landing/umrah-visa
sourceRevision: ${revision}
sourceDate: 2026-11-24
title: امریکہ سے عمرہ ویزا {{season:hajj.year}} میں
description: امریکی عازمین کے لیے عمرہ ویزا کیسے کام کرتا ہے، {{fact:visa.photo}} اور باقی سب کے ساتھ۔
---

${
  body ??
  `## ۳ مراحل

<Fact name="visa.processing" /> رکھیں۔ <Fact name="visa.passport" capitalize /> ضروری ہے۔

<Callout type="tip" title="درخواست سے پہلے">
ویزا کا موسم تقریباً <Season name="umrahPause" show="lastIssue" /> کو ختم ہوتا ہے، اور حج <Season name="hajj" show="label" /> ہے۔
</Callout>

پیکج <FromPrice category="umrah" /> سے شروع ہوتے ہیں، مثلاً <PackageLink id="standard-7-nights-umrah" />۔

ہم <Fact name="site.replyTime" /> جواب دیتے ہیں، <Fact name="site.foundingYear" /> سے۔ [ہمارا صفحہ](/umrah-visa-2024) دیکھیں، یا <a href="/ur/umrah-visa-2024" dir="ltr">یہاں</a>۔
`
}`,
  };
}

describe('translations in the content check', () => {
  it('pass with every placeholder kept, in the language, with the English phrase written as its fact', () => {
    expect(checkTranslation(urdu(), source)).toEqual({ findings: [], stale: [] });
  });

  it('fail when the English source does not exist', () => {
    const { findings } = checkTranslation(urdu(), undefined);
    expect(findings).toEqual([
      expect.objectContaining({
        text: 'source: landing/umrah-visa',
        fix: 'names no English file: src/content/landing/umrah-visa.mdx does not exist',
      }),
    ]);
  });

  it('fail on a placeholder dropped, one added, or a component with other props, counted', () => {
    const body = `## ۳ مراحل

<Fact name="visa.processing" /> رکھیں۔ <Fact name="visa.passport" /> ضروری ہے۔ <Fact name="visa.processing" />

<Callout type="note" title="درخواست سے پہلے">
ویزا کا موسم <Season name="umrahPause" show="lastIssue" /> کو، حج <Season name="hajj" />۔
</Callout>

پیکج <FromPrice category="hajj-shifting" /> سے، مثلاً <PackageLink id="standard-7-nights-umrah" />۔

ہم <Fact name="site.replyTime" /> جواب دیتے ہیں، <Fact name="site.foundingYear" /> سے۔
`;
    const texts = checkTranslation(urdu(body), source).findings.map((finding) => finding.text);
    expect(texts.sort()).toEqual(
      [
        '<Callout type="note" />',
        '<Callout type="tip" />',
        '<Fact capitalize name="visa.passport" />',
        '<Fact name="visa.passport" />',
        '<Fact name="visa.processing" />',
        '<FromPrice category="hajj-shifting" />',
        '<FromPrice category="umrah" />',
      ].sort(),
    );
    const processing = checkTranslation(urdu(body), source).findings.find(
      (f) => f.text === '<Fact name="visa.processing" />',
    );
    expect(processing?.fix).toMatch(/^the English source has it 1 time, the translation 2/);
  });

  it('fail on a frontmatter placeholder dropped from a translated field, not from one the translation does not carry', () => {
    const translation = urdu();
    translation.text = translation.text.replace('{{fact:visa.photo}}', 'ایک تصویر');
    const { findings } = checkTranslation(translation, source);
    expect(findings.map((finding) => [finding.text, finding.line])).toEqual([['{{fact:visa.photo}}', 1]]);
  });

  it('fail on a fact written out in a translation, in any script’s digits', () => {
    for (const written of ['90', '٩٠', '۹۰', '৯০']) {
      const translation = urdu();
      translation.text = translation.text.replace(
        '<Fact name="visa.processing" /> رکھیں۔',
        `ویزا ${written} دن کا ہے۔ <Fact name="visa.processing" /> رکھیں۔`,
      );
      const { findings } = checkTranslation(translation, source);
      expect(findings, written).toEqual([
        expect.objectContaining({
          line: 12,
          text: written,
          fix: expect.stringMatching(/^a fact written out in a translation/),
        }),
      ]);
    }
  });

  it('let through the numbers the English prose writes itself, and none from link targets or placeholders', () => {
    // "۳ مراحل" is the English "3 steps"; 2024 sits only in link targets, 7 only in a package id.
    expect(checkTranslation(urdu(), source).findings).toEqual([]);
  });

  it('fail on an English phrase printed into a translation, naming the fact to write', () => {
    const translation = urdu();
    translation.text = translation.text.replace('<Fact name="site.replyTime" />', '{site.claims.replyTime}');
    expect(checkTranslation(translation, source).findings).toEqual([
      expect.objectContaining({
        text: '{site.claims.replyTime}',
        fix: 'prints an English phrase: write <Fact name="site.replyTime" /> in a translation',
      }),
    ]);
  });

  it('fail on a fact the language has no phrase for, naming it and the language', () => {
    const english = { path: source.path, text: ENGLISH.replace('Allow', 'Allow <Fact name="payment.cardFee" /> and') };
    const translation = urdu();
    translation.text = translation.text.replace('رکھیں۔', 'رکھیں، <Fact name="payment.cardFee" />۔');
    translation.text = translation.text.replace(/sourceRevision: \w+/, `sourceRevision: ${revisionOf(english.text)}`);
    expect(checkTranslation(translation, english).findings).toEqual([
      expect.objectContaining({
        text: 'payment.cardFee',
        fix: 'has no Urdu phrase (or names no fact): add it to src/lib/i18n/ur/facts.ts',
      }),
    ]);
  });

  it('list, without failing, a translation whose English has changed since, with the date it follows', () => {
    const { findings, stale } = checkTranslation(urdu(undefined, 'aaaaaaaaaaaa'), source);
    expect(findings).toEqual([]);
    expect(stale).toEqual([
      `src/content/translations/ur/landing/umrah-visa.mdx: follows the English of 2026-11-24 (revision aaaaaaaaaaaa); src/content/landing/umrah-visa.mdx is now ${revisionOf(ENGLISH)}: update the translation and its sourceRevision`,
    ]);
  });

  it('stamps a revision as sha256sum | cut -c1-12 does', () => {
    expect(revisionOf('abc')).toBe('ba7816bf8f01');
  });

  it('spare a translation the English-only rules: its script is in the system fonts, its site.* facts are phrases', () => {
    const translation = urdu();
    expect(isTranslation(translation)).toBe(true);
    expect(isTranslation(source)).toBe(false);
    expect(checkFile(translation, new Set())).toEqual([]);
    expect(
      checkFile(
        { path: 'src/content/blog/x.mdx', text: '---\ntitle: x\n---\n\nWe reply <Fact name="site.replyTime" />.\n' },
        new Set(),
      ),
    ).not.toEqual([]);
  });
});
