/**
 * A small in-process stale-while-revalidate cache for the storefront server's public reads (categories on every
 * public page, the home page's product lists). A fresh entry is served as is; a stale one is served at once while a
 * single background refresh replaces it; an entry older than fresh + stale is not served (the caller waits for a
 * fresh value). Failures are never cached. Concurrent misses for one key share one fetch.
 */
export interface SwrOptions {
  /** How long a value is served without asking again. */
  freshMs: number;
  /** How much longer a value may be served while one refresh runs in the background. */
  staleMs: number;
  /** Most entries kept; the oldest are dropped first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
}

/** `load` resolves to a value to cache, or `undefined` for a failure (served once, never kept). */
export type Loader<T> = () => Promise<T | undefined>;

export class SwrCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inFlight = new Map<string, Promise<T | undefined>>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: SwrOptions) {
    this.maxEntries = options.maxEntries ?? 200;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  async get(key: string, load: Loader<T>): Promise<T | undefined> {
    if (this.options.freshMs <= 0) return load();
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && age < this.options.freshMs) return entry.value;
    if (entry && age < this.options.freshMs + this.options.staleMs) {
      void this.refresh(key, load).catch(() => undefined);
      return entry.value;
    }
    return this.refresh(key, load);
  }

  private refresh(key: string, load: Loader<T>): Promise<T | undefined> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const task = (async () => {
      try {
        const value = await load();
        if (value !== undefined) this.store(key, value);
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, task);
    return task;
  }

  private store(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/** Seconds anonymous public reads are kept (PUBLIC_CACHE_SECONDS, default 30; 0 turns the cache off). */
export function publicCacheSeconds(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PUBLIC_CACHE_SECONDS?.trim();
  if (!raw) return 30;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= 3600 ? value : 30;
}

const seconds = publicCacheSeconds();

/** The one cache of anonymous API answers, keyed by API path. */
export const publicReads = new SwrCache<unknown>({ freshMs: seconds * 1000, staleMs: seconds * 2000, maxEntries: 200 });
