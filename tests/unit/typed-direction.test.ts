import { describe, expect, it } from 'vitest';
import { typedTextDir } from '@/lib/forms/typed-direction';

describe('the direction of a box a person types into', () => {
  it('follows what is typed in every box of text', () => {
    for (const type of ['text', 'email', 'tel', 'search', 'url', 'textarea'])
      expect(typedTextDir(type), type).toBe('auto');
  });

  it('follows it in an input without a type, which HTML makes a text box', () => {
    expect(typedTextDir(undefined)).toBe('auto');
    expect(typedTextDir(null)).toBe('auto');
  });

  it('leaves a date, a number and a choice to the page', () => {
    for (const type of ['date', 'number', 'select', 'checkbox', 'radio', 'hidden'])
      expect(typedTextDir(type), type).toBe(undefined);
  });
});
