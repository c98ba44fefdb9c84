/**
 * The production server: the built files (static-files.ts) and Astro's Node handler (pages drawn per
 * request, the API, the 404 page) wrapped with the www redirect, security headers, cache rules and a
 * plain error page. Run after `astro build`: `node src/server/main.ts` (Node 24 strips the types).
 */
// First: an older Node is told what it needs before anything else loads.
import './node-floor.ts';
import { readFileSync } from 'node:fs';
import compression from 'compression';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverConfig } from './config.ts';
import { DeskAuth } from './desk/auth.ts';
import { PrivacyStore } from './desk/privacy-store.ts';
import { startRetention, startTravellerRetention } from './desk/retention.ts';
import { TravellerStore } from './trips/store.ts';
import { agencyContact } from '../lib/site-contact.ts';
import { answerProbe } from './health.ts';
import {
  SECURITY_HEADERS,
  cacheControlFor,
  servedOverHttps,
  siteHeaders,
  sitePolicyFor,
  withSitePolicy,
  wwwRedirectLocation,
} from './http-policy.ts';
import { requestFirstTouch, serializeFirstTouch } from '../lib/leads/first-touch.ts';
import { leadSettings } from './leads/config.ts';
import { describeStore, openLeadStore } from './leads/open-store.ts';
import { offerLeadStore } from './leads/process-store.ts';
import { describeDeliveries } from './leads/config.ts';
import { workerOptions } from './message-kinds.ts';
import { startDeliveries } from './outbox/worker.ts';
import { GracefulShutdown } from './shutdown.ts';
import { indexStaticFiles } from './static-files.ts';
import { offerRenderKey } from './reviews/render-key.ts';
import { ReviewRefresh, loopbackDraw, loopbackOrigin, startReviewRefresh } from './reviews/refresh.ts';
import { PublishedReviews } from './reviews/published.ts';

