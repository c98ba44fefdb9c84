// `npm run bench:server [BENCH_SECONDS=12] [BENCH_ROUNDS=3] [BENCH_PAGE=/] [NGINX_WORKERS=1]`: serves the
// existing build (building only when dist/ is missing) with the site's own server and, where nginx is
// installed or can be installed from Debian's packages, with nginx over dist/client's precompressed files,
// both at once; drives one page with autocannon for brotli, gzip and identity, the servers taking turns.
// Prints requests/s and p99 per server and encoding, and marks the budgets below met or missed. A
// benchmark, not a test: it exits 0 once it has figures to show.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SECURITY_HEADERS, cacheControlFor } from '../src/server/http-policy.ts';
// @ts-expect-error -- autocannon 9 ships no type declarations; its shape is declared below.
import autocannonUntyped from 'autocannon';

/**
 * Issue 13 measured the home page at about 300 requests/s compressed per request, against about 2,700/s
 * from nginx serving precompressed files. The site's server must do at least five times the former and
 * 0.7 of nginx on the same machine in the same run.
 */
const BUDGET = { compressedPerSecond: 1_500, shareOfNginx: 0.7 };
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
/** Seconds per server and encoding, split into rounds that alternate the servers; the median round counts. */
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 12);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const PAGE = process.env['BENCH_PAGE'] ?? '/';
const NGINX_WORKERS = Number(process.env['NGINX_WORKERS'] ?? 1);
const HOST = '127.0.0.1';
const CLIENT_DIR = resolve('dist/client');
/** What a browser sends (Chromium's header for br), so each server negotiates as it would for a visitor. */
const ENCODINGS = [
  { coding: 'br', acceptEncoding: 'gzip, deflate, br, zstd' },
  { coding: 'gzip', acceptEncoding: 'gzip, deflate' },
  { coding: 'identity', acceptEncoding: 'identity' },
] as const;
type Coding = (typeof ENCODINGS)[number]['coding'];

interface Result {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { p99: number };
}
interface Options {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}
const autocannon = autocannonUntyped as (options: Options, done: (error: Error | null, result: Result) => void) => void;
/**
 * autocannon keeps every response body as a string; UTF-8-decoding the home page's 15 kB of brotli
 * costs the client about 0.9 ms (30 µs for the same page as plain HTML), which caps it near 1,000
 * compressed responses/s per core and would measure the client instead of the servers. Nothing here
 * reads a body (bytes are still counted), so they are dropped.
 */
const requestQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody?: (data: Buffer) => void };
};
if (typeof requestQueue.prototype.addBody !== 'function')
  fail('autocannon changed: revisit the body patch in this script.');
requestQueue.prototype.addBody = () => {};

interface Row {
  server: string;
  coding: Coding;
  served: string;
  bodyBytes: number;
  /** Median round; the slowest and fastest rounds show how much the machine moved. */
  perSecond: number;
  slowest: number;
  fastest: number;
  p99Ms: number;
  failures: number;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!Number.isInteger(SECONDS) || SECONDS < 1 || SECONDS > 120)
  fail('BENCH_SECONDS must be a whole number from 1 to 120.');
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || SECONDS / ROUNDS < 1)
  fail('BENCH_ROUNDS must be a whole number from 1, with at least 1 s a round.');
if (!Number.isInteger(NGINX_WORKERS) || NGINX_WORKERS < 1) fail('NGINX_WORKERS must be a whole number from 1.');
if (!PAGE.startsWith('/')) fail('BENCH_PAGE must be a path such as /about-us.');

/** A port nothing listens on, chosen by the system. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/** One GET with the given Accept-Encoding: status, Content-Encoding and the body's length on the wire. */
function probe(port: number, acceptEncoding: string): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((resolveProbe, reject) => {
    const request = http.get(
      { host: HOST, port, path: PAGE, headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolveProbe({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            bytes,
          }),
        );
      },
    );
    request.once('error', reject);
  });
}

