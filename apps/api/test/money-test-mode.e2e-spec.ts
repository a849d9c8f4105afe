import { INVOICE_SELLER, MSG, TEST_CHECKOUT_PATH, type Invoice } from '@jara/contracts';
import { balances, bearer, ledgerDrift, notificationTitles } from './support/money';
import { signUp, startTestApp, type TestApp } from './support/test-app';

const SHOP = 'http://localhost:3900';

/** No PAYSTACK_SECRET_KEY: the test-mode gateway and the storefront's test checkout (no money moves anywhere). */
describe('Money: test mode without Paystack keys (e2e)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let ada: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await startTestApp({ STOREFRONT_URL: SHOP });
    admin = await signUp(t, { role: 'admin' });
    ada = await signUp(t);
  });
  afterAll(() => t.close());

  const fund = (body: object) => t.http().post('/api/v1/wallet/fund').set(bearer(ada.token)).send(body);
  const verify = (reference: string) =>
    t.http().get(`/api/v1/wallet/fund/verify?reference=${reference}`).set(bearer(ada.token));

  it('funds through the test checkout: fund, complete, verify credits once', async () => {
    const start = await fund({ amount: '5000', currency: 'NGN' }).expect(201);
    const { authorization_url, reference } = start.body.data as { authorization_url: string; reference: string };
    expect(authorization_url).toBe(`${SHOP}${TEST_CHECKOUT_PATH}?reference=${reference}`);
    expect((await verify(reference).expect(200)).body.data).toMatchObject({
      status: 'pending',
      balance: { ngn_minor: 0 },
    });

    // The checkout page calls this without a token, then sends the browser to the callback URL.
    const done = await t.http().post(`/api/v1/payments/test/${reference}/complete`).expect(200);
    expect(done.body.data).toEqual({
      reference,
      status: 'success',
      callback_url: `${SHOP}/fund?reference=${reference}`,
    });
    expect((await verify(reference).expect(200)).body.data).toMatchObject({
      status: 'completed',
      balance: { ngn_minor: 500_000, ngnBalance: '5000.00' },
    });
    await verify(reference).expect(200);
    expect(await balances(t.db, ada.user.id)).toEqual({ ngn: 500_000, usd: 0 });
    expect((await notificationTitles(t.db, ada.user.id)).filter((n) => n === MSG.money.fundedTitle)).toHaveLength(1);

    // Only a known pending test transaction can be completed.
    expect((await t.http().post(`/api/v1/payments/test/${reference}/complete`).expect(409)).body.message).toBe(
      MSG.money.testPaymentNotPending,
    );
    await t.http().post('/api/v1/payments/test/fund-doesnotexist/complete').expect(404);
    await t
      .http()
      .post(`/api/v1/payments/test/${encodeURIComponent("x' OR 1=1")}/complete`)
      .expect(404);
    expect(await balances(t.db, ada.user.id)).toEqual({ ngn: 500_000, usd: 0 });
  });

  it('cancels a test payment: the funding fails and nothing is credited', async () => {
    const { reference } = (await fund({ amount: '20', currency: 'USD' }).expect(201)).body.data;
    expect((await t.http().post(`/api/v1/payments/test/${reference}/cancel`).expect(200)).body.data).toMatchObject({
      status: 'failed',
    });
    expect((await verify(reference).expect(200)).body.data).toMatchObject({
      status: 'failed',
      balance: { usd_minor: 0 },
    });
    await t.http().post(`/api/v1/payments/test/${reference}/complete`).expect(409);
    expect(await balances(t.db, ada.user.id)).toEqual({ ngn: 500_000, usd: 0 });
  });

  it('pays an invoice by "card" through the test checkout', async () => {
    const invoice = (
      await t
        .http()
        .post('/api/v1/invoices')
        .set(bearer(admin.token))
        .send({ user_id: ada.user.id, amount: '750', currency: 'NGN', description: 'Customs' })
        .expect(201)
    ).body.data as Invoice;
    const { authorization_url, reference } = (
      await t
        .http()
        .post(`/api/v1/invoices/${invoice.id}/pay`)
        .set(bearer(ada.token))
        .send({ method: 'paystack' })
        .expect(200)
    ).body.data;
    expect(authorization_url).toBe(`${SHOP}${TEST_CHECKOUT_PATH}?reference=${reference}`);
    const done = await t.http().post(`/api/v1/payments/test/${reference}/complete`).expect(200);
    expect(done.body.data.callback_url).toBe(`${SHOP}/invoices/${invoice.id}?reference=${reference}`);
    const after = await t
      .http()
      .get(`/api/v1/invoices/${invoice.id}/verify?reference=${reference}`)
      .set(bearer(ada.token))
      .expect(200);
    expect(after.body.data).toMatchObject({ status: 'paid', payment_method: 'paystack' });
    // The invoice says how it was really paid (issue 22): the demo's test checkout, not a card; Jara sells, Ada buys.
    const shown = (await t.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(admin.token)).expect(200)).body
      .data as Invoice;
    expect(shown.details).toEqual({
      seller: INVOICE_SELLER,
      buyer: { name: expect.any(String), email: ada.email },
      delivery_address: null,
      lines: [{ description: 'Customs', quantity: 1, unit_minor: 75_000, total_minor: 75_000 }],
      payment_label: 'Test checkout',
    });
    expect(await balances(t.db, ada.user.id)).toEqual({ ngn: 500_000, usd: 0 }); // a card payment leaves the wallet alone
    expect(await ledgerDrift(t.db)).toEqual([]);
  });

  it('has no webhook secret in test mode: every webhook is a 401', async () => {
    await t
      .http()
      .post('/api/v1/webhooks/paystack')
      .set('Content-Type', 'application/json')
      .set('x-paystack-signature', 'a'.repeat(128))
      .send('{"event":"charge.success"}')
      .expect(401);
  });

  it('in production without a key, card payments are off (503) and the test checkout does not exist', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', STOREFRONT_URL: SHOP });
    try {
      const user = await signUp(prod);
      expect(
        (
          await prod
            .http()
            .post('/api/v1/wallet/fund')
            .set(bearer(user.token))
            .send({ amount: '5000', currency: 'NGN' })
            .expect(503)
        ).body,
      ).toEqual({ message: MSG.money.paymentsOff });
      await prod.http().post('/api/v1/payments/test/fund-anything/complete').expect(404);
      expect(
        (await prod.http().get('/api/v1/wallet/histories').set(bearer(user.token)).expect(200)).body.meta.total,
      ).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
