import type { KnipConfig } from 'knip';

// Dead code and drift (unused files, exports, dependencies) for `npm run lint`. Knip's Astro, Vitest
// and Playwright plugins find the pages, the test files and the configs; what they cannot see is here.
const config: KnipConfig = {
  // Node runs the scripts directly, not through Astro; package.json's scripts name only some of them
  // (the server entry, src/server/main.ts, is found through `npm run serve`).
  entry: ['scripts/*.{ts,mjs}'],
  // The CSS too: `@import 'tailwindcss'` is the only use of tailwindcss.
  project: ['src/**/*.{ts,tsx,astro,mdx,css}', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts', '*.ts'],
  // A type is part of its file's interface when an exported function takes or returns it.
  ignoreExportsUsedInFile: { interface: true, type: true },
  ignoreDependencies: [
    // astro.config.ts names their font files by path for subset-fonts, never by import.
    '@fontsource-variable/fraunces',
    '@fontsource-variable/inter',
  ],
  // scripts/debian-tools.ts and bench-server.ts install Debian packages with the system's apt-get.
  ignoreBinaries: ['apt-get'],
};

export default config;
