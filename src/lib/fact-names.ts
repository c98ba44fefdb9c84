import { capitalize, factText, seasonText } from './fact-lookup.ts';

/** `<Fact …/>` or `<Season …/>` in an MDX body, with its attributes. */
const ELEMENT = /<(Fact|Season)\b([^>]*)>/g;
const ATTRIBUTE = /(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{)/g;

/** The element's attributes as name → literal value. */
const attributesOf = (raw: string) =>
  new Map([...raw.matchAll(ATTRIBUTE)].map(([, name, double, single]) => [name!, double ?? single]));

/** The text an element prints, or undefined when it names nothing. */
function elementText(element: 'Fact' | 'Season', attributes: Map<string, string | undefined>): string | undefined {
  const name = attributes.get('name');
  if (name === undefined) return undefined;
  if (element === 'Fact') return factText(name);
  const show = attributes.has('show') ? attributes.get('show') : 'label';
  return show === undefined ? undefined : seasonText(name, show);
}

/** An MDX body with each `<Fact>` and `<Season>` replaced by the text it prints, for word counts; `mark` wraps each. */
export function expandFactElements(body: string, mark = ''): string {
  return body.replace(ELEMENT, (written, element: 'Fact' | 'Season', raw: string) => {
    const attributes = attributesOf(raw);
    const text = elementText(element, attributes);
    if (text === undefined) return written;
    return `${mark}${/\bcapitalize\b/.test(raw) ? capitalize(text) : text}${mark}`;
  });
}

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
    const attributes = attributesOf(rawAttributes);
    if (elementText(element, attributes) !== undefined) continue;
    const line = body.slice(0, match.index).split('\n').length;
    const name = attributes.get('name') ?? '';
    const message =
      element === 'Fact'
        ? `no fact named "${name}"`
        : `no season "${name}" with show="${attributes.has('show') ? (attributes.get('show') ?? '') : 'label'}"`;
    problems.push({ line, text, message });
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
