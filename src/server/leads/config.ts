import { resolveSiteUrl } from '../../lib/site-url.ts';
import { parseTrustProxy, type TrustedProxies } from './client-address.ts';

/** The lead API's settings, read from the environment so an operator can tune them without a build. */
export interface RelayTarget {
  /** `form`: the agency's form-collection URL, sent in the form's own encoding; `webhook`: JSON. */
  type: 'form' | 'webhook';
  url: string;
}

export interface LeadApiConfig {
  /** The SQLite file, used unless `databaseUrl` names a PostgreSQL database. */
  dbPath: string;
  /** `DATABASE_URL`: a postgres:// or postgresql:// URL selects PostgreSQL. */
  databaseUrl: string | undefined;
  /** Submissions one client may send per window before it gets 429. */
  rateLimit: number;
  rateWindowSeconds: number;
  maxBodyBytes: number;
  captchaTtlSeconds: number;
  /** The proxies in front of the server, whose `X-Forwarded-For` entries name the client (see client-address.ts). */
  trustProxy: TrustedProxies;
  /** Per form id (or `*` for every form), where each stored lead is sent on. */
  relays: Readonly<Record<string, RelayTarget>>;
  /** Staff email: both must be set, or no email is sent. */
  smtpUrl: string | undefined;
  notifyTo: string | undefined;
  notifyFrom: string;
  /** The visitor's acknowledgement email: on when SMTP is set, unless `LEADS_ACKNOWLEDGE=off`. */
  acknowledge: boolean;
  /** The canonical origin, for links in the acknowledgement. */
  siteUrl: string;
  /** Delivery retries: the first waits about `retryBaseMs`, doubling up to `retryMaxMs`, with jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  deliveryTimeoutMs: number;
  workerIntervalMs: number;
  /** `LEADS_RETENTION_DAYS`: leads older than this many days are erased every night; undefined keeps them. */
  retentionDays: number | undefined;
}

/** A whole-number setting above zero, or `fallback` when unset; anything else throws naming the variable. */
export function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return number;
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
export function parseDatabaseUrl(value: string | undefined): string | undefined {
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

/** `LEADS_RETENTION_DAYS`: unset or empty keeps leads for good, the default. */
function retentionDays(value: string | undefined): number | undefined {
  const days = positive(value, 0, 'LEADS_RETENTION_DAYS');
  if (days > 36_500) throw new Error(`LEADS_RETENTION_DAYS must be at most 36500 (100 years), got "${value}"`);
  return days || undefined;
}

function onOff(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be "on" or "off", got "${value}"`);
}

/** Settings from `env`, with defaults that suit one agency's traffic. */
export function leadApiConfig(env: Record<string, string | undefined>): LeadApiConfig {
  return {
    dbPath: env['LEADS_DB'] || 'data/leads.db',
    databaseUrl: parseDatabaseUrl(env['DATABASE_URL']),
    rateLimit: positive(env['LEADS_RATE_LIMIT'], 10, 'LEADS_RATE_LIMIT'),
    rateWindowSeconds: positive(env['LEADS_RATE_WINDOW_SECONDS'], 600, 'LEADS_RATE_WINDOW_SECONDS'),
    maxBodyBytes: positive(env['LEADS_MAX_BODY_BYTES'], 32 * 1024, 'LEADS_MAX_BODY_BYTES'),
    captchaTtlSeconds: positive(env['CAPTCHA_TTL_SECONDS'], 2 * 60 * 60, 'CAPTCHA_TTL_SECONDS'),
    trustProxy: parseTrustProxy(env['TRUST_PROXY']),
    relays: parseRelays(env['LEADS_RELAYS']),
    smtpUrl: env['SMTP_URL'] || undefined,
    notifyTo: env['LEADS_NOTIFY_TO'] || undefined,
    notifyFrom: env['LEADS_NOTIFY_FROM'] || `Website enquiries <leads@${new URL(resolveSiteUrl(env)).hostname}>`,
    acknowledge: onOff(env['LEADS_ACKNOWLEDGE'], 'LEADS_ACKNOWLEDGE') && Boolean(env['SMTP_URL']),
    siteUrl: resolveSiteUrl(env),
    retryBaseMs: positive(env['LEADS_RETRY_BASE_MS'], 5_000, 'LEADS_RETRY_BASE_MS'),
    retryMaxMs: positive(env['LEADS_RETRY_MAX_MS'], 15 * 60_000, 'LEADS_RETRY_MAX_MS'),
    deliveryTimeoutMs: positive(env['LEADS_DELIVERY_TIMEOUT_MS'], 10_000, 'LEADS_DELIVERY_TIMEOUT_MS'),
    workerIntervalMs: positive(env['LEADS_WORKER_INTERVAL_MS'], 1_000, 'LEADS_WORKER_INTERVAL_MS'),
    retentionDays: retentionDays(env['LEADS_RETENTION_DAYS']),
  };
}

/** The deliveries a new lead of `formId` gets: its relay, if any, and the staff email when SMTP is set. */
export function deliveriesFor(formId: string, config: LeadApiConfig) {
  const relay = config.relays[formId] ?? config.relays['*'];
  return [
    ...(relay
      ? [{ channel: relay.type === 'form' ? ('relay' as const) : ('webhook' as const), destination: relay.url }]
      : []),
    ...(config.smtpUrl && config.notifyTo ? [{ channel: 'email' as const, destination: config.notifyTo }] : []),
  ];
}
