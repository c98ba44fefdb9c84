import { existsSync, linkSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';

/** What a backup holds, for the operator's log. */
export interface BackupSummary {
  leads: number;
  bytes: number;
}

/** Every page in one step: one read transaction, so the copy is one moment of the file, whatever the server writes meanwhile. */
const ALL_PAGES = 2 ** 31 - 1;

function targetExists(target: string): Error {
  return new Error(`${target} already exists; name a new file.`);
}

/**
 * Copies the SQLite leads file at `source` to `target` with SQLite's online backup, while the
 * server keeps writing. The copy is checked and made a single self-contained file under a
 * temporary name first, then linked into place, which fails rather than overwrite an existing
 * `target` and never leaves a half-written one.
 */
export async function backupLeads(source: string, target: string): Promise<BackupSummary> {
  if (!existsSync(source)) throw new Error(`There is no leads file at ${source} (LEADS_DB).`);
  if (existsSync(target)) throw targetExists(target);
  if (!existsSync(dirname(target))) throw new Error(`The folder ${dirname(target)} does not exist.`);
  const partial = `${target}.partial-${process.pid}`;
  const live = new DatabaseSync(source, { readOnly: true });
  try {
    await backup(live, partial, { rate: ALL_PAGES });
  } finally {
    live.close();
  }
  try {
    const copy = new DatabaseSync(partial);
    let leads: number;
    try {
      const { quick_check: check } = copy.prepare('PRAGMA quick_check').get() as { quick_check: string };
      if (check !== 'ok') throw new Error(`The copy failed SQLite's check: ${check}`);
      // The live file is in WAL mode; the copy needs no -wal beside it to be complete.
      copy.exec('PRAGMA journal_mode = DELETE');
      leads = (copy.prepare('SELECT COUNT(*) AS count FROM leads').get() as { count: number }).count;
    } finally {
      copy.close();
    }
    linkSync(partial, target);
    return { leads, bytes: statSync(target).size };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw targetExists(target);
    throw error;
  } finally {
    rmSync(partial, { force: true });
  }
}
