/**
 * Secrets that travel in links and cookies (a staff session, a pilgrim's quote link): only their
 * SHA-256 is stored, and a secret given back is compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The stored form of a session token or a private link's token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two secrets in constant time whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
