import type { IncrementOptions, RateLimitHit, RateLimitStore } from './rate-limit.store';

interface Entry {
  count: number;
  expiresAt: number;
}

export interface MemoryStoreOptions {
  /** Most counters held at once; past it, expired ones are swept and then the oldest are dropped. */
  maxKeys?: number;
  /** How often expired counters are swept in the background (ms); 0 turns the timer off. */
  sweepIntervalMs?: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
}

/**
 * Counters in this process's memory: right for one API instance. Bounded: expired counters are swept on a
 * timer and whenever the map is full, and past maxKeys the oldest counters are dropped, so a flood of
 * distinct keys (addresses, e-mails) cannot grow memory without limit.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private readonly values = new Map<string, { value: string; expiresAt: number }>();
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout | null;

  constructor(options: MemoryStoreOptions = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
    const every = options.sweepIntervalMs ?? 60_000;
    this.timer = every > 0 ? setInterval(() => this.sweep(), every) : null;
    this.timer?.unref();
  }

  get size(): number {
    return this.entries.size;
  }

  async increment(key: string, ttlMs: number, options: IncrementOptions = {}): Promise<RateLimitHit> {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      if (entry) this.entries.delete(key);
      this.makeRoom(now);
      entry = { count: 0, expiresAt: now + ttlMs };
      this.entries.set(key, entry);
    } else if (options.refresh) {
      entry.expiresAt = now + ttlMs;
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  async get(key: string): Promise<RateLimitHit | null> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return null;
    }
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async acquireLock(name: string, token: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const held = this.values.get(`lock:${name}`);
    if (held && held.expiresAt > now) return false;
    this.values.set(`lock:${name}`, { value: token, expiresAt: now + ttlMs });
    return true;
  }

  async releaseLock(name: string, token: string): Promise<void> {
    if (this.values.get(`lock:${name}`)?.value === token) this.values.delete(`lock:${name}`);
  }

  async getValue(key: string): Promise<string | null> {
    const held = this.values.get(key);
    if (!held) return null;
    if (held.expiresAt <= this.now()) {
      this.values.delete(key);
      return null;
    }
    return held.value;
  }

  async setValue(key: string, value: string, ttlMs: number): Promise<void> {
    if (this.values.size >= this.maxKeys) this.values.clear();
    this.values.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async ping(): Promise<void> {
    return undefined;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.entries.clear();
    this.values.clear();
  }

  /** Drops every expired counter. */
  sweep(now = this.now()): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  private makeRoom(now: number): void {
    if (this.entries.size < this.maxKeys) return;
    this.sweep(now);
    // Still full of live counters: drop the oldest (a Map iterates in insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
