import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadApiConfig } from '@/server/leads/config';
import { outboxKinds } from '@/server/message-kinds';
import { DeliveryWorker } from '@/server/outbox/worker';
import { readConfig } from '@/server/config';
import { GracefulShutdown } from '@/server/shutdown';
import { openTestStore } from './support/stores';

/**
 * The shutdown's order on a real HTTP server with a keep-alive client; the worker and the store
 * stand in as records of when they were stopped (the e2e spec runs the real ones).
 */
const servers: http.Server[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

function setup(options: { workerStop?: () => Promise<void>; timeoutMs?: number; drainMs?: number } = {}) {
  const events: string[] = [];
  let exited: (code: number) => void = () => {};
  const exitCode = new Promise<number>((resolve) => (exited = resolve));
  let release: () => void = () => {};
  const slowAnswered = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((req, res) => {
    if (req.url === '/slow') void slowAnswered.then(() => res.end('slow done'));
    else if (req.url === '/streaming') {
      // The answer has begun (headers sent, keep-alive) before the signal arrives.
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first part, ');
      void slowAnswered.then(() => res.end('last part'));
    } else res.end('quick');
  });
  servers.push(server);
  const shutdown = new GracefulShutdown(server, {
    worker: {
      stop:
        options.workerStop ??
        (async () => {
          events.push('worker stopped');
        }),
    },
    stores: [{ close: () => events.push('store closed') }],
    timeoutMs: options.timeoutMs ?? 5_000,
    drainMs: options.drainMs ?? 0,
    log: (line) => events.push(line),
    exit: (code) => {
      events.push(`exit ${code}`);
      exited(code);
    },
  });
  /** Resolves when the server's handler has the request for `url`: the request is in flight. */
  const arrives = (url: string) =>
    new Promise<void>((resolve) => server.on('request', (req: http.IncomingMessage) => req.url === url && resolve()));
  return { server, shutdown, events, exitCode, release, arrives };
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function get(port: number, path: string, agent: http.Agent): Promise<{ body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ body, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('answers the request in flight with Connection: close, then stops the worker, closes the store and exits 0', async () => {
    const { server, shutdown, events, exitCode, release, arrives } = setup();
    const port = await listen(server);
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(port, '/', agent)).connection).toBe('keep-alive');
    const arrived = arrives('/slow');
    const slow = get(port, '/slow', agent);
    await arrived;
    void shutdown.begin('SIGTERM');
    expect(shutdown.stopping).toBe(true);
    // A window, not a condition: that the worker is not stopped early is only seen by waiting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).not.toContain('worker stopped');
    release();
    expect(await slow).toEqual({ body: 'slow done', connection: 'close' });
    expect(await exitCode).toBe(0);
    expect(events.filter((line) => !line.startsWith('Shutdown:'))).toEqual([
      'worker stopped',
      'store closed',
      'exit 0',
    ]);
    expect(events[0]).toMatch(/^Shutdown: SIGTERM; .*1 request\(s\) in flight$/);
    await expect(get(port, '/', new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });

  it('closes a kept-alive connection whose answer began before the signal as soon as that answer ends', async () => {
    const { server, shutdown, events, exitCode, release, arrives } = setup();
    const port = await listen(server);
    const agent = new http.Agent({ keepAlive: true });
    // The handler begins the answer as the request arrives.
    const arrived = arrives('/streaming');
    const streaming = get(port, '/streaming', agent);
    await arrived;
    void shutdown.begin('SIGTERM');
    release();
    expect(await streaming).toEqual({ body: 'first part, last part', connection: 'keep-alive' });
    const answeredAt = Date.now();
    expect(await exitCode).toBe(0);
    // Without closing it, the idle connection would hold the shutdown for the 5 s keep-alive timeout.
    expect(Date.now() - answeredAt).toBeLessThan(1_000);
    expect(events.at(-1)).toBe('exit 0');
    agent.destroy();
  });

  it('a second signal starts nothing new', async () => {
    const { server, shutdown, events, exitCode } = setup();
    await listen(server);
    void shutdown.begin('SIGTERM');
    void shutdown.begin('SIGINT');
    expect(await exitCode).toBe(0);
    expect(events).toContain('Shutdown: SIGINT received again; already shutting down');
    expect(events.filter((line) => line === 'store closed')).toHaveLength(1);
  });

  it('exits 1 with a message when a step hangs past the deadline', async () => {
    const { server, shutdown, events, exitCode } = setup({ workerStop: () => new Promise(() => {}), timeoutMs: 200 });
    await listen(server);
    void shutdown.begin('SIGTERM');
    expect(await exitCode).toBe(1);
    expect(events).toContain('Shutdown: not finished after 200 ms (SHUTDOWN_TIMEOUT_MS); exiting with status 1');
    expect(events).not.toContain('store closed');
  });

  it('with a drain period, serves new connections (readiness 503) until it ends, then closes the listener', async () => {
    const { server, shutdown, events, exitCode } = setup({ drainMs: 400 });
    const port = await listen(server);
    const signalled = Date.now();
    void shutdown.begin('SIGTERM');
    expect(shutdown.stopping).toBe(true);
    // The drain has begun: a connection opened now is one made during it.
    expect(events).toEqual([expect.stringMatching(/^Shutdown: SIGTERM; \/readyz answers 503, requests are served/)]);
    // A client that has not yet learnt of the 503 is still answered, and told to reconnect elsewhere.
    expect(await get(port, '/', new http.Agent())).toEqual({ body: 'quick', connection: 'close' });
    expect(events).not.toContain('store closed');
    expect(await exitCode).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(400);
    expect(events[0]).toBe(
      'Shutdown: SIGTERM; /readyz answers 503, requests are served for 400 ms more (SHUTDOWN_DRAIN_MS)',
    );
    await expect(get(port, '/', new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('reads SHUTDOWN_DRAIN_MS, 0 by default, and names it when it is wrong', () => {
    expect(readConfig({}).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(readConfig({ SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(readConfig({ SHUTDOWN_DRAIN_MS: '5000' }).SHUTDOWN_DRAIN_MS).toBe(5_000);
    expect(() => readConfig({ SHUTDOWN_DRAIN_MS: '-1' }).SHUTDOWN_DRAIN_MS).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('reads SHUTDOWN_TIMEOUT_MS, 10 s by default, and names it when it is wrong', () => {
    expect(readConfig({}).SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: '25000' }).SHUTDOWN_TIMEOUT_MS).toBe(25_000);
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: '10s' }).SHUTDOWN_TIMEOUT_MS).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('stops a delivery worker whose last pass failed (the store went away), so the shutdown still ends', async () => {
    const store = await openTestStore('sqlite');
    await store.close();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const worker = new DeliveryWorker(store, leadApiConfig({ LEADS_WORKER_INTERVAL_MS: '10' }), undefined, {
      kinds: outboxKinds,
    });
    try {
      worker.start();
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith('The delivery worker failed a pass; it keeps trying:', expect.any(Error)),
      );
      await expect(worker.stop()).resolves.toBeUndefined();
    } finally {
      logged.mockRestore();
    }
  });
});
