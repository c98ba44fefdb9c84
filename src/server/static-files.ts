/**
 * The built files (dist/client), indexed once at start-up and served with the precompressed variant
 * the browser accepts: pages, CSS and JS come from memory, so the hot path does no disk I/O and no
 * compression. Anything not in the index (pages drawn per request, the API, unknown paths) is left
 * to Astro's handler.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { TOUCH_FIELD } from '../lib/forms/constants.ts';
import { PRECOMPRESSED, isCompressible, type ContentCoding } from '../lib/precompressed.ts';

export type Coding = ContentCoding | 'identity';

/** Files up to this size (each variant) are kept in memory; larger ones are read from disk per request. */
const IN_MEMORY_MAX_BYTES = 512 * 1024;

/** The types `send` (Astro's static handler) gave these files, so no response changes type. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/vnd.microsoft.icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

interface Variant {
  coding: Coding;
  path: string;
  size: number;
  etag: string;
  /** The bytes, when small enough to keep. */
  body: Buffer | null;
}

interface StaticFile {
  type: string;
  /** Only text formats have compressed variants, and only their answers vary with Accept-Encoding. */
  compressible: boolean;
  lastModified: string;
  /** Seconds since the epoch, as If-Modified-Since can express it. */
  modifiedSeconds: number;
  /** Precompressed variants in order of preference, then identity. */
  variants: Variant[];
  /** A page with an enquiry form: its bytes before and after the empty first-touch field's value. */
  touchSlot: [Buffer, Buffer] | null;
}

/** The enquiry form's first-touch field as LeadForm's server HTML writes it, empty. */
const EMPTY_TOUCH_FIELD = `name="${TOUCH_FIELD}" value=""`;

export interface StaticFiles {
  /** The built pages as URL paths of their files (`/about-us.html`), for the rewrite of other methods. */
  pages: ReadonlySet<string>;
  /**
   * Answers a GET or HEAD for a built file and returns true, or returns false and leaves `res`
   * untouched. `touch`, when given, is written into a page's enquiry form (see sendWithTouch).
   */
  serve(req: IncomingMessage, res: ServerResponse, touch?: string | null): boolean;
}

/**
 * Each coding the header accepts with its weight (RFC 9110, 12.5.3): a coding not named takes the
 * weight of `*`, else is refused; identity not named takes the weight of `*` when given, else stays
 * acceptable at the lowest weight named, so a browser that lists only `br` still gets a page.
 */
function acceptedCodings(header: string | undefined): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((piece) => piece.trim().toLowerCase());
      if (key !== 'q') continue;
      weight = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    named.set(name, Math.max(weight, named.get(name) ?? 0));
  }
  const wildcard = named.get('*');
  const accepted = new Map<string, number>();
  for (const { coding } of PRECOMPRESSED) {
    const weight = named.get(coding) ?? wildcard ?? 0;
    if (weight > 0) accepted.set(coding, weight);
  }
  const lowestNamed = Math.min(1, ...[...named.values()].filter((weight) => weight > 0));
  const identity = named.get('identity') ?? wildcard ?? lowestNamed;
  if (identity > 0) accepted.set('identity', identity);
  return accepted;
}

/**
 * The coding to send among those a file has (in the server's order of preference, identity last):
 * the one the browser weighs highest, br before gzip before identity on a tie. When the browser
 * refuses all of them, identity anyway: RFC 9110 allows it, and a plain page beats a 406.
 */
export function chooseCoding(header: string | undefined, available: readonly Coding[]): Coding {
  const accepted = acceptedCodings(header);
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const coding of available) {
    const weight = accepted.get(coding) ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

/**
 * The byte range a `Range` header asks of a body of `size` bytes: one range, 'unsatisfiable' (416)
 * when it starts past the end, or null to send the whole body (no header, another unit, a
 * malformed value, or several ranges, which may be answered with the full 200).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=\s*(\d*)-(\d*)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** True when an If-None-Match list names this ETag (weak comparison, as the header requires) or is `*`. */
export function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

function isNotModified(req: IncomingMessage, file: StaticFile, variant: Variant): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, variant.etag);
  const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(ifModifiedSince) && file.modifiedSeconds * 1000 <= ifModifiedSince;
}

