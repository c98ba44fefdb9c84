import { createHash } from 'node:crypto';
import { FACT_NAMES, factText, pastSeasons, placeholderText, WATCHED_PHRASES } from './fact-lookup.ts';
import { factNameProblems } from './fact-names.ts';
import { latinDigits } from './digits.ts';
import { charactersOutsideFonts } from './font-subset.ts';
import { languageOr } from './languages.ts';
import {
  doubledClaims,
  lowerCaseSentenceStarts,
  quietMonthsInSeasons,
  repeatedFactSentences,
  wordsDoubledAcrossInserts,
  type CopyLine,
  type CopyProblem,
} from './copy-rules.ts';
import { EXPRESSION_FACTS, missingPhrases } from './i18n/facts.ts';
import { isLanguage, LANGUAGE_INFO, type Language } from './languages.ts';
import { seasons } from './seasons.ts';

/** A content file as the check reads it: its path from the project root and its text. */
export interface ContentFile {
  path: string;
  text: string;
}

/** One problem an editor must fix: where, what was written, and what to write instead. */
export interface Finding {
  file: string;
  line: number;
  text: string;
  fix: string;
}

/** Where a line sits: MDX body lines take components, frontmatter and YAML take placeholders. */
type Place = 'body' | 'data';

interface Line {
  number: number;
  text: string;
  place: Place;
}

/** The lines of a file that carry copy, each marked body or data; imports, comments and band fields are left out. */
function copyLines(file: ContentFile): Line[] {
  const lines = file.text.split('\n');
  const mdx = file.path.endsWith('.mdx');
  const frontmatterEnd = mdx && lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  return lines
    .map((text, index) => ({
      number: index + 1,
      text,
      place: (mdx && index > frontmatterEnd ? 'body' : 'data') as Place,
    }))
    .filter(({ text, number, place }) => {
      if (mdx && (number === 1 || number === frontmatterEnd + 1)) return false;
      if (place === 'body') return !/^\s*(import|export)\s/.test(text);
      // A YAML `distance:` is the catalogue's band itself, not copy restating it.
      return !/^\s*#/.test(text) && !/^\s*distance:/.test(text);
    });
}

const DASHES = /[‐-―−]/g;

/** Copy as one lower-case string with dashes unified and spaces collapsed, and the line each character came from. */
function normalise(lines: readonly Line[]): { text: string; lineAt: number[] } {
  let text = '';
  const lineAt: number[] = [];
  for (const line of lines) {
    for (const char of `${line.text.replace(DASHES, '-').toLowerCase()} `) {
      const space = /\s/.test(char);
      if (space && (text.endsWith(' ') || text.endsWith('-') || text === '')) continue;
      if (char === '-' && text.endsWith(' ')) {
        text = text.slice(0, -1);
        lineAt.pop();
      }
      text += space ? ' ' : char;
      lineAt.push(line.number);
    }
  }
  return { text, lineAt };
}

/** The same normalisation for one phrase. */
const normalisePhrase = (phrase: string) => normalise([{ number: 0, text: phrase, place: 'data' }]).text.trim();

/** How to use a fact in a given place. */
const useFact = (fact: string, place: Place) =>
  place === 'body' ? `use <Fact name="${fact}" />` : `use {{fact:${fact}}}`;

/** The bands a package's own hotels are in; a package may name them. */
const ownBands = (file: ContentFile) =>
  file.path.includes('/packages/')
    ? new Set([...file.text.matchAll(/^\s*distance:\s*(.+?)\s*$/gm)].map(([, band]) => band))
    : new Set<string>();

/** Copy that restates a fact from src/lib/facts.ts by hand. */
function restatedFacts(file: ContentFile, lines: readonly Line[]): Finding[] {
  const bands = ownBands(file);
  const placeOf = new Map(lines.map((line) => [line.number, line.place]));
  const { text, lineAt } = normalise(lines);
  // Variants that normalise alike ("400 - 800 m", "400–800 m") or overlap ("200 to 400 m[eters]") report once.
  const found = new Map<string, Finding>();
  for (const { phrase, fact, band } of WATCHED_PHRASES) {
    if (band && bands.has(band)) continue;
    const needle = normalisePhrase(phrase);
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      const line = lineAt[at]!;
      const fix = `restates the fact ${fact}: ${useFact(fact, placeOf.get(line) ?? 'data')}`;
      if (!found.has(`${fact}@${at}`)) found.set(`${fact}@${at}`, { file: file.path, line, text: phrase, fix });
    }
  }
  return [...found.values()];
}

