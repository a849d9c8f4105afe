import { Global, Inject, Logger, Module, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LoginThrottle } from './login-throttle.service';
import { MemoryRateLimitStore } from './memory.store';
import { RATE_LIMIT_STORE, type RateLimitStore } from './rate-limit.store';
import { RedisRateLimitStore } from './redis.store';

export function createRateLimitStore(config: AppConfig): RateLimitStore {
  if (config.redis.url) {
    new Logger('RateLimit').log('Rate-limit counters are kept in Redis (REDIS_URL)');
    return new RedisRateLimitStore(config.redis.url, config.redis.keyPrefix);
  }
  return new MemoryRateLimitStore();
}

/**
 * The rate-limit counters (memory, or Redis when REDIS_URL is set) and LoginThrottle, the per-account limit
 * on guessing passwords and codes. Global: any module may inject LoginThrottle.
 */
@Global()
@Module({
  providers: [{ provide: RATE_LIMIT_STORE, inject: [APP_CONFIG], useFactory: createRateLimitStore }, LoginThrottle],
  exports: [RATE_LIMIT_STORE, LoginThrottle],
})
export class RateLimitModule implements OnModuleDestroy {
  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}

  onModuleDestroy(): Promise<void> {
    return this.store.close();
  }
}
