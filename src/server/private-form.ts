/*
 * The guard every private link's form shares (the quote's answers, the family's travellers, the
 * review), in one order (`privateLinkForm`): a well-formed token, then the post counted per client
 * and link before anything is read (in the store, so instances count together), then the link must
 * open something, then the post must come from a page of this site and is read whole only within a
 * body limit, as a browser posts a form without scripts, then it must carry the form token the page
 * drew (an HMAC of its link); only then are its fields read and stored. Each page says in its own
 * words what was refused. The one-click links (`oneClickLink`) share one shape too.
 *
 * A browser says where a post comes from: `Sec-Fetch-Site` must be same-origin, and `Origin` the
 * site's own (`SITE_URL`) or `null`, which is what a browser sends from a page whose referrer
 * policy is no-referrer, as these pages' is, so that their link never leaves in a Referer.
 *
 * The pages' answers are said here too (`LinkPageAnswer`, `notFound`, `notAllowed`): the quote and
 * trip link (trips/link-page.ts) and the review link (reviews/link-page.ts) answer alike.
 */
import { createHmac } from 'node:crypto';
import type { RateLimiter } from './leads/rate-limit.ts';
import { isWellFormedToken } from '../lib/quotes/token.ts';
import { sameSecret, tokenHash } from './secrets.ts';

/** A few short fields and a text of a couple of thousand characters fit many times over. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** A post refused, in the page's words: before it was read, or (503) when the store could not take it. */
export interface FormRefusal {
  kind: 'refused';
  status: 403 | 413 | 415 | 429 | 503;
  message: string;
  retryAfter?: number;
}

/** What a page says when it refuses a post. */
export interface RefusalWords {
  /** Not from the page (another site, another form, no form token). */
  notFromPage: string;
  tooMany: string;
  tooLong: string;
  /** The store could not take it just now (503). */
  notTaken: string;
}

