import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { RedisRateLimitStore } from './redis.store';

/** Runs against a real Redis: REDIS_TEST_URL, or the local one at 127.0.0.1:6379. */
const REDIS = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';

describe('RedisRateLimitStore (real Redis)', () => {
  const prefix = `jara-test:${randomBytes(6).toString('hex')}:`;
  const admin = new Redis(REDIS, { maxRetriesPerRequest: 1 });
  const store = new RedisRateLimitStore(REDIS, prefix);
  const other = new RedisRateLimitStore(REDIS, prefix);

  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    await store.close();
    await other.close();
    await admin.quit();
  });

  it('counts hits under the prefix with an expiry set on the first hit', async () => {
    expect((await store.increment('a', 60_000)).count).toBe(1);
    const second = await store.increment('a', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(55_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await admin.get(`${prefix}a`)).toBe('2');
    expect(await admin.pttl(`${prefix}a`)).toBeGreaterThan(0);
    expect(await store.get('a')).toEqual({ count: 2, ttlMs: expect.any(Number) });
    expect(await store.get('missing')).toBeNull();
  });

  it('lets a counter expire, restarts the expiry with refresh, and resets', async () => {
    await store.increment('short', 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(await store.get('short')).toBeNull();
    expect((await store.increment('short', 60_000)).count).toBe(1);

    await store.increment('wait', 1000, { refresh: true });
    const refreshed = await store.increment('wait', 30_000, { refresh: true });
    expect(refreshed).toEqual({ count: 2, ttlMs: 30_000 });
    await store.reset('wait');
    expect(await store.get('wait')).toBeNull();
  });

  it('gives each of many concurrent hits from two clients its own count (atomic)', async () => {
    const hits = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? store : other).increment('burst', 60_000)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await other.get('burst')).toEqual({ count: 60, ttlMs: expect.any(Number) });
  });
});
