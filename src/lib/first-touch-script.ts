import { createHash } from 'node:crypto';
import { TOUCH_STORAGE_KEY } from './forms/constants.ts';

/**
 * The public pages' only script before interaction, inline in the head (no file to fetch): on the
 * first page this tab opens on the site, it keeps in sessionStorage the landing path, the referring
 * site's host name (another site only) and the address's campaign tags, each cut short. Nothing is
 * sent anywhere and no cookie is set: the enquiry form reads it when the visitor sends an enquiry
 * (lead-form-state.ts), and the server checks every part again (src/lib/leads/first-touch.ts).
 */
export const FIRST_TOUCH_SCRIPT =
  `try{var s=sessionStorage,k=${JSON.stringify(TOUCH_STORAGE_KEY)};if(!s.getItem(k)){` +
  'var l=location,q=new URLSearchParams(l.search),p=new URLSearchParams({landing:l.pathname.slice(0,200)}),' +
  'r=document.referrer&&new URL(document.referrer).hostname;if(r&&r!=l.hostname)p.set("ref",r.slice(0,100));' +
  '["utm_source","utm_medium","utm_campaign"].forEach(function(n){var v=q.get(n);v&&p.set(n,v.slice(0,100))});' +
  's.setItem(k,p)}}catch(e){}';

/** The CSP hash that lets the browser run FIRST_TOUCH_SCRIPT under the site's hash-based policy. */
export function firstTouchScriptHash(): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(FIRST_TOUCH_SCRIPT).digest('base64')}`;
}
