/**
 * Where an enquiry came from, as its visit first touched the site: the landing page, the referring
 * site's host and the campaign tags of the first address (utm_source, utm_medium, utm_campaign).
 * The browser keeps them in its tab (src/lib/first-touch-script.ts) or the server writes them into a
 * form page it serves to a visitor arriving from elsewhere; either way they reach the server as one
 * transport field beside the form's fields, and everything here checks them again: a value that is
 * malformed, too long or the site's own host is dropped to null, and the enquiry is never refused
 * for it. Runs under Node's type stripping: relative `.ts` imports only.
 */

/** The first touch of a lead's visit, as stored on the lead; every part null when nothing was kept. */
export interface FirstTouch {
  landingPath: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export const NO_TOUCH: FirstTouch = {
  landingPath: null,
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
};

/** The longest value kept of each part; the whole transport field is read only up to TOUCH_MAX_LENGTH. */
const TOUCH_LIMITS = { path: 200, host: 100, tag: 60 } as const;
export const TOUCH_MAX_LENGTH = 1000;

/** A path of the site as kept: the path alone (no query), of URL path characters, at most 200; else null. */
export function landingPathOf(value: string | null | undefined): string | null {
  if (!value || value.length > TOUCH_LIMITS.path) return null;
  return /^\/(?!\/)[A-Za-z0-9\-._~/%]*$/.test(value) ? value : null;
}

/** A host name as kept: lowercase, without a leading `www.`, letters, digits, dots and hyphens only, at most 100; else null. */
export function hostNameOf(value: string | null | undefined): string | null {
  const host = value
    ?.trim()
    .toLowerCase()
    .replace(/^www\./, '');
  if (!host || host.length > TOUCH_LIMITS.host) return null;
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(host) ? host : null;
}

/** The referring site's host from a Referer (an address or a bare host); null for none, a malformed one or one of `ownHosts`. */
export function referrerHostOf(value: string | null | undefined, ownHosts: readonly string[]): string | null {
  if (!value) return null;
  const host = URL.canParse(value) ? hostNameOf(new URL(value).hostname) : hostNameOf(value);
  if (host === null) return null;
  const own = ownHosts.map((name) => hostNameOf(name.replace(/:\d+$/, '')));
  return own.includes(host) ? null : host;
}

/** A campaign tag as kept: trimmed, lowercase, spaces joined into one, letters, digits and `-_.+:/@` only, at most 60; else null. */
export function campaignTagOf(value: string | null | undefined): string | null {
  if (!value || value.length > TOUCH_LIMITS.tag * 4) return null;
  const tag = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!tag || tag.length > TOUCH_LIMITS.tag) return null;
  return /^[\p{L}\p{N}][\p{L}\p{N} \-_.+:/@]*$/u.test(tag) ? tag : null;
}

/** The first touch a form's transport field carries (`landing=…&ref=…&utm_source=…`), each part checked on its own. */
export function parseFirstTouch(raw: string | null | undefined, ownHosts: readonly string[]): FirstTouch {
  if (!raw || raw.length > TOUCH_MAX_LENGTH) return NO_TOUCH;
  const params = new URLSearchParams(raw);
  return {
    landingPath: landingPathOf(params.get('landing')),
    referrerHost: referrerHostOf(params.get('ref'), ownHosts),
    utmSource: campaignTagOf(params.get('utm_source')),
    utmMedium: campaignTagOf(params.get('utm_medium')),
    utmCampaign: campaignTagOf(params.get('utm_campaign')),
  };
}

/** A first touch with every part checked again, as the stores keep it: a part the parsers would not give is null. */
export function checkedFirstTouch(touch: Partial<FirstTouch> | null | undefined): FirstTouch {
  if (!touch) return NO_TOUCH;
  const same = <T>(value: T | null, checked: T | null) => (value !== null && value === checked ? value : null);
  return {
    landingPath: same(touch.landingPath ?? null, landingPathOf(touch.landingPath)),
    referrerHost: same(touch.referrerHost ?? null, hostNameOf(touch.referrerHost)),
    utmSource: same(touch.utmSource ?? null, campaignTagOf(touch.utmSource)),
    utmMedium: same(touch.utmMedium ?? null, campaignTagOf(touch.utmMedium)),
    utmCampaign: same(touch.utmCampaign ?? null, campaignTagOf(touch.utmCampaign)),
  };
}

/** The transport field's value for a first touch: only its known parts, '' when there are none. */
export function serializeFirstTouch(touch: FirstTouch): string {
  const params = new URLSearchParams();
  const parts: [string, string | null][] = [
    ['landing', touch.landingPath],
    ['ref', touch.referrerHost],
    ['utm_source', touch.utmSource],
    ['utm_medium', touch.utmMedium],
    ['utm_campaign', touch.utmCampaign],
  ];
  for (const [name, value] of parts) if (value !== null) params.set(name, value);
  return params.toString();
}

/**
 * The first touch of a page request that arrived from another site or with campaign tags, for the
 * server to write into a form page it serves (a visitor without scripts keeps it); null for a
 * request from within the site or with neither.
 */
export function requestFirstTouch(url: URL, referer: string | null, ownHosts: readonly string[]): FirstTouch | null {
  const touch: FirstTouch = {
    landingPath: landingPathOf(url.pathname),
    referrerHost: referrerHostOf(referer, ownHosts),
    utmSource: campaignTagOf(url.searchParams.get('utm_source')),
    utmMedium: campaignTagOf(url.searchParams.get('utm_medium')),
    utmCampaign: campaignTagOf(url.searchParams.get('utm_campaign')),
  };
  const arrived = touch.referrerHost ?? touch.utmSource ?? touch.utmMedium ?? touch.utmCampaign;
  return arrived === null ? null : touch;
}

/** The label a lead's source goes by: its utm_source, else the referring site's host, else "direct". */
export function sourceLabel(touch: Pick<FirstTouch, 'utmSource' | 'referrerHost'>): string {
  return touch.utmSource ?? touch.referrerHost ?? DIRECT;
}

/** A lead with neither campaign tag nor referring site: typed in, bookmarked, or its referrer withheld. */
export const DIRECT = 'direct';
