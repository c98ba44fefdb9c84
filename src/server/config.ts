/**
 * The server's configuration: every environment variable the server and its CLIs (`npm run leads`,
 * `npm run staff`) read is declared here once, with its default and what it does, and read from
 * `process.env` here only. `docs/operations.md` lists them; a unit test keeps that table in step.
 * Test- and bench-only variables (`TEST_PORT`, `BENCH_*`, `PG_BIN`…) are not configuration: see
 * CONTRIBUTING.md.
 */
import { isIP } from 'node:net';
import { z } from 'astro/zod';
import { resolveSiteUrl } from '../lib/site-url.ts';

/**
 * Who may write `X-Forwarded-For`: nobody (0), that many proxies in front of the server, or the
 * proxies at these addresses (src/server/leads/client-address.ts reads the client through them).
 */
export type TrustedProxies = number | readonly string[];

const MAX_HOPS = 20;

/** An IPv4 address as a dual-stack socket reports it (`::ffff:10.0.0.1`) is the same address. */
export function plainAddress(address: string): string {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/** Parses `TRUST_PROXY`: a count (`1`, `2`…; `true` is one), or a comma-separated list of addresses. */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === '0' || raw === 'false') return 0;
  if (raw === 'true') return 1;
  if (/^\d+$/.test(raw) && Number(raw) <= MAX_HOPS) return Number(raw);
  const addresses = raw.split(',').map(plainAddress);
  if (addresses.every((address) => isIP(address) !== 0)) return addresses;
  throw new Error(
    `TRUST_PROXY must be the number of proxies in front of the server (1 to ${MAX_HOPS}) ` +
      `or a comma-separated list of their IP addresses, got "${value}"`,
  );
}

/** A whole number above zero; anything else throws saying what it must be. */
function wholeNumber(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`must be a positive whole number, got "${value}"`);
  return number;
}

/** Where a form's leads are relayed: `form`, the agency's form-collection URL in the form's own encoding; `webhook`, JSON. */
export interface RelayTarget {
  type: 'form' | 'webhook';
  url: string;
}

/** Parses `LEADS_RELAYS`, e.g. `{"contact": {"type": "webhook", "url": "https://…"}}`, naming what is wrong. */
export function parseRelays(json: string | undefined): Record<string, RelayTarget> {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('LEADS_RELAYS must be JSON, e.g. {"contact": {"type": "webhook", "url": "https://…"}}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('LEADS_RELAYS must be an object keyed by form id');
  }
  const relays: Record<string, RelayTarget> = {};
  for (const [formId, target] of Object.entries(parsed)) {
    const { type, url } = (target ?? {}) as Partial<RelayTarget>;
    if (type !== 'form' && type !== 'webhook')
      throw new Error(`LEADS_RELAYS.${formId}.type must be "form" or "webhook"`);
    if (typeof url !== 'string' || !/^https?:\/\//.test(url) || !URL.canParse(url)) {
      throw new Error(`LEADS_RELAYS.${formId}.url must be an http(s) URL`);
    }
    relays[formId] = { type, url };
  }
  return relays;
}

/** Checks `DATABASE_URL` is a PostgreSQL URL, naming the variable (never its password) when it is not. */
function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const example = 'e.g. postgres://user:password@db.example:5432/leads';
  if (!URL.canParse(value)) throw new Error(`DATABASE_URL is not a URL; it should look like ${example}`);
  const url = new URL(value);
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//…" (${example})`);
  }
  if (!url.hostname && !url.searchParams.has('host')) throw new Error(`DATABASE_URL names no host (${example})`);
  return value;
}

/** What the operations table shows of a variable besides its name: its default as the environment would spell it. */
const documented = z.registry<{ fallback: string; description: string }>();

/**
 * One variable: its default, what it does, and how it is read. A parser's error becomes an issue at
 * the variable's key, and `readConfig` puts the name in front of its message.
 */
function variable<T>(fallback: string, description: string, parse: (value: string) => T) {
  return (
    z
      .string()
      .default(fallback)
      // An empty value (`KEY=` in an env file) means unset, as it always has.
      .transform((value, context) => {
        try {
          return parse(value === '' ? fallback : value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
          return z.NEVER;
        }
      })
      .register(documented, { fallback, description })
  );
}

const text = (value: string) => value;
const optionalText = (value: string) => value || undefined;

function onOff(value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`must be "on" or "off", got "${value}"`);
}

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65_535)
    throw new Error(`must be a port number from 0 to 65535, got "${value}"`);
  return number;
}

