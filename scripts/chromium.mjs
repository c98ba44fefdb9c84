// Finds Debian's Chromium for Playwright (never a downloaded browser); installs it with apt-get
// when running as root on a machine that lacks it, otherwise says exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function found() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  return CANDIDATES.find((path) => existsSync(path));
}

/** Path of a usable Chromium, installing Debian's package if this process may. */
export function ensureChromium() {
  const existing = found();
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian package "chromium" with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = found();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found. Install Debian\'s package (as root: "apt-get update && apt-get install -y chromium") ' +
      'or set CHROMIUM_PATH to a Chromium binary; Playwright cannot download a browser of its own here.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
