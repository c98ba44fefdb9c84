/**
 * What the server adds around Astro's handler and to each built file: the www redirect, security
 * headers and cache rules. Plain functions of the request so they can be unit-tested without a socket.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { API_PATHS, DESK_PATHS, PRIVATE_LINKS, matchesAny } from '../lib/private-paths.ts';
import type { TrustedProxies } from './config.ts';

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
 * The directives of the header policy besides scripts and styles. A meta tag cannot carry
 * frame-ancestors, and form-action and base-uri are the header's to say for every page. Fonts and
 * fetches are default-src's 'self' (a fetch directive left out falls back to it): naming them again
 * was 37 bytes of every answer's headers, which never compress.
 */
const siteDirectives = (formAction: string) => [
  "default-src 'self'",
  "img-src 'self' data:",
  `form-action ${formAction}`,
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
];
/** Fetch directives that a browser, when they are left out, reads straight from default-src. */
const FETCH = /^(?:connect|font|img|manifest|media)-src$/;
/** Scripts and styles with no page policy to name their hashes: files only, no inline code at all. */
const NO_INLINE_CODE = { 'script-src': "'self' 'wasm-unsafe-eval'", 'style-src': "'self'" } as const;

/** The sources a page's own policy (Astro's meta tag or header) gives each directive. */
function directivesOf(policy: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources.join(' '));
  }
  return directives;
}

/** How the policy is drawn for one answer. */
export interface PolicyOptions {
  /**
   * The policy Astro wrote for this page (its meta tag, or its header on a page drawn per request):
   * its hashes are the only inline scripts and styles the header allows.
   */
  pagePolicy?: string | undefined;
  /** The visitor reached us over https: the browser is asked to fetch nothing over plain http. */
  https?: boolean;
}

/**
 * The site's Content-Security-Policy header for a path. Scripts and styles are the page's own hashes
 * (Astro's per-page policy), never 'unsafe-inline': the header is as strict as the meta tag. The
 * desk's form-action lets "Send by WhatsApp" post to the lead page, which records it and redirects
 * to wa.me with the message (a browser checks a form's redirect against form-action too).
 */
