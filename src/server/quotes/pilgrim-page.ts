/*
 * The pilgrim's quote page on the server (src/pages/quote/[token].astro): what a link shows, and
 * the three answers its forms post (accept, ask, decline). An answer is taken only from the page:
 *
 * - each client may post `limit` answers on one quote per window (in the store, so instances count
 *   together), counted before anything else is read;
 * - a browser says where a post comes from: `Sec-Fetch-Site` must be same-origin, and `Origin` the
 *   site's own (`SITE_URL`) or `null`, which is what a browser sends from a page whose referrer
 *   policy is no-referrer, as this page's is, so that its link never leaves in a Referer;
 * - every form carries a token the page drew: an HMAC of the link keyed by a secret kept in the
 *   database, which no other site can make. A new link (`reissueLink`) makes new form tokens.
 */
import { createHmac } from 'node:crypto';
import { doneCode, readAnswer, type AnswerKind, type DoneCode, type ReadAnswer } from '../../lib/quotes/answers.ts';
import { ANSWER_FIELDS } from '../../lib/quotes/answers.ts';
import type { PilgrimQuote } from '../../lib/quotes/records.ts';
import { isWellFormedToken } from '../../lib/quotes/token.ts';
import type { LeadStore } from '../leads/store.ts';
import { RateLimiter } from '../leads/rate-limit.ts';
import { sameSecret, tokenHash } from '../secrets.ts';
import { QuoteStore } from './store.ts';

const FORM_SECRET_KEY = 'quote-form-secret';
/** Three forms of a few short fields and a question of 1,000 characters fit many times over. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** A link's page: the quote and the token its forms carry. */
export interface ShownQuote {
  quote: PilgrimQuote;
  formToken: string;
}

type Problems = Extract<ReadAnswer, { ok: false }>;

export type AnswerResult =
  | { kind: 'not-found' }
  | { kind: 'done'; code: DoneCode }
  | { kind: 'refused'; status: 403 | 413 | 415 | 429 | 503; message: string; retryAfter?: number }
  | {
      kind: 'problems';
      shown: ShownQuote;
      answer: AnswerKind | null;
      problems: Problems['problems'];
      values: Problems['values'];
    };

export interface QuotePageOptions {
  /** The site's origin, `SITE_URL`: the only `Origin` a post may name. */
  siteUrl: string;
  /** Answers one client may post on one quote per window. */
  limit: number;
  windowMs: number;
  /** Whether an acceptance or a question is emailed (QuoteStore's `emails`): where SMTP is set up. */
  emails: boolean;
}

const NOT_FROM_PAGE =
  'This answer did not come from your quote page, so nothing was recorded. Please open the link to your quote again and answer there.';
const TOO_MANY =
  'Too many answers from this connection in a short time, so nothing was recorded. Please wait a few minutes or call us.';
const NOT_RECORDED = 'Your answer could not be recorded just now. Please try again in a minute or call us.';

/** The token a quote's forms carry: an HMAC of its link, which only this server can make. */
export function formTokenFor(linkToken: string, secret: string): string {
  return createHmac('sha256', secret).update(`quote-answer:${linkToken}`).digest('base64url');
}

/** Whether a post's headers say a page of this site sent it; a client that is not a browser says nothing and is judged by the form token. */
export function postedFromSite(headers: Headers, siteOrigin: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  const origin = headers.get('origin');
  return origin === null || origin === 'null' || origin === new URL(siteOrigin).origin;
}

/** The form's fields, at most `BODY_LIMIT_BYTES` of them, as a browser posts a form without scripts. */
export async function readForm(request: Request): Promise<Record<string, string> | 413 | 415> {
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

/** The page's reads and the answers it takes, on the store this process has open. */
export class QuotePage {
  private readonly store: () => LeadStore;
  private readonly options: QuotePageOptions;
  private readonly limiter: RateLimiter;

  constructor(store: () => LeadStore, options: QuotePageOptions) {
    this.store = store;
    this.options = options;
    this.limiter = new RateLimiter(store, 'quote-answers', options.limit, options.windowMs);
  }

  private quotes(): QuoteStore {
    return new QuoteStore(this.store().database, { emails: this.options.emails });
  }

  private async formToken(linkToken: string): Promise<string> {
    return formTokenFor(linkToken, await this.store().secret(FORM_SECRET_KEY));
  }

  /** What a link shows: null alike for a malformed, unknown, replaced, withdrawn or erased link. */
  async show(linkToken: string): Promise<ShownQuote | null> {
    const quote = await this.quotes().quoteByToken(linkToken);
    return quote && { quote, formToken: await this.formToken(linkToken) };
  }

  /** Takes one posted answer: refused before anything is read when it is not from the page or too many; recorded once by the store. */
  async answer(
    request: Request,
    linkToken: string,
    client: string,
    today: string,
    now = new Date(),
  ): Promise<AnswerResult> {
    if (!isWellFormedToken(linkToken)) return { kind: 'not-found' };
    try {
      // Per client and quote, so a family sharing one address and answering one quote does not slow another's.
      const decision = await this.limiter.take(`${client} ${tokenHash(linkToken).slice(0, 16)}`, now.getTime());
      if (!decision.allowed)
        return { kind: 'refused', status: 429, message: TOO_MANY, retryAfter: decision.retryAfter };
      if (!postedFromSite(request.headers, this.options.siteUrl)) return refused(403, NOT_FROM_PAGE);
      const fields = await readForm(request);
      if (fields === 413) return refused(413, 'This answer is too long to send. Please shorten it and try again.');
      if (fields === 415) return refused(415, NOT_FROM_PAGE);
      if (!sameSecret(fields[ANSWER_FIELDS.formToken] ?? '', await this.formToken(linkToken))) {
        return refused(403, NOT_FROM_PAGE);
      }
      return await this.record(linkToken, readAnswer(fields), today, now);
    } catch (error) {
      console.error('Could not record an answer to a quote:', error);
      return refused(503, NOT_RECORDED);
    }
  }

  private async record(linkToken: string, read: ReadAnswer, today: string, now: Date): Promise<AnswerResult> {
    if (!read.ok) {
      const shown = await this.show(linkToken);
      if (!shown) return { kind: 'not-found' };
      return { kind: 'problems', shown, answer: read.kind, problems: read.problems, values: read.values };
    }
    const { answer } = read;
    const quotes = this.quotes();
    const { outcome } =
      answer.kind === 'accept'
        ? await quotes.accept(linkToken, answer.version, answer.typedName, today, now)
        : answer.kind === 'ask'
          ? await quotes.ask(linkToken, answer.version, answer.text, now)
          : await quotes.decline(linkToken, answer.version, answer.reason, now);
    // The store's own checks of the text are readAnswer's, so only a quote gone since leaves no code.
    const code = doneCode(answer.kind, outcome);
    return code ? { kind: 'done', code } : { kind: 'not-found' };
  }
}

function refused(status: 403 | 413 | 415 | 503, message: string): AnswerResult {
  return { kind: 'refused', status, message };
}
