// The real programs the tests drive come from Debian's packages, never from a download: Chromium's
// headless shell for the browser tests, the full Chromium for the benchmark, PostgreSQL for the
// second lead store, wrk for the server benchmark. When one is missing and this process runs as root on a machine with apt-get,
// it is installed; otherwise the error says what to install. Runs on Node's type stripping (scripts/test.mjs, bench.mjs) and in the test harness.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A program from one Debian package: where it is when present, and what to say when it is not. */
interface DebianTool {
  name: string;
  debianPackage: string;
  /** Its path, undefined when absent; throws when a setting points somewhere wrong. */
  find(): string | undefined;
  /** What to do besides installing the package. */
  otherwise: string;
}

const CHROMIUM: DebianTool = {
  name: 'Chromium',
  debianPackage: 'chromium',
  find() {
    return chromiumPathSetting() ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
  },
  otherwise: 'or set CHROMIUM_PATH to a Chromium binary; Playwright cannot download a browser of its own here.',
};

/**
 * The browser tests' Chromium: Debian's build of Chromium's headless shell, the engine Playwright
 * itself runs headless tests on. The full browser in its headless mode took twice the CPU for the
 * same pages (50 s against 25 s for 18 pages judged by axe), and the tests are CPU-bound on two cores.
 */
const HEADLESS_SHELL: DebianTool = {
  name: "Chromium's headless shell",
  debianPackage: 'chromium-headless-shell',
  find() {
    return chromiumPathSetting() ?? ['/usr/bin/chromium-headless-shell'].find((path) => existsSync(path));
  },
  otherwise: 'or set CHROMIUM_PATH to a Chromium binary; Playwright cannot download a browser of its own here.',
};

/** The Chromium that CHROMIUM_PATH names, if it does; throws when it names nothing. */
function chromiumPathSetting(): string | undefined {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured && !existsSync(configured))
    throw new Error(`CHROMIUM_PATH points to ${configured}, which does not exist.`);
  return configured || undefined;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

const POSTGRES: DebianTool = {
  name: 'PostgreSQL server',
  debianPackage: 'postgresql',
  find() {
    const configured = process.env['PG_BIN'];
    if (configured) {
      if (!existsSync(join(configured, 'initdb')))
        throw new Error(`PG_BIN points to ${configured}, which holds no initdb.`);
      return configured;
    }
    if (!existsSync(POSTGRES_ROOT)) return undefined;
    const newest = readdirSync(POSTGRES_ROOT)
      .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))[0];
    return newest && join(POSTGRES_ROOT, newest, 'bin');
  },
  otherwise:
    'or set PG_BIN to the folder holding initdb and postgres; the tests start a throwaway server of their own.',
};

/** The server benchmark's load generator: one C thread outruns either server, where a Node client saturated first. */
const WRK: DebianTool = {
  name: 'wrk',
  debianPackage: 'wrk',
  find() {
    return ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((path) => existsSync(path));
  },
  otherwise: 'or put a wrk binary in /usr/local/bin.',
};

/** The tool's path, installing its Debian package when this process may (root, apt-get). */
function ensure(tool: DebianTool): string {
  const existing = tool.find();
  if (existing) return existing;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${tool.name} not found: installing Debian package "${tool.debianPackage}" with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', tool.debianPackage], { stdio: 'inherit', env });
    const installed = tool.find();
    if (installed) return installed;
  }
  throw new Error(missing(tool));
}

function missing(tool: DebianTool): string {
  return (
    `No ${tool.name} found. Install Debian's package (as root: "apt-get update && apt-get install -y ` +
    `${tool.debianPackage}") ${tool.otherwise}`
  );
}

/** Path of the full Chromium (the benchmark's Lighthouse), installing Debian's package if this process may. */
export function ensureChromium(): string {
  return ensure(CHROMIUM);
}

/** Path of the browser tests' Chromium (its headless shell), installing Debian's package if this process may. */
export function ensureTestBrowser(): string {
  return ensure(HEADLESS_SHELL);
}

/** The folder of PostgreSQL's server binaries, installing Debian's package if this process may. */
export function ensurePostgres(): string {
  return ensure(POSTGRES);
}

/** Path of wrk for `npm run bench:server`, installing Debian's package if this process may. */
export function ensureWrk(): string {
  return ensure(WRK);
}

/** The folder of PostgreSQL's server binaries, never installing: the harness says what is missing. */
export function findPostgres(): string {
  const found = POSTGRES.find();
  if (!found) throw new Error(missing(POSTGRES));
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureTestBrowser());
  console.log(ensurePostgres());
}