async function waitUntilServing(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      await probe(port, 'identity');
      return;
    } catch {
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
  child.kill('SIGKILL');
  fail(`The server on port ${port} did not start:\n${log()}`);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function run(port: number, acceptEncoding: string, duration: number): Promise<Result> {
  return new Promise((done, reject) =>
    autocannon(
      {
        url: `http://${HOST}:${port}${PAGE}`,
        connections: CONNECTIONS,
        duration,
        headers: { 'accept-encoding': acceptEncoding },
      },
      (error, result) => (error ? reject(error) : done(result)),
    ),
  );
}

interface Target {
  name: string;
  port: number;
  stop: () => Promise<void>;
}

/** The middle value (the upper one of an even count). */
function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/**
 * Each server warmed up, then per encoding rounds that alternate the servers, so that a busy moment
 * on the shared machine falls on both rather than on one, and the median round keeps a spike out of
 * the figure; each server's answer is checked for the coding it actually sent.
 */
async function measure(targets: readonly Target[]): Promise<Row[]> {
  for (const target of targets) await run(target.port, ENCODINGS[0].acceptEncoding, WARMUP_SECONDS);
  const rows: Row[] = [];
  for (const { coding, acceptEncoding } of ENCODINGS) {
    const samples = await Promise.all(targets.map((target) => probe(target.port, acceptEncoding)));
    const rounds: Result[][] = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, target] of targets.entries()) {
        if (samples[index]!.status !== 200) fail(`${target.name} answered ${samples[index]!.status} for ${PAGE}`);
        rounds[index]!.push(await run(target.port, acceptEncoding, SECONDS / ROUNDS));
      }
    }
    for (const [index, target] of targets.entries()) {
      const results = rounds[index]!;
      const perSecond = results.map((result) => result.requests.average);
      rows.push({
        server: target.name,
        coding,
        served: samples[index]!.encoding,
        bodyBytes: samples[index]!.bytes,
        perSecond: median(perSecond),
        slowest: Math.min(...perSecond),
        fastest: Math.max(...perSecond),
        p99Ms: median(results.map((result) => result.latency.p99)),
        failures: results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
      });
    }
  }
  return rows;
}

const SITE = 'site (node)';

async function startSite(): Promise<Target> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'miqat-bench-server-'));
  const stderr: string[] = [];
  const server = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST, LEADS_DB: join(dir, 'leads.db'), LEADS_RELAYS: '', SMTP_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const stopSite = async () => {
    await stop(server, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  await waitUntilServing(port, server, () => stderr.join(''));
  return { name: SITE, port, stop: stopSite };
}

/** nginx on PATH or in /usr/sbin; as root on Debian, installed from the distribution's packages when missing. */
function findNginx(): string | null {
  const installed = () =>
    ['nginx', '/usr/sbin/nginx'].find((candidate) => spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) ??
    null;
  const found = installed();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.log('nginx is not installed, and only root on Debian can install it here: no comparison.');
    return null;
  }
  console.log("Installing Debian's nginx-light and its brotli_static module for the comparison…");
  const apt = (packages: string[]) =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!apt(['nginx-light', 'libnginx-mod-http-brotli-static']) && !apt(['nginx-light'])) {
    console.log('apt-get could not install nginx-light: no comparison.');
    return null;
  }
  return installed();
}

function nginxVersion(binary: string): string {
  const output = spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr;
  return /nginx\/(\S+)/.exec(output)?.[1] ?? 'unknown version';
}

/** The site's own response headers, so both servers send the same bytes besides the body. */
function sameHeadersAsTheSite(): string {
  const headers = { ...SECURITY_HEADERS, 'Cache-Control': cacheControlFor(PAGE) };
  return Object.entries(headers)
    .map(([name, value]) => `add_header ${name} "${value}" always;`)
    .join('\n      ');
}

