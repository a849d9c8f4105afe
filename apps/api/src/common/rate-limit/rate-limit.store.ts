/** One counter as the store sees it: how many hits it holds and how long until it expires. */
export interface RateLimitHit {
  count: number;
  /** Milliseconds until the counter expires (always > 0 for a live counter). */
  ttlMs: number;
}

export interface IncrementOptions {
  /** Restart the expiry at every hit (a "since the last hit" window) instead of only at the first. */
  refresh?: boolean;
}

/**
 * Where the rate-limit counters live: in this process by default, in Redis when REDIS_URL is set so that
 * several API instances share them. Every operation is atomic on its own.
 */
export interface RateLimitStore {
  /** Adds one hit, creating the counter with a lifetime of ttlMs when it is absent or expired. */
  increment(key: string, ttlMs: number, options?: IncrementOptions): Promise<RateLimitHit>;
  /** The live counter, or null when it is absent or expired. */
  get(key: string): Promise<RateLimitHit | null>;
  /** Forgets the counter. */
  reset(key: string): Promise<void>;
  /** Releases timers and connections. */
  close(): Promise<void>;
}

/** Injection token for the RateLimitStore chosen at boot. */
export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');