const DOLLARS = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?/g;

/** Typed dollar figures that are no price in the catalogue. */
function unbackedPrices(file: ContentFile, lines: readonly Line[], prices: ReadonlySet<number>): Finding[] {
  return lines.flatMap((line) =>
    [...line.text.matchAll(DOLLARS)]
      .filter(([, digits]) => !prices.has(Number(digits!.replaceAll(',', ''))))
      .map(([figure]) => ({
        file: file.path,
        line: line.number,
        text: figure,
        fix:
          line.place === 'body'
            ? 'is no catalogue price: show prices with <PackagePrice id="…" /> or <FromPrice … />, or put the figure in src/lib/facts.ts and use <Fact …/>'
            : 'is no catalogue price: drop it, or put the figure in src/lib/facts.ts and use {{fact:…}}',
      })),
  );
}

/** "$1699.00", "$1699" or "$ 1,699": a price not written as the site writes prices ("$1,699"). */
const PRICE_SHAPE = /\$(\s*)(\d+(?:,\d{3})*)(\.\d+)?/g;

/** Typed prices not in the site's format: whole dollars, thousands separated by commas, no space after "$". */
function misformattedPrices(file: ContentFile, lines: readonly Line[]): Finding[] {
  return lines.flatMap((line) =>
    [...line.text.matchAll(PRICE_SHAPE)].flatMap(([written, space, digits, cents]) => {
      const plain = digits!.replaceAll(',', '');
      const proper = Number(plain).toLocaleString('en-US');
      if (!space && !cents && digits === proper) return [];
      return [
        {
          file: file.path,
          line: line.number,
          text: written,
          fix: `is not in the site's price format: write $${proper} (whole dollars, commas between thousands), or use <PackagePrice> / <FromPrice>`,
        },
      ];
    }),
  );
}

const SEASON_YEAR = /\b(Hajj|Ramadan)(?:\s+(?:Umrah\s+)?Packages?)?\s+(\d{4})\b/gi;
const comingYear = { hajj: Number(seasons.hajj.start.slice(0, 4)), ramadan: Number(seasons.ramadan.start.slice(0, 4)) };

/** "Hajj 2026" typed in copy once the coming Hajj is 2027: the page is selling a season that has passed. */
function pastSeasonYears(file: ContentFile, lines: readonly Line[]): Finding[] {
  return lines.flatMap((line) =>
    [...line.text.matchAll(SEASON_YEAR)]
      .filter(([, season, year]) => Number(year) < comingYear[season!.toLowerCase() as keyof typeof comingYear])
      .map(([written, season]) => {
        const name = season!.toLowerCase();
        return {
          file: file.path,
          line: line.number,
          text: written,
          fix:
            line.place === 'body'
              ? `names a season that has passed: use <Season name="${name}" show="label" /> (or show="year")`
              : `names a season that has passed: use ${season} {{season:${name}.year}}`,
        };
      }),
  );
}

const ANY_PLACEHOLDER = /\{\{[^{}]*\}\}/g;

/** Placeholders naming nothing, and placeholders in an MDX body (where only components work). */
function badPlaceholders(file: ContentFile, lines: readonly Line[]): Finding[] {
  return lines.flatMap((line) =>
    [...line.text.matchAll(ANY_PLACEHOLDER)].flatMap(([written]): Finding[] => {
      const parts = /^\{\{\s*([Ff]act|[Ss]eason)\s*:\s*([A-Za-z0-9.]+)\s*\}\}$/.exec(written);
      const known = parts !== null && placeholderText(parts[1]!, parts[2]!) !== undefined;
      if (known && line.place === 'data') return [];
      const fix =
        line.place === 'body'
          ? 'placeholders work in frontmatter and YAML; in the body use <Fact name="…" /> or <Season name="…" show="…" />'
          : 'names no fact or season: use a name from src/lib/facts.ts or src/lib/seasons.ts, e.g. {{fact:visa.processing}} or {{season:hajj.year}}';
      return [{ file: file.path, line: line.number, text: written, fix }];
    }),
  );
}

