import { AMOUNT_DECIMALS_MESSAGE, MSG } from '@jara/contracts';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { balances, bearer, countRows, ledgerDrift, notificationTitles } from './support/money';
import { captureStatements } from './support/query-plan';
import { expectReconciled, resolveOpenPaymentExceptions } from './support/reconcile';
import { signUp, startTestApp, type TestApp } from './support/test-app';

const SHOP = 'http://shop.test';

describe('Money: wallet, Paystack funding and webhooks, adjustments (e2e)', () => {
  let t: TestApp;
  let paystack: FakePaystack;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let amaka: Awaited<ReturnType<typeof signUp>>;
  let tunde: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    t = await startTestApp({
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      STOREFRONT_URL: `${SHOP},http://www.shop.test`,
    });
    admin = await signUp(t, { role: 'admin' });
    amaka = await signUp(t);
    tunde = await signUp(t, { role: 'vendor' });
  });
  afterAll(async () => {
    try {
      // The books agree at the end (issue 21's reconciliation), once an admin has dealt with the gateway answers
      // this suite leaves on purpose (fundings reported at another amount, unknown references): listed until then.
      expect(await resolveOpenPaymentExceptions(t, admin.token)).toBeGreaterThan(0);
      await expectReconciled(t);
    } finally {
      await t.close();
      await paystack.close();
    }
  });

  const fund = (token: string, body: object) => t.http().post('/api/v1/wallet/fund').set(bearer(token)).send(body);
  const verify = (token: string, reference: string) =>
    t
      .http()
      .get(`/api/v1/wallet/fund/verify?reference=${encodeURIComponent(reference)}`)
      .set(bearer(token));
  const webhook = (body: string, signature?: string) => {
    const req = t.http().post('/api/v1/webhooks/paystack').set('Content-Type', 'application/json');
    if (signature !== undefined) req.set('x-paystack-signature', signature);
    return req.send(body);
  };
  const entry = async (reference: string) => {
    const [row] = await t.db.query(
      'SELECT status, amount_minor AS amount, currency, direction FROM wallet_ledger WHERE reference = ?',
      [reference],
    );
    return row as { status: string; amount: number; currency: string; direction: string } | undefined;
  };

  it('starts every user at zero, with decimals and minor units', async () => {
    const res = await t.http().get('/api/v1/wallet/balance').set(bearer(amaka.token)).expect(200);
    expect(res.body).toEqual({ data: { usdBalance: '0.00', ngnBalance: '0.00', usd_minor: 0, ngn_minor: 0 } });
    await t.http().get('/api/v1/wallet/balance').expect(401);
  });

  describe('funding', () => {
    it('refuses bad amounts and currencies with field errors, never a 500, and writes nothing', async () => {
      const cases: Array<[object, string, string]> = [
        [{ amount: 1e21, currency: 'NGN' }, 'amount', MSG.money.amountInvalid],
        [{ amount: '1e3', currency: 'NGN' }, 'amount', MSG.money.amountInvalid],
        [{ amount: -5, currency: 'NGN' }, 'amount', MSG.money.amountPositive],
        [{ amount: '0', currency: 'NGN' }, 'amount', MSG.money.amountPositive],
        [{ amount: '1.999', currency: 'NGN' }, 'amount', AMOUNT_DECIMALS_MESSAGE],
        [{ amount: 1.999, currency: 'NGN' }, 'amount', AMOUNT_DECIMALS_MESSAGE],
        [{ amount: ['5000'], currency: 'NGN' }, 'amount', MSG.money.amountInvalid],
        [{ amount: { value: 5000 }, currency: 'NGN' }, 'amount', MSG.money.amountInvalid],
        [{ amount: true, currency: 'NGN' }, 'amount', MSG.money.amountInvalid],
        [{ currency: 'NGN' }, 'amount', MSG.money.amountRequired],
        [{ amount: '99.99', currency: 'NGN' }, 'amount', MSG.money.amountMin('₦100')],
        [{ amount: '0.99', currency: 'usd' }, 'amount', MSG.money.amountMin('$1.00')],
        [{ amount: '10000000.01', currency: 'NGN' }, 'amount', MSG.money.amountMax('₦10,000,000')],
        [{ amount: '5000', currency: 'EUR' }, 'currency', MSG.money.currencyWallet],
        [{ amount: '5000', currency: ['NGN'] }, 'currency', MSG.money.currencyWallet],
        [{ amount: '5000' }, 'currency', MSG.money.currencyWallet],
      ];
      for (const [body, field, message] of cases) {
        const res = await fund(amaka.token, body);
        if (res.status !== 422 || res.body.errors?.[field]?.[0] !== message)
          throw new Error(`${JSON.stringify(body)} answered ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ?', [amaka.user.id])).toBe(
        0,
      );
      expect(paystack.calls.initialize).toBe(0);
    });

    it('starts a Paystack transaction for a pending entry and credits nothing until Paystack says success', async () => {
      const res = await fund(amaka.token, { amount: '5,000', currency: 'ngn' }).expect(201);
      const { authorization_url, reference } = res.body.data as { authorization_url: string; reference: string };
      expect(reference).toMatch(/^fund-[0-9a-f]{24}$/);
      expect(authorization_url.startsWith(`${paystack.url}/checkout/`)).toBe(true);
      expect(paystack.transactions.get(reference)).toMatchObject({
        email: amaka.email,
        amount: 500000,
        currency: 'NGN',
        callback_url: `${SHOP}/fund?reference=${reference}`,
      });
      expect(await entry(reference)).toMatchObject({ status: 'pending', currency: 'NGN', direction: 'credit' });
      expect(Number((await entry(reference))?.amount)).toBe(500000);

      // Not paid yet (Paystack: abandoned): still pending, nothing credited.
      expect((await verify(amaka.token, reference).expect(200)).body.data).toMatchObject({
        status: 'pending',
        balance: { ngn_minor: 0 },
      });

      // Another user cannot verify it; bad references are 422s.
      await verify(tunde.token, reference).expect(404);
      expect(
        (await t.http().get('/api/v1/wallet/fund/verify').set(bearer(amaka.token)).expect(422)).body.errors,
      ).toEqual({ reference: [MSG.money.referenceRequired] });
      await t
        .http()
        .get(`/api/v1/wallet/fund/verify?reference=${reference}&reference=${reference}`)
        .set(bearer(amaka.token))
        .expect(422);
      await t
        .http()
        .get(`/api/v1/wallet/fund/verify?reference=${encodeURIComponent("x' OR 1=1 --")}`)
        .set(bearer(amaka.token))
        .expect(422);

      paystack.pay(reference);
      const [a, b] = await Promise.all([
        verify(amaka.token, reference).expect(200),
        verify(amaka.token, reference).expect(200),
      ]);
      for (const r of [a, b])
        expect(r.body.data).toMatchObject({
          status: 'completed',
          balance: { ngn_minor: 500000, ngnBalance: '5000.00' },
        });
      // A third verify later: still credited once.
      expect((await verify(amaka.token, reference).expect(200)).body.data.balance.ngn_minor).toBe(500000);
      expect(await balances(t.db, amaka.user.id)).toEqual({ ngn: 500000, usd: 0 });
      expect(
        await countRows(t.db, `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ? AND status = 'completed'`, [
          amaka.user.id,
        ]),
      ).toBe(1);
      expect((await notificationTitles(t.db, amaka.user.id)).filter((n) => n === MSG.money.fundedTitle)).toHaveLength(
        1,
      );
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    it('marks a declined payment failed and credits nothing', async () => {
      const { reference } = (await fund(amaka.token, { amount: 10, currency: 'USD' }).expect(201)).body.data;
      paystack.decline(reference);
      expect((await verify(amaka.token, reference).expect(200)).body.data).toMatchObject({
        status: 'failed',
        balance: { usd_minor: 0 },
      });
      expect((await entry(reference))?.status).toBe('failed');
    });

    it('never credits an amount Paystack reports differently from the pending entry', async () => {
      const { reference } = (await fund(amaka.token, { amount: '2500', currency: 'NGN' }).expect(201)).body.data;
      paystack.pay(reference, { amount: 100 });
      expect((await verify(amaka.token, reference).expect(200)).body.data.status).toBe('failed');
      const other = (await fund(amaka.token, { amount: '2500', currency: 'NGN' }).expect(201)).body.data.reference;
      paystack.pay(other, { currency: 'USD' });
      expect((await verify(amaka.token, other).expect(200)).body.data.status).toBe('failed');
      expect(await balances(t.db, amaka.user.id)).toEqual({ ngn: 500000, usd: 0 });
    });

    it('answers 502 and leaves no pending entry when Paystack is down', async () => {
      paystack.failNext(1);
      const res = await fund(amaka.token, { amount: '1000', currency: 'NGN' }).expect(502);
      expect(res.body).toEqual({ message: MSG.money.paymentStartFailed });
      expect(
        await countRows(t.db, `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ? AND status = 'pending'`, [
          amaka.user.id,
        ]),
      ).toBe(0);
    });

    it('has no test checkout when a Paystack key is set (404)', async () => {
      const { reference } = (await fund(amaka.token, { amount: '1000', currency: 'NGN' }).expect(201)).body.data;
      await t.http().post(`/api/v1/payments/test/${reference}/complete`).expect(404);
      await t.http().post(`/api/v1/payments/test/${reference}/cancel`).expect(404);
      expect((await entry(reference))?.status).toBe('pending');
    });
  });

  describe('the Paystack webhook', () => {
    let reference: string;
    beforeAll(async () => {
      reference = (await fund(tunde.token, { amount: '2000', currency: 'NGN' }).expect(201)).body.data.reference;
      paystack.pay(reference);
    });

    it('refuses a missing or wrong signature with a 401 and changes nothing', async () => {
      const { body, signature } = paystack.webhook(reference);
      await webhook(body).expect(401);
      await webhook(body, 'nonsense').expect(401);
      await webhook(body, paystack.sign(body, 'sk_test_someone_else')).expect(401);
      await webhook(body.replace('"amount":200000', '"amount":200001'), signature).expect(401); // body changed after signing
      await webhook(body, signature.slice(0, -2) + (signature.endsWith('00') ? '11' : '00')).expect(401);
      expect((await webhook(body, paystack.sign('{}')).expect(401)).body).toEqual({ message: MSG.money.badSignature });
      expect((await entry(reference))?.status).toBe('pending');
      expect(await balances(t.db, tunde.user.id)).toEqual({ ngn: 0, usd: 0 });
    });

    it('does not credit a signed event whose amount or currency differs from the pending entry', async () => {
      for (const overrides of [{ amount: 100 }, { currency: 'USD' }, { status: 'failed' }]) {
        const { body, signature } = paystack.webhook(reference, overrides);
        await webhook(body, signature).expect(200);
      }
      // Shown failed and kept once as a payment exception for an admin; not for good: the next test's genuine success
      // still credits it (issue 21, finding 10).
      expect((await entry(reference))?.status).toBe('failed');
      expect(
        await countRows(
          t.db,
          `SELECT COUNT(*) AS n FROM payment_exceptions WHERE reference = ? AND kind = 'mismatch'`,
          [reference],
        ),
      ).toBe(1);
      expect(await balances(t.db, tunde.user.id)).toEqual({ ngn: 0, usd: 0 });
    });

    // Ten deliveries at once: test/security/concurrency.e2e-spec.ts.
    it('credits once when one valid event is delivered again', async () => {
      const { body, signature } = paystack.webhook(reference);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await webhook(body, signature));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(await balances(t.db, tunde.user.id)).toEqual({ ngn: 200000, usd: 0 });
      expect((await entry(reference))?.status).toBe('completed');
      // The browser's verify after the webhook changes nothing more.
      expect((await verify(tunde.token, reference).expect(200)).body.data).toMatchObject({
        status: 'completed',
        balance: { ngn_minor: 200000 },
      });
      expect((await notificationTitles(t.db, tunde.user.id)).filter((n) => n === MSG.money.fundedTitle)).toHaveLength(
        1,
      );
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    it('acknowledges unknown references and other events without changing anything', async () => {
      const before = await countRows(t.db, 'SELECT COUNT(*) AS n FROM wallet_ledger');
      for (const [ref, event] of [
        ['fund-000000000000000000000000', 'charge.success'],
        ['ipay-unknown', 'charge.success'],
        ['T123', 'charge.success'],
        [reference, 'transfer.success'],
      ]) {
        const { body, signature } = paystack.webhook(ref, { event });
        await webhook(body, signature).expect(200);
      }
      const junk = '{"event": "charge.success", "data": [1, 2]}';
      await webhook(junk, paystack.sign(junk)).expect(200);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM wallet_ledger')).toBe(before);
      expect(await balances(t.db, tunde.user.id)).toEqual({ ngn: 200000, usd: 0 });
    });
  });

  describe('admin adjustments', () => {
    const adjust = (userId: number, body: object, token = admin.token, key?: string) => {
      const req = t.http().post(`/api/v1/wallets/${userId}/adjustments`).set(bearer(token));
      if (key) req.set('Idempotency-Key', key);
      return req.send(body);
    };

    it('require a reason, a positive amount, a wallet currency and a direction; unknown users are 404; admins only', async () => {
      expect(
        (await adjust(amaka.user.id, { amount: '100', currency: 'NGN', direction: 'credit' }).expect(422)).body.errors,
      ).toEqual({ reason: [MSG.money.reasonRequired] });
      expect(
        (
          await adjust(amaka.user.id, { amount: '100', currency: 'NGN', direction: 'credit', reason: '   ' }).expect(
            422,
          )
        ).body.errors,
      ).toEqual({ reason: [MSG.money.reasonRequired] });
      expect(
        (await adjust(amaka.user.id, { amount: -5, currency: 'NGN', direction: 'credit', reason: 'x' }).expect(422))
          .body.errors,
      ).toEqual({ amount: [MSG.money.amountPositive] });
      expect(
        (await adjust(amaka.user.id, { amount: 1e21, currency: 'NGN', direction: 'credit', reason: 'x' }).expect(422))
          .body.errors,
      ).toEqual({ amount: [MSG.money.amountInvalid] });
      expect(
        (await adjust(amaka.user.id, { amount: '1', currency: 'NGN', direction: 'sideways', reason: 'x' }).expect(422))
          .body.errors,
      ).toEqual({ direction: [MSG.money.directionInvalid] });
      expect(
        (await adjust(amaka.user.id, { amount: '1', currency: 'EUR', direction: 'credit', reason: 'x' }).expect(422))
          .body.errors,
      ).toEqual({ currency: [MSG.money.currencyWallet] });
      expect(
        (
          await adjust(amaka.user.id, {
            amount: '100000001',
            currency: 'USD',
            direction: 'credit',
            reason: 'x',
          }).expect(422)
        ).body.errors.amount,
      ).toEqual([MSG.money.amountMax('$1,000,000.00')]);
      await adjust(999_999, { amount: '1', currency: 'NGN', direction: 'credit', reason: 'x' }).expect(404);
      await adjust(
        amaka.user.id,
        { amount: '1', currency: 'NGN', direction: 'credit', reason: 'x' },
        amaka.token,
      ).expect(403);
      expect(await balances(t.db, amaka.user.id)).toEqual({ ngn: 500000, usd: 0 });
    });

    it('credit and debit through the ledger; a debit never drives a balance below zero', async () => {
      const credit = await adjust(amaka.user.id, {
        amount: '100',
        currency: 'USD',
        direction: 'credit',
        reason: 'Goodwill for a late parcel',
      }).expect(201);
      expect(credit.body.data).toMatchObject({
        direction: 'credit',
        status: 'completed',
        amount: '100.00',
        amount_minor: 10000,
        currency: 'USD',
        description: 'Adjustment: Goodwill for a late parcel',
      });
      expect(credit.body.data.reference).toMatch(/^adj-/);
      const short = await adjust(amaka.user.id, {
        amount: '100.01',
        currency: 'USD',
        direction: 'debit',
        reason: 'Too much',
      }).expect(422);
      expect(short.body).toEqual({
        message: MSG.money.insufficientBalance,
        errors: { balance: [MSG.money.insufficientBalance] },
      });
      await adjust(amaka.user.id, { amount: '40', currency: 'USD', direction: 'debit', reason: 'Customs duty' }).expect(
        201,
      );
      expect(await balances(t.db, amaka.user.id)).toEqual({ ngn: 500000, usd: 6000 });
      // Exactly the balance can be debited, not a cent more (50 debits at once: test/security/concurrency.e2e-spec.ts).
      await adjust(amaka.user.id, { amount: '60', currency: 'USD', direction: 'debit', reason: 'All of it' }).expect(
        201,
      );
      await adjust(amaka.user.id, { amount: '0.01', currency: 'USD', direction: 'debit', reason: 'One cent' }).expect(
        422,
      );
      expect(await balances(t.db, amaka.user.id)).toEqual({ ngn: 500000, usd: 0 });
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    // Replays in flight at the same time: test/security/concurrency.e2e-spec.ts.
    it('apply once under a replayed Idempotency-Key, and refuse the key for another request', async () => {
      const body = { amount: '7', currency: 'USD', direction: 'credit', reason: 'Promo' };
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await adjust(tunde.user.id, body, admin.token, 'adj-key-1'));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect(await balances(t.db, tunde.user.id)).toEqual({ ngn: 200000, usd: 700 });
      const other = await adjust(tunde.user.id, { ...body, amount: '8' }, admin.token, 'adj-key-1').expect(422);
      expect(other.body.errors).toEqual({ 'Idempotency-Key': [MSG.money.idempotencyKeyReused] });
      await adjust(tunde.user.id, body, admin.token, 'bad key with spaces').expect(422);
    });
  });

  describe('lists', () => {
    it('histories: own entries only, newest first, with a keyset cursor and checked filters', async () => {
      const first = await t.http().get('/api/v1/wallet/histories?per_page=3').set(bearer(amaka.token)).expect(200);
      const total = first.body.meta.total as number;
      expect(total).toBe(
        await countRows(t.db, 'SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ?', [amaka.user.id]),
      );
      const seen: number[] = first.body.data.map((e: { id: number }) => e.id);
      let cursor = first.body.meta.next_cursor as string | null;
      while (cursor) {
        const next = await t
          .http()
          .get(`/api/v1/wallet/histories?per_page=3&after=${cursor}`)
          .set(bearer(amaka.token))
          .expect(200);
        seen.push(...next.body.data.map((e: { id: number }) => e.id));
        cursor = next.body.meta.next_cursor;
      }
      expect(seen).toHaveLength(total);
      expect([...seen].sort((a, b) => b - a)).toEqual(seen); // newest first (ids grow with time)
      const [oldest] = (
        await t
          .http()
          .get('/api/v1/wallet/histories?_sort=created_at&_order=asc&per_page=1')
          .set(bearer(amaka.token))
          .expect(200)
      ).body.data;
      expect(oldest).toMatchObject({ status: 'completed', direction: 'credit', amount: '5000.00', currency: 'NGN' });
      const tundes = (await t.http().get('/api/v1/wallet/histories?per_page=100').set(bearer(tunde.token)).expect(200))
        .body.data as Array<{ id: number }>;
      expect(tundes.some((e) => seen.includes(e.id))).toBe(false);
      const failed = await t.http().get('/api/v1/wallet/histories?status=failed').set(bearer(amaka.token)).expect(200);
      expect(failed.body.data.every((e: { status: string }) => e.status === 'failed')).toBe(true);
      expect(failed.body.meta.total).toBeGreaterThanOrEqual(3);
      await t.http().get('/api/v1/wallet/histories?status=bogus').set(bearer(amaka.token)).expect(422);
      await t.http().get('/api/v1/wallet/histories?status=failed&status=pending').set(bearer(amaka.token)).expect(422);
    });

    it("wallets (admin): users with balances, one account, and any user's ledger", async () => {
      const list = await t
        .http()
        .get(`/api/v1/wallets?q=${encodeURIComponent(amaka.email)}`)
        .set(bearer(admin.token))
        .expect(200);
      expect(list.body.data).toEqual([
        expect.objectContaining({
          id: amaka.user.id,
          email: amaka.email,
          ngn_minor: 500000,
          usd_minor: 0,
          ngnBalance: '5000.00',
          usdBalance: '0.00',
        }),
      ]);
      const everyone = await t.http().get('/api/v1/wallets').set(bearer(admin.token)).expect(200);
      expect(everyone.body.meta.total).toBe(3);
      // Largest naira balance first by default (issue 22); the admin without a wallet last.
      expect(everyone.body.data.map((a: { id: number }) => a.id)).toEqual([
        amaka.user.id,
        tunde.user.id,
        admin.user.id,
      ]);
      const byDollars = await t
        .http()
        .get('/api/v1/wallets?_sort=usd_minor&_order=desc')
        .set(bearer(admin.token))
        .expect(200);
      expect(byDollars.body.data[0]).toMatchObject({ id: tunde.user.id, usd_minor: 700 });
      const ascending = await t.http().get('/api/v1/wallets?_sort=ngn_minor&_order=asc').set(bearer(admin.token));
      expect(ascending.status).toBe(200);
      expect(ascending.body.data.at(-1)).toMatchObject({ id: amaka.user.id });
      expect(everyone.body.data.find((a: { id: number }) => a.id === admin.user.id)).toMatchObject({
        ngn_minor: 0,
        usd_minor: 0,
        updated_at: null,
      });
      expect(
        (await t.http().get(`/api/v1/wallets/${tunde.user.id}`).set(bearer(admin.token)).expect(200)).body.data,
      ).toMatchObject({ id: tunde.user.id, ngn_minor: 200000, usd_minor: 700 });
      await t.http().get('/api/v1/wallets/999999').set(bearer(admin.token)).expect(404);
      const ledger = await t
        .http()
        .get(`/api/v1/wallets/${tunde.user.id}/histories`)
        .set(bearer(admin.token))
        .expect(200);
      expect(ledger.body.data.map((e: { reference: string }) => e.reference)).toContain(
        (
          await t.db.query(`SELECT reference FROM wallet_ledger WHERE user_id = ? AND kind = 'funding'`, [
            tunde.user.id,
          ])
        )[0].reference,
      );
      await t.http().get('/api/v1/wallets/999999/histories').set(bearer(admin.token)).expect(404);
      await t.http().get('/api/v1/wallets').set(bearer(amaka.token)).expect(403);
    });

    it('wallets and users (admin) count a new or deleted account at once, though their totals are cached', async () => {
      const totals = async () => {
        const wallets = await t.http().get('/api/v1/wallets').set(bearer(admin.token)).expect(200);
        const users = await t.http().get('/api/v1/users').set(bearer(admin.token)).expect(200);
        return [wallets.body.meta.total, users.body.meta.total];
      };
      const [wallets, users] = await totals();
      expect(await totals()).toEqual([wallets, users]); // the second read is served from the cache
      const newcomer = await signUp(t);
      expect(await totals()).toEqual([wallets + 1, users + 1]);
      await t.http().delete(`/api/v1/users/${newcomer.user.id}`).set(bearer(admin.token)).expect(200);
      expect(await totals()).toEqual([wallets, users]);
    });

    it('wallets (admin) sorted by a balance: read from the wallets, the same rows in the same order as joining every user, page after page', async () => {
      // More users: some with wallets (ties included), some without, one deleted (never listed). Removed afterwards,
      // so the ledger still matches every wallet (these balances have no entries).
      const tag = `${Date.now()}`;
      const users = t.db.getRepository('User');
      const made: number[] = [];
      for (let i = 0; i < 14; i++) {
        const saved = await users.save({
          email: `sorted-${tag}-${i}@example.com`,
          name: `Sorted ${i}`,
          role: i % 3 ? 'customer' : 'vendor',
          status: '1',
          deleted_at: i === 13 ? new Date() : null,
        });
        made.push(saved.id as number);
      }
      const wallets = t.db.getRepository('Wallet');
      const balances = [300000, 300000, 0, 125000, 900000, 300000, 50, 0, 125000];
      for (const [i, ngn] of balances.entries())
        await wallets.insert({ user_id: made[i], ngn_minor: ngn, usd_minor: (i * 37) % 5 === 0 ? 0 : i * 100 });
      await wallets.insert({ user_id: made[13], ngn_minor: 99_000_000, usd_minor: 99_000 });
      try {
        const rows: Array<{ id: number; role: string; ngn: number | null; usd: number | null }> = (
          await t.db.query(
            'SELECT u.id AS id, u.role AS role, w.ngn_minor AS ngn, w.usd_minor AS usd FROM users u LEFT JOIN wallets w ON w.user_id = u.id WHERE u.deleted_at IS NULL',
          )
        ).map((r: Record<string, unknown>) => ({
          id: Number(r.id),
          role: String(r.role),
          ngn: r.ngn === null ? null : Number(r.ngn),
          usd: r.usd === null ? null : Number(r.usd),
        }));
        // What ORDER BY w.<balance> <dir>, u.id <dir> over the join gives: no wallet (NULL) below every balance.
        const expected = (key: 'ngn' | 'usd', dir: 'asc' | 'desc', role?: string) => {
          const sign = dir === 'desc' ? -1 : 1;
          return rows
            .filter((r) => !role || r.role === role)
            .sort((a, b) => sign * ((a[key] ?? -1) - (b[key] ?? -1) || a.id - b.id))
            .map((r) => r.id);
        };
        for (const [field, key] of [
          ['ngn_minor', 'ngn'],
          ['usd_minor', 'usd'],
        ] as const) {
          for (const dir of ['desc', 'asc'] as const) {
            for (const role of [undefined, 'vendor']) {
              const want = expected(key, dir, role);
              const got: number[] = [];
              for (let page = 1; page <= Math.ceil(want.length / 4) + 1; page++) {
                const res = await t
                  .http()
                  .get(
                    `/api/v1/wallets?_sort=${field}&_order=${dir}&per_page=4&page=${page}${role ? `&role=${role}` : ''}`,
                  )
                  .set(bearer(admin.token))
                  .expect(200);
                expect(res.body.meta.total).toBe(want.length);
                got.push(...res.body.data.map((a: { id: number }) => a.id));
              }
              expect({ field, dir, role, ids: got }).toEqual({ field, dir, role, ids: want });
            }
          }
        }
        // Offsets as Refine sends them, across the end of the wallet holders.
        const want = expected('ngn', 'desc');
        const holders = rows.filter((r) => r.ngn !== null).length;
        const across = await t
          .http()
          .get(`/api/v1/wallets?_start=${holders - 2}&_end=${holders + 3}`)
          .set(bearer(admin.token))
          .expect(200);
        expect(across.body.data.map((a: { id: number }) => a.id)).toEqual(want.slice(holders - 2, holders + 3));
        expect(across.body.data.find((a: { id: number }) => a.id === made[13])).toBeUndefined();
      } finally {
        await t.db.query(`DELETE FROM wallets WHERE user_id IN (${made.join(',')})`);
        await t.db.query(`DELETE FROM users WHERE id IN (${made.join(',')})`);
      }
    });
  });

  describe('the balance invariant', () => {
    it('is checked for real: a balance changed behind the ledger is found, and the database refuses a negative one', async () => {
      await t.db.query('UPDATE wallets SET ngn_minor = ngn_minor + 1 WHERE user_id = ?', [tunde.user.id]);
      expect(await ledgerDrift(t.db)).toEqual([expect.objectContaining({ user_id: tunde.user.id })]);
      await t.db.query('UPDATE wallets SET ngn_minor = ngn_minor - 1 WHERE user_id = ?', [tunde.user.id]);
      await expect(
        t.db.query('UPDATE wallets SET usd_minor = -1 WHERE user_id = ?', [amaka.user.id]),
      ).rejects.toThrow();
      expect(await ledgerDrift(t.db)).toEqual([]);
    });
  });
  describe('totals', () => {
    it('histories keep their totals per filter (a second page does not count); every ledger write shows at once', async () => {
      const who = await signUp(t);
      const lists: Array<[string, string]> = [
        ['/wallet/histories', ''],
        ['/wallet/histories?status=pending', " AND status = 'pending'"],
        ['/wallet/histories?direction=credit', " AND direction = 'credit'"],
      ];
      const expectExact = async () => {
        for (const [path, where] of lists) {
          const res = await t.http().get(`/api/v1${path}`).set(bearer(who.token)).expect(200);
          const sql = `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ?${where}`;
          expect([path, res.body.meta.total]).toEqual([path, await countRows(t.db, sql, [who.user.id])]);
        }
      };
      await expectExact();
      for (const [path] of lists) {
        const statements = await captureStatements(t.db, () =>
          t
            .http()
            .get(`/api/v1${path}${path.includes('?') ? '&' : '?'}page=2`)
            .set(bearer(who.token))
            .expect(200),
        );
        expect([path, statements.filter((s) => /COUNT\(/i.test(s.sql))]).toEqual([path, []]);
      }
      await fund(who.token, { amount: '2000', currency: 'NGN' }).expect(201); // a pending entry
      await expectExact();
      await t
        .http()
        .post(`/api/v1/wallets/${who.user.id}/adjustments`)
        .set(bearer(admin.token))
        .send({ amount: '100', currency: 'NGN', direction: 'credit', reason: 'Totals test' })
        .expect(201);
      await expectExact();
      expect((await t.http().get('/api/v1/wallet/histories').set(bearer(who.token)).expect(200)).body.meta.total).toBe(
        2,
      );
    });
  });
});
