// What the two fixture scripts share (legacy-store-fixtures.ts, outbox-fixtures.ts): an older
// release's own modules, loaded from its commit, and its stores' files written as they were, small
// enough to commit: a SQLite file and a plain-SQL PostgreSQL dump.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { findPostgres } from './debian-tools.ts';
import { freshDatabase, startPostgres } from '../tests/support/postgres.ts';

/** The repository this script belongs to. */
export const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/**
 * The named modules of `commit`'s src/ (paths under src/), merged into one object. The sources are
 * unpacked to a temporary folder beside a link to our node_modules: type stripping refuses files
 * under node_modules itself.
 */
export async function releaseModules(
  commit: string,
  paths: readonly string[],
): Promise<{ modules: Record<string, unknown>; cleanUp: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), `release-${commit}-`));
  execFileSync('sh', ['-c', `git -C "$1" archive "$2" src | tar -x -C "$3"`, 'sh', root, commit, dir]);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const loaded = await Promise.all(paths.map((path) => import(join(dir, 'src', path)) as Promise<object>));
  return {
    modules: Object.assign({}, ...loaded) as Record<string, unknown>,
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Writes `path` afresh with `fill`, then shrinks it: smaller pages and no journal, every row, table and user_version kept. */
export async function sqliteFixture(path: string, fill: (path: string) => Promise<void>): Promise<void> {
  rmSync(path, { force: true });
  await fill(path);
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = DELETE; PRAGMA page_size = 1024; VACUUM;');
  db.close();
}

/** Fills a fresh database `name` on a throwaway PostgreSQL server with `fill`, and dumps it to `file` as INSERTs a plain client can load. */
export async function postgresFixture(name: string, file: string, fill: (url: string) => Promise<void>): Promise<void> {
  const server = await startPostgres();
  try {
    const url = await freshDatabase(server.url, { name });
    await fill(url);
    execFileSync(join(findPostgres(), 'pg_dump'), [
      '--column-inserts',
      '--no-owner',
      '--no-privileges',
      '--file',
      file,
      url,
    ]);
  } finally {
    await server.stop();
  }
}
