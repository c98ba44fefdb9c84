import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findPostgres } from '../../scripts/debian-tools.ts';

/** A running throwaway PostgreSQL server. */
export interface TestPostgres {
  /** Superuser URL of the `postgres` database (trust auth, no password). */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
  /** Starts the server again on the same port (stopping it first if it runs). */
  restart(): Promise<void>;
  /** Stops the server (a fast shutdown, as an operator or a failing host would) and keeps its data. */
  halt(): Promise<void>;
}

interface Account {
  uid: number;
  gid: number;
}

const START_TIMEOUT_MS = 30_000;
const PORT_ATTEMPTS = 5;

/** The unprivileged account PostgreSQL runs as when the tests run as root (initdb and postgres refuse root). */
function unprivilegedAccount(): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const accounts = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'));
  for (const name of ['postgres', 'nobody']) {
    const entry = accounts.find((fields) => fields[0] === name);
    if (entry) return { uid: Number(entry[2]), gid: Number(entry[3]) };
  }
  throw new Error('Running as root, but neither a `postgres` nor a `nobody` user exists to run PostgreSQL as.');
}

/** A port nobody listens on right now (PostgreSQL may still lose it to a race; the caller retries). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a binary as `account` and resolves with its output, rejecting with that output when it fails. */
async function run(command: string, args: string[], cwd: string, account: Account | undefined): Promise<string> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], ...account });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`);
  return output;
}

/** Resolves once a client can connect and run a query; rejects when the server exits or time runs out. */
async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`PostgreSQL exited while starting:\n${log()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not accept connections within 30 s (${String(error)}):\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Stops the postmaster with `signal` (SIGINT: fast shutdown) and waits for it to exit. */
async function shutDown(server: ChildProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // The postmaster is unreferenced so that it never holds a test run open; while we wait for it, it must.
  server.ref();
  server.kill(signal);
  await exited;
}

/**
 * A watchdog shell that outlives an interrupted test run: its stdin is a pipe from this process, so
 * when this process dies for any reason (even SIGKILL, where no exit handler runs) `read` returns,
 * and it stops whichever postmaster the data directory's lock file names, then removes the directory.
 */
function startWatchdog(dir: string, dataDir: string): ChildProcess {
  const script =
    'read -r _; pid=$(head -n 1 "$1/postmaster.pid" 2>/dev/null); ' +
    '[ -n "$pid" ] && kill -QUIT "$pid" 2>/dev/null; sleep 1; rm -rf "$2"';
  const watchdog = spawn('sh', ['-c', script, 'pg-watchdog', dataDir, dir], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.unref();
  (watchdog.stdin as Socket).unref();
  return watchdog;
}

/** A throwaway PostgreSQL server for tests: Debian's binaries, an unprivileged user, a temp dir, a free port. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = findPostgres();
  const account = unprivilegedAccount();
  const dir = await mkdtemp(join(tmpdir(), 'pg-test-'));
  const dataDir = join(dir, 'data');
  if (account) await chown(dir, account.uid, account.gid);
  const watchdog = startWatchdog(dir, dataDir);
  let server: ChildProcess | undefined;
  let port = 0;

  const launch = async (): Promise<void> => {
    let log = '';
    // fsync=off is safe even where a test stops PostgreSQL abruptly: it only risks data when the
    // operating system itself crashes. synchronous_commit stays on, because with it off a commit is
    // acknowledged before its WAL leaves PostgreSQL's memory, and a test that halts the server checks
    // exactly that acknowledged rows survive.
    const child = spawn(
      join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...account },
    );
    const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.unref();
    (child.stdout as Socket | null)?.unref();
    (child.stderr as Socket | null)?.unref();
    server = child;
    try {
      await waitUntilReady(urlOf(port), child, () => log);
    } catch (error) {
      await shutDown(child, 'SIGQUIT');
      throw error;
    }
  };

  try {
    await run(
      join(bin, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
      dir,
      account,
    );
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      try {
        await launch();
        break;
      } catch (error) {
        const clash = /could not bind|already in use|could not create any TCP\/IP sockets/i.test(String(error));
        if (!clash || attempt >= PORT_ATTEMPTS) throw error;
      }
    }
  } catch (error) {
    watchdog.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const halt = async () => {
    if (server) await shutDown(server);
  };
  return {
    url: urlOf(port),
    port,
    dataDir,
    halt,
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      watchdog.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function urlOf(port: number, database = 'postgres'): string {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

/**
 * A new database on that server, empty or a copy of `template` (a database nobody is connected to);
 * returns its URL. Copied file by file where the server can: for a small database that takes half the
 * server's CPU of writing the copy through the WAL (15's default), and a third of the time.
 */
export async function freshDatabase(
  serverUrl: string,
  { name = `test_${crypto.randomUUID().replaceAll('-', '')}`, template }: { name?: string; template?: string } = {},
): Promise<string> {
  for (const each of [name, template ?? 'template1']) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(each)) throw new Error(`Not a plain database name: ${each}`);
  }
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    const strategy = Number(rows[0]!.server_version_num) >= 150000 ? ' STRATEGY FILE_COPY' : '';
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template ?? 'template1'}${strategy}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
