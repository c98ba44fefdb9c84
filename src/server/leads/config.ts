import { readConfig, type RelayTarget, type ServerConfig, type TrustedProxies } from '../config.ts';

/** The lead API's settings, read from the environment so an operator can tune them without a build. */
export type { RelayTarget };

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
  /** `DIGEST_HOUR`: the office hour from which staff get the morning digest; undefined sends none. */
  digestHour: number | undefined;
  /** `FIRST_CONTACT_TARGET_HOURS`: office hours before a New enquiry alerts the owners; undefined sends none. */
  firstContactTargetHours: number | undefined;
  /** `TRIP_REMINDER_BALANCE_DAYS`: how many days before a payment after the deposit the family is reminded. */
  tripReminderBalanceDays: number;
  /** `REVIEW_INVITE_DAYS`: how many days after a booking's return its traveller is invited to review. */
  reviewInviteDays: number;
}

/** The lead API's part of the server's configuration. */
export function leadSettings(config: ServerConfig): LeadApiConfig {
  return {
    dbPath: config.LEADS_DB,
    databaseUrl: config.DATABASE_URL,
    rateLimit: config.LEADS_RATE_LIMIT,
    rateWindowSeconds: config.LEADS_RATE_WINDOW_SECONDS,
    maxBodyBytes: config.LEADS_MAX_BODY_BYTES,
    captchaTtlSeconds: config.CAPTCHA_TTL_SECONDS,
    trustProxy: config.TRUST_PROXY,
    relays: config.LEADS_RELAYS,
    smtpUrl: config.SMTP_URL,
    notifyTo: config.LEADS_NOTIFY_TO,
    notifyFrom: config.LEADS_NOTIFY_FROM ?? `Website enquiries <leads@${new URL(config.SITE_URL).hostname}>`,
    acknowledge: config.LEADS_ACKNOWLEDGE && config.SMTP_URL !== undefined,
    siteUrl: config.SITE_URL,
    retryBaseMs: config.LEADS_RETRY_BASE_MS,
    retryMaxMs: config.LEADS_RETRY_MAX_MS,
    deliveryTimeoutMs: config.LEADS_DELIVERY_TIMEOUT_MS,
    workerIntervalMs: config.LEADS_WORKER_INTERVAL_MS,
    retentionDays: config.LEADS_RETENTION_DAYS,
    digestHour: config.DIGEST_HOUR,
    firstContactTargetHours: config.FIRST_CONTACT_TARGET_HOURS,
    tripReminderBalanceDays: config.TRIP_REMINDER_BALANCE_DAYS,
    reviewInviteDays: config.REVIEW_INVITE_DAYS,
  };
}

/** Settings from `env` (the CLIs and tests; the server reads its whole configuration once). */
export function leadApiConfig(env: Record<string, string | undefined>): LeadApiConfig {
  return leadSettings(readConfig(env));
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

/** The start log's line on where leads go: each form's relay, and whether staff are emailed. */
export function describeDeliveries(config: LeadApiConfig): string {
  const relays = Object.entries(config.relays).map(([form, target]) => `${form} → ${target.type} ${target.url}`);
  const staff = config.smtpUrl && config.notifyTo ? `to ${config.notifyTo}` : 'off (set SMTP_URL and LEADS_NOTIFY_TO)';
  return `Lead deliveries: ${relays.length ? relays.join(', ') : 'no relay'}; staff email ${staff}`;
}
