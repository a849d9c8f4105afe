import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RATE_LIMIT_STORE, type RateLimitStore } from './rate-limit.store';
import { MSG } from '@jara/contracts';
import { TooManyAttemptsError } from '../errors';

/**
 * What is being guessed: the password at login, the e-mailed sign-up code, or another secret
 * (e.g. 'email-change' for the code that confirms a new address). Each scope counts separately.
 */
export type AttemptScope = 'login' | 'code' | 'email-change';

/**
 * Per-account limit on guessing a secret (OWASP ASVS 2.2.1): counted per account, whatever address the
 * guesses come from, and whether or not the account exists (so a 429 reveals nothing).
 * - the first `accountFreeFailures` failures cost nothing; after that each failure makes the account
 *   wait 1 s, 2 s, 4 s ... up to `accountMaxDelaySeconds` before the next try;
 * - at most `accountMaxFailures` failures per `accountWindowSeconds`;
 * - a success clears both. There is no permanent lock, so an attacker cannot lock an owner out for good.
 *
 * Use: `await throttle.attempt(scope, account)` right before comparing the secret (it refuses with a
 * TooManyAttemptsError, a 429 with Retry-After, otherwise counts the attempt as a failure), then `await throttle.succeeded(scope, account)`
 * when the secret was right. Counting before the comparison keeps the cap exact under concurrent guesses.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async attempt(scope: AttemptScope, account: string): Promise<void> {
    const key = this.key(scope, account);
    const wait = await this.store.get(`${key}:wait`);
    if (wait) throw tooMany(wait.ttlMs);
    const { accountWindowSeconds, accountMaxFailures } = this.config.rateLimit;
    const failures = await this.store.increment(key, accountWindowSeconds * 1000);
    if (failures.count > accountMaxFailures) throw tooMany(failures.ttlMs);
    const delay = this.delayAfter(failures.count);
    if (delay > 0) await this.store.increment(`${key}:wait`, delay, { refresh: true });
  }

  async succeeded(scope: AttemptScope, account: string): Promise<void> {
    const key = this.key(scope, account);
    await Promise.all([this.store.reset(key), this.store.reset(`${key}:wait`)]);
  }

  /** The wait (ms) imposed after the nth failure in a row: 0, then 1 s doubling up to the cap. */
  delayAfter(failures: number): number {
    const { accountFreeFailures, accountMaxDelaySeconds } = this.config.rateLimit;
    const over = failures - accountFreeFailures;
    if (over <= 0 || accountMaxDelaySeconds <= 0) return 0;
    return Math.min(1000 * 2 ** Math.min(over - 1, 30), accountMaxDelaySeconds * 1000);
  }

  /** E-mails are trimmed and lower-cased, then hashed: the store never holds an address in clear. */
  private key(scope: AttemptScope, account: string): string {
    const id = createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 32);
    return `acct:${scope}:${id}`;
  }
}

/** The domain refusal (this runs inside services, not only behind guards); the filter answers 429 with Retry-After. */
function tooMany(waitMs: number): TooManyAttemptsError {
  return new TooManyAttemptsError(MSG.auth.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000))), waitMs);
}
