/**
 * Imported first by every entry point Node runs: an older Node stops here with one line that names
 * the version needed, before a module that uses a newer API is loaded.
 */
import { readFileSync } from 'node:fs';
import { nodeFloorProblem } from '../lib/node-floor.ts';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const problem = nodeFloorProblem(process.versions.node, manifest.engines.node);
if (problem) {
  console.error(`The server cannot start: ${problem}`);
  process.exit(1);
}
