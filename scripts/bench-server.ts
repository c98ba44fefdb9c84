// `npm run bench:server [BENCH_SECONDS=12] [BENCH_ROUNDS=3] [BENCH_PAGE=/] [NGINX_WORKERS=1]`: serves the
// existing build (building only when dist/ is missing) with the site's own server and, where nginx is
// installed or can be installed from Debian's packages, with nginx over dist/client's precompressed files,
// both at once; drives one page with wrk (Debian's package, installed as root when missing) for brotli,
// gzip and identity, the servers taking turns. Prints requests/s and p99 per server and encoding, the
// site's share of nginx's figure, and marks the budgets below met or missed. A benchmark, not a test: it
// exits 0 once it has figures to show.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureWrk } from './debian-tools.ts';
import { childrenOf, cpuSeconds } from './proc-cpu.ts';

/**
 * Issue 13 measured the home page at about 300 requests/s compressed per request, against about 2,700/s
 * from nginx serving precompressed files; issue 36 measured it with wrk at 0.26 of nginx. The site's
 * server must do at least five times the former and half of nginx on the same machine in the same run.
 */
const BUDGET = { compressedPerSecond: 1_500, shareOfNginx: 0.5 };
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
/** Seconds per server and encoding, split into rounds that alternate the servers; the median round counts. */
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 12);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const PAGE = process.env['BENCH_PAGE'] ?? '/';
const NGINX_WORKERS = Number(process.env['NGINX_WORKERS'] ?? 1);
const HOST = '127.0.0.1';
const CLIENT_DIR = resolve('dist/client');
/** What a browser sends (Chromium's exact header for br), so each server negotiates as it would for a visitor. */
const ENCODINGS = [
  { coding: 'br', acceptEncoding: 'gzip, deflate, br, zstd' },
  { coding: 'gzip', acceptEncoding: 'gzip, deflate' },
  { coding: 'identity', acceptEncoding: 'identity' },
] as const;
type Coding = (typeof ENCODINGS)[number]['coding'];

/** One wrk run, as its done() hook below reports it. */
interface Result {
  requests: number;
  durationUs: number;
  /** Connect, read and write errors, timeouts, and answers other than 2xx or 3xx. */
  failures: number;
  p99Us: number;
}
/**
 * wrk prints its summary for people; this hook prints the figures on one line for the script. A
 * status error is an answer that is neither 2xx nor 3xx.
 */
const WRK_REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH %d %d %d %d\\n", summary.requests, summary.duration,
    e.connect + e.read + e.write + e.status + e.timeout, latency:percentile(99)))
end
`;
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
  /** The server's CPU time per answer (median round): what it costs, whatever share of the CPU it got. */
  cpuUsPerRequest: number;
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

interface Probe {
  status: number;
  encoding: string;
  bytes: number;
  headers: http.IncomingHttpHeaders;
}

/** One GET with the given Accept-Encoding: status, Content-Encoding, headers and the body's length on the wire. */
function probe(port: number, acceptEncoding: string): Promise<Probe> {
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
            headers: res.headers,
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

let wrk = '';
let wrkScript = '';

/** wrk with one thread and CONNECTIONS connections for `seconds` (whole seconds, as wrk counts them). */
function run(port: number, acceptEncoding: string, seconds: number): Promise<Result> {
  return new Promise((done, reject) => {
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${Math.max(1, Math.round(seconds))}s`, '--timeout', '5s'];
    args.push('-s', wrkScript, '-H', `Accept-Encoding: ${acceptEncoding}`, `http://${HOST}:${port}${PAGE}`);
    const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const figures = /^BENCH (\d+) (\d+) (\d+) (\d+)$/m.exec(output);
      if (code !== 0 || !figures) return reject(new Error(`wrk failed (${code}):\n${output}`));
      const [requests, durationUs, failures, p99Us] = figures.slice(1).map(Number) as [number, number, number, number];
      done({ requests, durationUs, failures, p99Us });
    });
  });
}

