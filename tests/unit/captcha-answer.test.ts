import { describe, expect, it } from 'vitest';
import { answersSum } from '@/lib/forms/captcha';

describe('answersSum', () => {
  it('takes the sum typed in Latin, Arabic, Urdu or Bengali digits, with spaces around it', () => {
    for (const typed of ['12', ' 12 ', '١٢', '۱۲', '১২']) expect(answersSum(typed, 12), typed).toBe(true);
  });

  it('refuses another number, an empty box and words', () => {
    for (const typed of ['13', '١٣', '', '  ', 'twelve', '1 2']) expect(answersSum(typed, 12), typed).toBe(false);
  });
});
