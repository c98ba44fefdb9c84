/**
 * The desk's lock: sign-in with throttles per account and per address, server-side sessions (the
 * browser holds a random token, the database only its SHA-256), a CSRF token per session, and the
 * one way `ADMIN_PASSWORD` still opens the desk: creating the first owner.
 */
import { randomBytes } from 'node:crypto';
import { servedOverHttps } from '../http-policy.ts';
import type { TrustedProxies } from '../config.ts';
import type { LeadStore } from '../leads/store.ts';
import { sameSecret, tokenHash } from '../secrets.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { emailProblem, normalEmail, StaffStore } from './staff-store.ts';
import type { StaffMember, StaffSession } from '../../lib/desk/model.ts';

export const SESSION_COOKIE = 'miqat_desk';
const SESSION_MS = 8 * 60 * 60 * 1000;
const ADMIN_PASSWORD_IGNORED = 'ADMIN_PASSWORD is ignored: staff accounts exist. Remove it from the environment.';
/** The command that makes the desk's first owner, said in the server's start log (never to the public). */
const FIRST_OWNER_HELP = 'npm run staff -- add you@example.com --role owner';

const ACCOUNT_BUCKET = 'desk-sign-in-account';
const ADDRESS_BUCKET = 'desk-sign-in-address';

export interface DeskAuthOptions {
  /** Opens the desk to create the first owner, and only while no staff account exists. */
  adminPassword?: string | undefined;
  /** Whether `X-Forwarded-Proto` may be believed (src/server/leads/client-address.ts). */
  trustProxy: TrustedProxies;
  /** Failed sign-ins one account may take per window; a success clears its count. */
  accountLimit?: number;
  /** Failed sign-ins one address may take per window, whatever accounts it tries. */
  addressLimit?: number;
  windowMs?: number;
}

export type SignInResult =
  | { outcome: 'signed-in'; token: string; session: StaffSession }
  | { outcome: 'wrong' }
  | { outcome: 'limited'; retryAfter: number }
  /** The first owner's email, when ADMIN_PASSWORD would create them, is not a plain address. */
  | { outcome: 'bad-email'; message: string }
  /** Nobody has an account and ADMIN_PASSWORD is not set: the staff script must add the first owner. */
  | { outcome: 'no-staff' };

/** Whom the sign-in page can serve: staff, the first owner by ADMIN_PASSWORD, or nobody yet. */
export type DeskSetup = 'staff' | 'first-owner' | 'no-staff';

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether the visitor reached us over https. `X-Forwarded-Proto` is anyone's to write, so it counts
 * only behind a proxy the operator declared with `TRUST_PROXY`.
 */
export function isHttps(request: Request, trustProxy: TrustedProxies): boolean {
  const forwarded = request.headers.get('x-forwarded-proto') ?? undefined;
  return servedOverHttps(new URL(request.url).protocol === 'https:', forwarded, trustProxy);
}

/** Whether a form post comes from a page of this site: a browser always says where from in `Origin`. */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  return origin !== null && URL.canParse(origin) && new URL(origin).host === new URL(request.url).host;
}

/** A foreign `Origin`; a post without one (not a browser) is judged by its CSRF token alone. */
export function foreignOrigin(request: Request): boolean {
  return request.headers.get('origin') !== null && !sameOrigin(request);
}

/** Where to go after signing in: a desk path of this site, never another site (`//evil.example`). */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || next.includes('\\')) return undefined;
  return next.startsWith('/admin/sign-in') ? undefined : next;
}

export class DeskAuth {
  private readonly store: () => LeadStore;
  private readonly adminPassword: string | undefined;
  readonly trustProxy: TrustedProxies;
  private readonly accountLimit: number;
  private readonly addressLimit: number;
  private readonly windowMs: number;
  /** Checked against when the account does not exist, so a wrong email takes as long as a wrong password. */
  private decoy: Promise<string> | undefined;

  constructor(store: () => LeadStore, options: DeskAuthOptions) {
    this.store = store;
    this.adminPassword = options.adminPassword || undefined;
    this.trustProxy = options.trustProxy;
    this.accountLimit = options.accountLimit ?? 10;
    this.addressLimit = options.addressLimit ?? 20;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
  }

  /** The staff accounts and sessions, on the store this process has open. */
  staff(): StaffStore {
    return new StaffStore(this.store().database);
  }

  /** Who can sign in now; rejects when the store cannot be reached. */
  async setup(): Promise<DeskSetup> {
    if ((await this.staff().countStaff()) > 0) return 'staff';
    return this.adminPassword ? 'first-owner' : 'no-staff';
  }

  /**
   * The line the server logs at start about the desk's accounts: how to make the first owner while
   * nobody has an account (the sign-in page tells a visitor nothing of it), and that a leftover
   * ADMIN_PASSWORD opens nothing once someone has.
   */
  async startNotice(): Promise<string | undefined> {
    const setup = await this.setup();
    if (setup === 'no-staff')
      return `No staff account exists yet: make the desk's first owner on this server with "${FIRST_OWNER_HELP}", then sign in at /admin/sign-in with the one-time password it prints.`;
    if (setup === 'first-owner')
      return `No staff account exists yet: sign in at /admin/sign-in with your email and ADMIN_PASSWORD to become the desk's first owner (or run "${FIRST_OWNER_HELP}").`;
    return this.adminPassword ? ADMIN_PASSWORD_IGNORED : undefined;
  }

