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
      // Each worker runs its files one after another in one module graph, rather than a fresh process
      // per file: importing the project again for each of 124 files was most of the lane's CPU (the 95
      // files with no store took 78 CPU s isolated, 21 s not). No test changes process.env, mocks a
      // module or leaves a spy in place, so nothing carries from file to file; the three settings after
      // it undo a spy, a stubbed variable or global that a later test forgets to.
      isolate: false,
      restoreMocks: true,
      unstubEnvs: true,
      unstubGlobals: true,
      // A password hash or a store test takes well under a second alone, but several times the 5 s default
      // on a machine busy with other work (a load of 20 on two cores failed the desk's sign-in tests):
      // a time limit is not what these tests assert.
      testTimeout: 20_000,
      // One throwaway PostgreSQL server per run, so the store suites run on both stores.
      globalSetup: ['tests/unit/support/postgres-setup.ts'],
      // `npm run coverage`: what the unit tests alone reach of src/lib and src/server. The floor sits a
      // little under the first measure (2026-11-29: 89.9% statements, 83.9% branches, 91.7% functions,
      // 91.2% lines), so new code arrives with its tests; the browser tests reach the pages besides.
      coverage: {
        provider: 'v8',
        include: ['src/lib/**/*.ts', 'src/server/**/*.ts'],
        reporter: ['text-summary', 'html'],
        reportsDirectory: 'coverage',
        thresholds: { statements: 88, branches: 82, functions: 90, lines: 90 },
      },
    },
  },
  // Warnings only: the adapter's start-up note ("Enabling sessions…") is noise in the tests' output
  // and in `npm run lint`, where knip reads this config.
  { logLevel: 'warn' },
);
