/*
 * The key that lets only this server ask for the parts of a page that reviews change
 * (src/pages/internal/reviews/): made at start, never written anywhere, and sent by the refresh
 * (refresh.ts) over loopback. main.ts and Astro's bundle are two module graphs in one process, so
 * the key is left on `globalThis`, as the lead store is (leads/process-store.ts). A request without
 * it, or under `astro dev` where nothing is offered, gets the plain 404.
 */
import { randomBytes } from 'node:crypto';
import { sameSecret } from '../secrets.ts';

const OFFERED = Symbol.for('miqat.review-render-key');
type Holder = { [OFFERED]?: string };

/** The header that carries the key. */
export const RENDER_KEY_HEADER = 'x-miqat-render-key';

/** Makes this process's key (256 bits) and offers it to the pages; main.ts calls it once. */
export function offerRenderKey(): string {
  const key = randomBytes(32).toString('base64url');
  (globalThis as Holder)[OFFERED] = key;
  return key;
}

/** True when the request carries this process's key. */
export function isRenderRequest(request: Request): boolean {
  const key = (globalThis as Holder)[OFFERED];
  const given = request.headers.get(RENDER_KEY_HEADER);
  return Boolean(key && given && sameSecret(given, key));
}
