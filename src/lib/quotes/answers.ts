/**
 * The pilgrim's three answers on the quote page: accept, ask a question, decline. The page's forms
 * post them without scripts; this reads and checks what they sent, in words for the pilgrim, and
 * names what the page says once the store has answered. The store checks the same limits again.
 */

export const QUESTION_MAX_LENGTH = 1_000;
export const DECLINE_REASON_MAX_LENGTH = 1_000;
import { CARD_NUMBER_REFUSED, containsCardNumber } from '../card-number.ts';

/** The full name typed to accept: long enough to be a name, short enough for a row. */
export const TYPED_NAME_MIN_LENGTH = 2;
export const TYPED_NAME_MAX_LENGTH = 200;

export const ANSWER_KINDS = ['accept', 'ask', 'decline'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** The forms' field names on the wire. */
export const ANSWER_FIELDS = {
  kind: 'answer',
  version: 'version',
  formToken: 'form_token',
  name: 'full_name',
  terms: 'terms_read',
  question: 'question',
  reason: 'reason',
} as const;

/** The id of each input on the page, which an error summary links to. */
export const ANSWER_INPUT_IDS = {
  name: 'accept-name',
  terms: 'accept-terms',
  question: 'ask-question',
  reason: 'decline-reason',
  /** The answers' section, for a problem with no field of its own. */
  form: 'answer',
} as const;

export type PilgrimAnswer =
  | { kind: 'accept'; version: number; typedName: string }
  | { kind: 'ask'; version: number; text: string }
  | { kind: 'decline'; version: number; reason: string };

/** A problem under the input it belongs to (an id of `ANSWER_INPUT_IDS`). */
export interface AnswerProblem {
  inputId: string;
  message: string;
}

/** What the pilgrim typed, to show again when something must be fixed. */
export interface AnswerValues {
  name: string;
  termsRead: boolean;
  question: string;
  reason: string;
}

export type ReadAnswer =
  | { ok: true; answer: PilgrimAnswer }
  | { ok: false; kind: AnswerKind | null; problems: AnswerProblem[]; values: AnswerValues };

/** A name as it is kept: trimmed, each run of spaces one space. */
export function normalName(typed: string): string {
  return typed.trim().replace(/\s+/g, ' ');
}

/** Text from a textarea as it is kept: a browser sends each line break as CRLF, counted as one character in the box. */
export function normalText(typed: string): string {
  return typed.replace(/\r\n?/g, '\n').trim();
}

const plural = (count: number) => count.toLocaleString('en-US');

/** Reads one of the page's forms into an answer for the store, or the problems to show above it, nothing recorded. */
export function readAnswer(entries: Readonly<Record<string, string | undefined>>): ReadAnswer {
  const text = (name: string) => entries[name] ?? '';
  const values: AnswerValues = {
    name: text(ANSWER_FIELDS.name),
    termsRead: text(ANSWER_FIELDS.terms) === 'yes',
    question: text(ANSWER_FIELDS.question),
    reason: text(ANSWER_FIELDS.reason),
  };
  const kind = ANSWER_KINDS.find((known) => known === text(ANSWER_FIELDS.kind)) ?? null;
  const versionText = text(ANSWER_FIELDS.version);
  const version = /^[1-9]\d{0,5}$/.test(versionText) ? Number(versionText) : null;
  if (kind === null || version === null) {
    const message = 'This form was incomplete, so nothing was recorded. Please answer again below.';
    return { ok: false, kind, problems: [{ inputId: ANSWER_INPUT_IDS.form, message }], values };
  }
  const problems: AnswerProblem[] = [];
  const problem = (inputId: string, message: string) => problems.push({ inputId, message });
  if (kind === 'accept') {
    const typedName = normalName(values.name);
    if (typedName.length < TYPED_NAME_MIN_LENGTH) problem(ANSWER_INPUT_IDS.name, 'Type your full name to accept.');
    if (typedName.length > TYPED_NAME_MAX_LENGTH) {
      problem(ANSWER_INPUT_IDS.name, `Keep your name to ${TYPED_NAME_MAX_LENGTH} characters or fewer.`);
    }
    if (!values.termsRead) problem(ANSWER_INPUT_IDS.terms, 'Tick the box to confirm you have read the terms.');
    return problems.length > 0
      ? { ok: false, kind, problems, values }
      : { ok: true, answer: { kind, version, typedName } };
  }
  if (kind === 'ask') {
    const question = normalText(values.question);
    if (question === '') problem(ANSWER_INPUT_IDS.question, 'Write your question before sending it.');
    if (question.length > QUESTION_MAX_LENGTH) {
      const message = `Keep your question to ${plural(QUESTION_MAX_LENGTH)} characters or fewer; it has ${plural(question.length)}.`;
      problem(ANSWER_INPUT_IDS.question, message);
    }
    if (containsCardNumber(question)) problem(ANSWER_INPUT_IDS.question, CARD_NUMBER_REFUSED);
    return problems.length > 0
      ? { ok: false, kind, problems, values }
      : { ok: true, answer: { kind, version, text: question } };
  }
  const reason = normalText(values.reason);
  if (reason.length > DECLINE_REASON_MAX_LENGTH) {
    const message = `Keep your reason to ${plural(DECLINE_REASON_MAX_LENGTH)} characters or fewer; it has ${plural(reason.length)}.`;
    problem(ANSWER_INPUT_IDS.reason, message);
  }
  if (containsCardNumber(reason)) problem(ANSWER_INPUT_IDS.reason, CARD_NUMBER_REFUSED);
  return problems.length > 0 ? { ok: false, kind, problems, values } : { ok: true, answer: { kind, version, reason } };
}

/** How an input shows its problem: the message, its `aria-describedby` (the hint, then the error) and `aria-invalid`. */
export function inputState(
  problems: readonly AnswerProblem[],
  inputId: string,
  hintId?: string,
): { message: string | undefined; errorId: string; describedBy: string | undefined; invalid: 'true' | undefined } {
  const message = problems.find((problem) => problem.inputId === inputId)?.message;
  const errorId = `${inputId}-error`;
  const describedBy = [hintId, message && errorId].filter(Boolean).join(' ') || undefined;
  return { message, errorId, describedBy, invalid: message ? 'true' : undefined };
}

/** What the page says after an answer, named in its address (`?done=accepted`) so a reload records nothing. */
export const DONE_CODES = [
  'accepted',
  'already-accepted',
  'asked',
  'already-asked',
  'declined',
  'already-declined',
  'decline-after-accept',
  'expired',
  'superseded',
] as const;
export type DoneCode = (typeof DONE_CODES)[number];

/** The code for a store's outcome of an answer; null when the quote is gone (the page is then not found). */
export function doneCode(kind: AnswerKind, outcome: string): DoneCode | null {
  if (kind === 'decline' && outcome === 'already-accepted') return 'decline-after-accept';
  return DONE_CODES.find((code) => code === outcome) ?? null;
}

/** Reads `?done=` back; anything else is ignored. */
export function parseDoneCode(text: string | null): DoneCode | null {
  return DONE_CODES.find((code) => code === text) ?? null;
}

export interface DoneNotice {
  /** `done` is announced politely (role=status); `refused` says nothing was recorded (role=alert). */
  tone: 'done' | 'refused';
  text: string;
}

/** The sentence the page shows after an answer, with the agency's phone and promised reply time. */
export function doneNotice(code: DoneCode, agency: { phone: string; replyTime: string }): DoneNotice {
  const done = (text: string): DoneNotice => ({ tone: 'done', text });
  const refused = (text: string): DoneNotice => ({ tone: 'refused', text });
  switch (code) {
    case 'accepted':
      return done('Thank you: your acceptance is recorded. We will be in touch to take the deposit.');
    case 'already-accepted':
      return done('This quote was already accepted, so nothing has changed.');
    case 'asked':
      return done(`Thank you: your question has reached our team, and we reply ${agency.replyTime}.`);
    case 'already-asked':
      return done(`We already have this question, so it was not sent twice. We reply ${agency.replyTime}.`);
    case 'declined':
      return done(
        `Thank you for letting us know: we have recorded that you decline this quote. If your plans change, call us on ${agency.phone}.`,
      );
    case 'already-declined':
      return done('You had already declined this quote, so nothing has changed.');
    case 'decline-after-accept':
      return refused(
        `This quote is already accepted, so it cannot be declined here. If your plans have changed, please call us on ${agency.phone}.`,
      );
    case 'expired':
      return refused(
        `This quote has expired, so it can no longer be accepted. Please call us on ${agency.phone} and we will prepare a new one.`,
      );
    case 'superseded':
      return refused(
        'This quote was updated after you opened it, so nothing was recorded. Please read the new version below before you answer.',
      );
  }
}
