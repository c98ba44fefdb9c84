import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sidePort, startServer } from './support/server';

/**
 * Two test runs on one machine take ports from the same system. When another process holds the
 * port a spec's server was meant to have, the spec must still get its own server, never the other.
 */
/** A fresh leads file per server, so this spec never writes into the repository. */
const freshLeads = () => ({ LEADS_DB: join(mkdtempSync(join(tmpdir(), 'miqat-ports-')), 'leads.db') });

test('a side server whose port is taken starts once the port is free, and answers itself', async () => {
  const port = await sidePort();
  const squatter = http.createServer((_req, res) => res.end('another process'));
  squatter.listen(port, 'localhost');
  await once(squatter, 'listening');
  setTimeout(() => squatter.close(), 500);

  const server = await startServer(freshLeads(), { port });
  try {
    expect(server.port).toBe(port);
    const page = await (await fetch(`${server.origin}/about-us`)).text();
    expect(page).not.toBe('another process');
    expect(page).toContain('<h1');
  } finally {
    server.process.kill();
  }
});

test('each side server gets a port of its own', async () => {
  const [first, second] = await Promise.all([startServer(freshLeads()), startServer(freshLeads())]);
  try {
    expect(first.port).not.toBe(second.port);
    for (const server of [first, second]) expect((await fetch(`${server.origin}/`)).status).toBe(200);
  } finally {
    first.process.kill();
    second.process.kill();
  }
});
