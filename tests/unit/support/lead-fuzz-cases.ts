/**
 * What the lead API's fuzz test (tests/unit/lead-fuzz.test.ts) sends: the shape of a submission and the
 * fast-check arbitraries that make random and hostile ones for any form.
 */
import fc from 'fast-check';
import { FORMS } from '@/lib/forms/definitions';
import type { FieldDef, FormDef, TextField } from '@/lib/forms/types';

export const ALL_FORMS: readonly FormDef[] = Object.values(FORMS);
export const URLENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';
export const TOKEN = '_captcha';
export const HONEYPOT = 'website';
// ---------------------------------------------------------------------------------------------------------------
// What a submission is made of

export type AnswerMode = { kind: 'right' } | { kind: 'padded'; how: number } | { kind: 'wrong'; by: number };
export type TokenMode =
  { kind: 'fresh' } | { kind: 'garbage'; text: string } | { kind: 'forged'; secret: string } | { kind: 'tampered' };

export type Value =
  | { kind: 'text'; text: string }
  /** Raw bytes, usually not UTF-8. */
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'file'; filename: string; text: string }
  /** The captcha answer, worked out from the challenge when the case runs. */
  | { kind: 'answer'; mode: AnswerMode }
  /** The captcha token, from the challenge when the case runs. */
  | { kind: 'token'; mode: TokenMode };

export interface Entry {
  name: string;
  value: Value;
}

export type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; at: number; name: string; text: string }
  | { kind: 'replace'; at: number; text: string }
  | { kind: 'bytes'; at: number; bytes: Uint8Array }
  | { kind: 'duplicate'; at: number; text: string | null }
  | { kind: 'file'; at: number; add: boolean; filename: string; text: string };

export type ContentTypeVariant = 'exact' | 'charset' | 'upper' | 'spaced' | 'vtab';
export type Breakage =
  'truncate' | 'no-boundary' | 'wrong-boundary' | 'lf-only' | 'no-disposition' | 'garbage' | 'delimiter-in-value';

export interface Style {
  /** Spaces as `+` rather than `%20`. */
  plus: boolean;
  lowerHex: boolean;
  strayAmpersands: boolean;
  preamble: boolean;
  epilogue: boolean;
  quotedBoundary: boolean;
  partContentType: boolean;
}

export type WireMode =
  /** The form's own encoding, by the platform's URLSearchParams/FormData or written out by hand. */
  | { kind: 'native'; encoder: 'platform' | 'manual'; contentType: ContentTypeVariant }
  /** The other form encoding, honestly labelled. */
  | { kind: 'foreign' }
  | { kind: 'json' }
  | { kind: 'text' }
  | { kind: 'none' }
  | { kind: 'odd'; contentType: string }
  /** The form's own content type on a body in the other encoding. */
  | { kind: 'cross-body' }
  | { kind: 'broken'; how: Breakage; cut: number; garbage: Uint8Array };

export interface Case {
  entries: Entry[];
  wire: WireMode;
  style: Style;
  boundary: string;
  /** A Content-Length header that may lie. */
  contentLength: string | null;
  /** Submitted after the captcha has expired. */
  late: boolean;
  /** The same request twice, as a double click or a replay would. */
  twice: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(document.cookie)>',
  "'; DROP TABLE leads;--",
  "Robert'); DROP TABLE leads; --",
  '" OR "1"="1',
  "1' OR '1'='1' /*",
  'UNION SELECT * FROM settings --',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '=HYPERLINK("http://evil.example")',
  '%00',
  '%0d%0a',
  '%%',
  '&',
  '=',
  '+',
  '&website=1',
  '&_captcha=x',
  '\\',
  '"',
  "'",
  '`',
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\v',
  '\f',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '😀',
  '👩🏽‍💻',
  '🇸🇦',
  'بسم الله',
  'Zoë Ñúñez',
  '𝕬𝖒𝖎𝖓𝖆',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  '[object Object]',
  'Content-Disposition: form-data; name="x"',
  '\r\n--',
  '------WebKitFormBoundary7MA4YWxkTrZu0gW',
] as const;

const WRONG_TYPES = [
  '',
  ' ',
  '0',
  '00',
  '-1',
  '1.5',
  '1e3',
  '99',
  '100',
  '999',
  '1000',
  'NaN',
  'Infinity',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '{"a":1}',
  '[object Object]',
  '٣',
  '１',
  '0x10',
  '2027-02-30',
  '2027-13-01',
  '27-03-10',
  '2027-3-1',
  '2027-03-10T00:00:00Z',
  'a@b',
  '@example.com',
  'amina@',
  'amina@example.com, omar@example.com',
  'umrah',
  'UMRAH',
  'hajj ',
] as const;

const controlChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('\u2028', '\u2029', '\ufeff', '\u202e', '\u200b', '\u061c'),
);
const controlText = fc.string({ unit: controlChar, minLength: 1, maxLength: 20 });

const chunk = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  { arbitrary: controlText, weight: 1 },
);
export const freeText = fc.array(chunk, { maxLength: 8 }).map((parts) => parts.join(''));
/** Text of about `min` to `max` UTF-16 units made by repeating a few chunks, cheap to build and to shrink. */
const repeated = (min: number, max: number) =>
  fc.tuple(fc.array(chunk, { minLength: 1, maxLength: 3 }), fc.integer({ min, max })).map(([parts, length]) => {
    const base = parts.join('') || 'x';
    return base.repeat(Math.ceil(length / base.length));
  });
const huge = repeated(1_000, 40_000);

/** Cuts text to at most `max` UTF-16 units without splitting a character. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const character of text) {
    if (out.length + character.length > max) break;
    out += character;
  }
  return out;
}

const textUpTo = (max: number) =>
  fc
    .oneof({ arbitrary: freeText, weight: 4 }, { arbitrary: repeated(max - 50, max), weight: 1 })
    .map((text) => clip(text, max));

const personName = fc
  .tuple(
    fc.constantFrom(
      'Amina Yusuf',
      'Omar',
      'Zoë Ñúñez',
      'محمد علي',
      '李小龙',
      "Conan O'Brien",
      'Jean-Luc Picard',
      "Robert'); DROP TABLE leads;--",
      '<script>alert(1)</script>',
      '😀',
    ),
    freeText,
  )
  .map(([start, rest]) => start + rest);

const padding = fc.constantFrom('', '', '', ' ', '\t', '\n', '  ', '\u00a0');
const practicalEmail = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9_'+-]{1,12}(\.[A-Za-z0-9_'+-]{1,8})?$/),
    fc.stringMatching(/^([a-z0-9][a-z0-9-]{0,10}\.){1,2}[a-z]{2,6}$/),
  )
  .map(([local, domain]) => `${local}@${domain}`);
/** A well-formed address around the 254-character limit, or far past it (PostgreSQL's index once refused those). */
const longEmail = fc
  .oneof(fc.integer({ min: 238, max: 250 }), fc.integer({ min: 250, max: 3_200 }))
  .map((length) => `${'a'.repeat(length - 12)}@example.com`);
const email = fc
  .tuple(
    padding,
    fc.oneof(
      { arbitrary: practicalEmail, weight: 6 },
      { arbitrary: longEmail, weight: 1 },
      { arbitrary: fc.constantFrom('amina\u0000@example.com', 'amina@exa\u0000mple.com'), weight: 1 },
      { arbitrary: fc.emailAddress(), weight: 2 },
      {
        arbitrary: fc.constantFrom(
          "o'brien@example.com",
          '"<script>"@example.com',
          "amina@example.com'; DROP TABLE leads;--",
          'amina@example',
          'amina@@example.com',
        ),
        weight: 1,
      },
    ),
    padding,
  )
  .map(([before, address, after]) => before + address + after);

