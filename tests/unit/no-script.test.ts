import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NO_SCRIPT_CSS, noScriptCssHash, withoutIdleNoScriptStyle } from '@/lib/no-script';
import { keepOwnHashes } from '@/lib/page-csp';

const NO_SCRIPT = `<noscript><style>${NO_SCRIPT_CSS}</style></noscript>`;
const HASH = `'${noScriptCssHash()}'`;
const page = (body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="style-src 'self' ${HASH}">${NO_SCRIPT}</head><body>${body}</body></html>`;

describe('noScriptCssHash', () => {
  it('is the hash a browser computes for the style, as the policy names it', () => {
    expect(noScriptCssHash()).toBe(`sha256-${createHash('sha256').update(NO_SCRIPT_CSS).digest('base64')}`);
  });
});

describe('withoutIdleNoScriptStyle', () => {
  it('drops the style from a page with nothing it is about, and its hash with it', () => {
    const body = '<main class="prose-page"><label class="compare-pick" data-needs-script></label></main>';
    const html = keepOwnHashes(withoutIdleNoScriptStyle(page(body)));
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain(HASH);
    expect(html).toContain(body);
  });

  it('keeps it, as it is, on a page with holiday tabs', () => {
    for (const body of [
      '<div class="holiday-tabs mt-6"><div role="tablist"></div></div>',
      '<h2 class="tab-panel-heading sr-only">Turkey</h2>',
    ]) {
      const html = page(body);
      expect(keepOwnHashes(withoutIdleNoScriptStyle(html)), body).toBe(keepOwnHashes(html));
      expect(withoutIdleNoScriptStyle(html), body).toContain(NO_SCRIPT);
    }
  });

  it('reads whole class names, not parts of them or text', () => {
    expect(withoutIdleNoScriptStyle(page('<p class="holiday-tab">holiday-tabs</p>'))).not.toContain('<noscript>');
  });

  it('leaves a page without the style as it is', () => {
    expect(withoutIdleNoScriptStyle('<p class="x">no style</p>')).toBe('<p class="x">no style</p>');
  });
});
