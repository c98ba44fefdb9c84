import { randomInt } from 'node:crypto';

/**
 * Digits and capitals a visitor can read aloud on the phone without doubt: no 0/O, 1/I/L, and no U
 * (read as V). Thirty symbols, six of them: 729 million references, drawn at random so that a
 * reference says nothing about how many enquiries came before it.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 6;
const PREFIX = 'MQ-';

/** A reference such as `MQ-7K3F9Q` matches this; anything else is not one of ours. */
export const REFERENCE_PATTERN = new RegExp(`^${PREFIX}[${ALPHABET}]{${LENGTH}}$`);

/** A new random reference; the store keeps them unique and draws again on the rare collision. */
export function newReference(): string {
  let code = '';
  for (let index = 0; index < LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return PREFIX + code;
}

/** A reference as staff might type it from a phone call (`mq 7k3f9q`, `7K3F9Q`), or undefined if it cannot be one. */
export function normalizeReference(typed: string): string | undefined {
  const compact = typed.toUpperCase().replace(/[\s-]+/g, '');
  // A code may itself begin with MQ (MQ-MQ4K7P): the prefix is only there when the code is longer.
  const code = compact.length > LENGTH && compact.startsWith('MQ') ? compact.slice(2) : compact;
  const reference = PREFIX + code;
  return REFERENCE_PATTERN.test(reference) ? reference : undefined;
}
