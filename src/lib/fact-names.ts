import { factText, seasonText } from './fact-lookup.ts';

/** `<Fact …/>` or `<Season …/>` in an MDX body, with its attributes. */
const ELEMENT = /<(Fact|Season)\b([^>]*)>/g;
const ATTRIBUTE = /(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{)/g;

/** A `<Fact>` or `<Season>` naming nothing in src/lib/facts.ts, with its line in the body. */
export interface FactNameProblem {
  line: number;
  text: string;
  message: string;
}

/** Every `<Fact>` and `<Season>` in an MDX body whose names are unknown (or not plain strings). */
export function factNameProblems(body: string): FactNameProblem[] {
  const problems: FactNameProblem[] = [];
  for (const match of body.matchAll(ELEMENT)) {
    const [text, element, rawAttributes] = match as unknown as [string, 'Fact' | 'Season', string];
    const attributes = new Map(
      [...rawAttributes.matchAll(ATTRIBUTE)].map(([, name, double, single]) => [name!, double ?? single]),
    );
    const line = body.slice(0, match.index).split('\n').length;
    const name = attributes.get('name');
    if (element === 'Fact' && (name === undefined || factText(name) === undefined)) {
      problems.push({ line, text, message: `no fact named "${name ?? ''}"` });
    }
    const show = attributes.has('show') ? attributes.get('show') : 'label';
    if (element === 'Season' && (name === undefined || show === undefined || seasonText(name, show) === undefined)) {
      problems.push({ line, text, message: `no season "${name ?? ''}" with show="${show ?? ''}"` });
    }
  }
  return problems;
}

/** Throws naming the file and each bad `<Fact>`/`<Season>`, so a typo fails the build rather than a page. */
export function assertFactNames(file: string, body: string): void {
  const problems = factNameProblems(body);
  if (!problems.length) return;
  const lines = problems.map(
    (problem) => `  - ${file}, body line ${problem.line}: ${problem.text}: ${problem.message}`,
  );
  throw new Error(`Unknown fact or season (names are in src/lib/facts.ts):\n${lines.join('\n')}`);
}
