/**
 * A private link's token (the quote's `/quote/<token>`, the review's, the one-click opt-outs'): 256 random
 * bits, so a link cannot be guessed or counted from another, written in base64url so it sits in a
 * path unescaped.
 */
import { randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
/** 32 bytes are 43 base64url characters without padding; the last carries 2 spare bits, always 0. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/** A new token for a private link: a quote's, a review's, a one-click opt-out's. */
export function newLinkToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether `text` could be a token we issued: a malformed one gets the same 404 as an unknown one, without a lookup. */
export function isWellFormedToken(text: string): boolean {
  return TOKEN_PATTERN.test(text);
}

/** The pilgrim's private link to a quote, on the site's origin. */
export function quoteLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/quote/${token}`;
}
