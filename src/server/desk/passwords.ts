/**
 * Staff passwords: argon2id from Node's own crypto (OpenSSL's implementation, no native add-on to
 * build), stored as PHC strings that carry their parameters, so the parameters can be raised later
 * without breaking the hashes already stored.
 */
// The namespace, not a named import: on a Node without argon2 a named import fails while modules
// link, before node-floor.ts can say which Node is needed.
import * as crypto from 'node:crypto';
import { randomBytes, randomInt, timingSafeEqual, type Argon2Parameters } from 'node:crypto';

/** OWASP's argon2id minimum: 19 MiB of memory, two passes, one lane. */
const MEMORY_KIB = 19456;
const PASSES = 2;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const TAG_BYTES = 32;
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase, short enough that nobody feeds the hash a megabyte. */
const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, parameters: Omit<Argon2Parameters, 'message'>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.argon2('argon2id', { ...parameters, message: password }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** PHC strings write base64 without padding. */
function b64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

/** An argon2id hash of `password` in PHC form. */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(SALT_BYTES);
  const tag = await derive(password, {
    nonce,
    memory: MEMORY_KIB,
    passes: PASSES,
    parallelism: PARALLELISM,
    tagLength: TAG_BYTES,
  });
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${b64(nonce)}$${b64(tag)}`;
}

/** Whether `password` matches a stored PHC hash; a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64');
  if (expected.length < 16 || password.length > MAX_PASSWORD_LENGTH) return false;
  const tag = await derive(password, {
    nonce: Buffer.from(salt!, 'base64'),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return timingSafeEqual(tag, expected);
}

/** Letters and digits nobody misreads when a one-time password is read out or copied by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 5;
const GROUP_LENGTH = 4;

/** A one-time password like `k7pm-2xqa-…`: 20 characters from 31, about 99 bits. */
export function oneTimePassword(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** What is wrong with a new password, in words for the person choosing it, or undefined when it will do. */
export function passwordProblem(password: string, email: string, current?: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters; a few words in a row will do.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase())
    return 'Choose a password that is not your email address.';
  if (current !== undefined && password === current) return 'Choose a new password, not the one you signed in with.';
  return undefined;
}