/** `<Fact>` and `<Season>` elements in an MDX body that name nothing. */
function badComponents(file: ContentFile): Finding[] {
  if (!file.path.endsWith('.mdx')) return [];
  const lines = file.text.split('\n');
  const bodyStart = lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0;
  return factNameProblems(lines.slice(bodyStart).join('\n')).map((problem) => ({
    file: file.path,
    line: bodyStart + problem.line,
    text: problem.text,
    fix: `${problem.message}: use a name from src/lib/facts.ts or src/lib/seasons.ts`,
  }));
}

/** Characters the site's fonts do not carry: they would show in the fallback font, mid-word or mid-line. */
function charactersWithoutGlyphs(file: ContentFile, lines: readonly Line[]): Finding[] {
  // A translation's language, from its folder (src/content/translations/ur/…): its text is in the system's fonts.
  const lang = languageOr(/(?:^|\/)translations\/([a-z]{2})\//.exec(file.path)?.[1]);
  return lines.flatMap((line) =>
    charactersOutsideFonts(line.text, lang).map((character) => ({
      file: file.path,
      line: line.number,
      text: character,
      fix: `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is not in the site's fonts and would show in the fallback font: write it another way ("EUR 500" for "€500", "-" or "–" for "−"), or add it to FONT_CHARACTERS in src/lib/font-subset.ts, which makes every page's fonts larger`,
    })),
  );
}

/** Wording mistakes a reader notices (copy-rules.ts), as findings in this file. */
function wordingProblems(file: ContentFile, lines: readonly CopyLine[]): Finding[] {
  const rules: ((lines: readonly CopyLine[]) => CopyProblem[])[] = [
    doubledClaims,
    wordsDoubledAcrossInserts,
    repeatedFactSentences,
    lowerCaseSentenceStarts,
    quietMonthsInSeasons,
  ];
  return rules.flatMap((rule) => rule(lines)).map((problem) => ({ file: file.path, ...problem }));
}

/**
 * Wording a review retired, searched across line wraps (a YAML `>-` block folds a phrase over two
 * lines, where a one-line search missed it), each with what to write instead.
 */
export const RETIRED_PHRASES: readonly { phrase: string; fix: string }[] = [
  { phrase: 'adds more time for Ziyarat', fix: 'a deluxe package changes the hotel band only: drop the phrase' },
  {
    phrase: "the season's name matters less",
    fix: 'Ramadan and the December holidays are the dearest weeks: do not generalise from catalogue prices',
  },
  {
    phrase: 'start close to our year-round ones',
    fix: 'Ramadan and the December holidays are the dearest weeks: do not generalise from catalogue prices',
  },
  {
    phrase: 'rather than the season',
    fix: 'Ramadan and the December holidays are the dearest weeks: do not generalise from catalogue prices',
  },
  { phrase: 'nothing hidden', fix: 'say what the price covers and that the quote lists every charge' },
  {
    phrase: 'only to answer this enquiry',
    fix: 'say "to answer this enquiry and as our privacy policy describes"',
  },
  { phrase: 'four levels shown here', fix: 'they are examples of the package types listed on Nusuk Hajj' },
  {
    phrase: 'flights are not part of a Nusuk package',
    fix: 'some Nusuk packages include group flights and others do not',
  },
  { phrase: 'help you create your account', fix: 'the pilgrim creates and manages their own Nusuk Hajj account' },
  { phrase: 'fill in every field correctly', fix: 'the pilgrim fills in Nusuk Hajj; we explain each step' },
  // The fifth review (6 December 2026).
  {
    phrase: 'the deposit is not refundable',
    fix: 'the cancellation schedule is the whole rule (Q01): the deposit is refunded as the table says, never kept whole',
  },
  {
    phrase: 'less the cancellation charges on your quote',
    fix: 'refund what was paid less the one charge for the day (CANCELLATION_CLOSING), never refunds from suppliers less the charges',
  },
  {
    phrase: "season's price",
    fix: 'a Hajj figure is our former list price, not a Nusuk Hajj price: use the hajj.indicativePrices fact',
  },
  {
    phrase: 'prices listed for the 1447',
    fix: 'a Hajj figure is our former list price, not a Nusuk Hajj price: use the hajj.indicativePrices fact',
  },
  {
    phrase: 'name or describe other people',
    fix: "the policy refuses only another person's name, contact details, health or other personal details (REVIEW_PERSONAL_DATA)",
  },
  {
    phrase: 'said their hotels were the ones on their quote',
    fix: 'show the three hotel answers apart: the quoted hotel, a similar one they were told about, another (hotelStayText)',
  },
  {
    phrase: 'share of travellers whose hotels were the ones',
    fix: 'show the three hotel answers apart: the quoted hotel, a similar one they were told about, another (hotelStayText)',
  },
  { phrase: 'from every major US city', fix: 'we fly from seven US cities: say "from seven US cities"' },
  { phrase: 'within 24 hours', fix: 'one reply time everywhere: the replyTime setting, "within one business day"' },
  {
    phrase: 'we take care of the paperwork',
    fix: 'for Hajj we explain each step and check documents; the pilgrim registers and pays on Nusuk Hajj',
  },
  {
    phrase: 'choose your Hajj package',
    fix: 'Hajj packages are chosen on Nusuk Hajj: "Hajj package types on Nusuk Hajj"',
  },
  { phrase: 'US gateway', fix: 'name the airport, or say "the US airport named on your quote"' },
  {
    phrase: 'tell you when registration',
    fix: 'registration may already be open: tell the pilgrim to create the Nusuk Hajj account now',
  },
];

/** Retired wording, found wherever it falls, across line wraps and spacing. */
function retiredPhrases(file: ContentFile, lines: readonly Line[]): Finding[] {
  const { text, lineAt } = normalise(lines);
  return RETIRED_PHRASES.flatMap(({ phrase, fix }) => {
    const needle = normalisePhrase(phrase);
    const found: Finding[] = [];
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      found.push({ file: file.path, line: lineAt[at]!, text: phrase, fix });
    }
    return found;
  });
}

