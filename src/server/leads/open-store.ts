import { resolve } from 'node:path';
import type { LeadApiConfig } from './config.ts';
import { openPostgres } from '../db/postgres.ts';
import { openSqlite } from '../db/sqlite.ts';
import { SqlLeadStore } from './sql-lead-store.ts';
import type { LeadStore } from './store.ts';

/**
 * The store the settings choose, without touching the network: PostgreSQL when `DATABASE_URL` is
 * set (it connects and migrates on first use), else the SQLite file `LEADS_DB`.
 */
export function createLeadStore(config: Pick<LeadApiConfig, 'dbPath' | 'databaseUrl'>): LeadStore {
  return new SqlLeadStore(config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(resolve(config.dbPath)));
}

/**
 * The store the settings choose, ready for traffic: migrated, and reachable. A PostgreSQL database
 * that cannot be reached stops the start with a message naming `DATABASE_URL`, not a lead later.
 */
export async function openLeadStore(config: Pick<LeadApiConfig, 'dbPath' | 'databaseUrl'>): Promise<LeadStore> {
  const store = createLeadStore(config);
  try {
    await store.readiness();
  } catch (error) {
    await store.close().catch(() => {});
    if (store.kind === 'sqlite') throw error;
    const url = new URL(config.databaseUrl!);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`DATABASE_URL: could not open the PostgreSQL database at ${url.host}${url.pathname}: ${reason}`, {
      cause: error,
    });
  }
  return store;
}

/** Where the leads are, for a log line: the file, or the database's host and name (never its password). */
export function describeStore(config: Pick<LeadApiConfig, 'dbPath' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return resolve(config.dbPath);
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}