/** The adapter's `handler` in middleware mode; its `next` is left out (see respond). */
type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A setting that stops the start is said in one line that names it, without a stack trace around it. */
async function startOrSay<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    console.error(`The server cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

// Every variable is checked before anything is opened: a bad one stops the start, naming it.
const config = await startOrSay(serverConfig);
const distDir = resolve(config.DIST_DIR);
// The adapter's middleware mode (astro.config.ts): its entry starts no server and serves no file.
const entry = (await import(pathToFileURL(resolve(distDir, 'server/entry.mjs')).href)) as { handler: Handler };

const canonicalOrigin = config.SITE_URL;
// Open and migrate the lead store before taking traffic: a file that cannot be written or a database
// that cannot be reached stops the start, not a lead.
const leadConfig = leadSettings(config);
const leadStore = await startOrSay(() => openLeadStore(leadConfig));
offerLeadStore(leadStore);
// Said once, here and not on the sign-in page: how to make the desk's first owner while nobody has an
// account, or that a leftover ADMIN_PASSWORD (which only ever creates that owner) opens nothing.
const deskNotice = await new DeskAuth(() => leadStore, {
  adminPassword: config.ADMIN_PASSWORD,
  trustProxy: 0,
})
  .startNotice()
  .catch(() => undefined);
if (deskNotice) console.warn(deskNotice);
console.log(describeDeliveries(leadConfig));
const deliveries = await startDeliveries(leadStore, leadConfig, workerOptions(leadStore, leadConfig));
const { retentionDays } = leadConfig;
const retention =
  retentionDays === undefined
    ? undefined
    : startRetention(new PrivacyStore(leadStore), retentionDays, (line) => console.log(line));
if (retentionDays !== undefined) console.log(`Retention: leads are erased ${retentionDays} days after they arrive`);
// Travellers' details (health data among them) are never kept for good, whatever the leads' retention.
const travellerRetention = startTravellerRetention(
  new TravellerStore(leadStore.database),
  config.TRAVELLER_RETENTION_DAYS,
  agencyContact.timeZone,
  (line) => console.log(line),
);
// Built files go out as compressed at build time (static-files.ts); what is drawn per request is
// compressed here, with brotli or gzip: the pages are read on phones over mobile networks.
const compress = compression({ threshold: 1024 }) as unknown as (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;
const errorPage = readFileSync(resolve(distDir, 'client/500.html'), 'utf8');
const staticFiles = indexStaticFiles(resolve(distDir, 'client'));
/** Answers Astro draws without a policy of their own (its 404 page, the API) carry the 404 page's hashes. */
const notFoundPolicy = staticFiles.pagePolicy('/404.html');
const errorPolicy = staticFiles.pagePolicy('/500.html');
const wwwHost = `www.${new URL(canonicalOrigin).host}`;

function sendServerError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  console.error('Unhandled server error:', error);
  if (res.headersSent) {
    res.end();
    return;
  }
  // The error may come before any of the site's headers were set, as on a built file's path.
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!res.hasHeader(name)) res.setHeader(name, value);
  const https = servedOverHttps(false, req.headers['x-forwarded-proto'], config.TRUST_PROXY);
  res.writeHead(500, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': sitePolicyFor('/500.html', { pagePolicy: errorPolicy, https }),
  });
  res.end(errorPage);
}

/**
 * Astro passes its headers to writeHead in one object; the site's policy joins its own there, and
 * HTML gets the charset its bytes are in. An error is never cached as immutable, whatever its path.
 * Astro also copies the Response's statusText, which stays "OK" when a page (or a rewrite) sets
 * only its status: the status line then read "404 OK". The standard reason phrase is used instead.
 */
function keepSitePolicy(res: ServerResponse, pathname: string, https: boolean): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const [status] = args;
    if (typeof status === 'number' && typeof args[1] !== 'string') {
      res.statusMessage = http.STATUS_CODES[status] ?? res.statusMessage;
    }
    if (typeof status === 'number' && status >= 400) res.setHeader('Cache-Control', cacheControlFor(pathname, status));
    const last = args.at(-1);
    if (args.length > 1 && last && typeof last === 'object' && !Array.isArray(last)) {
      args[args.length - 1] = withCharset(withSitePolicy(last as OutgoingHttpHeaders, pathname, https));
    }
    return writeHead(...args);
  }) as typeof res.writeHead;
}

/** Astro sends its pages as `text/html`; their bytes and meta tag are UTF-8, and the header says so too. */
function withCharset(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'content-type');
  if (!name || String(headers[name]).trim().toLowerCase() !== 'text/html') return headers;
  return { ...headers, [name]: 'text/html; charset=utf-8' };
}

/** The first touch of a page request from another site or with campaign tags, for its enquiry form; null otherwise. */
function arrivalTouch(req: IncomingMessage, url: string): string | null {
  const referer = req.headers.referer ?? null;
  if (!referer && !url.includes('utm_')) return null;
  const own = [new URL(canonicalOrigin).host, req.headers.host ?? ''];
  const touch = URL.canParse(url, canonicalOrigin)
    ? requestFirstTouch(new URL(url, canonicalOrigin), referer, own)
    : null;
  return touch && serializeFirstTouch(touch);
}

/** The methods the Fetch standard forbids in a Request, which Astro builds for every request it answers. */
const UNDRAWABLE_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** True when the request's URL decodes: one that does not names no file or route, and is answered 400. */
function decodes(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers one request that is not a built file: a probe, the www redirect, or what Astro draws. Its
 * handler is given no `next`, so the adapter (createAppHandler) has Astro answer what matches no route
 * too: its trailing-slash redirect, the desk's guard on an unknown desk path, its 404 page.
 */
async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  // Before the www redirect: a probe addresses the instance, under whatever Host it uses.
  if (await answerProbe(req, res, leadStore, shutdown.stopping)) return;
  const url = req.url ?? '/';
  const redirect = wwwRedirectLocation(req.headers.host, url, canonicalOrigin);
  if (redirect) {
    res.writeHead(301, { Location: redirect, 'Cache-Control': 'public, max-age=86400' });
    res.end();
    return;
  }
  // A path that begins with `//` is still a path: on its own the URL parser reads it as a host.
  const { pathname } = new URL(url.startsWith('/') ? `http://localhost${url}` : url, 'http://localhost');
  const https = servedOverHttps(false, req.headers['x-forwarded-proto'], config.TRUST_PROXY);
  for (const [name, value] of Object.entries(siteHeaders(pathname, { pagePolicy: notFoundPolicy, https })))
    res.setHeader(name, value);
  // A URL that does not decode names no file or route; a method a fetch Request cannot carry (TRACE)
  // reaches nothing Astro draws, which would throw making the Request.
  const refusal = !decodes(url) ? 400 : UNDRAWABLE_METHODS.has(req.method ?? '') ? 501 : undefined;
  if (refusal) {
    res.writeHead(refusal, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': cacheControlFor(pathname, refusal),
    });
    res.end(refusal === 400 ? 'Bad request.' : 'Not implemented.');
    return;
  }
  await new Promise<void>((next) => compress(req, res, next));
  // After compression's own writeHead hook, which turns the object into single setHeader calls.
  keepSitePolicy(res, pathname, https);
  await entry.handler(req, res);
}

