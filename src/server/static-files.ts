/**
 * The built files (dist/client), indexed once at start-up and served with the precompressed variant
 * the browser accepts. dist/client does not change while the server runs, so each variant's bytes
 * (up to IN_MEMORY_MAX_BYTES), ETag and every header of its answer are worked out here once: a GET
 * costs a map lookup, a remembered choice of coding and one write, with no disk I/O, no compression
 * and no header built per request. A request with another method than GET gets the file as GET would
 * (HEAD without its body), as the adapter's static handler (`send`) answered it. Anything not in the
 * index (pages drawn per request, the API, unknown paths) is left to Astro's handler.
 *
 * The one exception is a page whose published reviews changed (reviews/refresh.ts): `replacePage`
 * puts its new bytes in the index with their brotli and gzip variants, compressed once there, and a
 * new ETag and Last-Modified, under every URL that served the old page. The files on disk stay as built.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import { TOUCH_FIELD } from '../lib/forms/constants.ts';
import { siteHeaders } from './http-policy.ts';
import { PRECOMPRESSED, isCompressible, type ContentCoding } from '../lib/precompressed.ts';

export type Coding = ContentCoding | 'identity';

/** Files up to this size (each variant) are kept in memory; larger ones are read from disk per request. */
const IN_MEMORY_MAX_BYTES = 512 * 1024;

/** The types `send` (the adapter's static handler, once) gave these files, so no response changes type. */
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
  /** The headers of its answers over http (false) or https (true), worked out on first use. */
  answers: (https: boolean) => Answers;
}

interface Answers {
  /** The whole body's answer (200). */
  full: string[];
  /** The answer to a request whose copy is current (304). */
  notModified: string[];
}

interface StaticFile {
  /** The file's own URL: the site's headers follow from it. */
  urlPath: string;
  type: string;
  /** Only text formats have compressed variants, and only their answers vary with Accept-Encoding. */
  compressible: boolean;
  lastModified: string;
  /** Seconds since the epoch, as If-Modified-Since can express it. */
  modifiedSeconds: number;
  /** Precompressed variants in order of preference, then identity. */
  variants: Variant[];
  /** The coding chosen for each Accept-Encoding header seen, shared by files with the same variants. */
  chosen: Map<string, Coding>;
  /** The policy Astro wrote into a built page's meta tag: its hashes are the header's too. */
  pagePolicy: string | undefined;
  /** A page with an enquiry form: its bytes before and after the empty first-touch field's value. */
  touchSlot: [Buffer, Buffer] | null;
}

/** The enquiry form's first-touch field as LeadForm's server HTML writes it, empty. */
const EMPTY_TOUCH_FIELD = `name="${TOUCH_FIELD}" value=""`;
/** Astro's per-page policy, as it writes it into a prerendered page. */
const POLICY_META = '<meta http-equiv="content-security-policy" content="';
/** Accept-Encoding headers remembered per set of variants; browsers send a handful, a stranger any. */
const CHOSEN_MAX = 64;

export interface ServeOptions {
  /** The visitor reached us over https (see servedOverHttps). */
  https?: boolean;
  /**
   * The first touch of a visitor arriving from another site or with campaign tags, asked only for a
   * page with an enquiry form: it is written into the form (see sendWithTouch).
   */
  touch?: (req: IncomingMessage, url: string) => string | null;
}

