import { createHash } from 'node:crypto';

/**
 * Styles for visitors without JavaScript, placed in a <noscript> in every page's head: the holiday
 * tabs cannot switch, so every country's trips are listed, each under its own heading; a card's
 * compare box needs the tray, so it is hidden (the finder's list is a form and keeps its boxes).
 */
export const NO_SCRIPT_CSS =
  '.compare-pick[data-needs-script]{display:none}' +
  '.holiday-tabs [role=tablist]{display:none}.holiday-tabs .tab-panel[data-inactive]{display:block}' +
  '.tab-panel-heading{position:static;width:auto;height:auto;margin:2.5rem 0 1rem;overflow:visible;clip-path:none;white-space:normal;font-size:1.5rem}';

/** The CSP hash that lets the browser apply NO_SCRIPT_CSS under the site's hash-based policy. */
export function noScriptCssHash(): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(NO_SCRIPT_CSS).digest('base64')}`;
}