/**
 * Retired wording in the code's own copy (src/lib, src/components, src/pages, src/layouts), which
 * the content rules above do not read: a sentence retired from a page must not come back from a
 * component or a TypeScript string either.
 */
export function checkSourceCopy(file: ContentFile): Finding[] {
  const lines = file.text.split('\n').map((text, index) => ({ number: index + 1, text, place: 'data' as Place }));
  return retiredPhrases(file, lines);
}

/** Copy that offers to book Hajj, which is booked and paid only on Nusuk Hajj. */
const HAJJ_BOOKING =
  /\b(book this package|book now|book with us|request(?:ing)? (?:a )?booking|booking request|call to book|reserve (?:your|a) (?:place|seat|spot|package)|secure your (?:place|spot)|pay (?:us|a deposit))\b/gi;

/** Whether a content file is a Hajj page: a Hajj listing page or a Hajj package. */
const isHajjFile = (file: ContentFile) =>
  /\/(hajj-packages|shifting-hajj|non-shifting-hajj)\.mdx$/.test(file.path) || /^category:\s*hajj-/m.test(file.text);

/** A booking word on a Hajj page. */
function hajjBookingWords(file: ContentFile, lines: readonly Line[]): Finding[] {
  if (!isHajjFile(file)) return [];
  return lines.flatMap((line) =>
    [...line.text.matchAll(HAJJ_BOOKING)].map(([written]) => ({
      file: file.path,
      line: line.number,
      text: written,
      fix: 'offers to book Hajj, which is booked and paid only on Nusuk Hajj: ask for interest, or say what we do to help',
    })),
  );
}

