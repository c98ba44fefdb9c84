/**
 * The fuzz test's wire and oracle: a case put into bytes as a browser or a hostile client would, and
 * the answer the lead API must give, worked out from those bytes beside the API, never by it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { validateLead, type LeadFields } from '@/lib/forms/schema';
import type { FormDef } from '@/lib/forms/types';
import {
  HONEYPOT,
  MULTIPART,
  TOKEN,
  URLENCODED,
  type AnswerMode,
  type Case,
  type ContentTypeVariant,
  type Entry,
  type Style,
  type TokenMode,
  type WireMode,
} from './lead-fuzz-cases';

/** The lead API's body limit in these tests (LEADS_MAX_BODY_BYTES). */
export const MAX_BODY = 16_384;
const encoder = new TextEncoder();
/** How the server turns bytes into text: bad sequences become U+FFFD and a leading BOM is kept. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
// ---------------------------------------------------------------------------------------------------------------
// Putting a case on the wire

export interface Challenge {
  token: string;
  a: number;
  b: number;
  expiresAt: number;
}

/** An entry with its captcha answer or token worked out: text, raw bytes or a file. */
export type Sent =
  | { name: string; kind: 'text'; text: string }
  | { name: string; kind: 'bytes'; bytes: Uint8Array }
  | { name: string; kind: 'file'; filename: string; text: string };

/** What the server should read from the body: its entries (a file's value is null), nothing, or not known. */
export type Parsed =
  { kind: 'entries'; entries: [string, string | null][] } | { kind: 'unreadable' } | { kind: 'unknown' };

