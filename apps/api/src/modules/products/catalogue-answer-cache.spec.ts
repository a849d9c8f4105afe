import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/config';
import type { RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import {
  canonicalQuery,
  CATALOGUE_ANSWER_CACHE_MAX,
  CATALOGUE_ANSWER_MAX_ROWS,
  CatalogueAnswerCache,
} from './catalogue-answer-cache';

function cache(publicCacheSeconds = 30, store?: Partial<RateLimitStore>) {
  const config = { publicCacheSeconds, redis: { url: store ? 'redis://test' : undefined } } as unknown as AppConfig;
  const dataSource = { subscribers: [] } as unknown as DataSource;
  return new CatalogueAnswerCache(config, dataSource, (store ?? {}) as RateLimitStore);
}

describe('CatalogueAnswerCache', () => {
  it('keeps answers at most 5 s, less when PUBLIC_CACHE_SECONDS is shorter, none at 0', () => {
    expect(cache(30).ttlMs).toBe(5000);
    expect(cache(2).ttlMs).toBe(2000);
    expect(cache(0).ttlMs).toBe(0);
  });

  it('loads a key once for concurrent callers, and keeps the answer', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { n: loads };
    };
    const answers = await Promise.all([c.get('a', load), c.get('a', load), c.get('a', load)]);
    expect(loads).toBe(1);
    expect(answers.every((a) => a === answers[0])).toBe(true);
    expect(await c.get('a', load)).toBe(answers[0]);
    expect(loads).toBe(1);
  });

  it('loads again after the TTL', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const c = cache(1);
      let loads = 0;
      const load = async () => ++loads;
      expect(await c.get('a', load)).toBe(1);
      jest.setSystemTime(1_000_999);
      expect(await c.get('a', load)).toBe(1);
      jest.setSystemTime(1_001_000);
      expect(await c.get('a', load)).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('never keeps a failure, nor an answer whose load began before a write', async () => {
    const c = cache();
    await expect(c.get('bad', () => Promise.reject(new Error('422')))).rejects.toThrow('422');
    expect(await c.get('bad', async () => 'fine')).toBe('fine');
    let release: (value: string) => void = () => undefined;
    const slow = c.get('slow', () => new Promise<string>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    await c.afterUpdate({ metadata: { tableName: 'products' } });
    release('old');
    expect(await slow).toBe('old');
    expect(await c.get('slow', async () => 'new')).toBe('new');
  });

  it('is dropped by writes to products and categories only, and again when their transaction commits', async () => {
    const c = cache();
    await c.get('a', async () => 1);
    await c.afterUpdate({ metadata: { tableName: 'users' } });
    expect(c.size).toBe(1);
    await c.afterInsert({ metadata: { tableName: 'categories' } });
    expect(c.size).toBe(0);
    // Read while the write's transaction was still open: dropped again when it commits.
    await c.get('a', async () => 1);
    await c.afterTransactionCommit();
    expect(c.size).toBe(0);
    // A commit with no write to these tables keeps them.
    await c.get('a', async () => 1);
    await c.afterTransactionCommit();
    expect(c.size).toBe(1);
    await c.afterRemove({ metadata: { tableName: 'products' } });
    expect(c.size).toBe(0);
  });

  it(`holds at most ${CATALOGUE_ANSWER_CACHE_MAX} answers, the least recently used dropped first`, async () => {
    const c = cache();
    for (let i = 0; i < CATALOGUE_ANSWER_CACHE_MAX; i++) await c.get(`k${i}`, async () => i);
    expect(await c.get('k0', async () => -1)).toBe(0); // k0 is now the most recently used
    await c.get('new', async () => 'new');
    expect(c.size).toBe(CATALOGUE_ANSWER_CACHE_MAX);
    expect(await c.get('k1', async () => -1)).toBe(-1); // k1 was the least recently used: dropped
    expect(await c.get('k0', async () => -2)).toBe(0);
  });

  it('with REDIS_URL, a write on another instance (a new shared generation) drops the kept answers', async () => {
    const values = new Map<string, string>();
    const store = {
      getValue: async (key: string) => values.get(key) ?? null,
      setValue: async (key: string, value: string) => void values.set(key, value),
    };
    const here = cache(30, store);
    const there = cache(30, store);
    expect(await here.get('a', async () => 'old')).toBe('old');
    expect(await here.get('a', async () => 'other')).toBe('old');
    await there.afterUpdate({ metadata: { tableName: 'products' } });
    expect(await here.get('a', async () => 'new')).toBe('new');
    // A store that does not answer: nothing is read from or kept in the cache.
    store.getValue = () => Promise.reject(new Error('down'));
    expect(await here.get('a', async () => 'live')).toBe('live');
  });

  it('caches anonymous lists and products only, keyed by the parameters in one order; large pages are not kept', async () => {
    expect(canonicalQuery({ q: 'a', page: '1' })).toBe(canonicalQuery({ page: '1', q: 'a' }));
    const c = cache();
    let loads = 0;
    const load = async () => ({ data: [loads++] });
    await c.list('active', { q: 'a' }, undefined, load);
    await c.list('active', { q: 'a' }, undefined, load);
    expect(loads).toBe(1);
    // A signed-in viewer neither reads nor fills it.
    await c.list('active', { q: 'a' }, { id: 1 }, load);
    expect(loads).toBe(2);
    // Lists without a search text are kept too, per route and parameters.
    await c.list('active', { category_id: '1' }, undefined, load);
    await c.list('active', { category_id: '1' }, undefined, load);
    expect(loads).toBe(3);
    await c.list('products', { category_id: '1' }, undefined, load);
    expect(loads).toBe(4);
    // A page of more than CATALOGUE_ANSWER_MAX_ROWS rows is answered but not kept.
    const big = async () => ({ data: Array.from({ length: CATALOGUE_ANSWER_MAX_ROWS + 1 }, () => ++loads) });
    await c.list('active', { per_page: '100' }, undefined, big);
    const again = await c.list('active', { per_page: '100' }, undefined, big);
    expect(again.data[0]).toBe(CATALOGUE_ANSWER_MAX_ROWS + 6);
    // One product: kept for visitors only.
    let reads = 0;
    const one = async () => ({ data: { id: 7, n: ++reads } });
    await c.product(7, undefined, one);
    await c.product(7, undefined, one);
    expect(reads).toBe(1);
    await c.product(7, { id: 1 }, one);
    expect(reads).toBe(2);
  });
});
