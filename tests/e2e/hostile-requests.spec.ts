import http from 'node:http';
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { STORE_KINDS } from '../support/store-kinds.ts';
import { testLeadDb, waitFor, type TestLeadDb } from './support/lead-load.ts';
import { startServer, type SideServer } from './support/server';

/**
 * Requests an attacker (or a broken client) sends to the real server, on each store: none may get a
 * 500, hang, or cost an enquiry that would otherwise be stored.
 */
const HAJJ = { name: 'Amina Yusuf', email: 'amina@example.com', phone: '3125550147', message: 'Hajj for two.' };
/** A browser's own post, which the server answers with pages. */
const NAVIGATION = { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };
const URLENCODED = { 'Content-Type': 'application/x-www-form-urlencoded' };

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** One POST over Node's client; `chunks` are written one by one with chunked transfer encoding. */
function send(url: string, headers: Record<string, string>, chunks: string[], timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    request.setTimeout(timeoutMs, () => {
      reject(new Error(`no answer within ${timeoutMs} ms`));
      request.destroy();
    });
    // The server may answer (413) and close before the whole body is written; the answer is what counts.
    request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

for (const kind of STORE_KINDS) {
  test.describe(`hostile requests on ${kind}`, () => {
    // One server per store, its tests in turn.
    test.describe.configure({ mode: 'default' });
    let db: TestLeadDb;
    let server: SideServer;
    const log: string[] = [];

    test.beforeAll(async () => {
      db = await testLeadDb(kind);
      server = await startServer({ ...db.env, LEADS_RATE_LIMIT: '100000', LEADS_MAX_BODY_BYTES: '16384' }, { log });
    });

    test.afterAll(async () => {
      server.process.kill('SIGKILL');
      await db.close();
    });

    test('a Referer or Origin that does not parse is ignored: the enquiry is stored and answered as usual', async () => {
      const url = `${server.origin}/api/forms/hajj`;
      const before = (await db.leads()).length;
      for (const bad of ['http://[::1', 'http://x:99999/']) {
        const json = await send(url, { ...URLENCODED, Accept: 'application/json', Referer: bad, Origin: bad }, [
          form({ ...HAJJ, email: `json${before}@example.com` }),
        ]);
        expect(json.status, json.body).toBe(201);
        expect(JSON.parse(json.body)).toMatchObject({ reference: expect.stringMatching(/^MQ-/) });
        const page = await send(url, { ...URLENCODED, ...NAVIGATION, Referer: bad, Origin: bad }, [form(HAJJ)]);
        expect(page.status, page.body.slice(0, 200)).toBe(303);
        expect(page.location).toMatch(/^\/enquiry\/sent\?lead=/);
        // A form shown again posts with ?from=; a broken Referer beside it changes nothing.
        const again = await send(`${url}?from=%2Fhajj-packages`, { ...URLENCODED, ...NAVIGATION, Referer: bad }, [
          form({ ...HAJJ, email: '' }),
        ]);
        expect(again.status).toBe(400);
        expect(again.body).toContain('Your enquiry has not been sent yet');
      }
      expect((await db.leads()).length).toBe(before + 4);
      const signIn = await send(`${server.origin}/admin/sign-in`, { ...URLENCODED, Origin: 'http://[::1' }, ['x=1']);
      expect(signIn.status).toBeLessThan(500);
    });

    test('a body over the limit is answered 413 on every path, chunked or not, and stores nothing', async () => {
      const url = `${server.origin}/api/forms/hajj`;
      const before = (await db.leads()).length;
      const big = form({ ...HAJJ, message: 'x'.repeat(40_000) });
      const pieces = big.match(/[\s\S]{1,1024}/g)!;
      const ways: [string, Record<string, string>, string[]][] = [
        ['page, chunked', { ...URLENCODED, ...NAVIGATION }, pieces],
        ['page, with its length', { ...URLENCODED, ...NAVIGATION, 'Content-Length': String(big.length) }, [big]],
        ['JSON, chunked', { ...URLENCODED, Accept: 'application/json' }, pieces],
        ['JSON, with its length', { ...URLENCODED, 'Content-Length': String(big.length) }, [big]],
      ];
      for (const [way, headers, chunks] of ways) {
        const answer = await send(url, headers, chunks);
        expect(answer.status, way).toBe(413);
        if (headers['Sec-Fetch-Mode']) expect(answer.body, way).toContain('Your enquiry could not be sent');
      }
      expect((await db.leads()).length).toBe(before);
    });

    test('a client that sends its whole post and hangs up is logged once, at info level, never as an error', async () => {
      const body = form(HAJJ);
      for (let round = 0; round < 20; round += 1) {
        const socket = connect(server.port, 'localhost');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(
          `POST /api/forms/hajj HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
            `Content-Length: ${body.length}\r\n\r\n${body}`,
        );
        if (round % 2 === 0) socket.resetAndDestroy();
        else socket.end();
      }
      // The server is still answering, and its log holds no error about the clients that left.
      expect(await waitFor(async () => (await fetch(`${server.origin}/healthz`)).ok, 5_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const alarms = log.filter((line) => /\[ERROR\]|ClientAddressNotAvailable|File an issue/.test(line));
      expect(alarms).toEqual([]);
    });
  });
}
