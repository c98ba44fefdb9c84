/*
 * The pilgrim's quote page on the server (src/pages/quote/[token].astro): what a link shows, and
 * the three answers its forms post (accept, ask, decline). An answer is taken only from the page,
 * through the private links' one guard (src/server/private-form.ts: `limit` answers per client and
 * quote per window, a link that opens a quote, from this site, within the body limit), and each
 * form carries a token the page
 * drew: an HMAC of the link keyed by a secret kept in the database, which no other site can make. A
 * new link (`reissueLink`) makes new form tokens.
 */
import { doneCode, readAnswer, type AnswerKind, type DoneCode, type ReadAnswer } from '../../lib/quotes/answers.ts';
import { ANSWER_FIELDS } from '../../lib/quotes/answers.ts';
import type { PilgrimQuote } from '../../lib/quotes/records.ts';
import type { LeadStore } from '../leads/store.ts';
import { RateLimiter } from '../leads/rate-limit.ts';
import { linkFormToken, privateLinkForm, type FormRefusal, type RefusalWords } from '../private-form.ts';
import { QuoteStore } from './store.ts';

const FORM_SECRET_KEY = 'quote-form-secret';

/** A link's page: the quote and the token its forms carry. */
export interface ShownQuote {
  quote: PilgrimQuote;
  formToken: string;
}

type Problems = Extract<ReadAnswer, { ok: false }>;

export type AnswerResult =
  | { kind: 'not-found' }
  | { kind: 'done'; code: DoneCode }
  | FormRefusal
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

const WORDS: RefusalWords = {
  notFromPage:
    'This answer did not come from your quote page, so nothing was recorded. Please open the link to your quote again and answer there.',
  tooMany:
    'Too many answers from this connection in a short time, so nothing was recorded. Please wait a few minutes or call us.',
  tooLong: 'This answer is too long to send. Please shorten it and try again.',
  notTaken: 'Your answer could not be recorded just now. Please try again in a minute or call us.',
};

/** The token a quote's forms carry: an HMAC of its link, which only this server can make. */
export function formTokenFor(linkToken: string, secret: string): string {
  return linkFormToken('quote-answer', linkToken, secret);
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

  /** Takes one posted answer through the private links' guard (src/server/private-form.ts); recorded once by the store. */
  async answer(
    request: Request,
    linkToken: string,
    client: string,
    today: string,
    now = new Date(),
  ): Promise<AnswerResult> {
    const post = privateLinkForm({
      limiter: this.limiter,
      siteUrl: this.options.siteUrl,
      words: WORDS,
      failure: 'record an answer to a quote',
      open: (token) => this.show(token),
      formTokenField: ANSWER_FIELDS.formToken,
      read: (fields) => readAnswer(fields),
      store: (read, shown) => this.record(linkToken, shown, read, today, now),
    });
    return post({ request, token: linkToken, client, now });
  }

  private async record(
    linkToken: string,
    shown: ShownQuote,
    read: ReadAnswer,
    today: string,
    now: Date,
  ): Promise<AnswerResult> {
    if (!read.ok) {
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