/** A whole number from 1 to `max`. */
function boundedWholeNumber(value: string, max: number): number {
  const number = wholeNumber(value);
  if (number > max) throw new Error(`must be at most ${max}, got "${value}"`);
  return number;
}

/** `LEADS_RETENTION_DAYS`: unset keeps leads for good; at most a century. */
function retentionDays(value: string): number | undefined {
  if (value === '') return undefined;
  const days = wholeNumber(value);
  if (days > 36_500) throw new Error(`must be at most 36500 (100 years), got "${value}"`);
  return days;
}

/** `DIGEST_HOUR`: an hour of the office's day, or `off`. */
function digestHour(value: string): number | undefined {
  if (value === 'off') return undefined;
  const hour = Number(value);
  if (!/^\d{1,2}$/.test(value) || hour > 23) throw new Error(`must be an hour from 0 to 23 or "off", got "${value}"`);
  return hour;
}

/** `REVIEWS_REFRESH_MINUTES`: above zero and at most an hour, so a published review shows within one. */
function refreshMinutes(value: string): number {
  const minutes = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(minutes > 0) || minutes > 60)
    throw new Error(`must be a number of minutes above 0 and at most 60, got "${value}"`);
  return minutes;
}

/** Every variable the server reads, each with its default and description. */
export const configSchema = z.object({
  PORT: variable('4321', 'The port the server listens on.', port),
  HOST: variable('localhost', 'The address it listens on; `0.0.0.0` for every interface.', text),
  SITE_URL: variable(
    'https://miqat-travel.example',
    'The canonical origin: links in emails, the www redirect, and (at build time) canonical URLs and the sitemap.',
    (value) => resolveSiteUrl({ SITE_URL: value }),
  ),
  DIST_DIR: variable('dist', 'The build the server serves (the output of `astro build`).', text),
  ADMIN_PASSWORD: variable(
    '',
    "Creates the lead desk's first owner (user name `owner`) while no staff account exists; ignored after.",
    optionalText,
  ),
  TRUST_PROXY: variable(
    '0',
    'The proxies in front of the server: a count (`1`, `true`) or a comma-separated list of addresses; unset trusts none.',
    (value) => parseTrustProxy(value),
  ),
  LEADS_DB: variable('data/leads.db', 'The SQLite file that stores leads, unless `DATABASE_URL` is set.', text),
  DATABASE_URL: variable('', 'A `postgres://` URL: stores leads in PostgreSQL instead of SQLite.', (value) =>
    parseDatabaseUrl(value),
  ),
  LEADS_RATE_LIMIT: variable('10', 'Enquiries one client may send per window before it is answered 429.', wholeNumber),
  LEADS_RATE_WINDOW_SECONDS: variable(
    '600',
    "The rate limits' window, in seconds: for enquiries and for answers to a quote.",
    wholeNumber,
  ),
  QUOTE_RATE_LIMIT: variable(
    '10',
    'Answers (accept, question, decline) one client may post on one quote per window before it is answered 429.',
    wholeNumber,
  ),
  LEADS_MAX_BODY_BYTES: variable('32768', 'The largest form body accepted, in bytes (413 above it).', wholeNumber),
  CAPTCHA_TTL_SECONDS: variable('7200', "How long a form's signed challenge stays valid, in seconds.", wholeNumber),
  LEADS_RELAYS: variable(
    '',
    'JSON, per form id (or `*`): where each lead is also sent, e.g. `{"contact": {"type": "webhook", "url": "https://…"}}`.',
    (value) => parseRelays(value),
  ),
  SMTP_URL: variable(
    '',
    'The mail server, e.g. `smtps://user:pass@mail.example:465`; unset sends no email.',
    optionalText,
  ),
  LEADS_NOTIFY_TO: variable('', 'The staff address each new lead is emailed to (needs `SMTP_URL`).', optionalText),
  LEADS_NOTIFY_FROM: variable(
    '',
    'The sender of lead emails; unset, `Website enquiries <leads@` the host of `SITE_URL` `>`.',
    optionalText,
  ),
  LEADS_ACKNOWLEDGE: variable(
    'on',
    "The visitor's acknowledgement email (when `SMTP_URL` is set): `on` or `off`.",
    onOff,
  ),
  LEADS_RETRY_BASE_MS: variable(
    '5000',
    'The first wait before a failed delivery is tried again; it doubles each time.',
    wholeNumber,
  ),
  LEADS_RETRY_MAX_MS: variable('900000', 'The longest wait between delivery tries.', wholeNumber),
  LEADS_DELIVERY_TIMEOUT_MS: variable('10000', 'How long one delivery (email, webhook, relay) may take.', wholeNumber),
  LEADS_WORKER_INTERVAL_MS: variable(
    '1000',
    'How often the delivery worker looks for deliveries that are due.',
    wholeNumber,
  ),
  LEADS_RETENTION_DAYS: variable(
    '',
    'Leads older than this many days are erased every night; unset keeps them.',
    retentionDays,
  ),
  TRAVELLER_RETENTION_DAYS: variable(
    '30',
    "Each booking's travellers (names, passport expiry, vaccination, visa, permit) are deleted this many days after its return.",
    (value) => boundedWholeNumber(value, 3650),
  ),
  TRIP_ARRIVAL_MARGIN_DAYS: variable(
    '2',
    'Days a flight may land after the day the checklist counts as arrival (the day after departure): every visa window and season cut-off keeps them.',
    (value) => boundedWholeNumber(value, 14),
  ),
  TRIP_REMINDER_BALANCE_DAYS: variable(
    '7',
    'How many days before each payment after the deposit falls due the family is emailed a reminder, while it is unpaid. Needs `SMTP_URL`.',
    (value) => boundedWholeNumber(value, 90),
  ),
  REVIEW_INVITE_DAYS: variable(
    '3',
    "Days after a booking's return date before its traveller is emailed the review invitation (one reminder follows a week later). Needs `SMTP_URL`.",
    (value) => boundedWholeNumber(value, 60),
  ),
  REVIEWS_REFRESH_MINUTES: variable(
    '10',
    'How often each instance looks for newly published reviews, replies and erasures and draws the affected package pages and the home page again (at start too); at most 60, decimals allowed (`0.05` in tests).',
    refreshMinutes,
  ),
  QUOTE_VALID_DAYS: variable(
    '7',
    "How many days a new quote's valid-until date is set after today (never past departure); staff may change it.",
    (value) => boundedWholeNumber(value, 365),
  ),
  QUOTE_BALANCE_DAYS_BEFORE_DEPARTURE: variable(
    '45',
    "How many days before departure a new quote's balance is due; staff may change it.",
    (value) => boundedWholeNumber(value, 365),
  ),
  QUOTE_DEPOSIT_PER_TRAVELLER: variable(
    '500',
    "A new quote's deposit in whole dollars per adult and child (infants pay none), never above the total.",
    (value) => boundedWholeNumber(value, 10_000),
  ),
  QUOTE_PAYMENTS_AFTER_DEPOSIT: variable(
    '1',
    "How many payments a new quote's schedule has after the deposit, the balance included (`1`: deposit and balance).",
    (value) => boundedWholeNumber(value, 11),
  ),
  DIGEST_HOUR: variable(
    '8',
    "The office hour (0-23, in the site settings' time zone) from which each member of staff is emailed the morning digest on days the office opens; `off` sends none. Needs `SMTP_URL`.",
    digestHour,
  ),
  FIRST_CONTACT_TARGET_HOURS: variable(
    '2',
    "How many office hours (the site settings' opening hours) an enquiry may stay New before the owners are emailed, once per enquiry; `off` sends no alert. Needs `SMTP_URL`.",
    (value) => (value === 'off' ? undefined : boundedWholeNumber(value, 100)),
  ),
  SHUTDOWN_TIMEOUT_MS: variable(
    '10000',
    "After SIGTERM, how long the server may take to finish before it exits 1; keep systemd's `TimeoutStopSec` above it.",
    wholeNumber,
  ),
  SHUTDOWN_DRAIN_MS: variable(
    '0',
    'After SIGTERM, how long requests are still served while /readyz answers 503, for a load balancer to notice.',
    (value) => (value === '0' ? 0 : wholeNumber(value)),
  ),
});

/** A variable as the operations table shows it. */
export interface VariableDoc {
  name: string;
  fallback: string;
  description: string;
}

/** Each variable's name, default and description, in the schema's order. */
export function configVariables(): VariableDoc[] {
  return Object.entries(configSchema.shape).map(([name, schema]) => {
    const { fallback, description } = documented.get(schema)!;
    return { name, fallback, description };
  });
}

/** The parsed configuration, keyed by variable name. */
export type ServerConfig = z.output<typeof configSchema>;

/** Parses `env` against the schema; the first bad variable throws an error whose message names it. */
export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const name = String(issue?.path[0] ?? '');
  const message = issue?.message ?? 'invalid';
  throw new Error(message.startsWith(name) ? message : `${name} ${message}`);
}

let processConfig: ServerConfig | undefined;

/** This process's configuration, read from its environment once: the one place the server reads `process.env`. */
export function serverConfig(): ServerConfig {
  return (processConfig ??= readConfig(process.env));
}
