import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/browser';
import { sidePort } from './tests/e2e/support/server';

// Without TEST_PORT the run takes a free port, so two runs on one machine never collide. Playwright
// evaluates this file again in every worker; the workers inherit the environment set here and agree.
process.env['TEST_PORT'] ??= String(await sidePort());
const port = Number(process.env['TEST_PORT']);
export const baseURL = `http://localhost:${port}`;

/**
 * Specs that drive no browser: they speak HTTP to the server or start servers of their own. They are
 * a project of their own (`--project=server` runs them alone) and share the two workers: a third
 * worker for them was tried and made the whole lane slower on two cores (622 s against 533 s), as
 * their load generators and restarts took CPU from the browsers.
 */
const SERVER_SPECS = [
  'compression',
  'font-coverage',
  'forms-http',
  'hostile-requests',
  'lead-api',
  'lead-crash',
  'lead-database-down',
  'lead-rolling-restart',
  'node-floor',
  'operations',
  'page-weight',
  'quote-links',
  'security-headers',
  'server-ports',
  'translated-pages-http',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // A stray test.only must not quietly shrink the full run.
  forbidOnly: true,
  // Two cores: a third worker only makes every test wait longer for the CPU. PLAYWRIGHT_WORKERS sets another count.
  workers: Number(process.env['PLAYWRIGHT_WORKERS'] ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  timeout: 60_000,
  // A throwaway PostgreSQL server (`TEST_POSTGRES_URL`) for the specs that run servers on that store,
  // and the lowest Node "engines" allows (`NODE_FLOOR_BIN`) for the spec that starts the server on it.
  globalSetup: ['./tests/e2e/support/postgres-setup.ts', './tests/e2e/support/node-floor-setup.ts'],
  use: {
    baseURL,
    // Recording a trace for every test, to keep it only when one fails, took a quarter of the lane's
    // time (the screencast and the DOM snapshots of each step). To look into a failure, run its spec
    // again with `--trace retain-on-failure`.
    trace: 'off',
    launchOptions: chromiumLaunchOptions({ images: false }),
  },
  projects: [
    { name: 'browser', testIgnore: SERVER_SPECS, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'server', testMatch: SERVER_SPECS },
  ],
  webServer: {
    // The production server over the build made by `npm test`; it is never rebuilt here.
    // Each run starts on an empty leads file, so what a test reads back is this run's.
    command: 'rm -f reports/e2e-leads.db reports/e2e-leads.db-wal reports/e2e-leads.db-shm && node src/server/main.ts',
    url: `${baseURL}/`,
    // Leads go to a file the tests read back; the rate limit is the API spec's job, not this server's.
    env: { PORT: String(port), HOST: 'localhost', LEADS_DB: 'reports/e2e-leads.db', LEADS_RATE_LIMIT: '100000' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