export interface StaticFiles {
  /** The built pages as URL paths of their files (`/about-us.html`). */
  pages: ReadonlySet<string>;
  /** The policy Astro wrote into a built page (`/404.html`), if any. */
  pagePolicy(urlPath: string): string | undefined;
  /** Answers a request for a built file, whatever its method, and returns true; or returns false and leaves `res` untouched. */
  serve(req: IncomingMessage, res: ServerResponse, options?: ServeOptions): boolean;
  /**
   * Puts what `edit` makes of a page's HTML in its place, compressed as the build does, modified at
   * `modified`; false (the page unchanged) when the page is unknown, kept on disk only, or `edit` gives null.
   */
  replacePage(urlPath: string, edit: (html: string) => string | null, modified?: Date): Promise<boolean>;
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

/** The variant the browser's Accept-Encoding asks for among the file's, chosen once per header. */
function variantFor(req: IncomingMessage, file: StaticFile): Variant {
  if (file.variants.length === 1) return file.variants[0]!;
  const header = req.headers['accept-encoding'] ?? '';
  let coding = file.chosen.get(header);
  if (coding === undefined) {
    coding = chooseCoding(
      header,
      file.variants.map((variant) => variant.coding),
    );
    if (file.chosen.size >= CHOSEN_MAX) file.chosen.clear();
    file.chosen.set(header, coding);
  }
  return file.variants.find((candidate) => candidate.coding === coding)!;
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, https: boolean): void {
  const variant = variantFor(req, file);
  const { headers } = req;
  if (
    (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) &&
    isNotModified(req, file, variant)
  ) {
    res.writeHead(304, variant.answers(https).notModified);
    res.end();
    return;
  }
  // A range counts bytes of the variant chosen above, as sent (RFC 9110, 14.1.2).
  const range =
    headers.range !== undefined && rangeStillApplies(req, file, variant)
      ? requestedRange(headers.range, variant.size)
      : null;
  if (range === 'unsatisfiable') {
    res.writeHead(416, [
      ...answerHeaders(file, variant, https, 416),
      'Accept-Ranges',
      'bytes',
      'Content-Range',
      `bytes */${variant.size}`,
      'Content-Length',
      '0',
    ]);
    res.end();
    return;
  }
  if (range) {
    const { start, end } = range;
    res.writeHead(206, [
      ...answerHeaders(file, variant, https, 206),
      ...bodyHeaders(file, variant),
      'Content-Range',
      `bytes ${start}-${end}/${variant.size}`,
      'Content-Length',
      String(end - start + 1),
    ]);
    sendBody(req, res, variant, start, end);
    return;
  }
  res.writeHead(200, variant.answers(https).full);
  sendBody(req, res, variant, 0, variant.size - 1);
}

function sendBody(req: IncomingMessage, res: ServerResponse, variant: Variant, start: number, end: number): void {
  if (req.method === 'HEAD' || end < start) {
    res.end();
  } else if (variant.body) {
    res.end(start === 0 && end === variant.size - 1 ? variant.body : variant.body.subarray(start, end + 1));
  } else {
    createReadStream(variant.path, { start, end })
      .on('error', () => res.destroy())
      .pipe(res);
  }
}

/** The site's headers for the file's URL, then the validators of the variant. */
function answerHeaders(
  file: Pick<StaticFile, 'urlPath' | 'pagePolicy' | 'compressible' | 'lastModified'>,
  variant: Pick<Read, 'etag'>,
  https: boolean,
  status: number,
): string[] {
  const headers = flat(siteHeaders(file.urlPath, { pagePolicy: file.pagePolicy, https, status }));
  if (file.compressible) headers.push('Vary', 'Accept-Encoding');
  headers.push('ETag', variant.etag, 'Last-Modified', file.lastModified);
  return headers;
}

/** What a body of the variant is. */
function bodyHeaders(file: Pick<StaticFile, 'type'>, variant: Pick<Read, 'coding'>): string[] {
  return [
    'Accept-Ranges',
    'bytes',
    'Content-Type',
    file.type,
    ...(variant.coding === 'identity' ? [] : ['Content-Encoding', variant.coding]),
  ];
}

function flat(headers: Record<string, string>): string[] {
  return Object.entries(headers).flat();
}

/**
 * A form page for a visitor who arrived from another site or with campaign tags: the first touch is
 * written into its form, so a visitor without scripts keeps it. That answer is this request's alone:
 * never stored by a cache, no validators, compressed on the spot (a fast setting: a millisecond or
 * two) since the precompressed files hold the empty field; only these arrivals pay for it.
 */
function sendWithTouch(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  touch: string,
  https: boolean,
): void {
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
  const site = siteHeaders(file.urlPath, { pagePolicy: file.pagePolicy, https });
  res.writeHead(200, [
    ...flat({ ...site, 'Cache-Control': 'no-store' }),
    'Vary',
    'Accept-Encoding',
    ...(coding === 'identity' ? [] : ['Content-Encoding', coding]),
    'Content-Type',
    file.type,
    'Content-Length',
    String(body.length),
  ]);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (character) => ENTITIES[character]!);
}

