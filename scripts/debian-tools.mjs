// The real programs the tests drive come from Debian's packages, never from a download: Chromium
// for the browser tests, PostgreSQL for the second lead store. When one is missing and this
// process runs as root on a machine with apt-get, it is installed; otherwise the error says what to install.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** Installs a Debian package when this process may; false when it may not (not root, no apt-get). */
function aptInstall(name, why) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`${why}: installing Debian package "${name}" with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env });
  return true;
}

function chromiumFound() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path));
}

/** Path of a usable Chromium, installing Debian's package if this process may. */
export function ensureChromium() {
  const existing = chromiumFound();
  if (existing) return existing;
  if (aptInstall('chromium', 'Chromium not found')) {
    const installed = chromiumFound();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found. Install Debian\'s package (as root: "apt-get update && apt-get install -y chromium") ' +
      'or set CHROMIUM_PATH to a Chromium binary; Playwright cannot download a browser of its own here.',
  );
}

function postgresFound() {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) {
    if (!existsSync(join(fromEnv, 'initdb'))) throw new Error(`PG_BIN points to ${fromEnv}, which holds no initdb.`);
    return fromEnv;
  }
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const version = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version && join(POSTGRES_ROOT, version, 'bin');
}

/** The folder of PostgreSQL's server binaries (the tests start their own server), installing Debian's package if this process may. */
export function ensurePostgres() {
  const existing = postgresFound();
  if (existing) return existing;
  if (aptInstall('postgresql', 'PostgreSQL not found')) {
    const installed = postgresFound();
    if (installed) return installed;
  }
  throw new Error(
    'No PostgreSQL server found. Install Debian\'s package (as root: "apt-get update && apt-get install -y postgresql") ' +
      'or set PG_BIN to the folder holding initdb and postgres; the unit and browser tests start a throwaway server of their own.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
  console.log(ensurePostgres());
}
