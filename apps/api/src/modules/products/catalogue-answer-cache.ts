import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import type { ListQuery } from '../../common/list/list-query';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit.store';

/** The longest an anonymous catalogue answer is kept (PUBLIC_CACHE_SECONDS, when shorter, wins; 0 turns it off). */
export const CATALOGUE_ANSWER_CACHE_SECONDS = 5;
/** At most this many answers are kept (least recently used dropped first). */
export const CATALOGUE_ANSWER_CACHE_MAX = 1000;
/** A query string longer than this is answered without the cache (a visitor cycling long texts cannot fill it). */
const MAX_KEY_LENGTH = 600;
/** A list answer with more rows than this is not kept (1,000 answers of at most 48 products stay a few MB). */
export const CATALOGUE_ANSWER_MAX_ROWS = 48;
/** With REDIS_URL, the key of the shared generation: a write on any instance changes it. */
const SHARED_GENERATION_KEY = 'catalogue-answers:generation';
/** The tables whose rows an answer shows: products, and their categories' names. */
const WATCHED_TABLES: ReadonlySet<string> = new Set(['products', 'categories']);

interface Entry {
  value: unknown;
  at: number;
  /** The shared generation (REDIS_URL) the answer was loaded under; '' without Redis. */
  shared: string;
}

/**
 * A short-lived, per-instance cache of anonymous catalogue answers (decisions 040 and 051): the catalogue's lists
 * (`/products`, `/products/active`, searched or not, any page or sort), one product (`/products/{id}`) and
 * `/search/suggestions`. The same answer asked by many visitors within a few seconds is read from the database once:
 * one load at a time per key (the others wait for it), at most CATALOGUE_ANSWER_CACHE_MAX answers (a list of more than
 * CATALOGUE_ANSWER_MAX_ROWS rows is not kept), each for min(CATALOGUE_ANSWER_CACHE_SECONDS, PUBLIC_CACHE_SECONDS),
 * which HTTP caches may already keep the same answers for (PublicCache).
 * Every write to products or categories through TypeORM drops all of it (and an answer whose load began before the
 * write is not kept): on this instance at once, and with REDIS_URL on every instance, through a generation kept in
 * Redis that each lookup reads (as the cached catalogue totals do, decision 010). A signed-in user's request never
 * reads or fills it.
 */
@Injectable()
export class CatalogueAnswerCache implements EntitySubscriberInterface {
  readonly ttlMs: number;
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private generation = 0;
  private writesPending = false;

  private readonly store: RateLimitStore | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() dataSource: DataSource,
    @Inject(RATE_LIMIT_STORE) store: RateLimitStore,
  ) {
    this.ttlMs = Math.max(0, Math.min(CATALOGUE_ANSWER_CACHE_SECONDS, config.publicCacheSeconds)) * 1000;
    this.store = config.redis.url ? store : undefined;
    dataSource.subscribers.push(this);
  }

  /** The number of answers kept now (for tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Drops every kept answer (with REDIS_URL, on every instance); loads running now are not kept. */
  async invalidate(): Promise<void> {
    this.generation++;
    this.entries.clear();
    // A store that is down only leaves other instances' answers until their TTL.
    await this.store?.setValue(SHARED_GENERATION_KEY, randomUUID(), 7 * 86_400_000).catch(() => undefined);
  }

  /** The generation shared by the instances ('' without Redis, or when the store does not answer). */
  private async sharedGeneration(): Promise<string> {
    if (!this.store) return '';
    try {
      return (await this.store.getValue(SHARED_GENERATION_KEY)) ?? '0';
    } catch {
      return '\u0000down'; // never equal to a kept generation: no answer is read or kept while the store is down
    }
  }

  /**
   * A catalogue list: from the cache when the request is anonymous, else `load()` as it is. `scope` tells routes
   * apart (/products and /products/active answer differently to admins only, but are kept apart all the same).
   */
  list<T>(scope: string, query: ListQuery, viewer: unknown, load: () => Promise<T>): Promise<T> {
    if (viewer) return load();
    return this.get(`${scope}?${canonicalQuery(query)}`, load, fewRows);
  }

  /** One product as a visitor sees it: from the cache when anonymous. */
  product<T>(id: number, viewer: unknown, load: () => Promise<T>): Promise<T> {
    if (viewer) return load();
    return this.get(`product/${id}`, load);
  }

  /** Suggestions for a text: from the cache when anonymous. */
  suggestions<T>(text: string, viewer: unknown, load: () => Promise<T>): Promise<T> {
    if (viewer) return load();
    return this.get(`suggestions?${text}`, load);
  }

  /** The kept answer of `key`, or the one being loaded, or a new load (kept when it succeeds). */
  async get<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (this.ttlMs <= 0 || key.length > MAX_KEY_LENGTH) return load();
    const shared = await this.sharedGeneration();
    if (shared === '\u0000down') return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      if (now - hit.at < this.ttlMs && hit.shared === shared) {
        this.entries.set(key, hit); // most recently used last
        return hit.value as T;
      }
    }
    const generation = this.generation;
    const flightKey = `${generation}\u0000${shared}\u0000${key}`;
    let pending = this.inflight.get(flightKey) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      this.inflight.set(flightKey, pending);
      const started = Date.now();
      pending.then(
        (value) => {
          this.inflight.delete(flightKey);
          if (generation !== this.generation || !keep(value)) return; // a write happened while it loaded
          this.entries.set(key, { value, at: started, shared });
          while (this.entries.size > CATALOGUE_ANSWER_CACHE_MAX) {
            const oldest = this.entries.keys().next().value;
            if (oldest === undefined) break;
            this.entries.delete(oldest);
          }
        },
        () => this.inflight.delete(flightKey), // failures (a 422, an outage) are never kept
      );
    }
    return pending;
  }

  // TypeORM subscriber: any write to products or categories, and again when its transaction commits (a load that
  // read the rows before the commit is not kept either).
  // TypeORM awaits what they answer, so the write's request ends after the shared generation changed.
  afterInsert(event: WriteEvent): Promise<void> | void {
    return this.written(event);
  }

  afterUpdate(event: WriteEvent): Promise<void> | void {
    return this.written(event);
  }

  afterRemove(event: WriteEvent): Promise<void> | void {
    return this.written(event);
  }

  afterSoftRemove(event: WriteEvent): Promise<void> | void {
    return this.written(event);
  }

  afterTransactionCommit(): Promise<void> | void {
    if (!this.writesPending) return;
    this.writesPending = false;
    return this.invalidate();
  }

  afterTransactionRollback(): void {
    this.writesPending = false;
  }

  private written(event: WriteEvent): Promise<void> | void {
    if (!WATCHED_TABLES.has(event.metadata?.tableName ?? '')) return;
    this.writesPending = true;
    return this.invalidate();
  }
}

/** What the subscriber reads of a TypeORM write event. */
interface WriteEvent {
  metadata?: { tableName?: string };
}

/** Whether a list answer is small enough to keep. */
function fewRows(answer: unknown): boolean {
  const data = (answer as { data?: unknown } | null)?.data;
  return !Array.isArray(data) || data.length <= CATALOGUE_ANSWER_MAX_ROWS;
}

/** The query's parameters in one order, so `?q=a&page=1` and `?page=1&q=a` share an answer. */
export function canonicalQuery(query: ListQuery): string {
  return JSON.stringify(
    Object.keys(query)
      .sort()
      .map((key) => [key, query[key]]),
  );
}
