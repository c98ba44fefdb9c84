import { leadApi } from '../leads/instance.ts';
import type { SqlDatabase } from '../leads/sql-lead-store.ts';
import { PipelineStore } from './pipeline-store.ts';

/** The database of this process's lead store, where the desk keeps staff, sessions and the pipeline. */
export function deskDatabase(): SqlDatabase {
  return leadApi.store.database;
}

/** The pipeline, notes, history and privacy queries over this process's store. */
export function pipeline(): PipelineStore {
  return new PipelineStore(deskDatabase());
}
