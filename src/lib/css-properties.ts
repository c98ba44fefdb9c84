/**
 * Tailwind 4 gives each of its `--tw-*` variables a starting value twice: an `@property` rule per
 * variable for the browsers that register them, and the same values on every element for the
 * browsers that do not (Safari before 16.4, Firefox before 128, inside `@layer properties` behind an
 * `@supports` that picks them out). Kept once, as values on every element for every browser (as
 * Tailwind 3 did), the public stylesheet weighs some 330 bytes less gzip and stays within its 9 KB:
 * the site never animates one of these variables, the only thing registration adds.
 */

/** The index just past the `}` that closes the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length; index += 1) {
    if (css[index] === '{') depth += 1;
    else if (css[index] === '}' && --depth === 0) return index + 1;
  }
  throw new Error('A stylesheet block is not closed');
}

/** The stylesheet with Tailwind's `@property --tw-*` rules gone and its fallback values given to every browser. */
export function unregisterTailwindProperties(css: string): string {
  let result = css.replace(/@property --tw-[\w-]+\{[^}]*\}/g, '');
  const layer = result.indexOf('@layer properties{@supports');
  if (layer === -1) return result;
  const supportsOpen = result.indexOf('{', layer + '@layer properties{'.length);
  const supportsClose = blockEnd(result, supportsOpen);
  const body = result.slice(supportsOpen + 1, supportsClose - 1);
  result = `${result.slice(0, layer)}@layer properties{${body}${result.slice(supportsClose)}`;
  return result;
}