interface Target {
  name: string;
  port: number;
  /** The processes that serve: their CPU time is read from /proc around each round. */
  pids: () => number[];
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
    const rounds: (Result & { cpuSeconds: number })[][] = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, target] of targets.entries()) {
        if (samples[index]!.status !== 200) fail(`${target.name} answered ${samples[index]!.status} for ${PAGE}`);
        const pids = target.pids();
        const before = cpuSeconds(pids);
        const result = await run(target.port, acceptEncoding, SECONDS / ROUNDS);
        rounds[index]!.push({ ...result, cpuSeconds: cpuSeconds(pids) - before });
      }
    }
    for (const [index, target] of targets.entries()) {
      const results = rounds[index]!;
      const perSecond = results.map((result) => result.requests / (result.durationUs / 1e6));
      rows.push({
        server: target.name,
        coding,
        served: samples[index]!.encoding,
        bodyBytes: samples[index]!.bytes,
        perSecond: median(perSecond),
        slowest: Math.min(...perSecond),
        fastest: Math.max(...perSecond),
        p99Ms: median(results.map((result) => result.p99Us)) / 1000,
        cpuUsPerRequest: median(results.map((result) => (result.cpuSeconds * 1e6) / result.requests)),
        failures: results.reduce((sum, result) => sum + result.failures, 0),
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
  return { name: SITE, port, pids: () => [server.pid!], stop: stopSite };
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

/** Headers nginx adds itself from the file it serves; every other header of the site's answer is copied. */
const NGINX_OWN = new Set([
  'accept-ranges',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
]);

/** The site's own headers for the page, read from its answer, so both servers send the same bytes besides the body. */
function sameHeadersAsTheSite(siteHeaders: http.IncomingHttpHeaders): string {
  return Object.entries(siteHeaders)
    .filter(([name]) => !NGINX_OWN.has(name))
    .map(([name, value]) => `add_header ${name} "${String(value).replaceAll('"', '\\"')}" always;`)
    .join('\n      ');
}

async function startNginx(binary: string, brotliModule: string | null, site: Target): Promise<Target> {
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
      ${sameHeadersAsTheSite((await probe(site.port, ENCODINGS[0].acceptEncoding)).headers)}
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
  return {
    name: `nginx ${nginxVersion(binary)}`,
    port,
    pids: () => [nginx.pid!, ...childrenOf(nginx.pid!)],
    stop: stopNginx,
  };
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
try {
  wrk = ensureWrk();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const scriptDir = mkdtempSync(join(tmpdir(), 'miqat-bench-wrk-'));
wrkScript = join(scriptDir, 'report.lua');
writeFileSync(wrkScript, WRK_REPORT);
const site = await startSite();
const targets = [site, ...(nginxBinary ? [await startNginx(nginxBinary, brotliModule, site)] : [])];
let rows: Row[];
try {
  rows = await measure(targets);
} finally {
  for (const target of targets) await target.stop();
  rmSync(scriptDir, { recursive: true, force: true });
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');
const cpu = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
console.log(
  `\n${'server'.padEnd(16)}${'asked'.padEnd(10)}${'served'.padEnd(10)}${'body B'.padStart(9)}${'req/s'.padStart(9)}` +
    `${'rounds (min-max)'.padStart(19)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}${'failed'.padStart(8)}`,
);
for (const row of rows) {
  console.log(
    `${row.server.padEnd(16)}${row.coding.padEnd(10)}${row.served.padEnd(10)}${number(row.bodyBytes).padStart(9)}` +
      `${number(row.perSecond).padStart(9)}${`${number(row.slowest)}-${number(row.fastest)}`.padStart(19)}` +
      `${row.p99Ms.toFixed(1).padStart(8)}${cpu(row.cpuUsPerRequest).padStart(12)}${String(row.failures).padStart(8)}`,
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
  // The same ratio from CPU time per answer: what each server would do with a core of its own.
  const perCpu = nginx.cpuUsPerRequest / row.cpuUsPerRequest;
  console.log(
    `  ${`${row.coding} >= ${BUDGET.shareOfNginx} of nginx`.padEnd(34)} ${share.toFixed(2).padStart(8)}  ` +
      `${budgeted ? (share >= BUDGET.shareOfNginx ? 'met' : 'MISSED') : '(no budget)'}` +
      `${Number.isNaN(perCpu) ? '' : `  (${perCpu.toFixed(2)} by CPU time per request)`}`,
  );
}
if (!nginxBinary)
  console.log(`  ${`>= ${BUDGET.shareOfNginx} of nginx`.padEnd(34)} ${'-'.padStart(8)}  not measured (no nginx)`);
if (rows.some((row) => row.failures > 0))
  console.log('\nSome requests failed (errors, timeouts or non-2xx): see the "failed" column.');
