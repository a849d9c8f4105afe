import type { ThrottlerModuleOptions, ThrottlerStorage } from '@nestjs/throttler';
import { MSG } from '@jara/contracts';
import type { AppConfig } from '../../config/config';
import type { RateLimitStore } from './rate-limit.store';

/**
 * @nestjs/throttler's storage on top of the shared RateLimitStore: a fixed window of `ttl` per key, blocked
 * while the window's count is over the limit (Retry-After is the rest of the window).
 */
export class StoreThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly store: RateLimitStore) {}

  async increment(key: string, ttl: number, limit: number): ReturnType<ThrottlerStorage['increment']> {
    const hit = await this.store.increment(`addr:${key}`, ttl);
    const seconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
    const isBlocked = hit.count > limit;
    return { totalHits: hit.count, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }
}

/**
 * The per-address limit on the routes guarded by ThrottlerGuard (every /auth route): AUTH_RATE_LIMIT requests
 * per AUTH_RATE_TTL seconds per client address, counted across all routes of a controller. The address is
 * req.ip, which Express takes from X-Forwarded-For only behind a proxy listed in TRUST_PROXY. Generous by
 * default, because Nigerian mobile networks put thousands of people behind one address (carrier-grade NAT);
 * the per-account limit (LoginThrottle) is what stops password guessing.
 */
export function addressThrottlerOptions(config: AppConfig, store: RateLimitStore): ThrottlerModuleOptions {
  return {
    // Named 'default' so the 429 carries a plain Retry-After header (other names get a suffix).
    throttlers: [{ name: 'default', ttl: config.rateLimit.authTtlSeconds * 1000, limit: config.rateLimit.authLimit }],
    storage: new StoreThrottlerStorage(store),
    generateKey: (context, tracker, name) => `${name}:${context.getClass().name}:${tracker}`,
    errorMessage: MSG.auth.tooManyRequests,
  };
}
