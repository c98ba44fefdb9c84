import { serverConfig } from '../config.ts';
import { leadApi } from '../leads/instance.ts';
import type { SqlDatabase } from '../leads/sql-lead-store.ts';
import { DeskAuth } from './auth.ts';
import { PipelineStore } from './pipeline-store.ts';
import { StaffStore } from './staff-store.ts';

/** The database of this process's lead store, where the desk keeps staff, sessions and the pipeline. */
function deskDatabase(): SqlDatabase {
  return leadApi.store.database;
}

/** The pipeline, notes, history and privacy queries over this process's store. */
export function pipeline(): PipelineStore {
  return new PipelineStore(deskDatabase());
}

/** Staff accounts and sessions on this process's store. */
export function staffStore(): StaffStore {
  return new StaffStore(deskDatabase());
}

/** The desk's lock for this process, configured from its environment. */
export const deskAuth = new DeskAuth(() => leadApi.store, {
  adminPassword: serverConfig().ADMIN_PASSWORD,
  trustProxy: serverConfig().TRUST_PROXY,
});