/** A built file needs none of respond's work: it is answered from what static-files.ts worked out at start. */
function answerBuiltFile(req: IncomingMessage, res: ServerResponse): boolean {
  const { host } = req.headers;
  if (host !== undefined && host.length === wwwHost.length && host.toLowerCase() === wwwHost) return false;
  const https = servedOverHttps(false, req.headers['x-forwarded-proto'], config.TRUST_PROXY);
  return staticFiles.serve(req, res, { https, touch: arrivalTouch });
}

const server = http.createServer((req, res) => {
  try {
    if (answerBuiltFile(req, res)) return;
  } catch (error) {
    sendServerError(req, res, error);
    return;
  }
  // Node ignores what a request listener returns: an error that escaped it left the request
  // unanswered until the client gave up, and held up a graceful shutdown.
  respond(req, res).catch((error: unknown) => sendServerError(req, res, error));
});

// A form is a few kilobytes: no honest client needs minutes to send one. These bound a client that
// sends its headers or body slowly (or never finishes), so it cannot hold connections open for good.
server.headersTimeout = 15_000;
server.requestTimeout = 30_000;

// Published reviews reach the package pages and the home page in the static index (reviews/refresh.ts).
const publishedReviews = new PublishedReviews(leadStore.database);
const reviewRefresh = new ReviewRefresh({
  fingerprints: () => publishedReviews.publishedFingerprints(),
  draw: loopbackDraw(() => loopbackOrigin(server.address() as AddressInfo), offerRenderKey()),
  pages: staticFiles,
  log: (line) => console.log(line),
});
let reviewLooks: { stop(): Promise<void> } | undefined;

const shutdown = new GracefulShutdown(server, {
  // A retention pass in progress finishes beside the worker's, and the store closes after both.
  worker: {
    stop: async () =>
      void (await Promise.all([retention?.stop(), travellerRetention.stop(), deliveries.stop(), reviewLooks?.stop()])),
  },
  stores: [leadStore],
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  drainMs: config.SHUTDOWN_DRAIN_MS,
});
shutdown.listen();

const { PORT: port, HOST: host } = config;
server.listen(port, host, () => {
  reviewLooks = startReviewRefresh(reviewRefresh, config.REVIEWS_REFRESH_MINUTES, (line) => console.log(line));
  console.log(
    `Serving ${canonicalOrigin} locally on http://${host}:${port}; leads are stored in ${describeStore(leadConfig)}`,
  );
});
