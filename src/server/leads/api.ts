import { findForm } from '../../lib/forms/definitions.ts';
import { CAPTCHA_TOKEN_FIELD, HONEYPOT_FIELD, INVALID_CAPTCHA, validateLead } from '../../lib/forms/schema.ts';
import type { FormDef } from '../../lib/forms/types.ts';
import { newChallenge, signChallenge, verifyCaptcha } from './captcha.ts';
import { deliveriesFor, type LeadApiConfig } from './config.ts';
import { RateLimiter } from './rate-limit.ts';
import { LeadStore } from './store.ts';

const CONTENT_TYPES = { urlencoded: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;
const CAPTCHA_SECRET_KEY = 'captcha-secret';

class RequestProblem extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
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

/** The lead API: one store, one rate limiter, and the two request handlers the routes call. */
export class LeadApi {
  private storeInstance: LeadStore | undefined;
  private readonly submissions: RateLimiter;
  private readonly challenges: RateLimiter;

  private readonly config: LeadApiConfig;

  constructor(config: LeadApiConfig) {
    this.config = config;
    this.submissions = new RateLimiter(config.rateLimit, config.rateWindowSeconds * 1000);
    // A page asks for a new sum on load and on each refresh, so challenges get more room than submissions.
    this.challenges = new RateLimiter(config.rateLimit * 12, config.rateWindowSeconds * 1000);
  }

  /** Opened on first use so that building the site never touches the database. */
  get store(): LeadStore {
    this.storeInstance ??= new LeadStore(this.config.dbPath);
    return this.storeInstance;
  }

  /** Who is asking: the socket address, or the first forwarded address behind a trusted proxy. */
  client(request: Request, socketAddress: string): string {
    const forwarded = request.headers.get('x-forwarded-for');
    return this.config.trustProxy && forwarded ? forwarded.split(',')[0]!.trim() : socketAddress;
  }

  /** GET /api/captcha: a new signed sum for the browser to show. */
  challenge(client: string, nowMs = Date.now()): Response {
    if (!this.challenges.allow(client, nowMs)) return this.tooMany(this.challenges, client, nowMs);
    const nowSeconds = Math.floor(nowMs / 1000);
    const challenge = newChallenge(nowSeconds, this.config.captchaTtlSeconds);
    this.store.pruneSpentCaptchas(nowSeconds);
    const token = signChallenge(challenge, this.store.secret(CAPTCHA_SECRET_KEY));
    return json(200, { token, a: challenge.a, b: challenge.b, expiresAt: challenge.expiresAt });
  }

  /** POST /api/forms/{formId}: validates, checks the captcha and stores the lead before answering 201. */
  async submit(formId: string, request: Request, client: string, nowMs = Date.now()): Promise<Response> {
    const form = findForm(formId);
    if (!form) return json(404, { error: 'There is no form with this address.' });
    if (!this.submissions.allow(client, nowMs)) return this.tooMany(this.submissions, client, nowMs);

    let entries: Record<string, string>;
    try {
      entries = await readEntries(form, request, this.config.maxBodyBytes);
    } catch (error) {
      if (error instanceof RequestProblem) return json(error.status, { error: error.message });
      throw error;
    }
    const { [CAPTCHA_TOKEN_FIELD]: token, [HONEYPOT_FIELD]: honeypot, ...fields } = entries;
    // Only bots fill the hidden field; they are told "fine" so they do not adapt, and nothing is kept.
    if (honeypot) return json(200, { ok: true });

    const validation = validateLead(form, fields);
    if (!validation.ok) return json(400, { errors: validation.errors });

    let captcha: { nonce: string; expiresAt: number } | undefined;
    if (form.captcha) {
      const check = verifyCaptcha(
        token ?? '',
        fields[form.captcha] ?? '',
        this.store.secret(CAPTCHA_SECRET_KEY),
        Math.floor(nowMs / 1000),
      );
      if (!check.ok) return json(400, { errors: { [form.captcha]: INVALID_CAPTCHA }, reason: check.reason });
      captcha = { nonce: check.challenge.nonce, expiresAt: check.challenge.expiresAt };
    }

    let stored;
    try {
      stored = this.store.insertLead(
        {
          formId: form.id,
          fields,
          pageUrl: request.headers.get('referer')?.slice(0, 2000) ?? null,
          userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
        },
        captcha,
        new Date(nowMs),
        deliveriesFor(form.id, this.config),
      );
    } catch (error) {
      console.error('Could not store a lead:', error);
      return json(503, { error: 'Your enquiry could not be saved. Please try again or call us.' });
    }
    if (!stored) return json(400, { errors: { [form.captcha!]: INVALID_CAPTCHA }, reason: 'reused' });
    return json(201, { id: stored.id });
  }

  private tooMany(limiter: RateLimiter, client: string, nowMs: number): Response {
    return json(
      429,
      { error: 'Too many submissions from this connection. Please wait a few minutes or call us.' },
      { 'Retry-After': String(limiter.retryAfter(client, nowMs)) },
    );
  }
}
