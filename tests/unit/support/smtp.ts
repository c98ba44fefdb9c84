import type { AddressInfo } from 'node:net';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { SqlLeadStore } from '../../../src/server/leads/sql-lead-store.ts';
import { leadApiConfig } from '../../../src/server/leads/config.ts';
import { outboxKinds, workerOptions } from '../../../src/server/message-kinds.ts';
import type { Mailer } from '../../../src/server/outbox/mail.ts';
import { DeliveryWorker } from '../../../src/server/outbox/worker.ts';
import { storeEnv, type TestStoreLocation } from './stores.ts';

/** One message the server accepted: its envelope and the raw message. */
export interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server, as the delivery worker meets a real one: it keeps what it accepts; `reject`
 * answers 451 to every message, `refuseRecipients` 550 to those addresses. `close` stops it.
 */
export async function startSmtpServer() {
  const state = { reject: false, received: [] as Mail[], refused: 0, refuseRecipients: [] as string[] };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!state.refuseRecipients.includes(address.address)) return callback();
      state.refused += 1;
      callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.reject) {
          state.refused += 1;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        state.received.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { state, url: `smtp://127.0.0.1:${port}`, close };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/=\r?\n/g, ''), 'latin1').toString('latin1');
  return Buffer.from(
    bytes.replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** A single-part text message: its headers (decoded, by lower-case name) and its text body. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

/** The mailer as `startDeliveries` (src/server/outbox/worker.ts) builds it, without starting the polling worker. */
export function smtpMailer(url: string): { mailer: Mailer; close: () => void } {
  const transport = createTransport(url);
  return { mailer: (message) => transport.sendMail(message), close: () => transport.close() };
}

/**
 * The server's delivery worker over `store`, mailing a local SMTP server of its own, which goes on
 * `cleanups` with its mailer; `env` adds settings, and `schedules: false` leaves it sending only what
 * is already queued.
 */
export async function mailingWorker(
  store: SqlLeadStore & { location: TestStoreLocation },
  cleanups: (() => unknown)[],
  env: Record<string, string> = {},
  { schedules = true } = {},
) {
  const smtp = await startSmtpServer();
  cleanups.push(smtp.close);
  const { mailer, close } = smtpMailer(smtp.url);
  cleanups.push(close);
  const settings = leadApiConfig({
    ...storeEnv(store.location),
    SMTP_URL: smtp.url,
    SITE_URL: 'https://miqat.example',
    ...env,
  });
  const options = schedules ? workerOptions(store, settings) : { kinds: outboxKinds };
  return { smtp, worker: new DeliveryWorker(store, settings, mailer, options) };
}
