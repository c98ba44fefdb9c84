import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newChallenge, signChallenge, verifyCaptcha, type Challenge } from '@/server/leads/captcha';

const SECRET = 'test-secret-one';
const NOW = 1_800_000_000;
const TTL = 7200;

const challenge: Challenge = { a: 3, b: 4, expiresAt: NOW + TTL, nonce: '2b1f3c1e-6f0e-4a8e-9a53-8d9f6a3b7c10' };

/** A token whose payload was edited after signing, keeping the original signature. */
function tamper(token: string, change: Partial<Challenge>): string {
  const [payload, mac] = token.split('.') as [string, string];
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Challenge;
  return `${Buffer.from(JSON.stringify({ ...decoded, ...change })).toString('base64url')}.${mac}`;
}

describe('newChallenge', () => {
  const samples = Array.from({ length: 2000 }, () => newChallenge(NOW, TTL));

  it('only asks sums of whole numbers from 1 to 10', () => {
    for (const { a, b } of samples) {
      expect(Number.isInteger(a) && a >= 1 && a <= 10).toBe(true);
      expect(Number.isInteger(b) && b >= 1 && b <= 10).toBe(true);
    }
  });

  it('uses every operand from 1 to 10 over many challenges', () => {
    const seen = new Set(samples.flatMap(({ a, b }) => [a, b]));
    expect([...seen].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('expires after the configured time and never repeats a nonce', () => {
    for (const sample of samples) expect(sample.expiresAt).toBe(NOW + TTL);
    expect(new Set(samples.map((sample) => sample.nonce)).size).toBe(samples.length);
  });
});

describe('verifyCaptcha', () => {
  const token = signChallenge(challenge, SECRET);

  it('accepts the right answer and gives back the challenge', () => {
    expect(verifyCaptcha(token, '7', SECRET, NOW)).toEqual({ ok: true, challenge });
  });

  it('accepts the right answer with spaces around it', () => {
    expect(verifyCaptcha(token, ' 7 ', SECRET, NOW).ok).toBe(true);
  });

  it.each(['٧', '۷', '৭', '७', '７'])('accepts the right answer typed on another keyboard ("%s")', (answer) => {
    expect(verifyCaptcha(token, answer, SECRET, NOW).ok).toBe(true);
  });

  it('accepts a fresh challenge answered with its own sum', () => {
    const fresh = newChallenge(NOW, TTL);
    expect(verifyCaptcha(signChallenge(fresh, SECRET), String(fresh.a + fresh.b), SECRET, NOW)).toEqual({
      ok: true,
      challenge: fresh,
    });
  });

  it.each(['6', '8', '0', '', 'seven', '34', '٦'])('refuses the answer "%s" as wrong', (answer) => {
    expect(verifyCaptcha(token, answer, SECRET, NOW)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('still accepts an answer in the last second before expiry', () => {
    expect(verifyCaptcha(token, '7', SECRET, NOW + TTL - 1).ok).toBe(true);
  });

  it.each([1, 60, 86_400])('refuses a right answer %i seconds after expiry as expired', (late) => {
    expect(verifyCaptcha(token, '7', SECRET, NOW + TTL + late)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each<[string, Partial<Challenge>]>([
    ['a changed', { a: 1 }],
    ['b changed', { b: 9 }],
    ['the expiry pushed back', { expiresAt: NOW + 10 * TTL }],
    ['a different nonce', { nonce: 'another-nonce' }],
  ])('refuses a token with %s after signing as forged', (_label, change) => {
    expect(verifyCaptcha(tamper(token, change), '7', SECRET, NOW)).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a token signed with another secret as forged', () => {
    const foreign = signChallenge(challenge, 'someone-elses-secret');
    expect(verifyCaptcha(foreign, '7', SECRET, NOW)).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a token whose signature was cut short as forged', () => {
    expect(verifyCaptcha(token.slice(0, -4), '7', SECRET, NOW)).toEqual({ ok: false, reason: 'forged' });
  });

  it.each(['', 'garbage', '.', 'payload.', '.signature', 'a.b.c', `${token}.extra`])(
    'refuses the token "%s" as malformed',
    (garbage) => {
      expect(verifyCaptcha(garbage, '7', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    },
  );

  it('refuses a correctly signed token whose payload is not JSON as malformed', () => {
    const payload = Buffer.from('not json').toString('base64url');
    const mac = createHmac('sha256', SECRET).update(payload).digest('base64url');
    expect(verifyCaptcha(`${payload}.${mac}`, '7', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('keeps the challenge readable in the token, so the browser can show the sum', () => {
    const [payload] = token.split('.') as [string];
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toEqual(challenge);
  });
});
