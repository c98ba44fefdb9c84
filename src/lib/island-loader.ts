import { createHash } from 'node:crypto';

/**
 * Astro writes its island runtime (4.4 KB) and the `client:interact` directive (1 KB) into every
 * page with an island, and every public page has one (the menu, the compare tray): 1.9 KB of
 * brotli in each page, which took long guides and the home page past the 14.6 KB a phone receives
 * in its first round trip. The build moves both into one cached file
 * (src/integrations/island-runtime.ts) and leaves this loader in their place. It fetches that file
 * on the visitor's first pointer, touch, focus or key event in an island (or on a control its `also`
 * names: a card's compare box), or at once when an island must wake by itself (its `resumeKey` holds something in this tab, or the address carries
 * one of its `params`): the directive's own rules, read from each island's options. Until the file
 * has run, the loader keeps what the directive would: a click on an island's button or link waits
 * and goes through afterwards, and the element last touched is touched again, so the island it
 * belongs to (or the compare tray, for a card's box) wakes as if the file had always been there.
 * A file that never comes still lets the kept click through.
 */
export const ISLAND_LOADER_SCRIPT =
  '(d=>{let s=d.currentScript.dataset.src,g,k,t,T="pointerover touchstart focusin keydown click change".split(" "),' +
  'o=f=>[...d.querySelectorAll("astro-island[opts]")].some(i=>{try{return f(JSON.parse(i.getAttribute("opts")).value||{})}catch{}}),' +
  'u=()=>{T.map(y=>d.removeEventListener(y,h,!0));t?.dispatchEvent(new Event("pointerover",{bubbles:!0}));k?.click()},' +
  'l=()=>{g||(g=d.head.appendChild(d.createElement("script")),g.onload=g.onerror=u,g.src=s)},' +
  'h=e=>{let c=e.target;if(c.closest?.("astro-island")||o(v=>v.also&&c.closest?.(v.also))){t=c;' +
  'if(e.type=="click"&&(c=c.closest("astro-island :is(button:not([type=submit]),a[href])"))){e.preventDefault();k=c}l()}};' +
  'T.map(y=>d.addEventListener(y,h,{capture:!0,passive:y!="click"}));' +
  'd.addEventListener("DOMContentLoaded",()=>{let q=new URLSearchParams(location.search);' +
  'o(v=>v.resumeKey&&sessionStorage.getItem(v.resumeKey)!=null||v.params?.some(p=>q.has(p)))&&l()})})(document)';

/** The CSP hash that lets the browser run ISLAND_LOADER_SCRIPT under the site's hash-based policy. */
export function islandLoaderHash(): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(ISLAND_LOADER_SCRIPT).digest('base64')}`;
}

/** Astro's island runtime: the script that defines the `astro-island` element. */
const RUNTIME = /customElements\.define\("astro-island"/;
/** A client directive's script registers itself on `self.Astro` under the directive's name. */
const DIRECTIVE = /\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.(\w+)=/;

export interface MovedIslandScripts {
  html: string;
  /** The scripts taken out, in page order (directive first, as Astro writes them): the runtime file's content. */
  scripts: string[];
}

/**
 * Takes Astro's inline island scripts out of a built page and puts the loader where the first one
 * was, pointing at `runtimeUrl`. A page without them is returned unchanged. A directive other than
 * `interact` is refused: its islands must wake without an interaction, which the loader does not do.
 */
export function moveIslandScripts(html: string, runtimeUrl: string): MovedIslandScripts {
  const scripts: string[] = [];
  let placed = false;
  const moved = html.replace(/<script>([\s\S]*?)<\/script>/g, (tag, body: string) => {
    const directive = DIRECTIVE.exec(body)?.[1];
    if (!RUNTIME.test(body) && !directive) return tag;
    if (directive && directive !== 'interact') {
      throw new Error(`client:${directive} is not supported: islands wake on interaction (client:interact)`);
    }
    scripts.push(body);
    if (placed) return '';
    placed = true;
    return `<script data-src="${runtimeUrl}">${ISLAND_LOADER_SCRIPT}</script>`;
  });
  return { html: moved, scripts };
}
