import { createHash } from 'node:crypto';

const POLICY_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
/** An inline script or style: no `src`, and not data (JSON-LD is never run, so needs no hash). */
const INLINE_CODE =
  /<(script|style)\b(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/\1>/gi;

/** The CSP source for a piece of inline code, as the browser computes it. */
function hashSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
}

/**
 * Astro's policy in each page lists the hash of every inline script and style the whole site may
 * use (each hydration directive, the island runtime, every component's style): 19 or 20 hashes, a
 * kilobyte of text that does not compress, where a page holds 7 or 8. Keeping only the hashes of the
 * code this page carries makes the page 0.4 KB lighter (brotli) and its policy stricter: code that
 * belongs to another page no longer runs here.
 */
export function keepOwnHashes(html: string): string {
  const meta = POLICY_META.exec(html);
  if (!meta) return html;
  const own = new Set([...html.matchAll(INLINE_CODE)].map((match) => hashSource(match[2] ?? '')));
  const policy = meta[2]!.replace(/ 'sha256-[A-Za-z0-9+/=]+'/g, (source) => (own.has(source.trim()) ? source : ''));
  return html.replace(POLICY_META, (_, start: string, _old: string, end: string) => `${start}${policy}${end}`);
}
