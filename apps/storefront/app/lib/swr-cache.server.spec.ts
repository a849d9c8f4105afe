import { publicCacheSeconds, SwrCache } from './swr-cache.server';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('SwrCache', () => {
  it('serves a fresh value without loading again', async () => {
    const c = clock();
    const cache = new SwrCache<number>({ freshMs: 1000, staleMs: 2000, now: c.now });
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('k', load)).toBe(1);
    c.advance(999);
    expect(await cache.get('k', load)).toBe(1);
    expect(calls).toBe(1);
  });

  it('serves a stale value at once and refreshes it once in the background', async () => {
    const c = clock();
    const cache = new SwrCache<number>({ freshMs: 1000, staleMs: 2000, now: c.now });
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      calls++;
      if (calls > 1) await gate;
      return calls;
    };
    await cache.get('k', load);
    c.advance(1500);
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(calls).toBe(2);
    release();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', load)).toBe(2);
  });

  it('waits for a new value when the entry is older than fresh + stale', async () => {
    const c = clock();
    const cache = new SwrCache<string>({ freshMs: 1000, staleMs: 2000, now: c.now });
    await cache.get('k', async () => 'old');
    c.advance(3001);
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('never keeps a failure and shares one load between concurrent misses', async () => {
    const cache = new SwrCache<string>({ freshMs: 1000, staleMs: 1000 });
    let calls = 0;
    const failing = async () => {
      calls++;
      return undefined;
    };
    const [a, b] = await Promise.all([cache.get('k', failing), cache.get('k', failing)]);
    expect([a, b]).toEqual([undefined, undefined]);
    expect(calls).toBe(1);
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
    expect(cache.size).toBe(1);
  });

  it('drops the oldest entries past maxEntries and is off at 0 seconds', async () => {
    const cache = new SwrCache<number>({ freshMs: 1000, staleMs: 0, maxEntries: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 9)).toBe(9);
    const off = new SwrCache<number>({ freshMs: 0, staleMs: 0 });
    let n = 0;
    await off.get('k', async () => ++n);
    await off.get('k', async () => ++n);
    expect(n).toBe(2);
    expect(off.size).toBe(0);
  });

  it('reads PUBLIC_CACHE_SECONDS with a safe default', () => {
    expect(publicCacheSeconds({})).toBe(30);
    expect(publicCacheSeconds({ PUBLIC_CACHE_SECONDS: '0' })).toBe(0);
    expect(publicCacheSeconds({ PUBLIC_CACHE_SECONDS: '5' })).toBe(5);
    expect(publicCacheSeconds({ PUBLIC_CACHE_SECONDS: '1e21' })).toBe(30);
  });
});