const phoneOfLength = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\+?[0-9 ()-]{${min},${max - 1}}$`));
const phone = (field: TextField) =>
  field.minLength !== undefined && field.maxLength !== undefined
    ? phoneOfLength(field.minLength, field.maxLength)
    : fc.oneof(
        { arbitrary: phoneOfLength(3, 25), weight: 3 },
        { arbitrary: freeText, weight: 1 },
        // Around the 40-character limit and far past it, and with a NUL inside.
        { arbitrary: fc.integer({ min: 35, max: 3_200 }).map((length) => '7'.repeat(length)), weight: 1 },
        { arbitrary: fc.constant('312\u0000555 0147'), weight: 1 },
      );

const calendarDate = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2200, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

function fieldValue(field: FieldDef): fc.Arbitrary<string> {
  switch (field.kind) {
    case 'text':
      return personName;
    case 'email':
      return email;
    case 'tel':
      return phone(field);
    case 'textarea':
      return field.maxLength === undefined ? freeText : textUpTo(field.maxLength);
    case 'date':
      return calendarDate;
    case 'select':
      return fc.constantFrom(...field.options.map((option) => option.value));
  }
}

const count = (min: number) =>
  fc
    .tuple(fc.integer({ min, max: 99 }), fc.boolean())
    .map(([value, pad]) => (pad ? String(value).padStart(2, '0') : String(value)));

export const text = (name: string, value: string): Entry => ({ name, value: { kind: 'text', text: value } });

/** An optional field is left out, sent empty or filled in. */
function optional(arbitrary: fc.Arbitrary<string>): fc.Arbitrary<string | null> {
  return fc.oneof(fc.constant(null), fc.constant(''), arbitrary);
}

const answerMode: fc.Arbitrary<AnswerMode> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'right' as const }), weight: 8 },
  { arbitrary: fc.integer({ min: 0, max: 3 }).map((how) => ({ kind: 'padded' as const, how })), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 999 }).map((by) => ({ kind: 'wrong' as const, by })), weight: 1 },
);

const tokenMode: fc.Arbitrary<TokenMode | null> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'fresh' as const }), weight: 20 },
  { arbitrary: fc.constant(null), weight: 1 },
  {
    arbitrary: fc
      .oneof(
        fc.constantFrom('', '.', '..', 'a.b', 'a.b.c', 'null', 'eyJhIjoxfQ.', '.c2ln'),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.base64String({ maxLength: 120 }),
      )
      .map((garbage) => ({ kind: 'garbage' as const, text: garbage })),
    weight: 1,
  },
  {
    arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map((secret) => ({ kind: 'forged' as const, secret })),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'tampered' as const }), weight: 1 },
);

const honeypot: fc.Arbitrary<string | null> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 4 },
  { arbitrary: fc.constant(''), weight: 4 },
  { arbitrary: fc.oneof(fc.constantFrom(' ', 'http://spam.example', '0'), freeText.filter(Boolean)), weight: 1 },
);

/** The entries a browser would send for this form, before anything hostile is done to them. */
export function baseEntries(form: FormDef): fc.Arbitrary<Entry[]> {
  const parts: fc.Arbitrary<Entry[]>[] = form.fields.map((field) =>
    (field.required ? fieldValue(field) : optional(fieldValue(field))).map((value) =>
      value === null ? [] : [text(field.name, value)],
    ),
  );
  if (form.travellers) {
    const { adults, children } = form.travellers;
    parts.push(fc.tuple(count(1), count(0)).map(([a, c]) => [text(adults, a), text(children, c)]));
  }
  if (form.captcha) {
    const name = form.captcha;
    parts.push(answerMode.map((mode) => [{ name, value: { kind: 'answer', mode } }]));
  }
  const constants = Object.entries(form.constants ?? {}).map(([name, value]) => text(name, value));
  parts.push(fc.constant(constants));
  const replyTo = form.replyTo;
  if (replyTo) {
    const mode = fc.oneof(
      { arbitrary: fc.constant<'copy' | null>('copy'), weight: 4 },
      { arbitrary: fc.constant(null), weight: 1 },
      { arbitrary: textUpTo(254), weight: 1 },
      { arbitrary: repeated(255, 300), weight: 1 },
    );
    parts.push(mode.map((value) => (value === null ? [] : [text(replyTo.name, value)])));
  }
  for (const name of form.pageFields ?? []) {
    const value = fc.oneof(
      { arbitrary: optional(textUpTo(200)), weight: 5 },
      { arbitrary: repeated(201, 260), weight: 1 },
    );
    parts.push(value.map((page) => (page === null ? [] : [text(name, page)])));
  }
  const transport = fc
    .tuple(tokenMode, honeypot)
    .map(([token, bot]) => [
      ...(token ? [{ name: TOKEN, value: { kind: 'token' as const, mode: token } }] : []),
      ...(bot === null ? [] : [text(HONEYPOT, bot)]),
    ]);
  return fc.tuple(fc.tuple(...parts), transport).map(([lists, extra]) => {
    const entries = lists.flat();
    // `_replyto` repeats the email, as the browser sends it.
    if (replyTo) {
      const copy = entries.find((entry) => entry.name === replyTo.name);
      const from = entries.find((entry) => entry.name === replyTo.from);
      if (copy?.value.kind === 'text' && copy.value.text === 'copy') {
        copy.value = { kind: 'text', text: from?.value.kind === 'text' ? from.value.text : '' };
      }
    }
    return [...entries, ...extra];
  });
}

// `__proto__` is left to its own property below, which fails on every run until the API refuses it.
const fieldName = fc.oneof(
  fc.constantFrom(
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'prototype',
    '',
    ' ',
    'Name',
    'EMAIL',
    'email ',
    'message[]',
    'fields',
    'id',
    'form_id',
    'received_at',
    "'; DROP TABLE leads;--",
    '<script>',
    'ñame😀',
    '\u0000',
    '\t',
  ),
  // No quote, CR, LF or percent sign: multipart escapes those in names.
  fc.string({ unit: 'grapheme', maxLength: 20 }).filter((name) => !/["\r\n%]/.test(name)),
);

const FILENAMES = ['passport.pdf', 'x.txt', '../../etc/passwd', 'résumé.doc', 'shell.php', '', 'a;b=c.txt'] as const;

const replacement = fc.oneof(
  { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 3 },
  { arbitrary: freeText, weight: 3 },
  { arbitrary: controlText, weight: 1 },
  { arbitrary: huge, weight: 2 },
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((at) => ({ kind: 'drop' as const, at })),
  fc
    .tuple(fc.nat(), fieldName, fc.oneof(freeText, huge))
    .map(([at, name, value]) => ({ kind: 'extra' as const, at, name, text: value })),
  fc.tuple(fc.nat(), replacement).map(([at, value]) => ({ kind: 'replace' as const, at, text: value })),
  fc
    .tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 24 }))
    .map(([at, bytes]) => ({ kind: 'bytes' as const, at, bytes })),
  fc.tuple(fc.nat(), fc.option(freeText)).map(([at, value]) => ({ kind: 'duplicate' as const, at, text: value })),
  fc
    .tuple(fc.nat(), fc.boolean(), fc.constantFrom(...FILENAMES), freeText)
    .map(([at, add, filename, content]) => ({ kind: 'file' as const, at, add, filename, text: content })),
);

function mutate(entries: Entry[], mutations: readonly Mutation[]): Entry[] {
  const out = [...entries];
  for (const change of mutations) {
    const at = out.length === 0 ? 0 : change.at % out.length;
    const target = out[at];
    switch (change.kind) {
      case 'drop':
        out.splice(at, 1);
        break;
      case 'extra':
        out.splice(at, 0, text(change.name, change.text));
        break;
      case 'replace':
        if (target) out[at] = text(target.name, change.text);
        break;
      case 'bytes':
        if (target) out[at] = { name: target.name, value: { kind: 'bytes', bytes: change.bytes } };
        break;
      case 'duplicate':
        if (target) out.push(change.text === null ? { ...target } : text(target.name, change.text));
        break;
      case 'file': {
        const file: Value = { kind: 'file', filename: change.filename, text: change.text };
        if (change.add || !target) out.push({ name: target?.name ?? 'upload', value: file });
        else out[at] = { name: target.name, value: file };
        break;
      }
    }
  }
  return out;
}

const contentTypeVariant = fc.oneof(
  { arbitrary: fc.constant<ContentTypeVariant>('exact'), weight: 8 },
  { arbitrary: fc.constantFrom<ContentTypeVariant>('charset', 'upper', 'spaced', 'vtab'), weight: 2 },
);

const wireMode: fc.Arbitrary<WireMode> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.constantFrom('platform' as const, 'manual' as const), contentTypeVariant)
      .map(([how, contentType]) => ({ kind: 'native' as const, encoder: how, contentType })),
    weight: 40,
  },
  { arbitrary: fc.constant({ kind: 'foreign' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'json' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'text' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  {
    arbitrary: fc
      .constantFrom(
        'multipart/mixed; boundary=x',
        'multipart/form-data-x; boundary=x',
        'application/x-www-form-urlencoded-x',
        'application/x-www-form-urlencoded, multipart/form-data',
        'form-data',
        'application/octet-stream',
        'text/html',
        'application/xml',
        '*/*',
        '',
        ';',
      )
      .map((contentType) => ({ kind: 'odd' as const, contentType })),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'cross-body' as const }), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom<Breakage>(
          'truncate',
          'no-boundary',
          'wrong-boundary',
          'lf-only',
          'no-disposition',
          'garbage',
          'delimiter-in-value',
        ),
        fc.nat(),
        fc.uint8Array({ maxLength: 300 }),
      )
      .map(([how, cut, garbage]) => ({ kind: 'broken' as const, how, cut, garbage })),
    weight: 3,
  },
);

const style: fc.Arbitrary<Style> = fc.record({
  plus: fc.boolean(),
  lowerHex: fc.boolean(),
  strayAmpersands: fc.boolean(),
  preamble: fc.boolean(),
  epilogue: fc.boolean(),
  quotedBoundary: fc.boolean(),
  partContentType: fc.boolean(),
});

export const caseOf = (form: FormDef): fc.Arbitrary<Case> =>
  fc
    .record({
      base: baseEntries(form),
      mutations: fc.oneof(
        { arbitrary: fc.constant<Mutation[]>([]), weight: 1 },
        { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }), weight: 1 },
      ),
      wire: wireMode,
      style,
      boundary: fc.stringMatching(/^[0-9a-f]{16}$/).map((hex) => `----lead-fuzz-${hex}`),
      contentLength: fc.oneof(
        { arbitrary: fc.constant(null), weight: 15 },
        {
          arbitrary: fc.constantFrom('0', '1', '16384', '16385', '99999999', '1e9', '-5', 'abc', ' 20000 '),
          weight: 1,
        },
      ),
      late: fc.oneof({ arbitrary: fc.constant(false), weight: 15 }, { arbitrary: fc.constant(true), weight: 1 }),
      twice: fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 }),
    })
    .map(({ base, mutations, ...rest }) => ({ entries: mutate(base, mutations), ...rest }));
