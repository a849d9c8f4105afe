import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { Response } from 'supertest';
import { MSG } from '@jara/contracts';
import { signUp, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * Issue 7, item 3: limits per account (failed passwords and codes, from any address) and per client address
 * (generous, keyed by the real client address that only trusted proxies may forward). Small thresholds come
 * from the environment so nothing waits real minutes.
 */

const REDIS = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';
let lastOctet = 0;
/** A fresh documentation address (RFC 5737) for each shopper behind the storefront. */
const nextAddress = () => `203.0.113.${(lastOctet = (lastOctet % 250) + 1)}`;

function login(t: TestApp, email: string, password: string, forwardedFor?: string) {
  const req = t.http().post('/api/v1/auth/login');
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  return req.send({ email, password });
}

/** A 429 that says how long to wait, in the header and in words. */
function expectAccountWait(res: Response): number {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
  expect(res.body).toEqual({ message: MSG.auth.tooManyAttempts(seconds) });
  expect(res.body.message).toMatch(/^Too many attempts\. Please try again in \d+ (second|minute|hour)s?\.$/);
  return seconds;
}

describe('Per-account limit (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No growing delay here (tested below): every failure counts towards a cap of 4 per hour.
    t = await startTestApp({ TRUST_PROXY: 'loopback', AUTH_ACCOUNT_MAX_FAILURES: '4', AUTH_ACCOUNT_MAX_DELAY: '0' });
  });
  afterAll(() => t.close());

  it('lets a shopper sign in while another account on the same address is being attacked', async () => {
    const victim = await signUp(t);
    const shopper = await signUp(t);
    const shared = nextAddress();
    for (let i = 0; i < 4; i++) await login(t, victim.email, 'wrong-password', shared).expect(401);
    const refused = await login(t, victim.email, 'wrong-password', shared);
    const seconds = expectAccountWait(refused);
    expect(seconds).toBeGreaterThan(3500); // the rest of the hour
    expect(seconds).toBeLessThanOrEqual(3600);
    // Even the right password waits: the account is not guessable any more this hour.
    expectAccountWait(await login(t, victim.email, victim.password, shared));

    // Same address, another account: signs in as usual.
    const ok = await login(t, shopper.email, shopper.password, shared).expect(200);
    expect(ok.body.token).toBeTruthy();
    await login(t, shopper.email, 'wrong-password', shared).expect(401);
  });

  it('counts failures per account even when they come from many addresses', async () => {
    const { email, password } = await signUp(t);
    for (let i = 0; i < 4; i++) await login(t, email, 'guess-' + i, nextAddress()).expect(401);
    expectAccountWait(await login(t, email, password, nextAddress()));
    expectAccountWait(await login(t, email.toUpperCase(), 'guess-x', nextAddress()));
  });

  it('limits unknown accounts the same way, so the 429 reveals nothing', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 4; i++) await login(t, ghost, 'whatever1', nextAddress()).expect(401);
    expectAccountWait(await login(t, ghost, 'whatever1', nextAddress()));
  });

  it('counts wrong sign-up codes per account across addresses and codes', async () => {
    const email = uniqueEmail('codes');
    await t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
    const verify = (otp: string) =>
      t.http().post('/api/v1/auth/verify-otp').set('X-Forwarded-For', nextAddress()).send({ email, otp });
    for (const otp of ['000001', '000002', '000003', '000004']) expect((await verify(otp)).status).toBe(400);
    expectAccountWait(await verify('000005'));
  });
  it('counts wrong e-mail change codes per account', async () => {
    const user = await signUp(t);
    const auth = { Authorization: `Bearer ${user.token}` };
    await t
      .http()
      .post('/api/v1/user/change-email')
      .set(auth)
      .send({ email: uniqueEmail('moving') })
      .expect(200);
    const confirm = (otp: string) =>
      t.http().post('/api/v1/user/confirm-email').set(auth).set('X-Forwarded-For', nextAddress()).send({ otp });
    for (const otp of ['000001', '000002', '000003', '000004']) expect((await confirm(otp)).status).toBe(422);
    expectAccountWait(await confirm('000005'));
  });
});

