import { describe, expect, it } from 'vitest';
import { mayShowGluedText } from '../support/glued-text';

const page = (body: string) => `<html><head><title>$1 a</title></head><body><main>${body}</main></body></html>`;

describe('pages that may show glued text', () => {
  it('are those where a price meets a word with only tags between, whatever the tags hold', () => {
    expect(mayShowGluedText(page('<p>From $899per person</p>'))).toBe(true);
    expect(mayShowGluedText(page('<span>$899</span><span>per person</span>'))).toBe(true);
    expect(mayShowGluedText(page('<span>$899</span><img alt="a > b"><b>per</b>'))).toBe(true);
  });

  it('are those where a claim says "more than" and a plus, however its parts are tagged', () => {
    expect(mayShowGluedText(page('<p>Over <strong>15</strong>+ years</p>'))).toBe(true);
    expect(mayShowGluedText(page('<p>more than</p><p>10,000+ pilgrims</p>'))).toBe(true);
  });

  it('leave out pages where white space or nothing at all separates them, and text outside the body', () => {
    expect(mayShowGluedText(page('<span>$899</span> <span>per person</span>'))).toBe(false);
    expect(mayShowGluedText(page('<p>$899</p>\n<p>per person</p>'))).toBe(false);
    expect(mayShowGluedText(page('<p>10,000+ pilgrims since 2009</p><script>let a = "$5x";</script>'))).toBe(false);
  });
});
