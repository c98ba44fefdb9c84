import { describe, expect, it } from 'vitest';
import { unregisterTailwindProperties } from '@/lib/css-properties';

const TAILWIND =
  '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:inline))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b)))){*,:before,:after,::backdrop{--tw-border-style:solid;--tw-shadow:0 0 #0000}}}' +
  '.card{border-style:var(--tw-border-style);box-shadow:var(--tw-shadow)}' +
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
  '@property --brand-angle{syntax:"<angle>";inherits:false;initial-value:0deg}';

describe("Tailwind's variables' starting values", () => {
  it('are given to every element in every browser, and registered no more', () => {
    const css = unregisterTailwindProperties(TAILWIND);
    expect(css).toContain(
      '@layer properties{*,:before,:after,::backdrop{--tw-border-style:solid;--tw-shadow:0 0 #0000}}.card{',
    );
    expect(css).not.toContain('@supports');
    expect(css).not.toContain('@property --tw-');
  });

  it('leave a stylesheet of our own registrations, and one without the fallback, otherwise as it was', () => {
    expect(unregisterTailwindProperties(TAILWIND)).toContain('@property --brand-angle{');
    expect(unregisterTailwindProperties('.a{color:red}')).toBe('.a{color:red}');
  });
});
