import { randomUUID } from 'node:crypto';
import type { RateLimitStore } from './rate-limit.store';

/**
 * Runs a scheduled job on one instance only: the instance that takes the named lock (in Redis when several
 * instances share REDIS_URL; in memory on one machine) runs it, the others skip this round. The lock lives at most
 * ttlMs, so an instance that dies mid-run does not block the job for ever. Answers whether this instance ran it.
 */
export async function runExclusive(
  store: RateLimitStore,
  name: string,
  ttlMs: number,
  job: () => Promise<unknown>,
): Promise<boolean> {
  const token = randomUUID();
  if (!(await store.acquireLock(name, token, ttlMs))) return false;
  try {
    await job();
    return true;
  } finally {
    await store.releaseLock(name, token).catch(() => undefined);
  }
}
