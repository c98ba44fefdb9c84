import { leadApi } from '../leads/instance.ts';
import type { SqlDatabase } from '../leads/sql-lead-store.ts';

/** The database of this process's lead store, where the desk keeps staff, sessions and the pipeline. */
export function deskDatabase(): SqlDatabase {
  return leadApi.store.database;
}
