import { ensureNodeFloor } from '../../../scripts/node-floor.ts';

/**
 * The lowest Node "engines" allows, installed once for the whole run (the first run fetches it from
 * the npm registry); node-floor.spec.ts reads its path from `NODE_FLOOR_BIN`.
 */
export default function globalSetup(): void {
  process.env['NODE_FLOOR_BIN'] = ensureNodeFloor();
}
