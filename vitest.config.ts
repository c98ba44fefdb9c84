/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

// Astro's Vite config gives unit tests the same `@/*` alias and `astro/zod` as the site.
export default getViteConfig(
  {
    test: {
      include: ['tests/unit/**/*.test.ts'],
      // Vitest's default leaves a core free (one worker on two cores); the store, SMTP and fuzz files
      // spend much of their time waiting on fsync, PostgreSQL and sockets, so a worker per core is used.
      maxWorkers: availableParallelism(),
      // A password hash or a store test takes well under a second alone, but several times the 5 s default
      // on a machine busy with other work (a load of 20 on two cores failed the desk's sign-in tests):
      // a time limit is not what these tests assert.
      testTimeout: 20_000,
      // One throwaway PostgreSQL server per run, so the store suites run on both stores.
      globalSetup: ['tests/unit/support/postgres-setup.ts'],
    },
  },
  // Warnings only: the adapter's start-up note ("Enabling sessions…") is noise in the tests' output
  // and in `npm run lint`, where knip reads this config.
  { logLevel: 'warn' },
);
