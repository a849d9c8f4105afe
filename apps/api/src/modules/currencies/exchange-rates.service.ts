import { Inject, Injectable, Logger } from '@nestjs/common';
import { MSG, type LiveRates } from '@jara/contracts';
import { UnavailableError, UpstreamError } from '../../common/errors';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { APP_CONFIG, type AppConfig } from '../../config/config';

interface CacheEntry {
  rates: LiveRates;
  /** When these rates were fetched (ms). */
  fetchedAt: number;
  /** When the last refresh failed (ms), if it did: the last good rates are served (stale) for a short pause. */
  failedAt?: number;
}

/** At most this long between retries of a failing service while the last good rates are served. */
const RETRY_PAUSE_MS = 60_000;
const MAX_RATES = 400;

class InvalidRates extends Error {}

/**
 * The exchange-rate service of the admin's live converter (ExchangeRate-API style:
 * GET {EXCHANGE_RATE_BASE_URL}/{EXCHANGE_RATE_API_KEY}/latest/{base} -> {result: 'success', base_code,
 * conversion_rates}). Answers are kept EXCHANGE_RATE_CACHE_SECONDS per base, one fetch at a time per base; an
 * invalid or failed answer is logged and the last good rates are served with stale: true. No key: 503.
 */
@Injectable()
export class ExchangeRatesService {
  private readonly logger = new Logger('ExchangeRates');
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inflight = new Map<string, Promise<LiveRates>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMIT_STORE) private readonly shared: RateLimitStore,
  ) {}

  /** Whether a provider is configured (EXCHANGE_RATE_API_KEY); without one, latest() refuses. */
  configured(): boolean {
    return Boolean(this.config.exchangeRates.apiKey);
  }

  async latest(base: string): Promise<LiveRates> {
    const { apiKey, cacheSeconds } = this.config.exchangeRates;
    if (!apiKey) throw new UnavailableError(MSG.money.liveRatesOff);
    const ttl = cacheSeconds * 1000;
    const now = Date.now();
    const entry = this.cache.get(base);
    if (entry && !entry.failedAt && now - entry.fetchedAt < ttl) return entry.rates;
    if (entry?.failedAt && now - entry.failedAt < Math.min(ttl, RETRY_PAUSE_MS)) return { ...entry.rates, stale: true };
    let pending = this.inflight.get(base);
    if (!pending) {
      pending = this.fromSharedOrRefresh(base, apiKey, ttl).finally(() => this.inflight.delete(base));
      this.inflight.set(base, pending);
    }
    return pending;
  }

  /**
   * Rates another instance fetched within the cache time come from the shared store (Redis when REDIS_URL is set),
   * so N instances make one call per period, not N; otherwise this instance fetches and shares them.
   */
  private async fromSharedOrRefresh(base: string, apiKey: string, ttl: number): Promise<LiveRates> {
    const shared = await this.shared.getValue(`fx:${base}`).catch(() => null);
    if (shared) {
      try {
        const entry = JSON.parse(shared) as { rates: LiveRates; fetchedAt: number };
        if (Date.now() - entry.fetchedAt < ttl) {
          this.cache.set(base, { rates: entry.rates, fetchedAt: entry.fetchedAt });
          return entry.rates;
        }
      } catch {
        // A damaged entry is fetched anew.
      }
    }
    return this.refresh(base, apiKey, ttl);
  }

  private async refresh(base: string, apiKey: string, ttl: number): Promise<LiveRates> {
    try {
      const rates = parseRates(await this.fetchLatest(base, apiKey), base);
      const fetchedAt = Date.now();
      this.cache.set(base, { rates, fetchedAt });
      await this.shared.setValue(`fx:${base}`, JSON.stringify({ rates, fetchedAt }), ttl).catch(() => undefined);
      return rates;
    } catch (error) {
      // Never log the URL: it carries the key.
      this.logger.warn(
        `Exchange rates for ${base} not updated: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
      );
      const last = this.cache.get(base);
      if (last) {
        last.failedAt = Date.now();
        return { ...last.rates, stale: true };
      }
      throw new UpstreamError(MSG.money.liveRatesUnavailable);
    }
  }

  private async fetchLatest(base: string, apiKey: string): Promise<unknown> {
    const { baseUrl, timeoutMs } = this.config.exchangeRates;
    const response = await fetch(`${baseUrl}/${encodeURIComponent(apiKey)}/latest/${base}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new InvalidRates(`HTTP ${response.status}, not JSON`);
    }
    if (!response.ok) {
      const type = (body as Record<string, unknown> | null)?.['error-type'];
      throw new InvalidRates(`HTTP ${response.status}${typeof type === 'string' ? ` (${type.slice(0, 60)})` : ''}`);
    }
    return body;
  }
}

/** The service's answer checked field by field: a success for this base, and a table of positive finite rates. */
function parseRates(body: unknown, base: string): LiveRates {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  if (!record) throw new InvalidRates('not an object');
  if (record.result !== 'success') {
    const type = record['error-type'];
    throw new InvalidRates(
      `result ${String(record.result).slice(0, 40)}${typeof type === 'string' ? ` (${type.slice(0, 60)})` : ''}`,
    );
  }
  if (record.base_code !== base)
    throw new InvalidRates(`base_code ${String(record.base_code).slice(0, 10)} is not ${base}`);
  const table = record.conversion_rates;
  if (!table || typeof table !== 'object' || Array.isArray(table)) throw new InvalidRates('no conversion_rates');
  const entries = Object.entries(table as Record<string, unknown>);
  if (!entries.length || entries.length > MAX_RATES) throw new InvalidRates(`${entries.length} conversion rates`);
  const rates: Record<string, number> = {};
  for (const [code, value] of entries) {
    if (!/^[A-Z]{3}$/.test(code) || typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new InvalidRates(`bad rate for ${code.slice(0, 10)}`);
    }
    rates[code] = value;
  }
  return {
    result: 'success',
    base_code: base,
    conversion_rates: rates,
    fetched_at: new Date().toISOString(),
    stale: false,
  };
}