/** "given above" and the like in an MDX body: the page prints its FAQ, from the frontmatter, at its end. */
const ABOVE =
  /\b(?:(?:given|described|set out|explained|shown|listed|mentioned|covered) above|(?:rule|rules|limits|timing) above)\b/gi;
const BELOW = /\bbelow\b/gi;

/**
 * Directions that point the wrong way: an MDX page's FAQ answers (frontmatter) print after
 * the body, so "below" in them points at nothing, and a body's "given above" usually means a fact
 * that only the FAQ, printed last, states. Name the section, or state the fact where it is needed.
 */
function wrongWayReferences(file: ContentFile, lines: readonly Line[]): Finding[] {
  if (!file.path.endsWith('.mdx') || !/^faqs:/m.test(file.text)) return [];
  return lines.flatMap((line) => {
    const pattern = line.place === 'body' ? ABOVE : BELOW;
    return [...line.text.matchAll(pattern)].map(([written]) => ({
      file: file.path,
      line: line.number,
      text: written,
      fix:
        line.place === 'body'
          ? 'points above, but the FAQ prints at the end of the page: state the fact here, or name the section (see "When to make the intention")'
          : 'points below from the FAQ, which prints at the end of the page: name the section instead ("Vaccinations" in this guide)',
    }));
  });
}

const COUNT_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const COUNT = `(\\d+|${Object.keys(COUNT_WORDS).join('|')})`;
const LEAD_TIME = new RegExp(
  `\\b${COUNT}(?:\\s*(?:to|-|or)\\s*${COUNT})?\\s+(weeks?|months?)\\s+(?:before|ahead|in advance)`,
  'gi',
);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next start of each season a sentence can name: the coming Ramadan and Hajj, and the next December holidays. */
function seasonStarts(today: Date): { name: string; words: RegExp; start: Date }[] {
  const december = new Date(Date.UTC(today.getUTCFullYear(), 11, 20));
  if (december < today) december.setUTCFullYear(december.getUTCFullYear() + 1);
  return [
    {
      name: `Ramadan (from ${seasons.ramadan.start})`,
      words: /\bramadan\b/i,
      start: new Date(`${seasons.ramadan.start}T00:00:00Z`),
    },
    {
      name: `Hajj (from ${seasons.hajj.start})`,
      words: /\bhajj\b/i,
      start: new Date(`${seasons.hajj.start}T00:00:00Z`),
    },
    {
      name: `the December holidays (from ${december.toISOString().slice(0, 10)})`,
      words: /\b(december|winter (?:break|recess)|christmas)\b/i,
      start: december,
    },
  ];
}

/** A lead time ("book six to eight months before Ramadan") that the coming season is already too close for. */
function impossibleLeadTimes(file: ContentFile, lines: readonly Line[], today: Date): Finding[] {
  // A testimonial tells of a past trip ("we booked seven months ahead"), not advice for the next one.
  if (file.path.includes('/testimonials/')) return [];
  const { text, lineAt } = normalise(lines);
  const starts = seasonStarts(today).filter(({ start }) => start > today);
  const findings: Finding[] = [];
  for (const sentence of text.matchAll(/[^.!?]+/g)) {
    for (const match of sentence[0].matchAll(LEAD_TIME)) {
      const [written, least, , unit] = match;
      const count = COUNT_WORDS[least!.toLowerCase()] ?? Number(least);
      const days = count * (unit!.toLowerCase().startsWith('week') ? 7 : 30);
      for (const season of starts) {
        if (!season.words.test(sentence[0])) continue;
        if (today.getTime() + days * DAY_MS <= season.start.getTime()) continue;
        findings.push({
          file: file.path,
          line: lineAt[sentence.index + match.index]!,
          text: written.trim(),
          fix: `is impossible for the coming ${season.name}: say "ask us as early as you can" or use {{fact:booking.ramadan}} / {{fact:booking.december}}`,
        });
      }
    }
  }
  return findings;
}

