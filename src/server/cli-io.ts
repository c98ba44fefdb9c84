/**
 * What the staff's command-line tools (`npm run leads`, `npm run staff`) read and write. The script
 * Node runs hands them this process's own; a test hands them an environment and collects the output,
 * so that most of its cases run the command's one path without starting Node again for each.
 */
import type { ServerConfig } from './config.ts';

export interface CommandIo {
  /** The configuration, read only when the command needs the store, so that misuse answers at once. */
  config(): Promise<ServerConfig>;
  /** Writes to standard output, as it is (a line ends with its own `\n`). */
  out(text: string): void;
  /** Writes to standard error, as it is. */
  err(text: string): void;
}

/** This process's environment (through `serverConfig`), stdout and stderr. */
export const processIo: CommandIo = {
  config: async () => (await import('./config.ts')).serverConfig(),
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};
