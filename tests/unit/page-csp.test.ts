import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { joinIslandLoader, keepOwnHashes, mergeInlineStyles } from '@/lib/page-csp';

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

const FONT = '@font-face{font-family:A;src:url(/a.woff2)}';
const COMPONENT = '.faq[data-astro-cid-x]{padding:1rem}';
const ISLAND = 'astro-island{display:contents}';
const STRANGER = '.not-allowed{color:red}';

describe('mergeInlineStyles', () => {
  const policy = `script-src 'self' ${hash(SCRIPT)}; style-src 'self' ${hash(FONT)} ${hash(COMPONENT)} ${hash(ISLAND)} ${hash(NO_SCRIPT_STYLE)}`;
  const built = (body: string, policyText = policy) =>
    `<html><head><style>${FONT}</style><link rel="preload" href="/a.woff2"><meta http-equiv="content-security-policy" content="${policyText}"><noscript><style>${NO_SCRIPT_STYLE}</style></noscript><link rel="stylesheet" href="/a.css"><style>${COMPONENT}</style></head><body>${body}</body></html>`;

  it("joins the page's allowed styles, in their order, where the head's last stood, and the policy names that one hash instead of theirs", () => {
    const html = mergeInlineStyles(built(`<header><style>${ISLAND}</style><astro-island></astro-island></header>`));
    const joined = `${FONT}${COMPONENT}${ISLAND}`;
    expect(html).toBe(
      `<html><head><link rel="preload" href="/a.woff2"><meta http-equiv="content-security-policy" content="script-src 'self' ${hash(SCRIPT)}; style-src 'self' ${hash(NO_SCRIPT_STYLE)} ${hash(joined)}"><noscript><style>${NO_SCRIPT_STYLE}</style></noscript><link rel="stylesheet" href="/a.css"><style>${joined}</style></head><body><header><astro-island></astro-island></header></body></html>`,
    );
  });

  it('leaves a style the policy does not allow where it is, unallowed, and the one in <noscript> alone', () => {
    const html = mergeInlineStyles(built(`<style>${STRANGER}</style>`));
    expect(html).toContain(`<style>${STRANGER}</style>`);
    expect(html).not.toContain(hash(`${FONT}${COMPONENT}${STRANGER}`));
    expect(html).toContain(hash(`${FONT}${COMPONENT}`));
    expect(html).toContain(`<noscript><style>${NO_SCRIPT_STYLE}</style></noscript>`);
  });

  it('leaves a page with one style, or without a policy, as it is', () => {
    const single = built('', `style-src 'self' ${hash(FONT)}`).replace(`<style>${COMPONENT}</style>`, '');
    expect(mergeInlineStyles(single)).toBe(single);
    expect(mergeInlineStyles(`<style>${FONT}</style><style>${COMPONENT}</style>`)).toBe(
      `<style>${FONT}</style><style>${COMPONENT}</style>`,
    );
  });
});

describe('joinIslandLoader', () => {
  const LOADER = '(d=>{d.currentScript.dataset.src})(document)';
  const policy = `script-src 'self' 'wasm-unsafe-eval' ${hash(SCRIPT)} ${hash(LOADER)}; style-src 'self'`;
  const built = (policyText = policy) =>
    `<html><head><meta http-equiv="content-security-policy" content="${policyText}"><script type="application/ld+json">{}</script><script>${SCRIPT}</script></head><body><header><script data-src="/_astro/islands.abc.js">${LOADER}</script><astro-island></astro-island></header></body></html>`;

  it("moves the loader into the head's script, after its code and with its data-src, and the policy names that one hash instead of the two", () => {
    const joined = `${SCRIPT}\n${LOADER}`;
    expect(joinIslandLoader(built())).toBe(
      `<html><head><meta http-equiv="content-security-policy" content="script-src 'self' 'wasm-unsafe-eval' ${hash(joined)}; style-src 'self'"><script type="application/ld+json">{}</script><script data-src="/_astro/islands.abc.js">${joined}</script></head><body><header><astro-island></astro-island></header></body></html>`,
    );
  });

  it('joins nothing the policy does not allow, nor a page without a loader or a policy', () => {
    const unallowed = built(`script-src 'self' ${hash(SCRIPT)}`);
    expect(joinIslandLoader(unallowed)).toBe(unallowed);
    const withoutLoader = page(policy, `<script>${SCRIPT}</script>`);
    expect(joinIslandLoader(withoutLoader)).toBe(withoutLoader);
    expect(joinIslandLoader('<p>no policy</p>')).toBe('<p>no policy</p>');
  });
});
