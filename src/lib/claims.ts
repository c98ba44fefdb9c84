import type { SiteSettings } from './site-schema.ts';

/** "ARC accredited, No. 12345678" when the agency's accreditation and its number are both set, else nothing. */
export function accreditationLine(claims: SiteSettings['claims']): string | undefined {
  const { body, number } = claims.accreditation;
  return body.trim() && number.trim() ? `${body.trim()}, No. ${number.trim()}` : undefined;
}

/** What the agency says of its own Hajj role and registration: only the settings that are set, in that order. */
export function hajjRoleLines(hajj: SiteSettings['hajj']): string[] {
  return [hajj.role, hajj.registration].map((line) => line.trim()).filter(Boolean);
}
