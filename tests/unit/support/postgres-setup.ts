import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's throwaway PostgreSQL server; `freshDatabase` makes a test its own database. */
    postgresUrl: string;
  }
}

/** One PostgreSQL server for the whole Vitest run, so every store suite can also run on PostgreSQL. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
