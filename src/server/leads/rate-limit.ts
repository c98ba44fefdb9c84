import type { LeadStore } from './store.ts';

/** What a limiter says about one request: allowed, or how many seconds until the client may try again. */
export type RateDecision = { allowed: true } | RateLimited;
export interface RateLimited {
  allowed: false;
  retryAfter: number;
}

/**
 * Counts requests per client in fixed windows, in the store, so every instance on one database
 * counts together; a client over `limit` in one window is refused.
 */
export class RateLimiter {
  private readonly store: () => LeadStore;
  private readonly bucket: string;
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(store: () => LeadStore, bucket: string, limit: number, windowMs: number) {
    this.store = store;
    this.bucket = bucket;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Records one request; rejects when the store cannot be reached. */
  async take(client: string, nowMs = Date.now()): Promise<RateDecision> {
    const { count, windowStart } = await this.store().countRequest(this.bucket, client, this.windowMs, nowMs);
    if (count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStart + this.windowMs - nowMs) / 1000)) };
  }
}
