/** Default canonical origin: a reserved `.example` domain until the agency sets `SITE_URL`. */
export const DEFAULT_SITE_URL = 'https://miqat-travel.example';

/** Reads the canonical origin from `SITE_URL`, without a trailing slash. */
export function resolveSiteUrl(env: Record<string, string | undefined> = process.env): string {
  const raw = env['SITE_URL']?.trim() || DEFAULT_SITE_URL;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_URL must be an http(s) URL, got "${raw}"`);
  }
  return url.origin;
}
