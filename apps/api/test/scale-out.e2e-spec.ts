import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import sharp from 'sharp';
import { MSG } from '@jara/contracts';
import { runExclusive } from '../src/common/rate-limit/job-lock';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../src/common/rate-limit/rate-limit.store';
import { DataSource } from 'typeorm';
import { Payout } from '../src/modules/payouts/payout.entity';
import { User } from '../src/modules/users/user.entity';
import { startFakeExchangeRates, type FakeExchangeRates } from './support/fake-exchange-rates';
import { bearer } from './support/money';
import { expectReconciled } from './support/reconcile';
import { signUp, startTestApp, TEST_INSTANCES, type TestApp } from './support/test-app';

/** Graceful shutdown: every run (one instance or two). */
describe('Lifecycle: an instance that stops finishes the requests it is serving (e2e)', () => {
  let t: TestApp;
  let fake: FakeExchangeRates;
  beforeAll(async () => {
    fake = await startFakeExchangeRates();
    t = await startTestApp({ EXCHANGE_RATE_BASE_URL: fake.url, EXCHANGE_RATE_API_KEY: fake.key });
  });
  afterAll(async () => {
    await t.close(); // the app is already closed; this drops the database
    await fake.close();
  });

  it('answers an in-flight request before closing, and refuses new connections after', async () => {
    const admin = await signUp(t, { role: 'admin' });
    await t.app.listen(0, '127.0.0.1');
    const url = await t.app.getUrl();
    fake.delayMs = 800;
    const inFlight = fetch(`${url}/api/v1/currencies/live-rates?base=USD`, { headers: bearer(admin.token) });
    await sleep(200); // the request is now waiting on the slow rate service
    const closing = t.app.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { base_code: string } }).data.base_code).toBe('USD');
    await closing;
    await expect(fetch(`${url}/api/v1/health`)).rejects.toThrow();
  });
});

const scaleOut = TEST_INSTANCES === 2 ? describe : describe.skip;

