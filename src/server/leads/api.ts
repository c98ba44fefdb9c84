import { findForm } from '../../lib/forms/definitions.ts';
import { readInterest, splitInterest } from '../../lib/forms/interest.ts';
import { CAPTCHA_TOKEN_FIELD, HONEYPOT_FIELD, LANGUAGE_FIELD, TOUCH_FIELD } from '../../lib/forms/constants.ts';
import { languageOr, type Language } from '../../lib/languages.ts';
import { TOUCH_MAX_LENGTH, parseFirstTouch } from '../../lib/leads/first-touch.ts';
import { validateLead } from '../../lib/forms/schema.ts';
import { answerTextIn } from '../../lib/forms/text-in.ts';
import { wordsFor } from '../../lib/i18n/dictionary.ts';
import { form as english } from '../../lib/i18n/en/form.ts';
import type { FormDef } from '../../lib/forms/types.ts';
import { clientAddress } from './client-address.ts';
import { newChallenge, signChallenge, verifyCaptcha, type CaptchaCheck } from './captcha.ts';
import { deliveriesFor, type LeadApiConfig } from './config.ts';
import { createLeadStore } from './open-store.ts';
import { RateLimiter, type RateLimited } from './rate-limit.ts';
import type { StoredLead } from '../../lib/leads/model.ts';
import type { LeadStore } from './store.ts';
import { visitorEmail } from '../../lib/leads/visitor.ts';

/**
 * What came of one submission, before it is put into words: `outcomeResponse` answers the island's
 * `fetch` with JSON; the page side answers a browser's own post with HTML from the same outcome.
 */
export type SubmitOutcome =
  /** 201 `{id, reference}`; `repeat` when an idempotency key already stood for this lead. */
  | {
      kind: 'stored';
      form: FormDef;
      fields: Record<string, string>;
      /** The language the lead was stored in: its confirmation is said in it. */
      language: Language;
      leadId: string;
      reference: string;
      repeat: boolean;
    }
  /** 200 `{ok: true}`: the honeypot was filled; nothing is kept. */
  | { kind: 'ignored' }
  /** 400 `{errors, reason?}`: field errors keyed by wire name, and why the captcha failed if it did. */
  | {
      kind: 'invalid';
      form: FormDef;
      fields: Record<string, string>;
      errors: Record<string, string>;
      /** The language the form was sent in: its problems are said in it. */
      language: Language;
      captcha?: CaptchaProblem;
      /** The first touch as sent, for a page that shows the form again to carry on. */
      touch?: string;
    }
  /**
   * Any other refusal, `{error: message}`: no such form, too many, too large, wrong encoding,
   * unreadable body or bad Idempotency-Key, or the store failing; `form` and `fields` when known.
   */
  | {
      kind: 'refused';
      status: 400 | 404 | 413 | 415 | 429 | 503;
      message: string;
      headers: Record<string, string>;
      form?: FormDef;
      fields?: Record<string, string>;
      /** Known once the body was read. */
      language?: Language;
      touch?: string;
    };

/** Why a captcha form's sum was not accepted; `missing` means no token came (a browser without scripts). */
export type CaptchaProblem = 'missing' | 'malformed' | 'forged' | 'expired' | 'wrong' | 'reused';

/** A new signed sum: the browser fetches one, the page side prints one in a script-free form. */
export interface IssuedChallenge {
  token: string;
  a: number;
  b: number;
  expiresAt: number;
}

