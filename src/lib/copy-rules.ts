import { factText, PLACEHOLDER, placeholderText } from './fact-lookup.ts';
import { MONTHS } from './facts-schema.ts';
import { expandFactElements } from './fact-names.ts';
import { seasons } from './seasons.ts';

/** A line of copy as the content check reads it (see content-check.ts). */
export interface CopyLine {
  number: number;
  text: string;
}

/** One mistake in the wording: the line, what reads wrong and how to mend it. */
export interface CopyProblem {
  line: number;
  text: string;
  fix: string;
}

/** Marks where a fact's or season's text was put into the copy. */
const MARK = '\u0001';

/** A line as a reader sees it, each inserted fact or season text wrapped in MARK. */
function renderLine(text: string): string {
  const withElements = expandFactElements(text, MARK);
  return withElements.replace(PLACEHOLDER, (written, kind: string, name: string) => {
    const inserted = placeholderText(kind, name);
    return inserted === undefined ? written : `${MARK}${inserted}${MARK}`;
  });
}

const readable = (text: string) => text.replaceAll(MARK, '');

/** "more than 10,000+", "Over 15+ years", "more than {site.claims.customers}" (the claims end in "+"). */
const DOUBLED_CLAIM =
  /\b(more than|over|upwards of|at least)\s+(\{site\.claims\.(?:customers|yearsExperience)\}|\d[\d,.]*\+)/gi;

/** A number claim that says "more than" twice: by its words and by its "+". */
export function doubledClaims(lines: readonly CopyLine[]): CopyProblem[] {
  return lines.flatMap((line) =>
    [...line.text.matchAll(DOUBLED_CLAIM)].map(([written, words]) => ({
      line: line.number,
      text: written,
      fix: `says "more than" twice: the figure already ends in "+", so drop "${words}"`,
    })),
  );
}

const WORD = /[A-Za-z][A-Za-z'-]*/g;

/** "Under current rules, Saudi airport rules let…" or "a a": a word said again across an inserted fact or season. */
export function wordsDoubledAcrossInserts(lines: readonly CopyLine[]): CopyProblem[] {
  const problems: CopyProblem[] = [];
  for (const line of lines) {
    const parts = renderLine(line.text).split(MARK);
    // Odd parts are inserted texts; compare each with the copy just before it.
    for (let index = 1; index < parts.length; index += 2) {
      const before = (
        parts[index - 1]!.split(/[.;:!?]/)
          .at(-1)!
          .match(WORD) ?? []
      ).slice(-3);
      const inserted = (parts[index]!.match(WORD) ?? []).slice(0, 4);
      const last = before.at(-1)?.toLowerCase();
      const adjacent = last !== undefined && last === inserted[0]?.toLowerCase();
      const repeated = inserted.find(
        (word) => word.length >= 4 && before.some((other) => other.toLowerCase() === word.toLowerCase()),
      );
      if (!adjacent && !repeated) continue;
      const word = adjacent ? inserted[0]! : repeated!;
      problems.push({
        line: line.number,
        text: readable(`${before.join(' ')} ${inserted.join(' ')}`),
        fix: `says "${word}" twice around the inserted fact: reword the copy before it`,
      });
    }
  }
  return problems;
}

/** Facts this long (the miqat instruction, the Rawdah rule) read as filler when a page prints them twice. */
const SENTENCE_LENGTH = 100;
const FACT_USE = /<Fact\s+name="([\w.]+)"|\{\{\s*[Ff]act\s*:\s*([\w.]+)\s*\}\}/g;

/** The same fact sentence printed more than once on one page. */
export function repeatedFactSentences(lines: readonly CopyLine[]): CopyProblem[] {
  const seen = new Set<string>();
  const problems: CopyProblem[] = [];
  for (const line of lines) {
    for (const [, element, placeholder] of line.text.matchAll(FACT_USE)) {
      const name = (element ?? placeholder)!;
      if ((factText(name)?.length ?? 0) < SENTENCE_LENGTH) continue;
      if (seen.has(name)) {
        problems.push({
          line: line.number,
          text: name,
          fix: `prints the fact ${name} again on this page: state it once and refer back to it in your own words`,
        });
      }
      seen.add(name);
    }
  }
  return problems;
}

/** Where a sentence or a table cell starts, just before an inserted fact. */
const STARTS = /(?:^|[.!?]\s+|\|\s*|^\s*(?:answer|question|text|summary):\s*['"]?)$/;
const LOWER_FACT = /<Fact\s+name="([\w.]+)"([^>]*)\/>|\{\{\s*fact\s*:\s*([\w.]+)\s*\}\}/g;

/** A fact whose text starts lower-case, put at the start of a sentence or a table cell without `capitalize`. */
export function lowerCaseSentenceStarts(lines: readonly CopyLine[]): CopyProblem[] {
  return lines.flatMap((line) =>
    [...line.text.matchAll(LOWER_FACT)].flatMap((match) => {
      const [written, element, attributes, placeholder] = match;
      if (element && /\bcapitalize\b/.test(attributes!)) return [];
      const text = factText((element ?? placeholder)!);
      if (!text || !/^[a-z]/.test(text) || !STARTS.test(line.text.slice(0, match.index))) return [];
      const fix = element
        ? `starts a sentence or a table cell in lower case: add capitalize to the <Fact>`
        : `starts a sentence in lower case: write {{Fact:${placeholder}}}`;
      return [{ line: line.number, text: written, fix }];
    }),
  );
}

const QUIET = /\b(quiet|quieter|quietest|calm|calmer|calmest|less crowded|low season)\b/i;
/** Month names as copy writes them, capitalised ("May", never the verb "may"). */
const MONTH_NAME = new RegExp(
  `\\b(${MONTHS.map((month) => month[0]!.toUpperCase() + month.slice(1)).join('|')})\\b`,
  'g',
);

/** The busy seasons' months ("2027-02"), from their expected dates. */
function busyMonths(): Map<string, string> {
  const months = new Map<string, string>();
  for (const season of [seasons.ramadan, seasons.hajj]) {
    for (let day = new Date(`${season.start}T00:00:00Z`); day <= new Date(`${season.end}T00:00:00Z`);) {
      months.set(MONTHS[day.getUTCMonth()]!, season.name);
      day = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
    }
  }
  return months;
}

/** "February is quieter" when the coming Ramadan or Hajj falls in February: the month is the busiest, not quiet. */
export function quietMonthsInSeasons(lines: readonly CopyLine[]): CopyProblem[] {
  const busy = busyMonths();
  const problems: CopyProblem[] = [];
  const sentences = lines.flatMap((line) =>
    renderLine(line.text)
      .split(/[.;!?]/)
      .map((sentence) => ({ line: line.number, sentence: readable(sentence) })),
  );
  for (const { line, sentence } of sentences) {
    if (!QUIET.test(sentence)) continue;
    for (const [month] of sentence.matchAll(MONTH_NAME)) {
      const season = busy.get(month!.toLowerCase());
      if (season) {
        problems.push({
          line,
          text: month!,
          fix: `calls ${month} quiet, but the coming ${season} falls in it: say so, or name another month`,
        });
      }
    }
  }
  return problems;
}
