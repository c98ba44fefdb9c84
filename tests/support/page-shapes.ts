import { createHash } from 'node:crypto';

/**
 * Pages built from one template with different data often have the same markup but for their
 * words. axe judges roles, names, colours (through classes), order and focus, all of which the
 * markup's shape carries; so the browser gates run once per shape, and every page still gets the
 * checks that read text (html-validate, links, ids) on its own.
 */

/** Attributes that change what axe finds; the rest (href, src, alt text, data) only carry a page's data. */
const KEPT =
  /^(class|role|type|tabindex|hidden|disabled|loading|fetchpriority|lang|dir|scope|colspan|rowspan|aria-hidden|aria-current|aria-expanded)$/;
/** Attributes whose presence matters to axe while their value is the page's own. */
const PRESENT = /^(id|alt|title|aria-[a-z]+|for|name|href|src|srcset|style)$/;

/** The page's markup without its words: tags in order with the attributes that matter, and where text stands. */
export function pageShape(html: string): string {
  const parts: string[] = [];
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    const [, closing, tag, attributes, text] = match;
    if (text !== undefined) {
      if (text.trim() !== '' && parts.at(-1) !== '#text') parts.push('#text');
      continue;
    }
    const kept = [...attributes!.matchAll(/([:\w-]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)]
      .map(([, name, value]) => {
        const key = name!.toLowerCase();
        if (KEPT.test(key)) return `${key}=${value ?? ''}`;
        if (PRESENT.test(key)) return `${key}${value === '""' ? '=""' : ''}`;
        return undefined;
      })
      .filter((attribute) => attribute !== undefined)
      .sort();
    parts.push(`<${closing}${tag!.toLowerCase()} ${kept.join(' ')}`);
  }
  return createHash('sha256').update(parts.join('\n')).digest('hex');
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
