import { MemoryRateLimitStore } from './memory.store';

describe('MemoryRateLimitStore', () => {
  let now = 1_000_000;
  const clock = () => now;
  let store: MemoryRateLimitStore;
  beforeEach(() => {
    now = 1_000_000;
    store = new MemoryRateLimitStore({ now: clock, sweepIntervalMs: 0, maxKeys: 5 });
  });
  afterEach(() => store.close());

  it('counts hits in a window that starts at the first hit and ends after ttl', async () => {
    expect(await store.increment('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now += 400;
    expect(await store.increment('k', 1000)).toEqual({ count: 2, ttlMs: 600 });
    expect(await store.get('k')).toEqual({ count: 2, ttlMs: 600 });
    now += 600;
    expect(await store.get('k')).toBeNull();
    expect(await store.increment('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('restarts the expiry at every hit with refresh, and forgets a counter on reset', async () => {
    await store.increment('w', 1000, { refresh: true });
    now += 900;
    expect(await store.increment('w', 2000, { refresh: true })).toEqual({ count: 2, ttlMs: 2000 });
    await store.reset('w');
    expect(await store.get('w')).toBeNull();
  });

  it('stays bounded: expired counters are swept first, then the oldest live ones are dropped', async () => {
    for (let i = 0; i < 5; i++) await store.increment(`old-${i}`, 100);
    now += 200;
    for (let i = 0; i < 4; i++) await store.increment(`new-${i}`, 10_000);
    expect(store.size).toBe(4); // the five expired counters were swept to make room
    for (let i = 0; i < 50; i++) await store.increment(`flood-${i}`, 10_000);
    expect(store.size).toBeLessThanOrEqual(5);
    expect(await store.get('flood-49')).toEqual({ count: 1, ttlMs: 10_000 });
    expect(await store.get('new-0')).toBeNull();
  });

  it('sweeps expired counters on its timer', async () => {
    jest.useFakeTimers();
    try {
      const timed = new MemoryRateLimitStore({ sweepIntervalMs: 1000 });
      await timed.increment('a', 500);
      expect(timed.size).toBe(1);
      jest.advanceTimersByTime(1000);
      expect(timed.size).toBe(0);
      await timed.close();
    } finally {
      jest.useRealTimers();
    }
  });
});
