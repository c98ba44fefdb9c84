import { defineConfig, devices } from '@playwright/test';
import { sidePort } from './tests/e2e/support/server';

// Without TEST_PORT the run takes a free port, so two runs on one machine never collide. Playwright
// evaluates this file again in every worker; the workers inherit the environment set here and agree.
process.env['TEST_PORT'] ??= String(await sidePort());
const port = Number(process.env['TEST_PORT']);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  timeout: 60_000,
  // A throwaway PostgreSQL server (`TEST_POSTGRES_URL`) for the specs that run servers on that store,
  // and the lowest Node "engines" allows (`NODE_FLOOR_BIN`) for the spec that starts the server on it.
  globalSetup: ['./tests/e2e/support/postgres-setup.ts', './tests/e2e/support/node-floor-setup.ts'],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The production server over the build made by `npm test`; it is never rebuilt here.
    command: 'node src/server/main.ts',
    url: `${baseURL}/`,
    // Leads go to a file the tests read back; the rate limit is the API spec's job, not this server's.
    env: { PORT: String(port), HOST: 'localhost', LEADS_DB: 'reports/e2e-leads.db', LEADS_RATE_LIMIT: '100000' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
