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

/**
 * The seller-of-travel registrations that are set, in the wording each state asks for, as the
 * footer, the terms and every quote print them.
 */
export function registrationLines(registrations: SiteSettings['registrations']): string[] {
  const { californiaCst, californiaProtection, floridaSot, other } = registrations;
  return [
    ...(californiaCst.trim()
      ? [
          `California Seller of Travel Reg. No. ${californiaCst.trim()}. Registration as a seller of travel does not constitute approval by the State of California.`,
        ]
      : []),
    ...(californiaProtection.trim()
      ? [
          `California law requires certain sellers of travel to have a trust account or bond. This business has ${californiaProtection.trim()}.`,
        ]
      : []),
    ...(floridaSot.trim() ? [`Fla. Seller of Travel Reg. No. ${floridaSot.trim()}`] : []),
    ...Object.entries(other).map(([state, number]) => `${state} Seller of Travel Reg. No. ${number}`),
  ];
}

/** One of the agency's own figures with its noun ("99.8%", "10,000+ pilgrims") and, when set, its basis in brackets. */
export function claimText(claims: SiteSettings['claims'], claim: 'visaSuccess' | 'customers', noun = ''): string {
  const basis = claims.basis[claim].trim();
  const figure = [claims[claim], noun].filter(Boolean).join(' ');
  return basis ? `${figure} (${basis})` : figure;
}

/** The basis of the catalogue's prices or of the holiday trips' former prices, when the agency has set one. */
export function priceBasis(claims: SiteSettings['claims'], which: 'prices' | 'originalPrices'): string | undefined {
  return claims.basis[which].trim() || undefined;
}