  /** Counts one attempt in a bucket; answers the wait when the bucket is over its limit. */
  private async take(bucket: string, key: string, limit: number, nowMs: number): Promise<number | undefined> {
    const { count, windowStart } = await this.store().countRequest(bucket, key, this.windowMs, nowMs);
    if (count <= limit) return undefined;
    return Math.max(1, Math.ceil((Number(windowStart) + this.windowMs - nowMs) / 1000));
  }

  /**
   * Checks a sign-in. Every attempt counts against the account and the address before the password
   * is looked at, so a throttled attempt is refused whatever it sends; only failures stay counted.
   */
  async signIn(email: string, password: string, client: string, nowMs = Date.now()): Promise<SignInResult> {
    const address = normalEmail(email);
    const waits = [
      await this.take(ACCOUNT_BUCKET, address, this.accountLimit, nowMs),
      await this.take(ADDRESS_BUCKET, client, this.addressLimit, nowMs),
    ].filter((wait) => wait !== undefined);
    if (waits.length > 0) return { outcome: 'limited', retryAfter: Math.max(...waits) };

    const staff = this.staff();
    const account = await staff.staffByEmail(address);
    let person: StaffMember | undefined = account;
    if (!account && (await staff.countStaff()) === 0) {
      if (!this.adminPassword) {
        // As long as a wrong password takes: the answer's timing tells nobody that the desk has no account.
        this.decoy ??= hashPassword(newToken());
        await verifyPassword(password, await this.decoy);
        return { outcome: 'no-staff' };
      }
      if (!sameSecret(password, this.adminPassword)) return { outcome: 'wrong' };
      const problem = emailProblem(address);
      if (problem) return { outcome: 'bad-email', message: problem };
      person = await staff.addFirstOwner(address, await hashPassword(password), new Date(nowMs));
    } else {
      this.decoy ??= hashPassword(newToken());
      const matches = await verifyPassword(password, account?.passwordHash ?? (await this.decoy));
      if (!matches) person = undefined;
    }
    if (!person) return { outcome: 'wrong' };
    // A success is not a guess: the account's count starts again and the address gets its attempt back.
    await this.store().forgetRequests(ACCOUNT_BUCKET, address);
    await this.store().refundRequest(ADDRESS_BUCKET, client);
    return this.startSession(person, nowMs);
  }

  /** A new session with a new token: a token the browser arrived with is never promoted. */
  async startSession(
    person: StaffMember,
    nowMs = Date.now(),
  ): Promise<{ outcome: 'signed-in'; token: string; session: StaffSession }> {
    const token = newToken();
    const session: StaffSession = { staff: person, csrfToken: newToken(), expiresAt: nowMs + SESSION_MS };
    await this.staff().createSession(tokenHash(token), person.id, session.csrfToken, session.expiresAt, nowMs);
    return { outcome: 'signed-in', token, session };
  }

  /** The live session a cookie's token stands for; rejects when the store cannot be reached. */
  async session(token: string | undefined, nowMs = Date.now()): Promise<StaffSession | undefined> {
    if (!token || token.length > 100) return undefined;
    return this.staff().sessionByTokenHash(tokenHash(token), nowMs);
  }

  async signOut(token: string): Promise<void> {
    await this.staff().deleteSession(tokenHash(token));
  }

  /** Ends every session of a person, this one too; answers how many ended. */
  signOutEverywhere(staffId: string): Promise<number> {
    return this.staff().deleteSessionsOf(staffId);
  }

  /**
   * Changes a person's own password after checking the current one. Every session of theirs ends,
   * the one they changed it in too, and a new session (a new token for the cookie) takes its place,
   * as a sign-in would give. Answers a problem for the form when something is wrong. The check of
   * the current password counts against the account as a sign-in does, so a session left open on a
   * shared computer is no way to guess it.
   */
  async changePassword(
    staffId: string,
    current: string,
    next: string,
    again: string,
    nowMs = Date.now(),
  ): Promise<{ problem: string } | { token: string }> {
    const staff = this.staff();
    const account = await staff.accountById(staffId);
    if (!account) return { problem: 'The current password is not right.' };
    const wait = await this.take(ACCOUNT_BUCKET, account.email, this.accountLimit, nowMs);
    if (wait !== undefined)
      return { problem: `Too many attempts. Please wait ${Math.ceil(wait / 60)} minutes and try again.` };
    if (!(await verifyPassword(current, account.passwordHash)))
      return { problem: 'The current password is not right.' };
    await this.store().forgetRequests(ACCOUNT_BUCKET, account.email);
    if (next !== again) return { problem: 'The two new passwords are not the same.' };
    const problem = passwordProblem(next, account.email, current);
    if (problem) return { problem };
    await staff.setPassword(staffId, await hashPassword(next), false);
    await staff.deleteSessionsOf(staffId);
    const { token } = await this.startSession(
      {
        id: account.id,
        email: account.email,
        role: account.role,
        mustChangePassword: false,
        createdAt: account.createdAt,
      },
      nowMs,
    );
    return { token };
  }
}

/**
 * The answer to a sign-out: to the sign-in page, and the browser told to drop what it kept of the
 * site (cached desk pages, the cookie, any storage), so the next person at a shared computer finds
 * nothing of the session, not even in the back button's cache.
 */
export function signedOutRedirect(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Clear-Site-Data': '"cache", "cookies", "storage"' },
  });
}

/** The session cookie as Astro's cookies API sets it: for the desk's paths only, never read by scripts. */
export function sessionCookieOptions(secure: boolean) {
  return { path: '/admin', httpOnly: true, sameSite: 'strict', secure, maxAge: SESSION_MS / 1000 } as const;
}