/** The token a private page's form carries: an HMAC of its link for one `purpose`, which only this server can make. */
export function linkFormToken(purpose: string, linkToken: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${linkToken}`).digest('base64url');
}

/** Whether a post's headers say a page of this site sent it; a client that is not a browser says nothing and is judged by the form token. */
export function postedFromSite(headers: Headers, siteOrigin: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  const origin = headers.get('origin');
  return origin === null || origin === 'null' || origin === new URL(siteOrigin).origin;
}

/** The form's fields, at most `BODY_LIMIT_BYTES` of them, as a browser posts a form without scripts. */
async function readForm(request: Request): Promise<Record<string, string> | 413 | 415> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return 415;
  if (Number(request.headers.get('content-length') ?? 0) > BODY_LIMIT_BYTES) return 413;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (request.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > BODY_LIMIT_BYTES) return 413;
    chunks.push(chunk);
  }
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) fields[name] ??= value;
  return fields;
}

/**
 * Counts one post on a link against its client: the refusal once there were too many. Per client and
 * link, so a family sharing one address and answering one link does not slow another's.
 */
async function countPost(
  limiter: RateLimiter,
  client: string,
  linkToken: string,
  words: RefusalWords,
  now: Date,
): Promise<FormRefusal | undefined> {
  const decision = await limiter.take(`${client} ${tokenHash(linkToken).slice(0, 16)}`, now.getTime());
  return decision.allowed
    ? undefined
    : { kind: 'refused', status: 429, message: words.tooMany, retryAfter: decision.retryAfter };
}

/** A post's fields once it comes from this site's page within the limit; else the refusal. */
async function postedFields(
  request: Request,
  siteUrl: string,
  words: RefusalWords,
): Promise<{ fields: Record<string, string> } | FormRefusal> {
  if (!postedFromSite(request.headers, siteUrl)) return { kind: 'refused', status: 403, message: words.notFromPage };
  const fields = await readForm(request);
  if (fields === 413) return { kind: 'refused', status: 413, message: words.tooLong };
  if (fields === 415) return { kind: 'refused', status: 415, message: words.notFromPage };
  return { fields };
}

/** A private link's form: what it opens, the field its form token is posted in, and how it reads and stores a post. */
export interface PrivateLinkSteps<Link extends { formToken: string }, Read, Done> {
  limiter: RateLimiter;
  /** The site's origin, `SITE_URL`: the only `Origin` a post may name. */
  siteUrl: string;
  words: RefusalWords;
  /** What the log says could not be done when the store fails ("record a review"). */
  failure: string;
  /** What the link opens, with the form token its page drew; null alike for an unknown, used, replaced or erased link. */
  open: (linkToken: string) => Promise<Link | null>;
  /** The posted field that carries the form token. */
  formTokenField: string;
  /** The page's own reading of the fields; undefined when they are not its form's, refused as a post from elsewhere. */
  read: (fields: Record<string, string>, link: Link) => Read | undefined;
  /** Stores what was read, once: the page's own outcome (problems to show again, done, or not found). */
  store: (read: Read, link: Link) => Promise<Done>;
}

/** One post on a private link: the request, the link's token, who posted it (the client's address) and when. */
export interface LinkPost {
  request: Request;
  token: string;
  client: string;
  now: Date;
}

/** What a post on a private link came to: the page's own outcome, a refusal in its words, or the plain 404. */
export type LinkPostResult<Done> = Done | FormRefusal | { kind: 'not-found' };

/**
 * A private link's form with the guard order said once: a malformed token is the plain 404 without
 * a lookup; the post is counted before anything is read; a link that opens nothing (unknown, used,
 * replaced, erased) is the same plain 404, whatever was posted to it; then the post's origin, its
 * type and size, and its form token; only then does the page read the fields and store them. A store
 * that fails is a 503 in the page's words.
 */
export function privateLinkForm<Link extends { formToken: string }, Read, Done>(
  steps: PrivateLinkSteps<Link, Read, Done>,
): (post: LinkPost) => Promise<LinkPostResult<Done>> {
  const { words } = steps;
  return async ({ request, token, client, now }) => {
    if (!isWellFormedToken(token)) return { kind: 'not-found' };
    try {
      const limited = await countPost(steps.limiter, client, token, words, now);
      if (limited) return limited;
      const link = await steps.open(token);
      if (!link) return { kind: 'not-found' };
      const posted = await postedFields(request, steps.siteUrl, words);
      if ('kind' in posted) return posted;
      const { fields } = posted;
      if (!sameSecret(fields[steps.formTokenField] ?? '', link.formToken)) return notFromPage(words);
      const read = steps.read(fields, link);
      if (read === undefined) return notFromPage(words);
      return await steps.store(read, link);
    } catch (error) {
      console.error(`Could not ${steps.failure}:`, error);
      return { kind: 'refused', status: 503, message: words.notTaken };
    }
  };
}

function notFromPage(words: RefusalWords): FormRefusal {
  return { kind: 'refused', status: 403, message: words.notFromPage };
}

/** A private link's answer: a response as it is (404, 405, a client gone), a redirect after a post that worked, or the page. */
export type LinkPageAnswer<Model> =
  { response: Response } | { redirect: string } | { status: number; retryAfter: number | undefined; model: Model };

/** A link that opens nothing: the site's plain 404, as a page that does not exist. */
export const notFound = (): { response: Response } => ({ response: new Response(null, { status: 404 }) });

/** A method a private link does not take. */
export const notAllowed = (): { response: Response } => ({
  response: new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } }),
});

/**
 * A one-click link (RFC 8058: the Hajj alerts' unsubscribe, the trip reminders' opt-out): its token
 * is the only key, as a mail client's one-click POST carries no session and no form token, and
 * turning the mail off is all it can do.
 */
export interface OneClickLink {
  /** Whether the mail the token names is off; undefined for a token that names nothing (malformed, unknown, erased). */
  isOff: (token: string | null) => Promise<boolean | undefined>;
  /** Turns it off: true when this click did, false when it was off already; undefined for a token that names nothing. */
  turnOff: (token: string | null) => Promise<boolean | undefined>;
}

/** What a one-click page shows: whether the mail is off, and whether this click turned it off. */
export type OneClickAnswer = { response: Response } | { off: boolean; justNow: boolean };

/** A one-click link's answer: GET shows the button (or that it is off), POST turns the mail off; a token that names nothing is the plain 404. */
export async function oneClickAnswer(
  method: string,
  token: string | null,
  link: OneClickLink,
): Promise<OneClickAnswer> {
  if (method === 'POST') {
    const justNow = await link.turnOff(token);
    return justNow === undefined ? notFound() : { off: true, justNow };
  }
  if (method !== 'GET' && method !== 'HEAD') return notAllowed();
  const off = await link.isOff(token);
  return off === undefined ? notFound() : { off, justNow: false };
}
