import { describe, expect, it } from 'vitest';
import {
  DONE_CODES,
  doneCode,
  doneNotice,
  inputState,
  normalName,
  normalText,
  parseDoneCode,
  readAnswer,
} from '@/lib/quotes/answers';

const accept = (fields: Record<string, string> = {}) =>
  readAnswer({ answer: 'accept', version: '2', full_name: 'Layla Haddad', terms_read: 'yes', ...fields });

describe("reading the pilgrim's answer forms", () => {
  it('reads an acceptance: the full name as typed, spaces tidied, the box ticked', () => {
    expect(accept({ full_name: '  Layla   Haddad ' })).toEqual({
      ok: true,
      answer: { kind: 'accept', version: 2, typedName: 'Layla Haddad' },
    });
  });

  it('refuses an acceptance without a name or the tick, keeping what was typed', () => {
    const refused = accept({ full_name: ' L ', terms_read: '' });
    expect(refused).toEqual({
      ok: false,
      kind: 'accept',
      problems: [
        { inputId: 'accept-name', message: 'Type your full name to accept.' },
        { inputId: 'accept-terms', message: 'Tick the box to confirm you have read the terms.' },
      ],
      values: { name: ' L ', termsRead: false, question: '', reason: '' },
    });
    expect(accept({ full_name: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      problems: [{ message: 'Keep your name to 200 characters or fewer.' }],
    });
  });

  it('reads a question of up to 1,000 characters, each line break counted once as the box counts it', () => {
    const text = `${'a'.repeat(499)}\r\n${'b'.repeat(500)}`;
    expect(readAnswer({ answer: 'ask', version: '1', question: text })).toEqual({
      ok: true,
      answer: { kind: 'ask', version: 1, text: text.replace('\r\n', '\n') },
    });
    expect(readAnswer({ answer: 'ask', version: '1', question: `${text}c` })).toMatchObject({
      ok: false,
      problems: [
        { inputId: 'ask-question', message: 'Keep your question to 1,000 characters or fewer; it has 1,001.' },
      ],
    });
    expect(readAnswer({ answer: 'ask', version: '1', question: ' \n ' })).toMatchObject({
      ok: false,
      problems: [{ message: 'Write your question before sending it.' }],
    });
  });

  it('reads a decline with or without a reason, refusing a reason over 1,000 characters', () => {
    expect(readAnswer({ answer: 'decline', version: '1' })).toEqual({
      ok: true,
      answer: { kind: 'decline', version: 1, reason: '' },
    });
    expect(readAnswer({ answer: 'decline', version: '1', reason: 'x'.repeat(1001) })).toMatchObject({
      ok: false,
      kind: 'decline',
      values: { reason: 'x'.repeat(1001) },
    });
  });

  it('refuses a question or a reason holding a card number, saying why', () => {
    const refused = { inputId: expect.any(String), message: expect.stringContaining('looks like a card number') };
    expect(readAnswer({ answer: 'ask', version: '1', question: 'Can I pay with 4111 1111 1111 1111?' })).toMatchObject({
      ok: false,
      problems: [{ ...refused, inputId: 'ask-question' }],
    });
    expect(
      readAnswer({ answer: 'decline', version: '1', reason: 'Card 4111.1111.1111.1111 was refused' }),
    ).toMatchObject({
      ok: false,
      problems: [{ ...refused, inputId: 'decline-reason' }],
    });
  });

  it('refuses a form without its kind or a version, as nothing the page sends', () => {
    for (const entries of [
      { answer: 'pay', version: '1' },
      { answer: 'accept', version: '0' },
      { answer: 'accept', version: '1.5' },
      { answer: 'accept' },
      {},
    ]) {
      expect(readAnswer(entries)).toMatchObject({ ok: false, problems: [{ inputId: 'answer' }] });
    }
  });

  it('tidies names and text as the store keeps them', () => {
    expect(normalName('\tAmina \n Yusuf ')).toBe('Amina Yusuf');
    expect(normalText(' one\r\ntwo\rthree \n')).toBe('one\ntwo\nthree');
  });
});

describe('what the page says after an answer', () => {
  const agency = { phone: '+1 (512) 555-0143', replyTime: 'within 24 hours' };

  it('names each outcome of the store, and a decline of an accepted quote apart', () => {
    expect(doneCode('accept', 'accepted')).toBe('accepted');
    expect(doneCode('accept', 'already-accepted')).toBe('already-accepted');
    expect(doneCode('decline', 'already-accepted')).toBe('decline-after-accept');
    expect(doneCode('ask', 'already-asked')).toBe('already-asked');
    expect(doneCode('accept', 'not-found')).toBeNull();
  });

  it('reads back only the codes it writes', () => {
    for (const code of DONE_CODES) expect(parseDoneCode(code)).toBe(code);
    expect(parseDoneCode('<script>')).toBeNull();
    expect(parseDoneCode(null)).toBeNull();
  });

  it('says what happened plainly, whom to call when nothing could be recorded', () => {
    expect(doneNotice('accepted', agency)).toEqual({
      tone: 'done',
      text: 'Thank you: your acceptance is recorded. We will be in touch to take the deposit.',
    });
    expect(doneNotice('asked', agency).text).toContain('we reply within 24 hours');
    expect(doneNotice('expired', agency)).toEqual({
      tone: 'refused',
      text: 'This quote has expired, so it can no longer be accepted. Please call us on +1 (512) 555-0143 and we will prepare a new one.',
    });
    expect(doneNotice('superseded', agency).tone).toBe('refused');
    for (const code of DONE_CODES) expect(doneNotice(code, agency).text).toMatch(/^[A-Z].+\.$/);
  });
});

describe('an input with a problem', () => {
  it('is described by its hint and then its error, and marked invalid; without one, by its hint alone', () => {
    const problems = [{ inputId: 'ask-question', message: 'Write your question before sending it.' }];
    expect(inputState(problems, 'ask-question', 'ask-question-hint')).toEqual({
      message: 'Write your question before sending it.',
      errorId: 'ask-question-error',
      describedBy: 'ask-question-hint ask-question-error',
      invalid: 'true',
    });
    expect(inputState(problems, 'decline-reason', 'decline-reason-hint')).toMatchObject({
      message: undefined,
      describedBy: 'decline-reason-hint',
      invalid: undefined,
    });
    expect(inputState([], 'accept-terms').describedBy).toBeUndefined();
  });
});
