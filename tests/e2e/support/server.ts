import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A port for a spec's own server, offset from the run's `TEST_PORT` so that two runs on one machine
 * (given different `TEST_PORT`s) never collide.
 */
export function sidePort(offset: number): number {
  return Number(process.env['TEST_PORT'] ?? 4391) + offset;
}

/**
 * Starts `src/server/main.ts` on `port` with extra environment, and waits until it answers.
 * With `log`, the server's output lines are appended to it as they come.
 */
export async function startServer(port: number, env: Record<string, string>, log?: string[]): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', ...env },
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  for (const input of [server.stdout, server.stderr]) {
    if (input && log) createInterface({ input }).on('line', (line) => log.push(line));
  }
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`http://localhost:${port}/`);
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  server.kill();
  throw new Error(`The server on port ${port} did not start`);
}
