/**
 * What the server adds around Astro's handler: the www redirect, security headers and cache
 * rules. Plain functions of the request so they can be unit-tested without a socket.
 */
import type { OutgoingHttpHeaders } from 'node:http';

/** The 301 target for a request on `www.<canonical host>`, or null when none applies. */
export function wwwRedirectLocation(
  hostHeader: string | undefined,
  url: string,
  canonicalOrigin: string,
): string | null {
  if (!hostHeader) return null;
  const canonicalHost = new URL(canonicalOrigin).host;
  const host = hostHeader.toLowerCase();
  if (host !== `www.${canonicalHost}`) return null;
  return `https://${canonicalHost}${url.startsWith('/') ? url : `/${url}`}`;
}

/**
 * The header policy sits beside the hash-based policy Astro writes into each page's meta tag;
 * browsers enforce both, so scripts and styles stay limited to the hashed ones, while this
 * header adds what a meta tag cannot carry (frame-ancestors).
 */
const policy = (formAction: string) =>
  [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action ${formAction}`,
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
const CONTENT_SECURITY_POLICY = policy("'self'");
/**
 * The desk's "Send by WhatsApp" posts to the lead page, which records it and redirects to wa.me with
 * the message; a browser checks a form's redirect against form-action too.
 */
const DESK_POLICY = policy("'self' https://wa.me");

/** The site's Content-Security-Policy header for a path: the desk's lets a form go on to WhatsApp. */
export function sitePolicyFor(pathname: string): string {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? DESK_POLICY : CONTENT_SECURITY_POLICY;
}

/**
 * On pages drawn per request (the comparison, the package 404) Astro sends its hash-based policy as
 * a header, which would replace the site's header of the same name and drop frame-ancestors and
 * form-action. Browsers enforce every policy they receive, so the response carries both.
 */
export function withSitePolicy(
  headers: OutgoingHttpHeaders,
  sitePolicy: string = CONTENT_SECURITY_POLICY,
): OutgoingHttpHeaders {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'content-security-policy');
  if (!name) return headers;
  const value = headers[name];
  const pagePolicies = (Array.isArray(value) ? value : [String(value)]).filter((page) => page !== sitePolicy);
  const rest = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
  return { ...rest, 'Content-Security-Policy': [sitePolicy, ...pagePolicies] };
}

/** Headers every response carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
};

/**
 * A private link: the pilgrim's quote, whose token is the only key to it (src/pages/quote/[token].astro),
 * and the Hajj alerts' one-click unsubscribe, whose token is in its query (src/pages/hajj/unsubscribe.astro).
 */
function isPrivateLink(pathname: string): boolean {
  return pathname.startsWith('/quote/') || pathname === '/hajj/unsubscribe';
}

/** The lead API, the staff inbox and private links: never cached, never indexed. */
export function isPrivatePath(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') || pathname === '/admin' || pathname.startsWith('/admin/') || isPrivateLink(pathname)
  );
}

/** A private link's page sends no Referer at all, so its token never reaches the sites (or logs) its links lead to. */
export function referrerPolicyFor(pathname: string): string {
  return isPrivateLink(pathname) ? 'no-referrer' : SECURITY_HEADERS['Referrer-Policy']!;
}

/** Cache-Control for a path: hashed build assets are immutable, everything else revalidates. */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (isPrivatePath(pathname)) return 'no-store';
  return 'public, max-age=0, must-revalidate';
}

/**
 * With build.format 'file', `/blog` is `blog.html` beside a `blog/` folder of posts; Astro's
 * static handler would look for `blog/index.html` instead. Given the set of built page paths,
 * returns the URL that serves the page file, or null when the request needs no rewrite.
 */
export function pageFileUrl(url: string, pages: ReadonlySet<string>): string | null {
  const [pathname = '/', query] = url.split('?', 2);
  if (pathname === '/' || pathname.endsWith('/') || /\.[a-z0-9]+$/i.test(pathname)) return null;
  const file = `${pathname}.html`;
  if (!pages.has(file)) return null;
  return query === undefined ? file : `${file}?${query}`;
}