export function sitePolicyFor(pathname: string, { pagePolicy, https = false }: PolicyOptions = {}): string {
  const formAction = isDeskPath(pathname) ? "'self' https://wa.me" : "'self'";
  const page = directivesOf(pagePolicy ?? '');
  const site = siteDirectives(formAction);
  const named = new Set(site.map((directive) => directive.split(' ')[0]));
  const code = (['script-src', 'style-src'] as const).map(
    (name) => `${name} ${page.get(name) ?? NO_INLINE_CODE[name]}`,
  );
  // Whatever else the page's policy says is kept, so the header is never looser than the tag; a
  // fetch directive that says only default-src's 'self' (Astro's font-src) is default-src already.
  const more = [...page].filter(
    ([name, sources]) => !named.has(name) && !(name in NO_INLINE_CODE) && !(FETCH.test(name) && sources === "'self'"),
  );
  return [
    site[0],
    ...code,
    ...site.slice(1),
    ...more.map(([name, sources]) => `${name} ${sources}`.trim()),
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

function isDeskPath(pathname: string): boolean {
  return matchesAny(DESK_PATHS, pathname);
}

/**
 * On pages drawn per request (the comparison, the package 404, the desk) Astro sends its hash-based
 * policy as a header. It becomes the site's policy with that page's hashes: one header, as strict
 * as Astro's, with frame-ancestors and form-action besides.
 */
export function withSitePolicy(headers: OutgoingHttpHeaders, pathname: string, https = false): OutgoingHttpHeaders {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'content-security-policy');
  if (!name) return headers;
  const value = headers[name];
  const pagePolicy = (Array.isArray(value) ? value : [String(value)]).join('; ');
  const rest = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
  return { ...rest, 'Content-Security-Policy': sitePolicyFor(pathname, { pagePolicy, https }) };
}

/**
 * Headers every response carries (the Content-Security-Policy here is the one for a file with no
 * page policy). Following the OWASP Secure Headers Project: no other site may open this one in a
 * window it keeps a handle on (COOP), embed its files (CORP: crawlers that fetch the share image are
 * not browsers and ignore it), or read it from Flash or PDF; and no page may use a device or API
 * the site never asks for. The desk copies a quote's link, so clipboard-write stays for the site;
 * clipboard-read, which asks the visitor each time, keeps its default. The list holds only features
 * Chromium knows on every platform: an unknown one (bluetooth and web-share on Linux) is an error
 * in its console.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': [
    'accelerometer=()',
    'autoplay=()',
    'camera=()',
    'clipboard-write=(self)',
    'display-capture=()',
    'encrypted-media=()',
    'fullscreen=()',
    'gamepad=()',
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'idle-detection=()',
    'local-fonts=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    'payment=()',
    'picture-in-picture=()',
    'publickey-credentials-get=()',
    'screen-wake-lock=()',
    'serial=()',
    'usb=()',
    'xr-spatial-tracking=()',
  ].join(', '),
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'Content-Security-Policy': sitePolicyFor('/'),
};

/** A private link, whose token is its only key (PRIVATE_LINKS in src/lib/private-paths.ts). */
function isPrivateLink(pathname: string): boolean {
  return matchesAny(PRIVATE_LINKS, pathname);
}

/** The lead API, the lead desk and private links: never cached, never indexed. */
export function isPrivatePath(pathname: string): boolean {
  return matchesAny(API_PATHS, pathname) || isDeskPath(pathname) || isPrivateLink(pathname);
}

/**
 * A private link's page sends no Referer at all, so its token never reaches the sites (or logs) its
 * links lead to. The desk's pages tell other sites nothing, not even that a visitor came from the
 * desk; within the site a Referer still goes (and with it the Origin its forms are checked by).
 */
export function referrerPolicyFor(pathname: string): string {
  if (isPrivateLink(pathname)) return 'no-referrer';
  return isDeskPath(pathname) ? 'same-origin' : SECURITY_HEADERS['Referrer-Policy']!;
}

/** Content-hashed build files: Astro's assets, and Pagefind's index chunks, fragments and metadata. */
function isContentHashed(pathname: string): boolean {
  return (
    pathname.startsWith('/_astro/') ||
    /^\/pagefind\/(?:(?:fragment|index|filter)\/[^/]+|pagefind\.[^/]+\.pf_meta)$/.test(pathname)
  );
}

/**
 * Cache-Control for an answer: hashed build files are immutable, everything else revalidates. An
 * error is never immutable: a 404 for an asset a deploy has not yet brought would be kept a year.
 */
export function cacheControlFor(pathname: string, status = 200): string {
  if (status < 400 && isContentHashed(pathname)) return 'public, max-age=31536000, immutable';
  if (isPrivatePath(pathname)) return 'no-store';
  return 'public, max-age=0, must-revalidate';
}

/** The site's headers for an answer on a path, besides those of the body itself. */
export function siteHeaders(
  pathname: string,
  options: PolicyOptions & { status?: number } = {},
): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    'Content-Security-Policy': sitePolicyFor(pathname, options),
    'Referrer-Policy': referrerPolicyFor(pathname),
    'Cache-Control': cacheControlFor(pathname, options.status),
    ...(isPrivatePath(pathname) ? { 'X-Robots-Tag': 'noindex, nofollow' } : {}),
  };
}

/**
 * Whether the visitor reached us over https: on a TLS socket, or per `X-Forwarded-Proto` from a
 * proxy the operator declared with `TRUST_PROXY` (anyone else could write that header).
 */
export function servedOverHttps(
  encrypted: boolean,
  forwardedProto: string | string[] | undefined,
  trustProxy: TrustedProxies,
): boolean {
  if (encrypted) return true;
  if (forwardedProto === undefined || (typeof trustProxy === 'number' ? trustProxy <= 0 : trustProxy.length === 0))
    return false;
  const first = String(forwardedProto).split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}
