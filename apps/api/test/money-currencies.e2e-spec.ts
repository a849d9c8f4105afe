import { setTimeout as sleep } from 'node:timers/promises';
import { MSG, SEED_CURRENCIES, SEED_RATES_AS_OF } from '@jara/contracts';
import { startFakeExchangeRates, type FakeExchangeRates } from './support/fake-exchange-rates';
import { bearer, countRows } from './support/money';
import { signUp, startTestApp, type TestApp } from './support/test-app';

describe('Money: currencies and live rates (e2e)', () => {
  let t: TestApp;
  let rates: FakeExchangeRates;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    rates = await startFakeExchangeRates();
    t = await startTestApp({
      EXCHANGE_RATE_API_KEY: rates.key,
      EXCHANGE_RATE_BASE_URL: rates.url,
      EXCHANGE_RATE_CACHE_SECONDS: '1',
    });
    admin = (await signUp(t, { role: 'admin' })).token;
    customer = (await signUp(t)).token;
  });
  afterAll(async () => {
    await t.close();
    await rates.close();
  });

  describe('the list', () => {
    it('is public and seeded by the migration with the section 9 rates, as decimal strings, in the list contract', async () => {
      const res = await t.http().get('/api/v1/currencies').expect(200);
      expect(res.headers['x-total-count']).toBe('4');
      expect(res.body.meta).toMatchObject({ total: 4, page: 1, per_page: 100 });
      expect(
        res.body.data.map((c: { code: string; buy_price: string; sell_price: string; name: string }) => ({
          name: c.name,
          code: c.code,
          buy_price: c.buy_price,
          sell_price: c.sell_price,
        })),
      ).toEqual(SEED_CURRENCIES.map((c) => ({ ...c })));
      // Realistic rates (issue 22), dated with the day they were taken: the converter says "Rates as of".
      expect(res.body.data.map((c: { updated_at: string }) => c.updated_at)).toEqual(
        SEED_CURRENCIES.map(() => SEED_RATES_AS_OF),
      );
      // Stored as integer micro-units, never floats.
      const [ngn] = await t.db.query(`SELECT sell_price_micro AS v FROM currencies WHERE code = 'NGN'`);
      expect(String(ngn.v)).toBe('1500000000');
    });
  });

  describe('create, update, delete (admin)', () => {
    const post = (body: unknown, token = admin) =>
      t
        .http()
        .post('/api/v1/currencies')
        .set(bearer(token))
        .send(body as object);

    it('requires name and code, and positive prices, with the spec messages on each field', async () => {
      const res = await post({}).expect(422);
      expect(res.body.errors).toEqual({
        name: [MSG.currency.nameCodeRequired],
        code: [MSG.currency.nameCodeRequired],
        buy_price: [MSG.currency.pricesPositive],
        sell_price: [MSG.currency.pricesPositive],
      });
      expect(res.body.message).toBe(MSG.currency.nameCodeRequired);
      for (const bad of [-5, 0, '0', '-1', '1e3', 1e21, '1.0000001', 'abc', '', [1], { v: 1 }, true, null, '1,500']) {
        const r = await post({ name: 'Cedi', code: 'GHS', buy_price: bad, sell_price: '15' }).expect(422);
        expect(r.body.errors).toEqual({ buy_price: [MSG.currency.pricesPositive] });
      }
      const blankName = await post({ name: '   ', code: 'GHS', buy_price: '15', sell_price: '15' }).expect(422);
      expect(blankName.body.errors).toEqual({ name: [MSG.currency.nameCodeRequired] });
    });

    it('upper-cases the code, keeps it to 10 letters or digits, and stores prices exactly', async () => {
      expect(
        (await post({ name: 'Too long', code: 'ABCDEFGHIJK', buy_price: 1, sell_price: 1 }).expect(422)).body.errors
          .code,
      ).toEqual([MSG.money.currencyCodeTooLong]);
      expect(
        (await post({ name: 'Spaces', code: 'G H', buy_price: 1, sell_price: 1 }).expect(422)).body.errors.code,
      ).toEqual([MSG.money.currencyCodeFormat]);
      const res = await post({
        name: 'Ghana Cedi',
        code: ' ghs ',
        buy_price: '15.5',
        sell_price: 15.75,
        id: 999,
        created_at: '2000-01-01',
      }).expect(201);
      expect(res.body.message).toBe(MSG.currency.created);
      expect(res.body.data).toMatchObject({ name: 'Ghana Cedi', code: 'GHS', buy_price: '15.5', sell_price: '15.75' });
      expect(res.body.data.id).not.toBe(999);
      const [row] = await t.db.query(
        `SELECT buy_price_micro AS b, sell_price_micro AS s FROM currencies WHERE code = 'GHS'`,
      );
      expect([String(row.b), String(row.s)]).toEqual(['15500000', '15750000']);
    });

    it('refuses a duplicate code, also when many arrive at once (the unique index decides)', async () => {
      const dup = await post({ name: 'Naira again', code: 'ngn', buy_price: 1, sell_price: 1 }).expect(422);
      expect(dup.body.errors).toEqual({ code: [MSG.currency.duplicateCode] });
      const results = await Promise.all(
        Array.from({ length: 8 }, () => post({ name: 'CFA franc', code: 'XAF', buy_price: '600', sell_price: '600' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
      for (const r of results.filter((x) => x.status === 422))
        expect(r.body.errors).toEqual({ code: [MSG.currency.duplicateCode] });
      expect(await countRows(t.db, `SELECT COUNT(*) AS n FROM currencies WHERE code = 'XAF'`)).toBe(1);
    });

    it('updates the fields sent, with the same rules; unknown ids are 404; customers 403', async () => {
      const list = (await t.http().get('/api/v1/currencies').expect(200)).body.data as Array<{
        id: number;
        code: string;
      }>;
      const ghs = list.find((c) => c.code === 'GHS') as { id: number };
      const patch = (id: number, body: object, token = admin) =>
        t.http().patch(`/api/v1/currencies/${id}`).set(bearer(token)).send(body);
      expect((await patch(ghs.id, { code: 'NGN' }).expect(422)).body.errors).toEqual({
        code: [MSG.currency.duplicateCode],
      });
      expect((await patch(ghs.id, { name: '' }).expect(422)).body.errors).toEqual({
        name: [MSG.currency.nameCodeRequired],
      });
      expect((await patch(ghs.id, { sell_price: -1 }).expect(422)).body.errors).toEqual({
        sell_price: [MSG.currency.pricesPositive],
      });
      expect((await patch(ghs.id, { sell_price: null }).expect(422)).body.errors).toEqual({
        sell_price: [MSG.currency.pricesPositive],
      });
      const ok = await patch(ghs.id, { sell_price: '16.123456' }).expect(200);
      expect(ok.body).toMatchObject({
        message: MSG.currency.updated,
        data: { code: 'GHS', name: 'Ghana Cedi', buy_price: '15.5', sell_price: '16.123456' },
      });
      await patch(999_999, { name: 'Nothing' }).expect(404);
      await patch(ghs.id, { name: 'Hacked' }, customer).expect(403);
      await t.http().patch(`/api/v1/currencies/${ghs.id}`).send({ name: 'Hacked' }).expect(401);
    });

    it('deletes a currency once', async () => {
      const list = (await t.http().get('/api/v1/currencies').expect(200)).body.data as Array<{
        id: number;
        code: string;
      }>;
      const xaf = list.find((c) => c.code === 'XAF') as { id: number };
      await t.http().delete(`/api/v1/currencies/${xaf.id}`).set(bearer(customer)).expect(403);
      expect((await t.http().delete(`/api/v1/currencies/${xaf.id}`).set(bearer(admin)).expect(200)).body.message).toBe(
        MSG.currency.deleted,
      );
      await t.http().delete(`/api/v1/currencies/${xaf.id}`).set(bearer(admin)).expect(404);
      const codes = ((await t.http().get('/api/v1/currencies').expect(200)).body.data as Array<{ code: string }>).map(
        (c) => c.code,
      );
      expect(codes).not.toContain('XAF');
    });
  });

  describe('live rates (admin)', () => {
    const live = (query = '', token = admin) =>
      t.http().get(`/api/v1/currencies/live-rates${query}`).set(bearer(token));

    it('are for admins only and check the base', async () => {
      await live('', customer).expect(403);
      expect((await live('?base=US').expect(422)).body.errors).toEqual({ base: [MSG.money.baseInvalid] });
      expect((await live('?base=USD&base=NGN').expect(422)).body.errors.base).toBeDefined();
    });

    it('fetch the service once, then answer from the cache; an invalid answer keeps the last good rates (stale)', async () => {
      rates.mode = 'ok';
      const before = rates.calls;
      const first = await live().expect(200);
      expect(first.body.data).toMatchObject({ result: 'success', base_code: 'USD', stale: false });
      expect(first.body.data.conversion_rates).toEqual(rates.rates.USD);
      expect(rates.calls).toBe(before + 1);
      const second = await live('?base=usd').expect(200);
      expect(second.body.data.fetched_at).toBe(first.body.data.fetched_at);
      expect(rates.calls).toBe(before + 1); // a cache hit
      // Another base is fetched on its own.
      expect((await live('?base=NGN').expect(200)).body.data.conversion_rates).toEqual(rates.rates.NGN);
      expect(rates.calls).toBe(before + 2);

      for (const mode of ['invalid', 'error', 'garbage', 'down'] as const) {
        await sleep(1100); // past EXCHANGE_RATE_CACHE_SECONDS=1
        rates.mode = mode;
        const calls = rates.calls;
        const stale = await live().expect(200);
        expect(rates.calls).toBe(calls + 1);
        expect(stale.body.data).toMatchObject({
          stale: true,
          base_code: 'USD',
          fetched_at: first.body.data.fetched_at,
        });
        expect(stale.body.data.conversion_rates).toEqual(rates.rates.USD);
      }
      // Back to a good answer: fresh rates again.
      await sleep(1100);
      rates.mode = 'ok';
      rates.rates.USD = { ...rates.rates.USD, NGN: 1600 };
      const fresh = await live().expect(200);
      expect(fresh.body.data).toMatchObject({ stale: false, conversion_rates: { NGN: 1600 } });
    });

    it('answer 502 when the service fails and no good rates were ever fetched for that base', async () => {
      rates.mode = 'invalid';
      const res = await live('?base=ZAR').expect(502);
      expect(res.body).toEqual({ message: MSG.money.liveRatesUnavailable });
      rates.mode = 'ok';
    });

    it('say how to configure a provider when none is configured (not a bare 503)', async () => {
      const bare = await startTestApp();
      try {
        const token = (await signUp(bare, { role: 'admin' })).token;
        const res = await bare.http().get('/api/v1/currencies/live-rates').set(bearer(token)).expect(200);
        expect(res.body).toEqual({
          data: null,
          configured: false,
          message: MSG.money.liveRatesOff,
          setup: MSG.money.liveRatesSetup,
        });
        expect(MSG.money.liveRatesSetup).toContain('EXCHANGE_RATE_API_KEY');
      } finally {
        await bare.close();
      }
    });
  });
});