describe('Growing delays (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production delays (1 s, 2 s, 4 s ...), after 2 free failures instead of 5.
    t = await startTestApp({ AUTH_ACCOUNT_FREE_FAILURES: '2' });
  });
  afterAll(() => t.close());

  it('makes an attacked account wait longer and longer, while another account on the address signs in', async () => {
    const victim = await signUp(t);
    const shopper = await signUp(t);
    const waits: number[] = [];
    // Each failure past the free ones starts a wait; hammering hits it. Keep going through a few waits.
    for (let tries = 0; tries < 40 && waits.length < 2; tries++) {
      const res = await login(t, victim.email, 'wrong-password');
      if (res.status === 429) {
        waits.push(expectAccountWait(res));
        await login(t, shopper.email, shopper.password).expect(200);
        await new Promise((r) => setTimeout(r, waits[waits.length - 1] * 1000));
      } else {
        expect(res.status).toBe(401);
      }
    }
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThan(waits[0]);
    // The owner signs in after the wait, which clears the delay.
    await login(t, victim.email, victim.password).expect(200);
    await login(t, victim.email, 'wrong-password').expect(401);
    await login(t, victim.email, 'wrong-password').expect(401);
  });
});

describe('Per-address limit behind a trusted proxy (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback', AUTH_RATE_LIMIT: '3', AUTH_RATE_TTL: '60' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once a forwarded client address used its requests on any /auth route', async () => {
    const address = nextAddress();
    const post = (path: string, body: object) =>
      t.http().post(`/api/v1/auth/${path}`).set('X-Forwarded-For', address).send(body);
    await post('login', { email: uniqueEmail(), password: 'nope123' }).expect(401);
    await post('verify-otp', { email: uniqueEmail(), otp: '123456' }).expect(400);
    await post('resend-otp', { email: uniqueEmail() }).expect(200);
    const res = await post('login', { email: uniqueEmail(), password: 'nope123' }).expect(429);
    expect(res.body).toEqual({ message: MSG.auth.tooManyRequests });
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);

    // Keyed by the address the trusted proxy forwards: another shopper behind the storefront is not limited...
    await login(t, uniqueEmail(), 'nope123', nextAddress()).expect(401);
    // ...and in a proxy chain the client is the last address the trusted proxy appended.
    await login(t, uniqueEmail(), 'nope123', `198.51.100.7, ${address}`).expect(429);
  });
});

describe('Per-address limit without a trusted proxy (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '3', AUTH_RATE_TTL: '60' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For when TRUST_PROXY is not set: a forged header cannot dodge the limit', async () => {
    for (let i = 0; i < 3; i++) await login(t, uniqueEmail(), 'nope123', nextAddress()).expect(401);
    const res = await login(t, uniqueEmail(), 'nope123', nextAddress()).expect(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.message).toBe(MSG.auth.tooManyRequests);
  });
});

describe('Limits shared through Redis (e2e)', () => {
  const prefix = `jara-test:${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(REDIS, { maxRetriesPerRequest: 1 });
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: REDIS,
      REDIS_KEY_PREFIX: prefix,
      TRUST_PROXY: 'loopback',
      AUTH_ACCOUNT_MAX_FAILURES: '4',
      AUTH_ACCOUNT_MAX_DELAY: '0',
      AUTH_RATE_LIMIT: '10',
    };
    one = await startTestApp(env);
    two = await startTestApp(env);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('keeps per-account counters in Redis: the attacked account waits, another signs in', async () => {
    const victim = await signUp(one);
    const shopper = await signUp(one);
    const shared = nextAddress();
    for (let i = 0; i < 4; i++) await login(one, victim.email, 'wrong-password', nextAddress()).expect(401);
    expectAccountWait(await login(one, victim.email, victim.password, shared));
    await login(one, shopper.email, shopper.password, shared).expect(200);
    expect((await redis.keys(`${prefix}acct:login:*`)).length).toBeGreaterThan(0);
  });

  it('lets two API instances see the same per-account counter', async () => {
    const email = uniqueEmail('shared');
    await login(one, email, 'guess-1', nextAddress()).expect(401);
    await login(two, email, 'guess-2', nextAddress()).expect(401);
    await login(one, email, 'guess-3', nextAddress()).expect(401);
    await login(two, email, 'guess-4', nextAddress()).expect(401);
    expectAccountWait(await login(two, email, 'guess-5', nextAddress()));
    expectAccountWait(await login(one, email, 'guess-6', nextAddress()));
  });

  it('lets two API instances see the same per-address counter', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i++) await login(one, uniqueEmail(), 'nope123', address).expect(401);
    for (let i = 0; i < 5; i++) await login(two, uniqueEmail(), 'nope123', address).expect(401);
    const res = await login(one, uniqueEmail(), 'nope123', address).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
