import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/**
 * A port no process listens on right now: the system picks it, so two runs on one machine (or two
 * workers of one run) never pick the same one.
 */
export async function sidePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0);
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('The system gave no TCP port');
  return address.port;
}

/** A spec's own server: the process, and where it answers. */
export interface SideServer {
  process: ChildProcess;
  port: number;
  origin: string;
}

const ATTEMPTS = 5;
const START_TIMEOUT_MS = 30_000;

/** Where a spec's server listens and logs, and which Node runs it. */
export interface StartOptions {
  /** A fixed port, to restart a server where it was; a free one otherwise. */
  port?: number | undefined;
  /** The server's output lines are appended here as they come, for the whole life of the server. */
  log?: string[] | undefined;
  /** The `node` binary; the one running the tests by default. */
  node?: string | undefined;
}

/**
 * Starts `src/server/main.ts` with extra environment on a free port (or on `port`, to restart a
 * server where it was) and waits until it listens. Another process may take a free port between
 * the probe and the server's own `listen`; the server then exits with EADDRINUSE, and this tries
 * again on a new port (or, for a fixed port, once the other holder lets go).
 */
export async function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<SideServer> {
  const { port, log, node = process.execPath } = options;
  let clash = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const tryPort = port ?? (await sidePort());
    const started = await listening(node, tryPort, env, log);
    if ('process' in started) return started;
    if (!started.clash) throw new Error(`The server on port ${tryPort} did not start:\n${started.output}`);
    clash = started.output;
    await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
  }
  throw new Error(`Every port tried for the server was taken:\n${clash}`);
}

/**
 * One start: resolves when the server says it listens on `port` (its own start-up line, so an
 * answer from some other process on that port is never mistaken for it), or with its output
 * when it exits first.
 */
async function listening(
  node: string,
  port: number,
  env: Record<string, string>,
  log: string[] | undefined,
): Promise<SideServer | { clash: boolean; output: string }> {
  const child = spawn(node, ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (log)
    for (const input of [child.stdout, child.stderr]) createInterface({ input }).on('line', (line) => log.push(line));
  let output = '';
  const origin = `http://localhost:${port}`;
  return new Promise((resolve) => {
    // A server that neither listens nor exits is stopped, and its output reported.
    const giveUp = setTimeout(() => child.kill(), START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => (output += chunk.toString());
    let stdout = '';
    const announce = (chunk: Buffer) => {
      collect(chunk);
      stdout += chunk.toString();
      if (!stdout.includes(`localhost:${port}`)) return;
      clearTimeout(giveUp);
      // From here on nobody reads the pipes; let them flow so a chatty server cannot block.
      child.stdout.off('data', announce).resume();
      child.stderr.off('data', collect).resume();
      resolve({ process: child, port, origin });
    };
    child.stdout.on('data', announce);
    child.stderr.on('data', collect);
    child.on('exit', () => {
      clearTimeout(giveUp);
      resolve({ clash: output.includes('EADDRINUSE'), output });
    });
  });
}