const CONTENT_TYPES = { urlencoded: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;
const CAPTCHA_SECRET_KEY = 'captcha-secret';

class RequestProblem extends Error {
  readonly status: 400 | 413 | 415;

  constructor(status: 400 | 413 | 415, message: string) {
    super(message);
    this.status = status;
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** Reads at most `limit` bytes of the body, refusing a larger one before it is all in memory. */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new RequestProblem(413, `The form is larger than ${limit} bytes.`);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new RequestProblem(413, `The form is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The submitted entries as text, refusing files and repeated names, which no form of ours sends. */
async function readEntries(form: FormDef, request: Request, limit: number): Promise<Record<string, string>> {
  const contentType = request.headers.get('content-type') ?? '';
  const expected = CONTENT_TYPES[form.encoding];
  if (contentType.split(';')[0]!.trim().toLowerCase() !== expected) {
    throw new RequestProblem(415, `This form is sent as ${expected}.`);
  }
  const body = await readBody(request, limit);
  let data: FormData;
  try {
    data = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new RequestProblem(400, 'The form data could not be read.');
  }
  // No prototype: a field named __proto__ must be an ordinary (unknown, refused) field, not a no-op.
  const entries = Object.create(null) as Record<string, string>;
  for (const [name, value] of data) {
    if (typeof value !== 'string') throw new RequestProblem(400, `"${name}" must be text, not a file.`);
    if (Object.hasOwn(entries, name)) throw new RequestProblem(400, `"${name}" was sent more than once.`);
    entries[name] = value;
  }
  return entries;
}

/** The JSON answer to an outcome: the wire behaviour the island and any other client rely on. */
export function outcomeResponse(outcome: SubmitOutcome): Response {
  switch (outcome.kind) {
    case 'stored':
      return json(201, { id: outcome.leadId, reference: outcome.reference });
    case 'ignored':
      return json(200, { ok: true });
    case 'invalid':
      return json(400, { errors: outcome.errors, ...(outcome.captcha ? { reason: outcome.captcha } : {}) });
    case 'refused':
      return json(outcome.status, { error: outcome.message }, outcome.headers);
  }
}

/** A client's retry key: a UUID fits; shorter keys would be guessable, and they are never shown to anyone. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;
const BAD_IDEMPOTENCY_KEY =
  'The Idempotency-Key header must be 16 to 128 letters, digits, hyphens or underscores (a UUID will do).';

const REUSED_IDEMPOTENCY_KEY =
  'This Idempotency-Key was already used for a different enquiry on this form; send this one with a new key.';

// Said once, in the form dictionary, where their translations sit for the answer pages.
const TOO_MANY = english.check.refusals.tooMany;
const NOT_SAVED = english.check.refusals.notSaved;
const NO_CHALLENGE = 'The sum for this form could not be prepared just now. Please try again in a minute or call us.';

/** The lead API: one store, the rate limiters, and what the form and captcha routes call. */
export class LeadApi {
  private storeInstance: LeadStore | undefined;
  private readonly submissions: RateLimiter;
  private readonly challenges: RateLimiter;

  private readonly config: LeadApiConfig;
  private readonly openedStore: () => LeadStore | undefined;

  /** `openedStore` answers a store already open in this process, which is then used instead of a new one. */
  constructor(config: LeadApiConfig, openedStore: () => LeadStore | undefined = () => undefined) {
    this.config = config;
    this.openedStore = openedStore;
    const windowMs = config.rateWindowSeconds * 1000;
    this.submissions = new RateLimiter(() => this.store, 'submissions', config.rateLimit, windowMs);
    // A page asks for a new sum on load and on each refresh, so challenges get more room than submissions.
    this.challenges = new RateLimiter(() => this.store, 'challenges', config.rateLimit * 12, windowMs);
  }

  /** Taken on first use, so that building the site never touches the database. */
  get store(): LeadStore {
    this.storeInstance ??= this.openedStore() ?? createLeadStore(this.config);
    return this.storeInstance;
  }

  /** Who is asking: the socket address, or the address the trusted proxies say they were reached from. */
  client(request: Request, socketAddress: string): string {
    return clientAddress(request.headers.get('x-forwarded-for'), socketAddress, this.config.trustProxy);
  }

  /** A new signed sum, or null when this client has asked for too many; rejects when the store is down. */
  async issueChallenge(client: string, nowMs = Date.now()): Promise<IssuedChallenge | null> {
    const issued = await this.signedChallenge(client, nowMs);
    return 'token' in issued ? issued : null;
  }

  private async signedChallenge(client: string, nowMs: number): Promise<IssuedChallenge | RateLimited> {
    const decision = await this.challenges.take(client, nowMs);
    if (!decision.allowed) return decision;
    const nowSeconds = Math.floor(nowMs / 1000);
    const challenge = newChallenge(nowSeconds, this.config.captchaTtlSeconds);
    await this.store.pruneSpentCaptchas(nowSeconds);
    const token = signChallenge(challenge, await this.store.secret(CAPTCHA_SECRET_KEY));
    return { token, a: challenge.a, b: challenge.b, expiresAt: challenge.expiresAt };
  }

  /** GET /api/captcha: a new signed sum for the browser to show. */
  async challenge(client: string, nowMs = Date.now()): Promise<Response> {
    let issued;
    try {
      issued = await this.signedChallenge(client, nowMs);
    } catch (error) {
      console.error('Could not issue a captcha challenge:', error);
      return json(503, { error: NO_CHALLENGE }, { 'Retry-After': '30' });
    }
    if ('token' in issued) return json(200, issued);
    return json(429, { error: TOO_MANY }, { 'Retry-After': String(issued.retryAfter) });
  }

  /** POST /api/forms/{formId} as JSON: the outcome of `receive`, in words the island reads. */
  async submit(formId: string, request: Request, client: string, nowMs = Date.now()): Promise<Response> {
    return outcomeResponse(await this.receive(formId, request, client, nowMs));
  }

  /**
   * Reads, checks and stores one submission: the lead is in the store before a `stored` outcome.
   * A store that cannot be reached (for the rate limit, the key, the secret or the lead itself)
   * gives the same 503, with the fields so a page can show the form again; nothing is half-stored.
   */
  async receive(formId: string, request: Request, client: string, nowMs = Date.now()): Promise<SubmitOutcome> {
    const form = findForm(formId);
    if (!form) return refused(404, 'There is no form with this address.');
    const read: { fields?: Record<string, string>; touch?: string; language?: Language } = {};
    try {
      return await this.accept(form, request, client, nowMs, read);
    } catch (error) {
      console.error('Could not store a lead:', error);
      return refused(503, NOT_SAVED, { form, ...read });
    }
  }

  /** `receive` once the form is known; `read.fields` is filled as soon as the fields are read. */
  private async accept(
    form: FormDef,
    request: Request,
    client: string,
    nowMs: number,
    read: { fields?: Record<string, string>; touch?: string; language?: Language },
  ): Promise<SubmitOutcome> {
    // A store that cannot count this request fails it once the fields are read, so a page can show them again.
    let unreachable: unknown;
    const decision = await this.submissions.take(client, nowMs).catch((error: unknown) => {
      unreachable = error ?? new Error('The store failed');
      return { allowed: true } as const;
    });
    if (!decision.allowed) {
      return refused(429, TOO_MANY, { form, headers: { 'Retry-After': String(decision.retryAfter) } });
    }

    let entries: Record<string, string>;
    try {
      entries = await readEntries(form, request, this.config.maxBodyBytes);
    } catch (error) {
      if (error instanceof RequestProblem) return refused(error.status, error.message, { form });
      throw error;
    }
    const {
      [CAPTCHA_TOKEN_FIELD]: token,
      [HONEYPOT_FIELD]: honeypot,
      [TOUCH_FIELD]: touch,
      [LANGUAGE_FIELD]: sentLanguage,
      ...rest
    } = entries;
    // A language we do not speak (a page of ours never sends one) is answered in English, as a form
    // without the field is: the enquiry itself is sound, and refusing it would lose it.
    const language = languageOr(sentLanguage);
    read.language = language;
    // The interest list's own questions are read apart: the lead's fields stay exactly the spec's.
    const { fields: sent, interest } = splitInterest(form, rest);
    // The reply-to copy of the email is the definition's to make: a browser without scripts cannot send it.
    const fields = form.replyTo ? { ...sent, [form.replyTo.name]: sent[form.replyTo.from] ?? '' } : sent;
    // What a page showing the form again puts back: the fields and the interest's answers.
    const shown = { ...fields, ...interest };
    read.fields = shown;
    // Kept for a page that shows the form again; one longer than the parser reads is dropped, not cut.
    if (touch && touch.length <= TOUCH_MAX_LENGTH) read.touch = touch;
    if (unreachable !== undefined) throw unreachable;
    // Only bots fill the hidden field; they are told "fine" so they do not adapt, and nothing is kept.
    if (honeypot) return { kind: 'ignored' };

    // A retried send (the answer to the first one was lost) gets the first answer, before its spent captcha is checked.
    const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
    if (idempotencyKey !== undefined) {
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) return refused(400, BAD_IDEMPOTENCY_KEY, { form, fields, language });
      const earlier = await this.store.leadForKey(form.id, idempotencyKey, nowMs);
      // A key reused for different fields is a client bug; answering "stored" would silently drop this enquiry.
      if (earlier && !sameFields(earlier.fields, fields))
        return refused(400, REUSED_IDEMPOTENCY_KEY, { form, fields, language });
      if (earlier) return storedOutcome(form, earlier, true);
    }

    // The problems are said in the page's language, on the server as in the browser.
    const validation = validateLead(form, fields, answerTextIn(form, language));
    const interestRead = readInterest(form, interest, fields, wordsFor(language).form);
    // A browser without scripts never fetched a sum; the page side shows one as an extra step.
    const tokenMissing = form.captcha !== undefined && !token;
    if (!validation.ok || !interestRead.ok) {
      return {
        kind: 'invalid',
        form,
        fields: shown,
        errors: { ...(validation.ok ? {} : validation.errors), ...(interestRead.ok ? {} : interestRead.errors) },
        language,
        ...(tokenMissing ? { captcha: 'missing' } : {}),
        ...(read.touch ? { touch: read.touch } : {}),
      };
    }

    let captcha: { nonce: string; expiresAt: number } | undefined;
    if (form.captcha) {
      const check: CaptchaCheck | { ok: false; reason: 'missing' } = tokenMissing
        ? { ok: false, reason: 'missing' }
        : verifyCaptcha(
            token!,
            fields[form.captcha] ?? '',
            await this.store.secret(CAPTCHA_SECRET_KEY),
            Math.floor(nowMs / 1000),
          );
      if (!check.ok) return captchaRefused(form, shown, language, check.reason, read.touch);
      captcha = { nonce: check.challenge.nonce, expiresAt: check.challenge.expiresAt };
    }

    const stored = await this.store.insertLead(
      {
        formId: form.id,
        fields,
        pageUrl: pageUrlOf(request.headers.get('referer')),
        userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
        language,
        firstTouch: parseFirstTouch(touch, [new URL(this.config.siteUrl).host, request.headers.get('host') ?? '']),
      },
      {
        captcha,
        now: new Date(nowMs),
        deliveries: deliveriesFor(form.id, this.config),
        idempotencyKey,
        acknowledgeTo: this.config.acknowledge ? visitorEmail(form, fields) : undefined,
        ...(form.interest ? { interest: interestRead.answer } : {}),
      },
    );
    if (!stored) return captchaRefused(form, shown, language, 'reused', read.touch);
    return storedOutcome(form, stored, stored.repeat === true);
  }
}

/** The page a lead was sent from, as stored: a Referer that is not an absolute URL is the client's noise and is left out. */
function pageUrlOf(referer: string | null): string | null {
  return referer && URL.canParse(referer, 'http://localhost') ? referer.slice(0, 2000) : null;
}

function refused(
  status: Extract<SubmitOutcome, { kind: 'refused' }>['status'],
  message: string,
  extra: {
    form?: FormDef;
    fields?: Record<string, string>;
    headers?: Record<string, string>;
    language?: Language;
  } = {},
): SubmitOutcome {
  return { kind: 'refused', status, message, headers: extra.headers ?? {}, ...extra };
}

function sameFields(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

function storedOutcome(form: FormDef, lead: StoredLead, repeat: boolean): SubmitOutcome {
  return {
    kind: 'stored',
    form,
    fields: lead.fields,
    language: lead.language,
    leadId: lead.id,
    reference: lead.reference,
    repeat,
  };
}

function captchaRefused(
  form: FormDef,
  fields: Record<string, string>,
  language: Language,
  reason: CaptchaProblem,
  touch: string | undefined,
): SubmitOutcome {
  const errors = { [form.captcha!]: answerTextIn(form, language).captcha.invalid };
  return { kind: 'invalid', form, fields, errors, language, captcha: reason, ...(touch ? { touch } : {}) };
}
