import { MSG } from '@jara/contracts';
import { loadConfig } from '../../config/config';
import { LoginThrottle } from './login-throttle.service';
import { MemoryRateLimitStore } from './memory.store';
import { statusOfDomainError, TooManyAttemptsError } from '../errors';

describe('LoginThrottle', () => {
  let now = 0;
  let store: MemoryRateLimitStore;
  const make = (env: Record<string, string> = {}) => new LoginThrottle(store, loadConfig(env));
  beforeEach(() => {
    now = 5_000_000;
    store = new MemoryRateLimitStore({ now: () => now, sweepIntervalMs: 0 });
  });
  afterEach(() => store.close());

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    return error as TooManyAttemptsError;
  };

  it('keeps the production defaults of the review: 5 free failures, 1 s doubling to 15 min, 100 an hour', () => {
    const throttle = make();
    expect([1, 5, 6, 7, 8, 15, 16].map((n) => throttle.delayAfter(n))).toEqual([
      0, 0, 1000, 2000, 4000, 512_000, 900_000,
    ]);
    expect(throttle.delayAfter(99)).toBe(900_000);
    const config = loadConfig({});
    expect(config.rateLimit).toMatchObject({
      accountMaxFailures: 100,
      accountWindowSeconds: 3600,
      accountFreeFailures: 5,
      accountMaxDelaySeconds: 900,
    });
  });

  it('makes an account wait after the free failures, with a growing delay and a clear message', async () => {
    const throttle = make();
    for (let i = 0; i < 6; i++) await throttle.attempt('login', 'ada@example.com');
    const first = await refusal(throttle.attempt('login', 'ada@example.com'));
    expect(statusOfDomainError(first)).toBe(429);
    expect(first.retryAfterSeconds).toBe(1);
    expect(first.message).toBe(MSG.auth.tooManyAttempts(1));
    expect(MSG.auth.tooManyAttempts(1)).toBe('Too many attempts. Please try again in 1 second.');

    now += 1000;
    await throttle.attempt('login', 'ada@example.com'); // 7th failure: 2 s
    expect((await refusal(throttle.attempt('login', 'ADA@example.com '))).retryAfterSeconds).toBe(2);
    now += 2000;
    await throttle.attempt('login', 'ada@example.com'); // 8th: 4 s
    now += 3000;
    expect((await refusal(throttle.attempt('login', 'ada@example.com'))).retryAfterSeconds).toBe(1);
  });

  it('counts each account and scope on its own, and a success clears the delay', async () => {
    const throttle = make({ AUTH_ACCOUNT_FREE_FAILURES: '1' });
    await throttle.attempt('login', 'a@example.com');
    await throttle.attempt('login', 'a@example.com');
    await refusal(throttle.attempt('login', 'a@example.com'));
    await throttle.attempt('login', 'b@example.com');
    await throttle.attempt('code', 'a@example.com');
    await throttle.succeeded('login', 'a@example.com');
    await throttle.attempt('login', 'a@example.com');
    await throttle.attempt('login', 'a@example.com'); // counting starts again from zero
  });

  it('caps failures per window, then lets the account try again when the window ends (no permanent lock)', async () => {
    const throttle = make({ AUTH_ACCOUNT_MAX_FAILURES: '100', AUTH_ACCOUNT_MAX_DELAY: '0' });
    for (let i = 0; i < 100; i++) await throttle.attempt('code', 'c@example.com');
    now += 10 * 60_000;
    const capped = await refusal(throttle.attempt('code', 'c@example.com'));
    expect(capped.retryAfterSeconds).toBe(50 * 60);
    expect(capped.message).toBe('Too many attempts. Please try again in 50 minutes.');
    now += 50 * 60_000;
    await throttle.attempt('code', 'c@example.com');
  });
});
