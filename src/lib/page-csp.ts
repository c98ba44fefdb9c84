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
  return withPolicy(html, policy);
}

/** An inline style as Astro writes it, bare: the fonts', a component's, the islands' display rule. */
const BARE_STYLE = /<style>([\s\S]*?)<\/style>/g;

/**
 * Puts a built page's inline styles into one, where the last of them in the head stood, and names
 * that one's hash in the page's policy instead of theirs. Each hash is 44 characters that do not
 * compress, once in the page and once in the header: the two fonts', a component's and the islands'
 * styles made four or five of them, which took the home page and two guides past the 14,600 bytes
 * of a first round trip. Only styles the policy already allows are joined, so the page may apply
 * exactly what it could before; the one in `<noscript>` stays there. Every page's styles are
 * cascade-layer free and the site's stylesheet is all layers, so their order against it is moot.
 */
export function mergeInlineStyles(html: string): string {
  const meta = POLICY_META.exec(html);
  if (!meta) return html;
  const policy = meta[2]!;
  const allowed = (code: string) => policy.includes(hashSource(code));
  const parts = [...html.matchAll(BARE_STYLE)].filter(
    (match) => !html.endsWith('<noscript>', match.index) && allowed(match[1] ?? ''),
  );
  if (parts.length < 2) return html;
  const headEnd = html.indexOf('</head>');
  const place = parts.filter((match) => match.index < headEnd).at(-1) ?? parts.at(-1)!;
  const merged = parts.map((match) => match[1]).join('');
  let out = '';
  let from = 0;
  for (const match of parts) {
    out += html.slice(from, match.index) + (match === place ? `<style>${merged}</style>` : '');
    from = match.index + match[0].length;
  }
  out += html.slice(from);
  return withPolicy(
    out,
    sourcesSwapped(
      policy,
      'style-src',
      parts.map((match) => match[1] ?? ''),
      merged,
    ),
  );
}

/** The page with `policy` in its meta tag. */
function withPolicy(html: string, policy: string): string {
  return html.replace(POLICY_META, (_, start: string, _old: string, end: string) => `${start}${policy}${end}`);
}

/** The policy with the hashes of `parts` taken from `name` and the hash of `joined` added to it. */
function sourcesSwapped(policy: string, name: string, parts: readonly string[], joined: string): string {
  const dropped = new Set(parts.map(hashSource));
  return policy
    .split(';')
    .map((directive) => {
      const [directiveName = '', ...sources] = directive.trim().split(/\s+/);
      if (directiveName !== name) return directive;
      const kept = sources.filter((source) => !dropped.has(source));
      return `${directive.startsWith(' ') ? ' ' : ''}${[name, ...kept, hashSource(joined)].join(' ')}`;
    })
    .join(';');
}

/** The island loader as the build leaves it (src/lib/island-loader.ts), and the head's first bare inline script. */
const LOADER = /<script( data-src="[^"]*")>([\s\S]*?)<\/script>/;
const BARE_SCRIPT = /<script>([\s\S]*?)<\/script>/;

/**
 * Joins the island loader to the head's inline script (the first touch), one hash in place of two
 * (see mergeInlineStyles). The loader only listens: it reads the page on an event or at
 * DOMContentLoaded, so it does the same from the head; the first touch catches its own errors, so
 * the loader after it always runs. Only when the policy allows both.
 */
export function joinIslandLoader(html: string): string {
  const meta = POLICY_META.exec(html);
  const loader = LOADER.exec(html);
  const head = BARE_SCRIPT.exec(html.slice(0, html.indexOf('</head>')));
  if (!meta || !loader || !head) return html;
  const policy = meta[2]!;
  const [headCode = '', loaderCode = ''] = [head[1], loader[2]];
  if (!policy.includes(hashSource(headCode)) || !policy.includes(hashSource(loaderCode))) return html;
  const joined = `${headCode}\n${loaderCode}`;
  const out =
    html.slice(0, head.index) +
    `<script${loader[1]}>${joined}</script>` +
    html.slice(head.index + head[0].length, loader.index) +
    html.slice(loader.index + loader[0].length);
  return withPolicy(out, sourcesSwapped(policy, 'script-src', [headCode, loaderCode], joined));
}