/** Every problem in one content file, in line order; `today` dates the lead-time rule. */
export function checkFile(file: ContentFile, cataloguePrices: ReadonlySet<number>, today = new Date()): Finding[] {
  const lines = copyLines(file);
  // A translation's names, words and script are checkTranslation's: its facts may be site.* phrases, its
  // script is in the system's fonts (no web font carries Arabic script or Bengali), its wording is not English.
  const english = !isTranslation(file);
  return [
    ...badPlaceholders(file, lines),
    ...(english ? badComponents(file) : []),
    ...restatedFacts(file, lines),
    ...pastSeasonYears(file, lines),
    ...unbackedPrices(file, lines, cataloguePrices),
    ...misformattedPrices(file, lines),
    ...retiredPhrases(file, lines),
    ...hajjBookingWords(file, lines),
    ...wrongWayReferences(file, lines),
    ...impossibleLeadTimes(file, lines, today),
    ...(english ? wordingProblems(file, lines) : []),
    ...(english ? charactersWithoutGlyphs(file, lines) : []),
  ].sort((a, b) => a.line - b.line);
}

/**
 * The facts' own texts, checked for what a fact can get wrong on its own: a lead time the coming
 * season is too close for (the old booking.ramadan) and a price out of format.
 */
export function checkFactTexts(today = new Date()): Finding[] {
  const file = { path: 'src/lib/facts.ts', text: FACT_NAMES.map((name) => `${name}: ${factText(name)}`).join('\n') };
  const lines = copyLines(file);
  return [...impossibleLeadTimes(file, lines, today), ...misformattedPrices(file, lines)].map((finding) => ({
    ...finding,
    // Line numbers of the joined texts mean nothing in facts.ts: name the fact instead.
    text: `${file.text.split('\n')[finding.line - 1]!.split(':')[0]}: ${finding.text}`,
  }));
}

