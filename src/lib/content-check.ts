import { pastSeasons, placeholderText, WATCHED_PHRASES } from './fact-lookup.ts';
import { factNameProblems } from './fact-names.ts';
import { charactersOutsideFonts } from './font-subset.ts';
import {
  doubledClaims,
  lowerCaseSentenceStarts,
  quietMonthsInSeasons,
  repeatedFactSentences,
  wordsDoubledAcrossInserts,
  type CopyLine,
  type CopyProblem,
} from './copy-rules.ts';
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
  return lines.flatMap((line) =>
    charactersOutsideFonts(line.text).map((character) => ({
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

/** Every problem in one content file, in line order. */
export function checkFile(file: ContentFile, cataloguePrices: ReadonlySet<number>): Finding[] {
  const lines = copyLines(file);
  return [
    ...badPlaceholders(file, lines),
    ...badComponents(file),
    ...restatedFacts(file, lines),
    ...pastSeasonYears(file, lines),
    ...unbackedPrices(file, lines, cataloguePrices),
    ...wordingProblems(file, lines),
    ...charactersWithoutGlyphs(file, lines),
  ].sort((a, b) => a.line - b.line);
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
