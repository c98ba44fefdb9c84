import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { RateLimiter, type RateLimited } from './rate-limit.ts';
import type { LeadStore } from './store.ts';

export const SESSION_COOKIE = 'miqat_inbox';
const SESSION_SECONDS = 8 * 60 * 60;
const SECRET_KEY = 'inbox-session-secret';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** A login's answer; once a client has tried too often, how long it must wait, whatever it sends. */
export type LoginResult = 'ok' | 'wrong' | 'off' | RateLimited;

/**
 * The staff inbox's lock: one password from `ADMIN_PASSWORD` (no default; without it the inbox
 * is off), signed session cookies that a password change invalidates, and a login rate limit.
 */
export class InboxAuth {
  private readonly password: string | undefined;
  private readonly store: () => LeadStore;
  private readonly attempts: RateLimiter;

  constructor(password: string | undefined, store: () => LeadStore, loginLimit = 5, windowSeconds = 15 * 60) {
    this.password = password || undefined;
    this.store = store;
    this.attempts = new RateLimiter(store, 'inbox-logins', loginLimit, windowSeconds * 1000);
  }

  get enabled(): boolean {
    return this.password !== undefined;
  }

  /** Signed with a secret kept in the store, so a session opened on one instance works on every other. */
  private async sign(expiresAt: number): Promise<string> {
    const secret = (await this.store().secret(SECRET_KEY)) + (this.password ?? '');
    return createHmac('sha256', secret).update(String(expiresAt)).digest('base64url');
  }

  /** Whether the request carries a valid, unexpired session cookie. */
  async signedIn(request: Request, nowMs = Date.now()): Promise<boolean> {
    if (!this.enabled) return false;
    const [expires, mac] = (readCookie(request.headers.get('cookie'), SESSION_COOKIE) ?? '').split('.');
    const expiresAt = Number(expires);
    if (!mac || !Number.isInteger(expiresAt) || expiresAt * 1000 < nowMs) return false;
    const expected = Buffer.from(await this.sign(expiresAt));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Checks a login, counting the attempt against the client's limit. */
  async login(password: string, client: string, nowMs = Date.now()): Promise<LoginResult> {
    if (!this.password) return 'off';
    const decision = await this.attempts.take(client, nowMs);
    if (!decision.allowed) return decision;
    return timingSafeEqual(digest(password), digest(this.password)) ? 'ok' : 'wrong';
  }

  /** The Set-Cookie value for a new session; Secure whenever the visitor came over https. */
  async sessionCookie(secure: boolean, nowMs = Date.now()): Promise<string> {
    const expiresAt = Math.floor(nowMs / 1000) + SESSION_SECONDS;
    return `${SESSION_COOKIE}=${expiresAt}.${await this.sign(expiresAt)}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}${secure ? '; Secure' : ''}`;
  }

  /** The Set-Cookie value that ends the session. */
  clearCookie(): string {
    return `${SESSION_COOKIE}=; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=0`;
  }
}

/** A same-origin check for the inbox's forms: browsers send Origin on POST, and it must be ours. */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (!origin || !host) return false;
  return URL.canParse(origin) && new URL(origin).host === host;
}