async function startNginx(binary: string, brotliModule: string | null): Promise<Target> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'miqat-bench-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const mimeTypes = existsSync('/etc/nginx/mime.types')
    ? 'include /etc/nginx/mime.types;'
    : 'types { text/html html; text/css css; text/javascript js; }';
  const config = `
${brotliModule ? `load_module ${brotliModule};` : ''}
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${NGINX_WORKERS};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  ${mimeTypes}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen ${HOST}:${port};
    root ${CLIENT_DIR};
    gzip_static on;
    gzip_vary on;
    ${brotliModule ? 'brotli_static on;' : ''}
    location / {
      ${sameHeadersAsTheSite()}
      try_files $uri $uri.html $uri/index.html =404;
    }
  }
}
`;
  const configFile = join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  const stderr: string[] = [];
  const nginx = spawn(binary, ['-p', dir, '-c', configFile, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  nginx.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const stopNginx = async () => {
    await stop(nginx, 'SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  await waitUntilServing(port, nginx, () => stderr.join(''));
  return { name: `nginx ${nginxVersion(binary)}`, port, stop: stopNginx };
}

if (!existsSync('dist/server/entry.mjs')) {
  console.log('dist/ is missing: building the site first…');
  if (spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' }).status !== 0) fail('astro build failed');
}
if (!existsSync(join(CLIENT_DIR, 'index.html.br'))) {
  console.log(
    'Note: dist/client has no precompressed files (built before the precompress step?); run `npm run build`.',
  );
}

console.log(
  `bench:server: GET ${PAGE}, ${CONNECTIONS} connections, per server and encoding ${SECONDS} s in ${ROUNDS} ` +
    `rounds alternating the servers (median round shown), after a ${WARMUP_SECONDS} s warm-up`,
);
const nginxBinary = findNginx();
const brotliModule =
  ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'].find((path) => existsSync(path)) ?? null;
if (nginxBinary) {
  console.log(
    `nginx: ${NGINX_WORKERS} worker process${NGINX_WORKERS === 1 ? '' : 'es'} (the site's server is one Node process), ` +
      `gzip_static on, brotli_static ${brotliModule ? 'on' : "off (Debian's libnginx-mod-http-brotli-static is not installed)"}`,
  );
}
const targets = [await startSite(), ...(nginxBinary ? [await startNginx(nginxBinary, brotliModule)] : [])];
let rows: Row[];
try {
  rows = await measure(targets);
} finally {
  for (const target of targets) await target.stop();
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');
console.log(
  `\n${'server'.padEnd(16)}${'asked'.padEnd(10)}${'served'.padEnd(10)}${'body B'.padStart(9)}${'req/s'.padStart(9)}` +
    `${'rounds (min-max)'.padStart(19)}${'p99 ms'.padStart(8)}${'failed'.padStart(8)}`,
);
for (const row of rows) {
  console.log(
    `${row.server.padEnd(16)}${row.coding.padEnd(10)}${row.served.padEnd(10)}${number(row.bodyBytes).padStart(9)}` +
      `${number(row.perSecond).padStart(9)}${`${number(row.slowest)}-${number(row.fastest)}`.padStart(19)}` +
      `${String(row.p99Ms).padStart(8)}${String(row.failures).padStart(8)}`,
  );
}

console.log('\nBudgets');
const siteRows = rows.filter((row) => row.server === SITE);
for (const row of siteRows.filter((candidate) => candidate.coding !== 'identity')) {
  const ok = row.perSecond >= BUDGET.compressedPerSecond;
  console.log(
    `  ${`${row.coding} >= ${number(BUDGET.compressedPerSecond)} req/s`.padEnd(34)} ${number(row.perSecond).padStart(8)}  ${ok ? 'met' : 'MISSED'}`,
  );
}
for (const row of siteRows) {
  const nginx = rows.find((candidate) => candidate.server !== row.server && candidate.coding === row.coding);
  if (!nginx) continue;
  const share = row.perSecond / nginx.perSecond;
  const budgeted = row.coding !== 'identity';
  console.log(
    `  ${`${row.coding} >= ${BUDGET.shareOfNginx} of nginx`.padEnd(34)} ${share.toFixed(2).padStart(8)}  ${budgeted ? (share >= BUDGET.shareOfNginx ? 'met' : 'MISSED') : '(no budget)'}`,
  );
}
if (!nginxBinary) console.log(`  ${'>= 0.7 of nginx'.padEnd(34)} ${'-'.padStart(8)}  not measured (no nginx)`);
if (rows.some((row) => row.failures > 0))
  console.log('\nSome requests failed (errors, timeouts or non-2xx): see the "failed" column.');
