import { execFile } from 'node:child_process';
import type { CommandIo } from '@/server/cli-io';
import { readConfig } from '@/server/config';

/** How a run of a command-line tool ended: its exit code and what it printed. */
export interface CommandRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

type Command = (args: string[], io: CommandIo) => Promise<number>;

/**
 * Runs a CLI's command in this process, on `env` as its environment, as its script runs it: starting
 * Node for each case cost a second of CPU apiece. A command that throws ends as Node ends a script whose
 * top-level await rejects: exit code 1, the error on stderr.
 */
export async function runCommand(command: Command, env: Record<string, string | undefined>, ...args: string[]) {
  const run: CommandRun = { status: null, stdout: '', stderr: '' };
  const io: CommandIo = {
    config: () => Promise.resolve(readConfig(env)),
    out: (text) => void (run.stdout += text),
    err: (text) => void (run.stderr += text),
  };
  try {
    run.status = await command(args, io);
  } catch (error) {
    run.status = 1;
    run.stderr += error instanceof Error ? (error.stack ?? error.message) : String(error);
  }
  return run;
}

/**
 * Runs `node <script> <args>` as a process of its own, for the cases that hold the process boundary:
 * the environment it reads, its exit code, what reaches stdout and stderr.
 */
export function runScript(script: string, env: Record<string, string | undefined>, ...args: string[]) {
  return new Promise<CommandRun>((resolve) => {
    execFile(process.execPath, [script, ...args], { env, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}
