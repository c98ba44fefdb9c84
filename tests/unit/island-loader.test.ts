import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ISLAND_LOADER_SCRIPT, islandLoaderHash, moveIslandScripts } from '@/lib/island-loader';

const DIRECTIVE =
  '(()=>{var d=g;(self.Astro||(self.Astro={})).interact=d;window.dispatchEvent(new Event("astro:interact"));})();\n';
const RUNTIME =
  '(()=>{class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();\n';
const TOUCH = 'try{sessionStorage.setItem("k","v")}catch(e){}';

function page(...islandScripts: string[]): string {
  const scripts = islandScripts.map((body) => `<script>${body}</script>`).join('');
  return `<html><head><script>${TOUCH}</script></head><body><header><div><style>astro-island{display:contents}</style>${scripts}<astro-island client="interact"><button>Open menu</button></astro-island></div></header><main><script type="application/ld+json">{}</script></main></body></html>`;
}

describe('moveIslandScripts', () => {
  it("takes Astro's directive and runtime out and leaves the loader where they were", () => {
    const { html, scripts } = moveIslandScripts(page(DIRECTIVE, RUNTIME), '/_astro/islands.abc.js');
    expect(scripts).toEqual([DIRECTIVE, RUNTIME]);
    expect(html).not.toContain('customElements.define');
    expect(html).not.toContain('self.Astro');
    expect(html).toContain(
      `{display:contents}</style><script data-src="/_astro/islands.abc.js">${ISLAND_LOADER_SCRIPT}</script><astro-island`,
    );
    expect(html.split('<script data-src=').length).toBe(2);
  });

  it('leaves every other script alone, and a page without islands unchanged', () => {
    const { html } = moveIslandScripts(page(DIRECTIVE, RUNTIME), '/x.js');
    expect(html).toContain(`<script>${TOUCH}</script>`);
    expect(html).toContain('<script type="application/ld+json">{}</script>');
    const plain = page();
    expect(moveIslandScripts(plain, '/x.js')).toEqual({ html: plain, scripts: [] });
  });

  it('refuses a directive that wakes islands without an interaction', () => {
    const load = '(()=>{(self.Astro||(self.Astro={})).load=e=>e();})();';
    expect(() => moveIslandScripts(page(load, RUNTIME), '/x.js')).toThrow(/client:load/);
  });
});

describe('ISLAND_LOADER_SCRIPT', () => {
  it('is allowed by its hash', () => {
    const digest = createHash('sha256').update(ISLAND_LOADER_SCRIPT).digest('base64');
    expect(islandLoaderHash()).toBe(`sha256-${digest}`);
  });

  it('is plain script that parses, and keeps the directive’s triggers and wake rules', () => {
    expect(() => new Function(ISLAND_LOADER_SCRIPT)).not.toThrow();
    for (const name of [
      'pointerover',
      'touchstart',
      'focusin',
      'keydown',
      'click',
      'change',
      'resumeKey',
      'params',
      'also',
    ]) {
      expect(ISLAND_LOADER_SCRIPT).toContain(name);
    }
  });
});
