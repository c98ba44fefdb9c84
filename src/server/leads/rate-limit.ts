/** Counts requests per client in fixed windows; a client over `limit` in one window is refused. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Records one request; false when the client has used up its window. */
  allow(client: string, now = Date.now()): boolean {
    const current = this.windows.get(client);
    if (!current || now - current.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(client, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= this.limit;
  }

  /** Seconds until the client's window reopens. */
  retryAfter(client: string, now = Date.now()): number {
    const current = this.windows.get(client);
    return current ? Math.max(1, Math.ceil((current.start + this.windowMs - now) / 1000)) : 0;
  }

  private sweep(now: number): void {
    for (const [client, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(client);
  }
}
