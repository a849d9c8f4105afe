import Redis from 'ioredis';
import type { IncrementOptions, RateLimitHit, RateLimitStore } from './rate-limit.store';

/**
 * INCR and (P)EXPIRE in one script, so a counter can never be left without an expiry and concurrent hits
 * from several API instances each get their own count. ARGV[1]: lifetime in ms; ARGV[2]: '1' to restart it.
 */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 or ARGV[2] == '1' then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Deletes the lock only if the caller's token still holds it (another instance's later lock is left alone). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

type RedisWithScript = Redis & {
  rateLimitIncrement(key: string, ttlMs: string, refresh: string): Promise<[number, number]>;
};

/** Counters in Redis (REDIS_URL), shared by every API instance that points at the same server. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: RedisWithScript;

  constructor(
    url: string,
    private readonly prefix = 'jara:rl:',
  ) {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
    // Connection problems surface on each command; this only keeps the client from crashing the process.
    redis.on('error', () => undefined);
    redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT });
    this.redis = redis as RedisWithScript;
  }

  async increment(key: string, ttlMs: number, options: IncrementOptions = {}): Promise<RateLimitHit> {
    const ttl = String(Math.max(1, Math.ceil(ttlMs)));
    const [count, left] = await this.redis.rateLimitIncrement(this.prefix + key, ttl, options.refresh ? '1' : '0');
    return { count: Number(count), ttlMs: Number(left) };
  }

  async get(key: string): Promise<RateLimitHit | null> {
    const result = await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec();
    if (!result) throw new Error('Redis aborted the rate-limit read');
    const [[getError, raw], [ttlError, ttl]] = result as [[Error | null, string | null], [Error | null, number]];
    if (getError || ttlError) throw getError ?? ttlError;
    if (raw === null || Number(ttl) <= 0) return null;
    return { count: Number(raw), ttlMs: Number(ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async acquireLock(name: string, token: string, ttlMs: number): Promise<boolean> {
    const answer = await this.redis.set(`${this.prefix}lock:${name}`, token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
    return answer === 'OK';
  }

  async releaseLock(name: string, token: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, `${this.prefix}lock:${name}`, token);
  }

  async getValue(key: string): Promise<string | null> {
    return this.redis.get(`${this.prefix}v:${key}`);
  }

  async setValue(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}v:${key}`, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
