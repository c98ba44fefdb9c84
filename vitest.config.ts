/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Astro's Vite config gives unit tests the same `@/*` alias and `astro/zod` as the site.
export default getViteConfig(
  {
    test: {
      include: ['tests/unit/**/*.test.ts'],
      // One throwaway PostgreSQL server per run, so the store suites run on both stores.
      globalSetup: ['tests/unit/support/postgres-setup.ts'],
    },
  },
  // Warnings only: the adapter's start-up note ("Enabling sessions…") is noise in the tests' output
  // and in `npm run lint`, where knip reads this config.
  { logLevel: 'warn' },
);