export interface Wire {
  contentType: string | null;
  body: Uint8Array<ArrayBuffer>;
  parsed: Parsed;
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

function resolveToken(mode: TokenMode, challenge: Challenge): string {
  switch (mode.kind) {
    case 'fresh':
      return challenge.token;
    case 'garbage':
      return mode.text;
    case 'forged': {
      // A well-formed token for the same sum, signed with a key that is not the server's.
      const payload = base64url(JSON.stringify({ ...challenge, token: undefined, nonce: randomUUID() }));
      return `${payload}.${createHmac('sha256', mode.secret).update(payload).digest('base64url')}`;
    }
    case 'tampered': {
      // The real signature on a payload with an easier sum and a later expiry.
      const [, mac] = challenge.token.split('.');
      const payload = base64url(
        JSON.stringify({ a: 1, b: 1, expiresAt: challenge.expiresAt + 86_400, nonce: randomUUID() }),
      );
      return `${payload}.${mac ?? ''}`;
    }
  }
}

function resolveAnswer(mode: AnswerMode, sum: number): string {
  switch (mode.kind) {
    case 'right':
      return String(sum);
    case 'padded':
      return [` ${sum}`, `${sum} `, `0${sum}`, `\t${sum}\n`][mode.how] ?? String(sum);
    case 'wrong':
      return String((sum + mode.by) % 1000);
  }
}

export function resolve(entries: readonly Entry[], challenge: Challenge): Sent[] {
  return entries.map(({ name, value }): Sent => {
    switch (value.kind) {
      case 'text':
      case 'file':
        return { name, ...value };
      case 'bytes':
        return { name, kind: 'bytes', bytes: value.bytes };
      case 'answer':
        return { name, kind: 'text', text: resolveAnswer(value.mode, challenge.a + challenge.b) };
      case 'token':
        return { name, kind: 'text', text: resolveToken(value.mode, challenge) };
    }
  });
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

const bytesOf = (entry: Sent): Uint8Array => (entry.kind === 'bytes' ? entry.bytes : encoder.encode(entry.text));
const readAs = (entry: Sent): string | null =>
  entry.kind === 'file' ? null : entry.kind === 'bytes' ? decoder.decode(entry.bytes) : entry.text;

function percentEncode(bytes: Uint8Array, style: Style): string {
  let out = '';
  for (const byte of bytes) {
    const character = String.fromCharCode(byte);
    if (/[A-Za-z0-9*\-._]/.test(character)) out += character;
    else if (byte === 0x20 && style.plus) out += '+';
    else {
      const hex = byte.toString(16).padStart(2, '0');
      out += `%${style.lowerHex ? hex : hex.toUpperCase()}`;
    }
  }
  return out;
}

/** application/x-www-form-urlencoded by hand; a file goes as its name, as a browser sends it. */
function manualUrlencoded(entries: readonly Sent[], style: Style): { body: Uint8Array<ArrayBuffer>; parsed: Parsed } {
  const pairs = entries.map((entry) => {
    const value = entry.kind === 'file' ? encoder.encode(entry.filename) : bytesOf(entry);
    return `${percentEncode(encoder.encode(entry.name), style)}=${percentEncode(value, style)}`;
  });
  const body = style.strayAmpersands ? `&${pairs.join('&&')}&` : pairs.join('&');
  const parsed = entries.map((entry): [string, string] => [
    entry.name,
    entry.kind === 'file' ? entry.filename : (readAs(entry) ?? ''),
  ]);
  return { body: encoder.encode(body), parsed: { kind: 'entries', entries: parsed } };
}

/** multipart/form-data by hand, byte for byte, so values keep lone CR and LF and may carry any bytes. */
function manualMultipart(
  entries: readonly Sent[],
  style: Style,
  boundary: string,
): { body: Uint8Array<ArrayBuffer>; parsed: Parsed } {
  const parts: Uint8Array[] = [];
  if (style.preamble) parts.push(encoder.encode('This is a preamble, which readers ignore.\r\n'));
  for (const entry of entries) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${entry.name}"`;
    if (entry.kind === 'file') head += `; filename="${entry.filename}"\r\nContent-Type: application/octet-stream`;
    else if (style.partContentType) head += '\r\nContent-Type: text/plain; charset=utf-8';
    parts.push(encoder.encode(`${head}\r\n\r\n`), bytesOf(entry), encoder.encode('\r\n'));
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  if (style.epilogue) parts.push(encoder.encode('An epilogue, also ignored.\r\n'));
  const parsed = entries.map((entry): [string, string | null] => [entry.name, readAs(entry)]);
  return { body: concat(parts), parsed: { kind: 'entries', entries: parsed } };
}

/** URLSearchParams, as the site's own script sends a urlencoded form. */
function platformUrlencoded(entries: readonly Sent[]): { body: Uint8Array<ArrayBuffer>; parsed: Parsed } {
  const params = new URLSearchParams();
  const parsed: [string, string][] = [];
  for (const entry of entries) {
    const value = entry.kind === 'file' ? entry.filename : (readAs(entry) ?? '');
    params.append(entry.name, value);
    parsed.push([entry.name, value]);
  }
  return { body: encoder.encode(params.toString()), parsed: { kind: 'entries', entries: parsed } };
}

/** FormData, as the site's own script sends a multipart form; fetch writes every line break as CRLF. */
async function platformMultipart(entries: readonly Sent[]): Promise<Wire> {
  const data = new FormData();
  const parsed: [string, string | null][] = [];
  for (const entry of entries) {
    if (entry.kind === 'file') {
      data.append(entry.name, new File([entry.text], entry.filename, { type: 'text/plain' }));
      // fetch leaves out `filename=""` for a nameless file, which makes the part plain text to any reader.
      parsed.push([entry.name, entry.filename === '' ? entry.text : null]);
    } else {
      const value = readAs(entry) ?? '';
      data.append(entry.name, value);
      parsed.push([entry.name, value.replace(/\r\n|\r|\n/g, '\r\n')]);
    }
  }
  const response = new Response(data);
  const body = new Uint8Array(await response.arrayBuffer());
  return { contentType: response.headers.get('content-type'), body, parsed: { kind: 'entries', entries: parsed } };
}

function urlencodedType(variant: ContentTypeVariant): string {
  switch (variant) {
    case 'exact':
      return URLENCODED;
    case 'charset':
      return `${URLENCODED};charset=UTF-8`;
    case 'upper':
      return URLENCODED.toUpperCase();
    case 'spaced':
      return `  ${URLENCODED} ; charset=utf-8`;
    case 'vtab':
      return `${URLENCODED}\v`;
  }
}

function multipartType(variant: ContentTypeVariant, boundary: string, quoted: boolean): string {
  switch (variant) {
    case 'exact':
      return `${MULTIPART}; boundary=${quoted ? `"${boundary}"` : boundary}`;
    case 'charset':
      return `${MULTIPART}; charset=utf-8; boundary=${boundary}`;
    case 'upper':
      return `${MULTIPART.toUpperCase()}; BOUNDARY=${boundary}`;
    case 'spaced':
      return `${MULTIPART} ;  boundary=${boundary}`;
    case 'vtab':
      return `${MULTIPART}\v; boundary=${boundary}`;
  }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(needle);
}

function brokenMultipart(entries: readonly Sent[], mode: Extract<WireMode, { kind: 'broken' }>, c: Case): Wire {
  const exact = multipartType('exact', c.boundary, false);
  const unreadable: Parsed = { kind: 'unreadable' };
  const manual = () => manualMultipart(entries, { ...c.style, preamble: false, epilogue: false }, c.boundary).body;
  const firstText = entries.findIndex((entry) => entry.kind === 'text');
  switch (mode.how) {
    case 'truncate': {
      // Anything short of the closing `--boundary--` is an unfinished body.
      const body = manual();
      return { contentType: exact, body: body.slice(0, mode.cut % (body.byteLength - 2)), parsed: unreadable };
    }
    case 'no-boundary':
      return { contentType: MULTIPART, body: manual(), parsed: unreadable };
    case 'wrong-boundary':
      return { contentType: `${MULTIPART}; boundary=${c.boundary}x`, body: manual(), parsed: unreadable };
    case 'lf-only': {
      const body = Buffer.from(manual()).toString('latin1').replaceAll('\r\n', '\n');
      return { contentType: exact, body: new Uint8Array(Buffer.from(body, 'latin1')), parsed: unreadable };
    }
    case 'no-disposition': {
      if (entries.length === 0) break;
      const body = manual();
      const at = indexOf(body, encoder.encode('Content-Disposition'));
      body.set(encoder.encode('X-Garbage: nothing'), at);
      return { contentType: exact, body, parsed: unreadable };
    }
    case 'delimiter-in-value': {
      if (firstText < 0) break;
      const spoilt = entries.map((entry, index) =>
        index === firstText && entry.kind === 'text' ? { ...entry, text: `${entry.text}\r\n--${c.boundary}x` } : entry,
      );
      const body = manualMultipart(spoilt, c.style, c.boundary).body;
      return { contentType: exact, body, parsed: unreadable };
    }
    case 'garbage':
      break;
  }
  return { contentType: exact, body: concat([mode.garbage]), parsed: unreadable };
}

export async function buildWire(form: FormDef, entries: readonly Sent[], c: Case): Promise<Wire> {
  const hasBytes = entries.some((entry) => entry.kind === 'bytes');
  const urlencoded = () => (hasBytes ? manualUrlencoded(entries, c.style) : platformUrlencoded(entries));
  const multipart = () => manualMultipart(entries, c.style, c.boundary);
  const { wire } = c;
  switch (wire.kind) {
    case 'native': {
      if (form.encoding === 'urlencoded') {
        const built = wire.encoder === 'platform' ? urlencoded() : manualUrlencoded(entries, c.style);
        const contentType = urlencodedType(wire.contentType);
        return { contentType, ...built, parsed: wire.contentType === 'vtab' ? { kind: 'unreadable' } : built.parsed };
      }
      const built =
        wire.encoder === 'platform' && !hasBytes
          ? await platformMultipart(entries)
          : { contentType: null, ...multipart() };
      const boundary = built.contentType?.split('boundary=')[1] ?? c.boundary;
      const contentType = multipartType(wire.contentType, boundary, c.style.quotedBoundary && !built.contentType);
      return { ...built, contentType, parsed: wire.contentType === 'vtab' ? { kind: 'unreadable' } : built.parsed };
    }
    case 'foreign':
      return form.encoding === 'urlencoded'
        ? { contentType: multipartType('exact', c.boundary, false), ...multipart() }
        : { contentType: URLENCODED, ...urlencoded() };
    case 'json': {
      const object = Object.fromEntries(entries.map((entry) => [entry.name, readAs(entry)]));
      return {
        contentType: 'application/json',
        body: encoder.encode(JSON.stringify(object)),
        parsed: { kind: 'unknown' },
      };
    }
    case 'text': {
      const lines = entries.map((entry) => `${entry.name}=${readAs(entry) ?? ''}\r\n`).join('');
      return { contentType: 'text/plain;charset=UTF-8', body: encoder.encode(lines), parsed: { kind: 'unknown' } };
    }
    case 'none':
      return { contentType: null, ...urlencoded() };
    case 'odd':
      return { contentType: wire.contentType, ...urlencoded() };
    case 'cross-body': {
      if (form.encoding === 'multipart') {
        return {
          contentType: multipartType('exact', c.boundary, false),
          ...urlencoded(),
          parsed: { kind: 'unreadable' },
        };
      }
      const { body } = multipart();
      // Read as urlencoded, a multipart body is a few odd names; raw bytes would make the reading uncertain.
      const parsed: Parsed = hasBytes
        ? { kind: 'unknown' }
        : { kind: 'entries', entries: [...new URLSearchParams(decoder.decode(body))] };
      return { contentType: URLENCODED, body, parsed };
    }
    case 'broken':
      return brokenMultipart(entries, wire, c);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The oracle: what the API must answer, worked out from what is on the wire

export interface Expected {
  statuses: number[];
  /** The fields a 201 must store. */
  fields: LeadFields | null;
  why: string;
}

const answer = (status: number, why: string): Expected => ({ statuses: [status], fields: null, why });

export function expectedFor(
  form: FormDef,
  wire: Wire,
  contentLength: string | null,
  captcha: { token: string; sum: number; late: boolean; spent: boolean },
): Expected {
  const mime = (wire.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mime !== (form.encoding === 'urlencoded' ? URLENCODED : MULTIPART)) return answer(415, 'wrong content type');
  if (Number(contentLength ?? 0) > MAX_BODY) return answer(413, 'declared length over the cap');
  if (wire.body.byteLength > MAX_BODY) return answer(413, 'body over the cap');
  if (wire.parsed.kind === 'unreadable') return answer(400, 'unreadable body');
  if (wire.parsed.kind === 'unknown') return { statuses: [200, 400], fields: null, why: 'garbled body' };
  const seen = new Set<string>();
  for (const [name, value] of wire.parsed.entries) {
    if (value === null) return answer(400, `file in "${name}"`);
    if (seen.has(name)) return answer(400, `"${name}" sent twice`);
    seen.add(name);
  }
  const entries = wire.parsed.entries as [string, string][];
  const all = Object.fromEntries(entries) as Record<string, string>;
  if (all[HONEYPOT]) return answer(200, 'honeypot filled');
  const sent: LeadFields = Object.fromEntries(entries.filter(([name]) => name !== TOKEN && name !== HONEYPOT));
  // The reply-to copy of the email is the form definition's to make, whatever was sent under its name.
  const fields: LeadFields = form.replyTo ? { ...sent, [form.replyTo.name]: sent[form.replyTo.from] ?? '' } : sent;
  const validation = validateLead(form, fields);
  if (!validation.ok) return answer(400, `invalid: ${JSON.stringify(validation.errors)}`);
  if (form.captcha) {
    if (all[TOKEN] !== captcha.token) return answer(400, 'bad captcha token');
    if (captcha.late) return answer(400, 'expired captcha');
    if (captcha.spent) return answer(400, 'captcha already used');
    if (Number((fields[form.captcha] ?? '').trim()) !== captcha.sum) return answer(400, 'wrong sum');
  }
  return { statuses: [201], fields, why: 'valid' };
}
