// `npm test`: every gate in order, stopping at the first failure.
// Static checks, unit tests, the production build, then Playwright against the built server.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';

const steps = [
  ['Lint', 'npx', ['eslint', '.']],
  ['Formatting', 'npx', ['prettier', '--check', '.']],
  ['Type check', 'npx', ['astro', 'check']],
  // Copy that contradicts src/lib/facts.ts or the catalogue fails here, before the slower gates.
  ['Content check', 'npm', ['run', '--silent', 'content:check']],
  [
    'Unit tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/unit.json'],
  ],
  ['Build', 'npx', ['astro', 'build']],
  ['Browser tests', 'npx', ['playwright', 'test']],
];

process.env.CHROMIUM_PATH = ensureChromium();
console.log(`Using Chromium at ${process.env.CHROMIUM_PATH}`);

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds}s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds}s`);
}

/** Totals from the two runners' JSON reports, printed as one closing line. */
function totals() {
  const unit = JSON.parse(readFileSync('reports/unit.json', 'utf8'));
  const e2e = JSON.parse(readFileSync('reports/e2e.json', 'utf8'));
  const passed = unit.numPassedTests + e2e.stats.expected;
  const failed = unit.numFailedTests + e2e.stats.unexpected + e2e.stats.flaky;
  const skipped = unit.numPendingTests + e2e.stats.skipped;
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}

console.log(`\nAll gates passed.\n${totals()}`);
