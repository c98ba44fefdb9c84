import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** What Node's type stripping cannot load: the `@/` alias, `astro:*` modules, a relative import without its suffix. */
const TYPE_STRIPPING = [
  { group: ['@/*'], message: 'Runs on Node type stripping: import with a relative path and the .ts suffix.' },
  { group: ['astro:*'], message: 'Runs on Node type stripping, outside Astro: astro:* modules do not exist there.' },
  {
    regex: '^\\.{1,2}/(?!.*\\.(ts|mjs|js|json)$)',
    message: 'Runs on Node type stripping: write the .ts suffix, Node does not guess it.',
  },
];

/** src/lib and the components sit under src/server: the server imports them, never the other way. */
const BELOW_SERVER = {
  regex: '^(@/|(\\.\\./)+)server/',
  message:
    'src/lib and src/components never import src/server: move the pure part down into src/lib (docs/architecture.md).',
};

/**
 * The rooms under others: the outbox knows no owner of a message kind (each registers its kinds, and
 * src/server/message-kinds.ts lists them), and the leads know nothing of the desk or the quotes that
 * work them. tests/unit/import-cycles.test.ts checks the same over the whole import graph.
 */
const outboxBelowOwners = {
  regex: '^\\.\\./(\\.\\./)*(leads|desk|quotes|message-kinds)(/|\\.ts$)',
  message: 'The outbox names no kind: its owner registers the kind (src/server/message-kinds.ts).',
};
const leadsBelowDesk = {
  regex: '^\\.\\./(desk|quotes)/',
  message: 'Leads sit below the desk and the quotes: they import the leads, never the other way.',
};

/**
 * The desk stands on top: the owners (quotes, trips, reviews, Hajj, leads), the outbox and the lead's
 * trail below it register with the shared rooms and never import it, in src/server as in src/lib.
 * tests/unit/import-cycles.test.ts checks the same, with no two-way pair of rooms, over the whole graph.
 */
const belowDesk = {
  // '../desk/' from a room of its own layer; '../../lib/desk/' from a server room to the desk's vocabulary.
  regex: '^\\.\\./(\\.\\./lib/)?desk/',
  message:
    'The desk stands above this room: register with a shared room (src/server/message-kinds.ts, personal-data.ts, src/lib/history-actions.ts) instead of importing the desk.',
};
const BELOW_DESK_SERVER = ['quotes', 'trips', 'reviews', 'hajj', 'leads', 'outbox', 'pipeline'].map(
  (room) => `src/server/${room}/*.ts`,
);
const BELOW_DESK_LIB = ['quotes', 'trips', 'reviews', 'hajj', 'leads', 'outbox', 'pipeline', 'forms'].map(
  (room) => `src/lib/${room}/*.ts`,
);

/** The src/lib files only Astro's pages load (they read content collections or use `@/`); Node never runs them. */
const ASTRO_SIDE_LIB = [
  'src/lib/cards.ts',
  'src/lib/compare-rows.ts',
  'src/lib/content.ts',
  'src/lib/home.ts',
  'src/lib/json-ld.ts',
  'src/lib/package-page.ts',
  'src/lib/seo.ts',
  'src/lib/site.ts',
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
      'reports/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-strict'],
  {
    // The Astro preset already registers jsx-a11y; reuse its rules for the React islands.
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.strict.languageOptions,
    rules: jsxA11y.flatConfigs.strict.rules,
  },
  {
    // Node runs these by type stripping (`node src/server/main.ts`, the scripts), which resolves neither
    // the `@/` alias nor `astro:*` and never guesses a missing `.ts` suffix. Vite and tsc accept all
    // three, so without this the first sign would be the built server dying at start. All of src/lib
    // is held to it but for the few files that only Astro's pages load (ASTRO_SIDE_LIB).
    files: ['src/server/**/*.ts', 'scripts/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: TYPE_STRIPPING }] },
  },
  {
    files: ['src/lib/**/*.ts'],
    ignores: ASTRO_SIDE_LIB,
    rules: { 'no-restricted-imports': ['error', { patterns: [...TYPE_STRIPPING, BELOW_SERVER] }] },
  },
  {
    files: BELOW_DESK_LIB,
    rules: { 'no-restricted-imports': ['error', { patterns: [...TYPE_STRIPPING, BELOW_SERVER, belowDesk] }] },
  },
  {
    files: ['src/lib/outbox/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...TYPE_STRIPPING, BELOW_SERVER, belowDesk, outboxBelowOwners] }],
    },
  },
  {
    files: ['src/lib/leads/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...TYPE_STRIPPING, BELOW_SERVER, belowDesk, leadsBelowDesk] }],
    },
  },
  {
    files: BELOW_DESK_SERVER,
    rules: { 'no-restricted-imports': ['error', { patterns: [...TYPE_STRIPPING, belowDesk] }] },
  },
  {
    files: ['src/server/outbox/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...TYPE_STRIPPING, belowDesk, outboxBelowOwners] }] },
  },
  {
    files: ['src/server/leads/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...TYPE_STRIPPING, belowDesk, leadsBelowDesk] }] },
  },
  {
    files: [...ASTRO_SIDE_LIB, 'src/components/**/*.{ts,tsx,astro}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [BELOW_SERVER] }] },
  },
  {
    files: ['src/components/**/*.{ts,tsx,astro}'],
    ignores: ['src/components/desk/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            BELOW_SERVER,
            {
              regex: '^(@/components/|\\.\\./)desk/',
              message:
                'The desk stands above the public and family pages: share a field through src/components/fields.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's environment is read in one place, src/server/config.ts, where each variable is
    // declared with its default and checked at start; docs/operations.md lists them.
    files: ['src/server/**/*.ts', 'scripts/leads.ts', 'scripts/staff.ts'],
    ignores: ['src/server/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Declare the variable in src/server/config.ts and read serverConfig().',
        },
      ],
    },
  },
  {
    // Rules that read the types, for the promise mistakes the compiler lets through: a promise
    // nobody awaits or catches, and an async function handed to a caller that ignores what it
    // returns (a request listener, an event listener, a React prop), where a rejection is lost.
    // Only .ts and .tsx: every one is in tsconfig.json's project. The script blocks eslint-plugin-astro
    // lifts out of .astro files (`Page.astro/1.ts`) are not, so they keep the untyped rules, as do
    // the .js and .mjs configs. require-await stays off: node:sqlite is synchronous, and its store
    // and the tests' stubs keep async signatures on purpose (23 findings, none a bug).
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.astro/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
