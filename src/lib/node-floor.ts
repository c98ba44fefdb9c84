/**
 * The lowest Node version the server runs on, as `engines.node` in package.json says it
 * (`>=24.7.0`): Node's own argon2id for staff passwords came in 24.7.
 */

/** The version an `engines.node` range of the form `>=x.y.z` names, or undefined for any other form. */
export function floorOf(range: string): string | undefined {
  return /^>=\s*v?(\d+\.\d+\.\d+)$/.exec(range.trim())?.[1];
}

/** Whether version `a` (`x.y.z`) comes before version `b`. */
export function isOlder(a: string, b: string): boolean {
  const [x, y] = [a, b].map((version) => version.replace(/^v/, '').split('.').map(Number));
  for (let part = 0; part < 3; part += 1) {
    if (x![part]! !== y![part]!) return x![part]! < y![part]!;
  }
  return false;
}

/** What to tell an operator whose Node is older than the floor, or undefined when it will do. */
export function nodeFloorProblem(running: string, range: string): string | undefined {
  const floor = floorOf(range);
  if (!floor) return `package.json "engines.node" must read ">=x.y.z", got "${range}"`;
  if (!isOlder(running, floor)) return undefined;
  return `this server needs Node ${floor} or later (package.json "engines"), and this is Node ${running.replace(/^v/, '')}. Install Node ${floor.split('.')[0]} LTS and start it again.`;
}
