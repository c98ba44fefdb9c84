import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { physicalDirectionsIn, physicalDirectionsUnder } from '../support/physical-directions';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

// Urdu and Arabic pages mirror through start and end: a left or right written into the markup or
// the styles stays where it is and puts a border, a gap or a column on the wrong side.
describe('left and right in the source', () => {
  it('are nowhere in src: the markup and styles use start and end', () => {
    const found = physicalDirectionsUnder(SRC).map(
      ({ file, line, found, use }) => `${file}:${line} ${found} (use ${use})`,
    );
    expect(found).toEqual([]);
  });

  it('are found as Tailwind utilities, with their variants, in any string or @apply', () => {
    const astro = `<div class="mt-2 pl-4 md:mr-3 rtl:text-right">\n<span class={cn('border-l-4', x && '-left-[9999px]')}>`;
    expect(physicalDirectionsIn('a.astro', astro).map(({ line, found }) => [line, found])).toEqual([
      [1, 'pl-4'],
      [1, 'md:mr-3'],
      [1, 'rtl:text-right'],
      [2, 'border-l-4'],
      [2, '-left-[9999px]'],
    ]);
    const css = '.a {\n  @apply relative first:pl-0 rounded-tl-xl float-right text-left!;\n}';
    expect(physicalDirectionsIn('a.css', css).map(({ found }) => found)).toEqual([
      'first:pl-0',
      'rounded-tl-xl',
      'float-right',
      'text-left!',
    ]);
  });

  it('are found as CSS properties in stylesheets, style blocks and style attributes', () => {
    const css = '.a {\n  margin-left: 1rem;\n  text-align: right;\n  right: 0;\n  border-right-color: red;\n}';
    expect(physicalDirectionsIn('a.css', css).map(({ line, found }) => [line, found])).toEqual([
      [2, 'margin-left'],
      [3, 'text-align: right'],
      [4, 'right:'],
      [5, 'border-right-color'],
    ]);
    const astro = '<p style="padding-right: 2px">x</p>\n<style>\n  .b { left: 0; }\n</style>';
    expect(physicalDirectionsIn('a.astro', astro).map(({ line, found }) => [line, found])).toEqual([
      [1, 'padding-right'],
      [3, 'left:'],
    ]);
  });

  it('leave alone the logical and symmetric ones, and words that only look alike', () => {
    const astro = [
      '<div class="ms-2 pe-4 start-0 end-auto text-start border-s-4 rounded-ee-xl mx-auto px-3 inset-x-0 space-x-2 -scale-x-100">',
      '<p>Turn right-to-left and left-hand; the pl-meter</p>',
      '<style>.c { inset-inline-start: 0; text-align: start; padding-inline: 1rem; }</style>',
    ].join('\n');
    expect(physicalDirectionsIn('a.astro', astro)).toEqual([]);
    // A chart's plot area in TypeScript is geometry, not a style.
    expect(physicalDirectionsIn('a.ts', 'const plot = { left: 4, right: 84 };')).toEqual([]);
  });
});
