import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../../src/server/db/postgres.ts';
import { freshDatabase, startPostgres } from '../../support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's throwaway PostgreSQL server; `freshDatabase` makes a test its own database. */
    postgresUrl: string;
    /** A database the store's schema steps brought from empty to current, which store tests copy. */
    postgresTemplate: string;
  }
}

/**
 * One PostgreSQL server for the whole Vitest run, so every store suite can also run on PostgreSQL.
 * The store's own migration runs once here on an empty database, and each store test gets a copy of
 * the result: a copy costs a third of the server's CPU of running every step again (two thirds of
 * what a store test on PostgreSQL cost before its first statement). The steps on an empty database
 * still fail the run here when broken, and schema-migration.test.ts runs them on old databases.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  try {
    const template = 'migrated_template';
    const database = openPostgres(await freshDatabase(server.url, { name: template }));
    try {
      await database.ready();
    } catch (error) {
      throw new Error(
        `The schema steps (src/server/db/schema.ts) fail on an empty PostgreSQL database: ${String(error)}`,
        {
          cause: error,
        },
      );
    } finally {
      await database.close();
    }
    project.provide('postgresUrl', server.url);
    project.provide('postgresTemplate', template);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return () => server.stop();
}