/** If-Range: the Range applies only while the client's copy (strong ETag or exact date) is current. */
function rangeStillApplies(req: IncomingMessage, file: StaticFile, variant: Variant): boolean {
  const header = req.headers['if-range'];
  if (header === undefined) return true;
  const ifRange = String(header);
  if (ifRange.startsWith('"')) return ifRange === variant.etag;
  return Date.parse(ifRange) === file.modifiedSeconds * 1000;
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  const coding = chooseCoding(
    req.headers['accept-encoding'],
    file.variants.map((variant) => variant.coding),
  );
  const variant = file.variants.find((candidate) => candidate.coding === coding)!;
  if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', variant.etag);
  res.setHeader('Last-Modified', file.lastModified);
  if (isNotModified(req, file, variant)) {
    res.writeHead(304);
    res.end();
    return;
  }
  res.setHeader('Accept-Ranges', 'bytes');
  // A range counts bytes of the variant chosen above, as sent (RFC 9110, 14.1.2).
  const range =
    req.headers.range && rangeStillApplies(req, file, variant) ? requestedRange(req.headers.range, variant.size) : null;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${variant.size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  res.setHeader('Content-Type', file.type);
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  const { start, end } = range ?? { start: 0, end: variant.size - 1 };
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${variant.size}`);
  res.writeHead(range ? 206 : 200, { 'Content-Length': end - start + 1 });
  if (req.method === 'HEAD' || end < start) {
    res.end();
  } else if (variant.body) {
    res.end(range ? variant.body.subarray(start, end + 1) : variant.body);
  } else {
    createReadStream(variant.path, { start, end })
      .on('error', () => res.destroy())
      .pipe(res);
  }
}

/**
 * A form page for a visitor who arrived from another site or with campaign tags: the first touch is
 * written into its form, so a visitor without scripts keeps it. That answer is this request's alone:
 * never stored by a cache, no validators, compressed on the spot (a fast setting: a millisecond or
 * two) since the precompressed files hold the empty field; only these arrivals pay for it.
 */
function sendWithTouch(req: IncomingMessage, res: ServerResponse, file: StaticFile, touch: string): void {
  const [before, after] = file.touchSlot!;
  const value = Buffer.from(`name="${TOUCH_FIELD}" value="${escapeAttribute(touch)}"`);
  const page = Buffer.concat([before, value, after]);
  const coding = chooseCoding(req.headers['accept-encoding'], ['br', 'gzip', 'identity']);
  const body =
    coding === 'br'
      ? brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : coding === 'gzip'
        ? gzipSync(page, { level: 6 })
        : page;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept-Encoding');
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (character) => ENTITIES[character]!);
}

/** The page's bytes around its one empty first-touch field, or null for a page without (or with several). */
function touchSlotOf(urlPath: string, identity: Variant): [Buffer, Buffer] | null {
  if (!urlPath.endsWith('.html') || !identity.body) return null;
  const at = identity.body.indexOf(EMPTY_TOUCH_FIELD);
  if (at === -1 || identity.body.indexOf(EMPTY_TOUCH_FIELD, at + 1) !== -1) return null;
  return [identity.body.subarray(0, at), identity.body.subarray(at + EMPTY_TOUCH_FIELD.length)];
}

/** A path segment `send` refuses (dotfiles), except `/.well-known/`. */
function isHidden(urlPath: string): boolean {
  return urlPath
    .split('/')
    .some((segment, index) => segment.startsWith('.') && !(index === 1 && segment === '.well-known'));
}

function readVariant(coding: Coding, path: string, size: number, hash: string | null): Variant {
  const body = size <= IN_MEMORY_MAX_BYTES ? readFileSync(path) : null;
  const contentHash =
    hash ??
    createHash('sha256')
      .update(body ?? readFileSync(path))
      .digest('base64url')
      .slice(0, 22);
  return { coding, path, size, etag: `"${contentHash}${coding === 'identity' ? '' : `-${coding}`}"`, body };
}

/**
 * Indexes every file under `clientDir` by the URLs that serve it today: its own path, a page without
 * `.html` (`/about-us` is `about-us.html`, also beside an `about-us/` folder), and a folder's
 * `index.html` (`/`). Precompressed siblings older than their source are ignored, never served stale.
 */
export function indexStaticFiles(clientDir: string): StaticFiles {
  const relativePaths = (readdirSync(clientDir, { recursive: true }) as string[])
    .map((path) => `/${path.split('\\').join('/')}`)
    .filter((urlPath) => !isHidden(urlPath));
  const onDisk = new Set(relativePaths);
  const byUrl = new Map<string, StaticFile>();
  for (const urlPath of relativePaths) {
    const source = join(clientDir, urlPath);
    const stats = statSync(source);
    if (!stats.isFile()) continue;
    if (PRECOMPRESSED.some(({ suffix }) => urlPath.endsWith(suffix) && onDisk.has(urlPath.slice(0, -suffix.length))))
      continue;
    const identity = readVariant('identity', source, stats.size, null);
    const compressible = isCompressible(urlPath);
    const variants: Variant[] = [];
    for (const { coding, suffix } of compressible ? PRECOMPRESSED : []) {
      if (!onDisk.has(urlPath + suffix)) continue;
      const sibling = statSync(source + suffix);
      if (sibling.mtimeMs < stats.mtimeMs) continue;
      variants.push(readVariant(coding, source + suffix, sibling.size, identity.etag.slice(1, -1)));
    }
    variants.push(identity);
    byUrl.set(urlPath, {
      type: CONTENT_TYPES[extname(urlPath).toLowerCase()] ?? 'application/octet-stream',
      compressible,
      lastModified: stats.mtime.toUTCString(),
      modifiedSeconds: Math.floor(stats.mtimeMs / 1000),
      variants,
      touchSlot: touchSlotOf(urlPath, identity),
    });
  }
  const pages = new Set([...byUrl.keys()].filter((urlPath) => urlPath.endsWith('.html')));
  // Aliases never replace a real file's own URL; a page file wins over a folder's index, as today.
  for (const page of pages) {
    const file = byUrl.get(page)!;
    if (page === '/index.html') byUrl.set('/', file);
    if (!byUrl.has(page.slice(0, -'.html'.length))) byUrl.set(page.slice(0, -'.html'.length), file);
  }
  for (const page of pages) {
    if (page.endsWith('/index.html') && page !== '/index.html') {
      const folder = page.slice(0, -'/index.html'.length);
      if (!byUrl.has(folder)) byUrl.set(folder, byUrl.get(page)!);
    }
  }
  return {
    pages,
    serve(req, res, touch) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '/';
      const end = url.search(/[?#]/);
      let urlPath = end === -1 ? url : url.slice(0, end);
      try {
        urlPath = decodeURIComponent(urlPath);
      } catch {
        return false;
      }
      const file = byUrl.get(urlPath);
      if (!file) return false;
      if (touch && file.touchSlot) sendWithTouch(req, res, file, touch);
      else sendFile(req, res, file);
      return true;
    },
  };
}
