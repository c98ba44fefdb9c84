// `npm run content:check [files…]`: fails on copy that contradicts the facts or the catalogue, and on a
// translation that differs from its English source's placeholders or writes a fact out
// (src/lib/content-check.ts has the rules); lists, without failing, what is due for review and the
// translations whose English has changed since.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import yaml from 'js-yaml';
import {
  checkFactTexts,
  checkFile,
  checkSourceCopy,
  checkTranslation,
  formatFindings,
  isTranslation,
  reminders,
  type ContentFile,
} from '../src/lib/content-check.ts';

const CONTENT = 'src/content';

/** Every published content file: YAML and MDX, without templates (names starting with "_"). */
function contentFiles(): string[] {
  return readdirSync(CONTENT, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ya?ml|mdx)$/.test(path) && !path.split('/').some((part) => part.startsWith('_')))
    .map((path) => join(CONTENT, path))
    .sort();
}

/** Every price the catalogue shows: packages, holiday trips (sale and former price) and visa services. */
function cataloguePrices(): Set<number> {
  const prices = new Set<number>();
  for (const folder of ['packages', 'holidays', 'visa-services']) {
    for (const name of readdirSync(join(CONTENT, folder))) {
      const data = yaml.load(readFileSync(join(CONTENT, folder, name), 'utf8')) as Record<string, unknown>;
      for (const key of ['price', 'originalPrice']) if (typeof data[key] === 'number') prices.add(data[key]);
    }
  }
  return prices;
}

/** The code that carries copy of its own: components, pages, layouts and the lib's sentences (not the check's own list). */
function sourceFiles(): string[] {
  return ['src/lib', 'src/components', 'src/pages', 'src/layouts']
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((path) => /\.(ts|tsx|astro)$/.test(path))
        .map((path) => join(folder, path)),
    )
    .filter((path) => path !== join('src/lib', 'content-check.ts'))
    .sort();
}

const all = contentFiles();
const asked = process.argv.slice(2).map((path) => relative('.', path));
const files: ContentFile[] = (asked.length ? asked : all).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const prices = cataloguePrices();
const sources = asked.length ? [] : sourceFiles().map((path) => ({ path, text: readFileSync(path, 'utf8') }));
/** A translation's English file, named by its `source:` (`blog/x` is src/content/blog/x.mdx), if it exists. */
function englishOf(translation: ContentFile): ContentFile | undefined {
  const source = /^source:\s*['"]?([\w/-]+)/m.exec(translation.text)?.[1];
  const path = source && join(CONTENT, `${source}.mdx`);
  return path && existsSync(path) ? { path, text: readFileSync(path, 'utf8') } : undefined;
}

const translations = files.filter(isTranslation).map((file) => checkTranslation(file, englishOf(file)));
const findings = [
  ...checkFactTexts(),
  ...files.flatMap((file) => checkFile(file, prices)),
  ...translations.flatMap((check) => check.findings),
  ...sources.flatMap((file) => checkSourceCopy(file)),
];
const notes = [...reminders(files, new Date()), ...translations.flatMap((check) => check.stale)];

if (notes.length) console.log(`Due for review (not failures):\n${notes.map((note) => `  - ${note}`).join('\n')}\n`);
if (findings.length) {
  console.log(formatFindings(findings));
  const failing = new Set(findings.map((finding) => finding.file)).size;
  console.log(`\ncontent:check: ${findings.length} problems in ${failing} of ${files.length} files.`);
  process.exit(1);
}
console.log(
  `content:check: ${files.length} ${files.length === 1 ? 'file agrees' : 'files agree'} with src/lib/facts.ts and the catalogue.`,
);