/** The `reviewed:` date in a file's frontmatter, if it has one. */
function reviewedDate(text: string): Date | undefined {
  const match = /^reviewed:\s*['"]?(\d{4}-\d{2}-\d{2})/m.exec(text);
  return match ? new Date(`${match[1]}T00:00:00Z`) : undefined;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** What an editor should update soon, without failing the check: past seasons and pages not reviewed for a year. */
export function reminders(files: readonly ContentFile[], today: Date): string[] {
  const seasons = pastSeasons(today).map(
    ({ name, end }) => `season "${name}" ended about ${end}: set the next one in src/lib/seasons.ts`,
  );
  const stale = files.flatMap((file) => {
    const reviewed = reviewedDate(file.text);
    if (!reviewed || today.getTime() - reviewed.getTime() <= YEAR_MS) return [];
    return [
      `${file.path}: last reviewed ${reviewed.toISOString().slice(0, 10)}, over a year ago: check its facts and update "reviewed"`,
    ];
  });
  return [...seasons, ...stale];
}

/** Findings as an editor reads them: "file:line: "text" fix". */
export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((finding) => `${finding.file}:${finding.line}: "${finding.text}" ${finding.fix}`).join('\n');
}

/** Whether a content file is a translation (`src/content/translations/ur/…`), which follows an English source. */
export const isTranslation = (file: ContentFile) => /(^|\/)translations\/(ur|ar|bn)\//.test(file.path);

/** The first 12 hex digits of a file's SHA-256: the revision a translation names (`sha256sum x.mdx | cut -c1-12`). */
export function revisionOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** The frontmatter fields a translation carries: the English page's other fields (keywords, cover) are its own. */
const TRANSLATED_FIELDS = new Set(['title', 'description', 'heading', 'lead', 'faqs']);

interface MdxParts {
  /** The translated fields' lines, each with its line number. */
  fields: { number: number; text: string }[];
  body: { number: number; text: string }[];
  /** Every top-level frontmatter field's first line, by name. */
  scalars: Map<string, string>;
}

/** An MDX file's frontmatter fields (top-level keys with their indented lines) and its body, line by line. */
function mdxParts(text: string): MdxParts {
  const lines = text.split('\n');
  const end = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  const fields: MdxParts['fields'] = [];
  const scalars = new Map<string, string>();
  let field = '';
  for (let index = 1; index < end; index++) {
    const key = /^([A-Za-z]\w*):\s*(.*)$/.exec(lines[index]!);
    if (key) {
      field = key[1]!;
      scalars.set(field, key[2]!.replace(/^['"]|['"]$/g, ''));
    }
    if (TRANSLATED_FIELDS.has(field)) fields.push({ number: index + 1, text: key ? key[2]! : lines[index]! });
  }
  const body = lines
    .map((line, index) => ({ number: index + 1, text: line }))
    .slice(end + 1)
    .filter((line) => !/^\s*(import|export)\s/.test(line.text));
  return { fields, body, scalars };
}

/** A component's opening tag, its attributes as written (strings, expressions or bare). */
const TAG = /<([A-Z][A-Za-z]*)\b((?:[^>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*?)\s*\/?>/g;
const TAG_ATTRIBUTE = /([A-Za-z]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{([^{}]*)\}))?/g;
const EXPRESSION = /\{(?!\/\*)([^{}]+)\}/g;
const COMMENT = /\{\/\*[\s\S]*?\*\/\}/g;

/** A component as the check compares it: its identifying props, without the title a translation translates. */
function tagKey(tag: string, attributes: string): string {
  const kept = [...attributes.matchAll(TAG_ATTRIBUTE)]
    .filter(([, name]) => name !== 'title')
    .map(([, name, double, single, expression]) =>
      expression !== undefined
        ? `${name}={…}`
        : (double ?? single) !== undefined
          ? `${name}="${double ?? single}"`
          : name!,
    );
  // <Season name="hajj" /> shows the label, as <Season name="hajj" show="label" /> does.
  if (tag === 'Season' && !kept.some((attribute) => attribute.startsWith('show='))) kept.push('show="label"');
  return `<${[tag, ...kept.sort()].join(' ')} />`;
}

/** An MDX expression as the check compares it; an English phrase's expression counts as the fact a translation writes for it. */
function expressionKey(expression: string): string {
  const compact = expression.replace(/\s+/g, '').replaceAll('"', "'");
  const fact = EXPRESSION_FACTS[compact];
  return fact ? `<Fact name="${fact}" />` : `{${compact}}`;
}

/** Every placeholder of a file with the line it is on: components, MDX expressions and frontmatter placeholders. */
function placeholdersOf(parts: MdxParts): { key: string; line: number; written: string }[] {
  const found: { key: string; line: number; written: string }[] = [];
  for (const line of parts.fields) {
    for (const [written, kind, name] of line.text.matchAll(
      /\{\{\s*([Ff]act|[Ss]eason)\s*:\s*([A-Za-z0-9.]+)\s*\}\}/g,
    )) {
      found.push({ key: `{{${kind!.toLowerCase()}:${name}}}`, line: line.number, written });
    }
  }
  for (const line of parts.body) {
    const text = line.text.replace(COMMENT, ' ');
    for (const [written, tag, attributes] of text.matchAll(TAG)) {
      found.push({ key: tagKey(tag!, attributes!), line: line.number, written });
    }
    for (const [written, expression] of text.replace(TAG, ' ').matchAll(EXPRESSION)) {
      found.push({ key: expressionKey(expression!), line: line.number, written });
    }
  }
  return found;
}

/** Prose with its digits in Latin, Arabic's decimal and thousands marks made plain. */
const plainNumbers = (text: string) => latinDigits(text).replaceAll('٫', '.').replaceAll('٬', ',');

/** The numbers a file's prose writes, each with its line: no placeholder, component, expression, link target or address. */
function proseNumbers(parts: MdxParts): { number: string; line: number; written: string }[] {
  const lines = [...parts.fields, ...parts.body];
  return lines.flatMap((line) => {
    const stripped = line.text
      .replace(COMMENT, ' ')
      .replace(/\{\{[^{}]*\}\}/g, ' ')
      .replace(TAG, ' ')
      .replace(EXPRESSION, ' ')
      // An HTML element's attributes (`<bdi dir="ltr">`, a link's href) are markup, not prose.
      .replace(/<\/?[a-z][^>]*>/g, ' ')
      .replace(/\]\([^)]*\)/g, '] ')
      .replace(/https?:\/\/\S+/g, ' ');
    // One character for one, so a number found in the Latin copy is shown as the translation wrote it.
    return [...plainNumbers(stripped).matchAll(/\d+(?:[.,]\d+)*/g)].map(({ 0: latin, index }) => {
      return {
        number: latin.replaceAll(',', ''),
        line: line.number,
        written: stripped.slice(index, index + latin.length),
      };
    });
  });
}

/** A translation's check: what fails (findings) and what is only listed (stale: its English has changed since). */
export interface TranslationCheck {
  findings: Finding[];
  stale: string[];
}

/**
 * A translation against its English source: the source exists; the same placeholders, counted, in any
 * order; no number the English prose does not write (a fact written out); every fact it uses has a
 * phrase in its language; and, listed without failing, an English source changed since the revision
 * the translation names. `source` is the English file, or undefined when there is none.
 */
export function checkTranslation(translation: ContentFile, source: ContentFile | undefined): TranslationCheck {
  const parts = mdxParts(translation.text);
  const finding = (line: number, text: string, fix: string): Finding => ({ file: translation.path, line, text, fix });
  const sourceName = parts.scalars.get('source') ?? '';
  if (!source) {
    return {
      findings: [
        finding(1, `source: ${sourceName}`, `names no English file: src/content/${sourceName}.mdx does not exist`),
      ],
      stale: [],
    };
  }
  const english = mdxParts(source.text);
  const findings: Finding[] = [];

  const ours = placeholdersOf(parts);
  const theirs = placeholdersOf(english);
  const count = (list: readonly { key: string }[]) =>
    list.reduce((counts, { key }) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>());
  const [oursCount, theirsCount] = [count(ours), count(theirs)];
  for (const key of new Set([...oursCount.keys(), ...theirsCount.keys()])) {
    const [have, want] = [oursCount.get(key) ?? 0, theirsCount.get(key) ?? 0];
    if (have === want) continue;
    const at = ours.find((placeholder) => placeholder.key === key)?.line ?? 1;
    findings.push(
      finding(
        at,
        key,
        `the English source has it ${want} ${want === 1 ? 'time' : 'times'}, the translation ${have}: keep every placeholder and component of ${source.path} as it is (see CONTRIBUTING, "Translations")`,
      ),
    );
  }
  for (const { written, line } of ours) {
    const compact = written.replace(/^\{|\}$/g, '').replace(/\s+/g, '');
    if (written.startsWith('{') && !written.startsWith('{{') && EXPRESSION_FACTS[compact.replaceAll('"', "'")]) {
      const fact = EXPRESSION_FACTS[compact.replaceAll('"', "'")]!;
      findings.push(finding(line, written, `prints an English phrase: write <Fact name="${fact}" /> in a translation`));
    }
  }

  const englishNumbers = new Set(proseNumbers(english).map(({ number }) => number));
  for (const { number, line, written } of proseNumbers(parts)) {
    if (englishNumbers.has(number)) continue;
    findings.push(
      finding(
        line,
        written,
        'a fact written out in a translation: the English source writes no such number; use the placeholder it uses (<Fact>, <Season>, a price component or {{fact:…}})',
      ),
    );
  }

  const lang = parts.scalars.get('lang');
  if (isLanguage(lang)) {
    for (const fact of missingPhrases(translation.text, lang)) {
      findings.push(
        finding(
          1,
          fact,
          `has no ${LANGUAGE_INFO[lang as Language].englishName} phrase (or names no fact): add it to src/lib/i18n/${lang}/facts.ts`,
        ),
      );
    }
  }

  const revision = revisionOf(source.text);
  const named = parts.scalars.get('sourceRevision');
  const stale =
    named === revision
      ? []
      : [
          `${translation.path}: follows the English of ${parts.scalars.get('sourceDate') ?? 'an unknown date'} (revision ${named}); ${source.path} is now ${revision}: update the translation and its sourceRevision`,
        ];
  return { findings: findings.sort((a, b) => a.line - b.line), stale };
}