/** Only in `npm run test:scale-out`: two instances on one MariaDB, one Redis, one S3 bucket. */
scaleOut('Scale-out: two API instances share everything that must be shared (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One app pair per file: Passport keeps one strategy per process, the last instance's (the pair shares a database).
    t = await startTestApp({
      AUTH_ACCOUNT_MAX_FAILURES: '4',
      AUTH_ACCOUNT_MAX_DELAY: '0',
      GUEST_DELIVERY_LIMIT: '2',
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(async () => {
    try {
      await expectReconciled(t);
    } finally {
      await t.close();
    }
  });
  const on = (i: 0 | 1) => request(t.apps[i].getHttpServer());

  it('ran the migrations once though both instances started together', async () => {
    const rows = (await t.db.query('SELECT name FROM migrations')) as Array<{ name: string }>;
    expect(rows.length).toBe(t.db.migrations.length);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it('both are ready with Redis and S3 storage up', async () => {
    for (const i of [0, 1] as const) {
      const ready = await on(i).get('/api/v1/ready').expect(200);
      expect(ready.body).toMatchObject({ database: 'up', redis: 'up', storage: 'up', storage_kind: 's3' });
    }
  });

  it('counts failed sign-ins of one account across both instances', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 4; i++)
      await on((i % 2) as 0 | 1)
        .post('/api/v1/auth/login')
        .send({ email, password: `guess-${i}` })
        .expect(401);
    for (const i of [0, 1] as const) {
      const refused = await on(i).post('/api/v1/auth/login').send({ email, password: 'guess-x' }).expect(429);
      expect(refused.body.message).toMatch(/^Too many attempts/);
    }
  });

  it('limits guest shipping requests per address across both instances', async () => {
    const body = { name: 'Guest', phone: '0803 000 0000', external_no: 'X1', type: 'local', warehouse_id: 999_999 };
    // A refused warehouse still counts: the limit is on requests from the address, before the warehouse is looked up.
    const from = (i: 0 | 1) => on(i).post('/api/v1/guest/trackings').set('X-Forwarded-For', '203.0.113.9').send(body);
    await from(0).expect(422);
    await from(1).expect(422);
    const third = await from(0).expect(429);
    expect(third.body.message).toBe(MSG.deliveries.guestTooMany);
  });

  it('serves through one instance an upload made through the other', async () => {
    const person = await signUp(t);
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#0b6e4f' } })
      .png()
      .toBuffer();
    await on(0)
      .post('/api/v1/user/update-profile-image')
      .set(bearer(person.token))
      .attach('image', png, 'me.png')
      .expect(200);
    const key = (await t.db.getRepository(User).findOneByOrFail({ id: person.user.id })).image as string;
    const served = await on(1).get(`/api/v1/media/${key}`).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(24);
  });

  it('runs a scheduled job on one instance only', async () => {
    const stores = t.apps.map((app) => app.get<RateLimitStore>(RATE_LIMIT_STORE));
    let runs = 0;
    const job = async () => {
      runs++;
      await sleep(200);
    };
    const ran = await Promise.all(stores.map((store) => runExclusive(store, 'scale-out-test-job', 5_000, job)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Released: the next round runs again.
    expect(await runExclusive(stores[1], 'scale-out-test-job', 5_000, job)).toBe(true);
  });

  it("a write through one instance shows in the other instance's cached list total at once", async () => {
    const admin = await signUp(t, { role: 'admin' });
    const customer = await signUp(t);
    const location = (
      await on(0).post('/api/v1/locations').set(bearer(admin.token)).send({ name: 'Lagos' }).expect(201)
    ).body.data.id;
    const warehouse = (
      await on(0)
        .post('/api/v1/warehouses')
        .set(bearer(admin.token))
        .send({ name: 'Ikeja', location_id: location, type: 'local' })
        .expect(201)
    ).body.data.id;
    const total = async (i: 0 | 1) =>
      (await on(i).get('/api/v1/trackings').set(bearer(admin.token)).expect(200)).body.meta.total as number;
    const before = await total(1);
    await on(0)
      .post('/api/v1/trackings')
      .set(bearer(customer.token))
      .send({ external_no: 'L1', warehouse_id: warehouse, type: 'local' })
      .expect(201);
    await sleep(50); // the generation is written without waiting for Redis
    expect(await total(1)).toBe(before + 1);
  });
  it("a payout, a ledger entry or an invoice written through one instance shows in the other's cached totals at once", async () => {
    const admin = await signUp(t, { role: 'admin' });
    const vendor = await signUp(t, { role: 'vendor' });
    const total = async (i: 0 | 1, path: string, token = admin.token) => {
      const res = await on(i).get(`/api/v1${path}`).set(bearer(token)).expect(200);
      return res.body.meta.total as number;
    };
    const lists: Array<[string, string?]> = [
      ['/payouts'],
      [`/payouts?vendor_id=${vendor.user.id}`],
      ['/vendor-payouts/statement', vendor.token],
      [`/payouts/vendors/${vendor.user.id}/statement`],
      ['/invoices'],
      [`/invoices?user_id=${vendor.user.id}`],
    ];
    const read = async (i: 0 | 1) => {
      const out: number[] = [];
      for (const [path, token] of lists) out.push(await total(i, path, token));
      return out;
    };
    // Both instances keep the current totals (each counted once, then kept).
    const before = await read(1);
    expect(await read(0)).toEqual(before);
    // Through instance 0: a credit (one statement entry), a manual invoice, and a payout row written by its data source.
    await on(0)
      .post(`/api/v1/wallets/${vendor.user.id}/adjustments`)
      .set(bearer(admin.token))
      .send({ amount: '100', currency: 'NGN', direction: 'credit', reason: 'Scale-out totals' })
      .expect(201);
    await on(0)
      .post('/api/v1/invoices')
      .set(bearer(admin.token))
      .send({ user_id: vendor.user.id, amount: '50', currency: 'NGN', description: 'Scale-out totals' })
      .expect(201);
    const payout = {
      vendor_id: vendor.user.id,
      account_id: 1,
      amount_minor: 100_000,
      fee_minor: 5_000,
      status: 'rejected',
      reference: `payout-scale-${vendor.user.id}`,
      recipient_code: 'RCP_scale',
      bank_name: 'Guaranty Trust Bank',
      account_number: '0123456789',
      account_name: 'SCALE VENDOR',
    } as Partial<Payout>;
    await t.apps[0].get(DataSource).getRepository(Payout).insert(payout);
    await sleep(50); // the generation is written without waiting for Redis
    try {
      expect(await read(1)).toEqual([
        before[0] + 1,
        before[1] + 1,
        before[2] + 1,
        before[3] + 1,
        before[4] + 1,
        before[5] + 1,
      ]);
    } finally {
      await t.apps[0].get(DataSource).getRepository(Payout).delete({ reference: payout.reference });
    }
  });
});
