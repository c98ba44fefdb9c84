/*
 * Finds left and right written into markup and styles, where a right-to-left page (Urdu, Arabic)
 * needs start and end: Tailwind's physical utilities in any string of the source, and physical CSS
 * properties in stylesheets, <style> blocks and style attributes. Symmetric ones (mx-, px-,
 * inset-x-, space-x-, border-x) mirror by themselves and pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface PhysicalDirection {
  file: string;
  line: number;
  found: string;
  use: string;
}

const VALUE = String.raw`(?:\d+(?:\.\d+)?|\d+/\d+|px|full|auto|\[[^\]\s]+\]|\([^)\s]+\))`;
const UTILITIES: readonly [RegExp, string][] = [
  [new RegExp(String.raw`^(?:scroll-)?m[lr]-${VALUE}$`), 'ms-/me- (scroll-ms-/scroll-me-)'],
  [new RegExp(String.raw`^(?:scroll-)?p[lr]-${VALUE}$`), 'ps-/pe- (scroll-ps-/scroll-pe-)'],
  [new RegExp(String.raw`^(?:left|right)-${VALUE}$`), 'start-/end-'],
  [/^text-(?:left|right)$/, 'text-start/text-end'],
  [/^(?:float|clear)-(?:left|right)$/, 'float-start/float-end, clear-start/clear-end'],
  [/^border-[lr](?:-\S+)?$/, 'border-s/border-e'],
  [/^rounded-(?:[lr]|[tb][lr])(?:-\S+)?$/, 'rounded-s/rounded-e/rounded-ss/rounded-se/rounded-es/rounded-ee'],
  [/^origin-(?:top-|bottom-)?(?:left|right)$/, 'origin-top-start style logical origins or none'],
];
const PROPERTIES: readonly [RegExp, string][] = [
  [
    /(?:^|[\s;{"'])((?:scroll-)?(?:margin|padding)-(?:left|right))\s*:/g,
    'margin-inline-start/-end, padding-inline-start/-end',
  ],
  [/(?:^|[\s;{"'])(border-(?:left|right)(?:-[a-z]+)?)\s*:/g, 'border-inline-start/-end'],
  [/(?:^|[\s;{"'])(border-(?:top|bottom)-(?:left|right)-radius)\s*:/g, 'border-start-start-radius and kin'],
  [/(?:^|[\s;{"'])((?:left|right)\s*:)/g, 'inset-inline-start/-end'],
  [/(?:^|[\s;{"'])((?:text-align|float|clear)\s*:\s*(?:left|right))\b/g, 'start/end'],
];

/** Physical-direction Tailwind utilities in one file's text (any token of a string or @apply). */
function utilities(text: string): { index: number; found: string; use: string }[] {
  const hits: { index: number; found: string; use: string }[] = [];
  for (const match of text.matchAll(/[^\s"'`{}<>,;=]+/g)) {
    // Drop variants (md:, rtl:, [&>li]:, print:) and the important and negative marks.
    const utility = match[0]
      .replace(/^.*:(?![^[]*\])/, '')
      .replace(/^!|!$/g, '')
      .replace(/^-/, '');
    const rule = UTILITIES.find(([pattern]) => pattern.test(utility));
    if (rule) hits.push({ index: match.index, found: match[0], use: rule[1] });
  }
  return hits;
}

/** Physical CSS properties in a stretch of CSS (a stylesheet, a style block or attribute). */
function properties(css: string, offset: number): { index: number; found: string; use: string }[] {
  const hits: { index: number; found: string; use: string }[] = [];
  for (const [pattern, use] of PROPERTIES) {
    for (const match of css.matchAll(pattern)) {
      hits.push({ index: offset + match.index + match[0].indexOf(match[1]!), found: match[1]!, use });
    }
  }
  return hits;
}

/** The CSS of a file: all of a stylesheet; an Astro file's style blocks and style attributes. */
function cssParts(file: string, text: string): { css: string; offset: number }[] {
  if (file.endsWith('.css')) return [{ css: text, offset: 0 }];
  if (!file.endsWith('.astro') && !file.endsWith('.tsx')) return [];
  const parts: { css: string; offset: number }[] = [];
  for (const match of text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>|\bstyle="([^"]*)"/g)) {
    const css = match[1] ?? match[2] ?? '';
    parts.push({ css, offset: match.index + match[0].indexOf(css) });
  }
  return parts;
}

/** Every physical direction in one file's text, with its line. */
export function physicalDirectionsIn(file: string, text: string): PhysicalDirection[] {
  const hits = [...utilities(text), ...cssParts(file, text).flatMap(({ css, offset }) => properties(css, offset))];
  return hits
    .map(({ index, found, use }) => ({ file, line: text.slice(0, index).split('\n').length, found, use }))
    .sort((a, b) => a.line - b.line);
}

const SCANNED = /\.(astro|tsx|ts|css|mdx|md|ya?ml)$/;

/** Every physical direction in the files under a directory. */
export function physicalDirectionsUnder(root: string): PhysicalDirection[] {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SCANNED.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  return files.flatMap((path) => physicalDirectionsIn(relative(root, path), readFileSync(path, 'utf8')));
}
