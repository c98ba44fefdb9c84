import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { answersSum } from '../../lib/forms/captcha.ts';

export interface Challenge {
  a: number;
  b: number;
  /** Unix seconds after which the answer is refused. */
  expiresAt: number;
  nonce: string;
}

export type CaptchaCheck =
  { ok: true; challenge: Challenge } | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'wrong' };

const OPERAND_MIN = 1;
const OPERAND_MAX = 10;

/** A new sum of two integers from 1 to 10, valid for `ttlSeconds`. */
export function newChallenge(nowSeconds: number, ttlSeconds: number): Challenge {
  return {
    a: randomInt(OPERAND_MIN, OPERAND_MAX + 1),
    b: randomInt(OPERAND_MIN, OPERAND_MAX + 1),
    expiresAt: nowSeconds + ttlSeconds,
    nonce: randomUUID(),
  };
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** The token the browser sends back: the challenge, readable, with an HMAC so it cannot be altered. */
export function signChallenge(challenge: Challenge, secret: string): string {
  const payload = Buffer.from(JSON.stringify(challenge)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** Checks a token and an answer; spending the nonce is the store's job, with the lead. */
export function verifyCaptcha(token: string, answer: string, secret: string, nowSeconds: number): CaptchaCheck {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  let challenge: Challenge;
  try {
    challenge = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Challenge;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (challenge.expiresAt < nowSeconds) return { ok: false, reason: 'expired' };
  if (!answersSum(answer, challenge.a + challenge.b)) return { ok: false, reason: 'wrong' };
  return { ok: true, challenge };
}
