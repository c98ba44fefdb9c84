/** The lead API's settings, read from the environment so an operator can tune them without a build. */
export interface LeadApiConfig {
  dbPath: string;
  /** Submissions one client may send per window before it gets 429. */
  rateLimit: number;
  rateWindowSeconds: number;
  maxBodyBytes: number;
  captchaTtlSeconds: number;
  /** Behind a proxy the client is the first X-Forwarded-For address, not the socket's. */
  trustProxy: boolean;
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return number;
}

/** Settings from `env`, with defaults that suit one agency's traffic. */
export function leadApiConfig(env: Record<string, string | undefined>): LeadApiConfig {
  return {
    dbPath: env['LEADS_DB'] || 'data/leads.db',
    rateLimit: positive(env['LEADS_RATE_LIMIT'], 10, 'LEADS_RATE_LIMIT'),
    rateWindowSeconds: positive(env['LEADS_RATE_WINDOW_SECONDS'], 600, 'LEADS_RATE_WINDOW_SECONDS'),
    maxBodyBytes: positive(env['LEADS_MAX_BODY_BYTES'], 32 * 1024, 'LEADS_MAX_BODY_BYTES'),
    captchaTtlSeconds: positive(env['CAPTCHA_TTL_SECONDS'], 2 * 60 * 60, 'CAPTCHA_TTL_SECONDS'),
    trustProxy: env['TRUST_PROXY'] === '1' || env['TRUST_PROXY'] === 'true',
  };
}
