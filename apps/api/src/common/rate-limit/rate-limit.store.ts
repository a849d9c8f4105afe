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
 * State several API instances must share: the rate-limit counters, job locks and small caches. In this process by
 * default, in Redis when REDIS_URL is set. Every operation is atomic on its own.
 */
export interface RateLimitStore {
  /** Adds one hit, creating the counter with a lifetime of ttlMs when it is absent or expired. */
  increment(key: string, ttlMs: number, options?: IncrementOptions): Promise<RateLimitHit>;
  /** The live counter, or null when it is absent or expired. */
  get(key: string): Promise<RateLimitHit | null>;
  /** Forgets the counter. */
  reset(key: string): Promise<void>;
  /**
   * A lock held for at most ttlMs (a scheduled job runs once across instances): true when this caller got it.
   * Release it with releaseLock(name, token) using the same token.
   */
  acquireLock(name: string, token: string, ttlMs: number): Promise<boolean>;
  /** Releases the lock if this token still holds it. */
  releaseLock(name: string, token: string): Promise<void>;
  /** A small shared value with a lifetime (caches): null when absent or expired. */
  getValue(key: string): Promise<string | null>;
  setValue(key: string, value: string, ttlMs: number): Promise<void>;
  /** Throws when the store cannot be reached (GET /ready). */
  ping(): Promise<void>;
  /** Releases timers and connections. */
  close(): Promise<void>;
}

/** Injection token for the RateLimitStore chosen at boot. */
export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');
