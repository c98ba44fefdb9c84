import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keepOwnHashes } from '@/lib/page-csp';

const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const SCRIPT = 'console.log(1)';
const STYLE = '.a{color:red}';
const NO_SCRIPT_STYLE = '.b{display:none}';
const ELSEWHERE = 'console.log("another page")';

function page(policy: string, body: string): string {
  return `<html><head><meta http-equiv="content-security-policy" content="${policy}"><noscript><style>${NO_SCRIPT_STYLE}</style></noscript></head><body>${body}</body></html>`;
}

describe('keepOwnHashes', () => {
  const policy = `script-src 'self' 'wasm-unsafe-eval' ${hash(SCRIPT)} ${hash(ELSEWHERE)}; style-src 'self' ${hash(STYLE)} ${hash(NO_SCRIPT_STYLE)} ${hash('.unused{}')}`;

  it("keeps the hashes of the page's inline scripts and styles and drops the rest", () => {
    const html = keepOwnHashes(page(policy, `<style>${STYLE}</style><script>${SCRIPT}</script>`));
    expect(html).toContain(
      `content="script-src 'self' 'wasm-unsafe-eval' ${hash(SCRIPT)}; style-src 'self' ${hash(STYLE)} ${hash(NO_SCRIPT_STYLE)}"`,
    );
  });

  it('counts neither JSON-LD nor scripts with a src as inline code', () => {
    const body = `<script type="application/ld+json">${SCRIPT}</script><script src="/a.js">${ELSEWHERE}</script>`;
    const html = keepOwnHashes(page(policy, body));
    expect(html).not.toContain(hash(SCRIPT));
    expect(html).not.toContain(hash(ELSEWHERE));
    expect(html).toContain("script-src 'self' 'wasm-unsafe-eval';");
  });

  it('changes nothing else in the page, and leaves a page without a policy as it is', () => {
    const html = page(policy, `<script>${SCRIPT}</script>`);
    expect(keepOwnHashes(html).replace(/content="[^"]*"/, '')).toBe(html.replace(/content="[^"]*"/, ''));
    expect(keepOwnHashes('<p>no policy</p>')).toBe('<p>no policy</p>');
  });
});
