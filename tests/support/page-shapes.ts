import { createHash } from 'node:crypto';

/**
 * Pages built from one template with different data often have the same markup but for their
 * words and for how many cards, days or paragraphs they list. axe judges roles, names, colours
 * (through classes), order and focus, all of which the markup's shape carries; so the browser
 * gates run once per shape, and every page still gets the checks that read text or count
 * (html-validate, which finds a repeated id, links and anchors) on its own.
 */

/** Attributes that change what axe finds; the rest (href, src, alt text, data) only carry a page's data. */
const KEPT =
  /^(class|role|type|tabindex|hidden|disabled|loading|fetchpriority|lang|dir|scope|colspan|rowspan|aria-hidden|aria-current|aria-expanded)$/;
/** Attributes whose presence matters to axe while their value is the page's own. */
const PRESENT = /^(id|alt|title|aria-[a-z]+|for|name|href|src|srcset|style)$/;
/** Elements that never have children, so they open no level of the tree. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

interface Node {
  label: string;
  children: Node[];
}

/** An element's tag with the attributes that matter to axe, sorted. */
function elementLabel(tag: string, attributes: string): string {
  const kept = [...attributes.matchAll(/([:\w-]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)]
    .map(([, name, value]) => {
      const key = name!.toLowerCase();
      if (KEPT.test(key)) return `${key}=${value ?? ''}`;
      if (PRESENT.test(key)) return `${key}${value === '""' ? '=""' : ''}`;
      return undefined;
    })
    .filter((attribute) => attribute !== undefined)
    .sort();
  return `<${tag} ${kept.join(' ')}`;
}

/** The element tree of a page, with each run of text as one `#text` node. */
function elementTree(html: string): Node {
  const root: Node = { label: '#document', children: [] };
  const open: Node[] = [root];
  // Scripts and styles hold text that looks like tags; comments are not shown.
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b([^>]*)>[\s\S]*?<\/\1>/gi, '<$1$2></$1>');
  for (const [, closing, tagName, attributes, text] of markup.matchAll(/<(\/?)([a-zA-Z!][\w-]*)([^>]*)>|([^<]+)/g)) {
    const parent = open.at(-1)!;
    if (text !== undefined) {
      if (text.trim() !== '' && parent.children.at(-1)?.label !== '#text')
        parent.children.push({ label: '#text', children: [] });
      continue;
    }
    const tag = tagName!.toLowerCase();
    if (closing) {
      const at = open.findLastIndex((node, index) => index > 0 && node.label.startsWith(`<${tag} `));
      if (at > 0) open.length = at;
      continue;
    }
    const node = { label: elementLabel(tag, attributes!), children: [] };
    parent.children.push(node);
    if (!VOID.has(tag) && !tag.startsWith('!') && !attributes!.trimEnd().endsWith('/')) open.push(node);
  }
  return root;
}

/** A node's shape: its label and its children's shapes, a run of identical siblings counted once. */
function shapeOf(node: Node): string {
  const children = node.children.map(shapeOf).filter((shape, index, all) => shape !== all[index - 1]);
  return createHash('sha256')
    .update(`${node.label}[${children.join(',')}]`)
    .digest('hex');
}

/** The page's markup without its words or counts: its tree of elements, with the attributes that matter. */
export function pageShape(html: string): string {
  return shapeOf(elementTree(html));
}

/** One page of each shape, the first in the given order, with how many pages it stands for. */
export function onePerShape(pages: readonly { path: string; html: string }[]): { path: string; standsFor: number }[] {
  const shapes = new Map<string, { path: string; standsFor: number }>();
  for (const { path, html } of pages) {
    const shape = pageShape(html);
    const seen = shapes.get(shape);
    if (seen) seen.standsFor += 1;
    else shapes.set(shape, { path, standsFor: 1 });
  }
  return [...shapes.values()];
}