/** The page's bytes around its one empty first-touch field, or null for a page without (or with several). */
function touchSlotOf(urlPath: string, identity: Read): [Buffer, Buffer] | null {
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

interface Read {
  coding: Coding;
  path: string;
  size: number;
  etag: string;
  body: Buffer | null;
}

function readVariant(coding: Coding, path: string, size: number, hash: string | null): Read {
  const body = size <= IN_MEMORY_MAX_BYTES ? readFileSync(path) : null;
  return heldVariant(coding, path, body ?? readFileSync(path), hash, body !== null);
}

/** A variant from its bytes: its ETag is the identity's content hash, suffixed by its coding. */
function heldVariant(coding: Coding, path: string, bytes: Buffer, hash: string | null, keep: boolean): Read {
  const contentHash = hash ?? createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  const etag = `"${contentHash}${coding === 'identity' ? '' : `-${coding}`}"`;
  return { coding, path, size: bytes.length, etag, body: keep ? bytes : null };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page's variants made from its HTML, compressed as the build compresses
 * (src/integrations/precompress.ts), on libuv's threads: quality 11 takes tens of milliseconds a page,
 * which would otherwise hold up every request.
 */
async function pageReads(path: string, html: Buffer): Promise<Read[]> {
  const identity = heldVariant('identity', path, html, null, true);
  const hash = identity.etag.slice(1, -1);
  const [br, gz] = await Promise.all([
    brotliAsync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipAsync(html, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  const compressed: Record<ContentCoding, Buffer> = { br, gzip: gz };
  return [
    ...PRECOMPRESSED.map(({ coding, suffix }) => heldVariant(coding, path + suffix, compressed[coding], hash, true)),
    identity,
  ];
}

/** An indexed file from its variants (identity last), sharing the remembered codings of files with the same ones. */
function indexedFile(
  urlPath: string,
  reads: Read[],
  modified: Date,
  chosenFor: Map<string, Map<string, Coding>>,
): StaticFile {
  const identity = reads.at(-1)!;
  const codings = reads.map((read) => read.coding).join();
  if (!chosenFor.has(codings)) chosenFor.set(codings, new Map());
  const file = {
    urlPath,
    type: CONTENT_TYPES[extname(urlPath).toLowerCase()] ?? 'application/octet-stream',
    compressible: isCompressible(urlPath),
    lastModified: modified.toUTCString(),
    modifiedSeconds: Math.floor(modified.getTime() / 1000),
    chosen: chosenFor.get(codings)!,
    pagePolicy: pagePolicyOf(urlPath, identity),
    touchSlot: touchSlotOf(urlPath, identity),
  };
  return { ...file, variants: reads.map((read) => withAnswers(file, read)) };
}

/** The policy in a built page's meta tag, or undefined for other files. */
function pagePolicyOf(urlPath: string, identity: Read): string | undefined {
  if (!urlPath.endsWith('.html') || !identity.body) return undefined;
  const at = identity.body.indexOf(POLICY_META);
  if (at === -1) return undefined;
  const start = at + POLICY_META.length;
  return identity.body.toString('utf8', start, identity.body.indexOf('"', start));
}

/**
 * The variant with its answers' headers, worked out on its first request over http or https and
 * kept: worked out for every file at start, they took a quarter of a second of each server's start.
 */
function withAnswers(file: Omit<StaticFile, 'variants'>, read: Read): Variant {
  const kept: { http?: Answers; https?: Answers } = {};
  const answersOver = (https: boolean): Answers => ({
    notModified: answerHeaders(file, read, https, 304),
    full: [...answerHeaders(file, read, https, 200), ...bodyHeaders(file, read), 'Content-Length', String(read.size)],
  });
  return {
    ...read,
    answers: (https) => (https ? (kept.https ??= answersOver(true)) : (kept.http ??= answersOver(false))),
  };
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
  const chosenFor = new Map<string, Map<string, Coding>>();
  for (const urlPath of relativePaths) {
    const source = join(clientDir, urlPath);
    const stats = statSync(source);
    if (!stats.isFile()) continue;
    if (PRECOMPRESSED.some(({ suffix }) => urlPath.endsWith(suffix) && onDisk.has(urlPath.slice(0, -suffix.length))))
      continue;
    const identity = readVariant('identity', source, stats.size, null);
    const compressible = isCompressible(urlPath);
    const reads: Read[] = [];
    for (const { coding, suffix } of compressible ? PRECOMPRESSED : []) {
      if (!onDisk.has(urlPath + suffix)) continue;
      const sibling = statSync(source + suffix);
      if (sibling.mtimeMs < stats.mtimeMs) continue;
      reads.push(readVariant(coding, source + suffix, sibling.size, identity.etag.slice(1, -1)));
    }
    reads.push(identity);
    byUrl.set(urlPath, indexedFile(urlPath, reads, stats.mtime, chosenFor));
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
  // A request's URL as it arrives, for the URLs that need no decoding: most requests skip the parse.
  const byRequestUrl = new Map([...byUrl].filter(([urlPath]) => /^[\w\-./~]*$/.test(urlPath)));
  return {
    pages,
    pagePolicy: (urlPath) => byUrl.get(urlPath)?.pagePolicy,
    serve(req, res, { https = false, touch } = {}) {
      const url = req.url ?? '/';
      const file = byRequestUrl.get(url) ?? fileAt(byUrl, url);
      if (!file) return false;
      const arrival = file.touchSlot && touch ? touch(req, url) : null;
      if (arrival) sendWithTouch(req, res, file, arrival, https);
      else sendFile(req, res, file, https);
      return true;
    },
    async replacePage(urlPath, edit, modified = new Date()) {
      const old = byUrl.get(urlPath);
      const identity = old?.variants.at(-1);
      if (!old || !pages.has(urlPath) || !identity?.body) return false;
      const html = edit(identity.body.toString('utf8'));
      if (html === null) return false;
      const reads = await pageReads(identity.path, Buffer.from(html));
      // Another replacement of this page finished first: the later look wins, never an older one.
      if (byUrl.get(urlPath) !== old) return false;
      const file = indexedFile(urlPath, reads, modified, chosenFor);
      // Every URL that served the old page (`/x.html`, `/x`, a folder) serves the new one.
      for (const index of [byUrl, byRequestUrl])
        for (const [key, value] of index) if (value === old) index.set(key, file);
      return true;
    },
  };
}

/** The file a URL with a query, a fragment or escapes names, if any. */
function fileAt(byUrl: ReadonlyMap<string, StaticFile>, url: string): StaticFile | undefined {
  const end = url.search(/[?#]/);
  try {
    return byUrl.get(decodeURIComponent(end === -1 ? url : url.slice(0, end)));
  } catch {
    return undefined;
  }
}
