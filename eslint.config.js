import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/', 'reports/'],
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
    // These files run on Node's type stripping (`node src/server/main.ts`, `npm run leads`), which resolves
    // neither the `@/` alias nor `astro:*` and never guesses a missing `.ts` suffix. Nothing else notices:
    // Vite and tsc accept all three, so the first sign would be the built server dying at start (code-review 3.4).
    files: [
      'src/server/**/*.ts',
      'src/lib/forms/**/*.ts',
      'src/lib/site-url.ts',
      'src/lib/precompressed.ts',
      'src/lib/site-contact.ts',
      'src/lib/contact-links.ts',
      'scripts/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/*'], message: 'Runs on Node type stripping: import with a relative path and the .ts suffix.' },
            {
              group: ['astro:*'],
              message: 'Runs on Node type stripping, outside Astro: astro:* modules do not exist there.',
            },
            {
              regex: '^\\.{1,2}/(?!.*\\.(ts|mjs|js|json)$)',
              message: 'Runs on Node type stripping: write the .ts suffix, Node does not guess it.',
            },
          ],
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
