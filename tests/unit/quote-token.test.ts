import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWellFormedToken, newLinkToken } from '@/lib/quotes/token';

describe('quote tokens', () => {
  it('draws 256 random bits, written in 43 base64url characters', () => {
    const tokens = Array.from({ length: 200 }, newLinkToken);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(isWellFormedToken(token)).toBe(true);
    }
  });

  it('answers exactly the texts that are the base64url of 32 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(isWellFormedToken(Buffer.from(bytes).toString('base64url'))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const canonical = Buffer.from(text, 'base64url').toString('base64url') === text && text.length === 43;
        expect(isWellFormedToken(text)).toBe(canonical);
      }),
    );
    const token = newLinkToken();
    for (const bad of [
      token.slice(1),
      `${token}A`,
      `${token.slice(0, 42)}=`,
      token.replace(/.$/, 'B'),
      `${token.slice(0, 42)}/`,
      '../../etc/passwd',
      '',
    ])
      expect(isWellFormedToken(bad), bad).toBe(false);
  });
});
