/*
 * The guard every private link's form shares (the quote's answers, the family's travellers, the
 * review): a post is counted per client and link before anything is read (in the store, so
 * instances count together), must come from a page of this site, and is read whole only within a
 * body limit, as a browser posts a form without scripts. Each page then checks the form token it
 * drew (an HMAC of its link) and says in its own words what was refused.
 *
 * A browser says where a post comes from: `Sec-Fetch-Site` must be same-origin, and `Origin` the
 * site's own (`SITE_URL`) or `null`, which is what a browser sends from a page whose referrer
 * policy is no-referrer, as these pages' is, so that their link never leaves in a Referer.
 *
 * The pages' answers are said here too (`LinkPageAnswer`, `notFound`, `notAllowed`): the quote and
 * trip link (trips/link-page.ts) and the review link (reviews/form-page.ts) answer alike.
 */
import { createHmac } from 'node:crypto';
import type { RateLimiter } from './leads/rate-limit.ts';
import { tokenHash } from './secrets.ts';

/** A few short fields and a text of a couple of thousand characters fit many times over. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** A post refused before it was read, in the page's words. */
export interface FormRefusal {
  kind: 'refused';
  status: 403 | 413 | 415 | 429;
  message: string;
  retryAfter?: number;
}

/** What a page says when it refuses a post. */
export interface RefusalWords {
  /** Not from the page (another site, another form, no form token). */
  notFromPage: string;
  tooMany: string;
  tooLong: string;
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
export async function countPost(
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
export async function postedFields(
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

/** A private link's answer: a response as it is (404, 405, a client gone), a redirect after a post that worked, or the page. */
export type LinkPageAnswer<Model> =
  { response: Response } | { redirect: string } | { status: number; retryAfter: number | undefined; model: Model };

/** A link that opens nothing: the site's plain 404, as a page that does not exist. */
export const notFound = (): { response: Response } => ({ response: new Response(null, { status: 404 }) });

/** A method a private link does not take. */
export const notAllowed = (): { response: Response } => ({
  response: new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } }),
});
