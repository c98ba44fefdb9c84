// `npm test`: every gate, stopping at the first failure. `npm run test:fast` (`--fast`): only the
// gates marked fast (static checks and unit tests), for everyday work before each commit.
// The gates before the browser tests are independent of each other and run side by side, each
// one's output printed whole when it ends (the build takes the lane the first quick gate frees);
// the browser tests then run last, output streamed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, relative, resolve } from 'node:path';
import { ensurePostgres, ensureTestBrowser } from './debian-tools.ts';

/** A tool's own launcher in node_modules/.bin: npx would spend half a CPU second finding it, for each gate. */
const bin = (name) => resolve('node_modules/.bin', name);
// As npm run and npx do: the launchers' `env node` finds the project's pinned Node, not the machine's.
process.env.PATH = `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH}`;

// A lane a core and one more take the gates in this order, each the next one when it is free. The unit
// tests fill one lane; the copy check comes first in another, so a slip of copy is named within
// seconds; the type check and the build (which waits for it) come before formatting and dead code, so
// the short gates end the run. The extra lane fills the time the unit tests spend waiting on
// PostgreSQL, fsync and sockets: npm run test:fast took 134 and 136 s with three lanes, 138 to 151 s
// with two, on two cores.
const gates = [
  {
    name: 'Unit tests',
    fast: true,
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/unit.json'],
  },
  // Copy that contradicts src/lib/facts.ts or the catalogue fails here.
  { name: 'Content check', fast: true, command: process.execPath, args: ['scripts/content-check.ts'] },
  { name: 'Lint', fast: true, command: bin('eslint'), args: ['.'] },
  { name: 'Type check', fast: true, command: bin('astro'), args: ['check'] },
  // Both write Astro's generated types and content store, so the build waits for the type check.
  { name: 'Build', fast: false, sideBySide: true, after: 'Type check', command: bin('astro'), args: ['build'] },
  { name: 'Formatting', fast: true, command: bin('prettier'), args: ['--check', '.'] },
  // Unused files, exports and dependencies (knip.config.ts).
  { name: 'Dead code', fast: true, command: bin('knip'), args: [] },
  { name: 'Browser tests', fast: false, command: bin('playwright'), args: ['test'] },
];

const fastOnly = process.argv.includes('--fast');
// The everyday lane fuzzes each form 50 times per store, the full run 400 (tests/unit/lead-fuzz.test.ts).
if (fastOnly) process.env.LEAD_FUZZ_RUNS ??= '50';
// Node keeps what it compiled of each module on disk, so the servers and command-line tools the tests
// start again and again (about 80 servers in the browser lane) are compiled once: a server starts on
// 1.0 CPU s rather than 1.5.
process.env.NODE_COMPILE_CACHE ??= resolve('node_modules/.cache/node-compile-cache');
const started = Date.now();
const running = new Set();

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Stops every gate still running: each is its own process group, out of reach of the terminal's Ctrl+C. */
function stopRunning() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopRunning();
    process.exit(130);
  });
}

/** Stops the other gates and exits with the failure. */
function fail(gate, status, since) {
  stopRunning();
  console.error(`\n${gate.name} failed after ${seconds(since)}s.`);
  process.exit(status || 1);
}

/** Runs one gate; `streamed` passes its output straight through, otherwise it is printed whole at the end. */
function run(gate, streamed) {
  const since = Date.now();
  const shown = gate.command === process.execPath ? 'node' : relative('.', gate.command);
  const commandLine = [shown, ...gate.args].join(' ');
  if (streamed) console.log(`\n=== ${gate.name}: ${commandLine}`);
  const child = spawn(gate.command, gate.args, {
    env: process.env,
    detached: true,
    stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      running.delete(child);
      if (!streamed) {
        console.log(`\n=== ${gate.name}: ${commandLine}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status !== 0) fail(gate, status, since);
      console.log(`=== ${gate.name} passed in ${seconds(since)}s`);
      resolve();
    });
  });
}

/** Runs the gates at most `limit` at a time; a gate with `after` starts once that gate has passed. */
async function runSideBySide(list, limit) {
  const queue = [...list];
  const finished = new Map();
  const lane = async () => {
    while (queue.length > 0) {
      const gate = queue.shift();
      const done = (async () => {
        if (gate.after) await finished.get(gate.after);
        await run(gate, false);
      })();
      finished.set(gate.name, done);
      await done;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, lane));
}

/** Totals from the runners' JSON reports, printed as one closing line. */
function totals() {
  const unit = readJson('reports/unit.json');
  const e2e = fastOnly ? { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 } } : readJson('reports/e2e.json');
  const passed = unit.numPassedTests + e2e.stats.expected;
  const failed = unit.numFailedTests + e2e.stats.unexpected + e2e.stats.flaky;
  const skipped = unit.numPendingTests + e2e.stats.skipped;
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

// Both lanes test the lead store on PostgreSQL too; only the full run drives a browser.
process.env.PG_BIN = ensurePostgres();
console.log(`Using PostgreSQL from ${process.env.PG_BIN}`);
if (!fastOnly) {
  process.env.CHROMIUM_PATH = ensureTestBrowser();
  console.log(`Using Chromium at ${process.env.CHROMIUM_PATH}`);
}

const wanted = gates.filter((gate) => gate.fast || !fastOnly);
await runSideBySide(
  wanted.filter((gate) => gate.fast || gate.sideBySide),
  availableParallelism() + 1,
);
for (const gate of wanted.filter((each) => !each.fast && !each.sideBySide)) await run(gate, true);

console.log(`\nAll ${fastOnly ? 'fast ' : ''}gates passed in ${seconds(started)}s.\n${totals()}`);
