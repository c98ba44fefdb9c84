import { createHash } from 'node:crypto';

/**
 * Styles for visitors without JavaScript, placed in a <noscript> in the head of the pages that need
 * them: the holiday tabs cannot switch, so every country's trips are listed, each under its own
 * heading. (A card's compare box, hidden without scripts, is the stylesheet's `scripting: none`: a
 * browser too old to know it shows a box that does nothing, where a tab panel here must not stay hidden.)
 */
export const NO_SCRIPT_CSS =
  '.holiday-tabs [role=tablist]{display:none}.holiday-tabs .tab-panel[data-inactive]{display:block}' +
  '.tab-panel-heading{position:static;width:auto;height:auto;margin:2.5rem 0 1rem;overflow:visible;clip-path:none;white-space:normal;font-size:1.5rem}';

/** The CSP hash that lets the browser apply NO_SCRIPT_CSS under the site's hash-based policy. */
export function noScriptCssHash(): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(NO_SCRIPT_CSS).digest('base64')}`;
}

/** The classes NO_SCRIPT_CSS is about: a page without any of them has nothing for it to do. */
const NO_SCRIPT_CLASSES = new Set([...NO_SCRIPT_CSS.matchAll(/\.([a-z][\w-]*)/g)].map((match) => match[1]!));
const NO_SCRIPT_STYLE = `<noscript><style>${NO_SCRIPT_CSS}</style></noscript>`;

/**
 * A built page without its `<noscript>` style when nothing in it has a class the style is about (every
 * page but the holiday tabs'). The style and its CSP hash, 44
 * characters that never compress, once in the page and once in the header, are 0.2 KB of a first
 * response that did nothing; a page that has one of the classes keeps it as it is.
 */
export function withoutIdleNoScriptStyle(html: string): string {
  const at = html.indexOf(NO_SCRIPT_STYLE);
  if (at === -1) return html;
  for (const [, classes = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    if (classes.split(/\s+/).some((name) => NO_SCRIPT_CLASSES.has(name))) return html;
  }
  return html.slice(0, at) + html.slice(at + NO_SCRIPT_STYLE.length);
}
