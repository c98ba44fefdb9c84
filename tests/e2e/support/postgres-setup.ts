import { startPostgres } from '../../support/postgres.ts';

/**
 * One PostgreSQL server for the whole Playwright run. Specs read its superuser URL from
 * `TEST_POSTGRES_URL` (workers inherit the runner's environment) and each takes a `freshDatabase`.
 * Playwright starts `webServer` before this; the main server stays on SQLite and never needs it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startPostgres();
  process.env['TEST_POSTGRES_URL'] = server.url;
  return () => server.stop();
}
