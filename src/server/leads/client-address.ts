import { plainAddress, type TrustedProxies } from '../config.ts';

/**
 * The client's address. A proxy appends the address it was reached from to `X-Forwarded-For`, so
 * only the right-hand entries are written by proxies we trust; everything to their left is
 * whatever the client sent, and may be forged. With a count, the client is that many entries
 * from the right; with a list, it is the first address from the right that is not a trusted proxy.
 */
export function clientAddress(forwarded: string | null, socketAddress: string, trusted: TrustedProxies): string {
  const hops = (forwarded ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (typeof trusted === 'number') {
    if (trusted === 0 || hops.length === 0) return socketAddress;
    // Fewer entries than proxies: every one was written by a proxy, and the left-most is the client's.
    return hops[Math.max(0, hops.length - trusted)]!;
  }
  const chain = [...hops, socketAddress];
  const untrusted = chain.findLast((address) => !trusted.includes(plainAddress(address)));
  return untrusted ?? chain[0]!;
}

/**
 * The socket's address as Astro hands it to a route, or undefined once the client has closed the
 * connection (Astro's getter then throws): nothing was acknowledged to it, so nothing is lost.
 */
export function socketAddressOf(context: { readonly clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

/** The answer to a request whose client went away, said once in the log at info level. */
export function clientGone(path: string): Response {
  console.info(`${path}: the client closed the connection before its request was read; nothing was kept`);
  return new Response(null, { status: 400 });
}
