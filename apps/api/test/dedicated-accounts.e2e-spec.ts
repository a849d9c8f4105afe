import { ORDER_STATUS, type DedicatedAccountAnswer, type Order } from '@jara/contracts';
import type { FakePaystack } from './support/fake-paystack';
import { balances, bearer, countRows, ledgerDrift, notificationTitles } from './support/money';
import { createCategory, createProduct, placeOrder } from './support/orders';
import { startWithFakePaystack, type PaystackApp } from './support/paystack-app';
import { reconciliationErrors, resolveOpenPaymentExceptions } from './support/reconcile';
import { signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 24, bank transfers that reconcile themselves (docs/decisions/038): a customer's dedicated account at Paystack;
 * a transfer into it credits the wallet once (webhook replayed 10 times) and pays the orders waiting for a transfer.
 */
describe('Dedicated virtual accounts (issue 24)', () => {
  let app: PaystackApp;
  let t: TestApp;
  let paystack: FakePaystack;
  let admin: Account;
  let vendor: Account;
  let buyer: Account;
  let category: number;

  beforeAll(async () => {
    app = await startWithFakePaystack({ PAYSTACK_DEDICATED_BANK: 'test-bank' });
    ({ t, paystack } = app);
    admin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    buyer = await signUp(t);
    category = await createCategory(t, admin.token, 'Transfer Kitchen');
  });
  afterAll(() => app.closeReconciled());

  const webhook = (hook: { body: string; signature: string }) => app.webhook(hook);
  const account = async (token: string) =>
    (await t.http().get('/api/v1/wallet/dedicated-account').set(bearer(token)).expect(200)).body
      .data as DedicatedAccountAnswer;
  const create = async (token: string) =>
    (await t.http().post('/api/v1/wallet/dedicated-account').set(bearer(token)).expect(200)).body
      .data as DedicatedAccountAnswer;
  const read = async (id: number) =>
    (await t.http().get(`/api/v1/orders/${id}`).set(bearer(buyer.token)).expect(200)).body.data as Order;

  it('creates the account once (also when asked twice at once), for customers and vendors', async () => {
    expect(await account(buyer.token)).toEqual({ configured: true, account: null });
    const [first, second] = await Promise.all([create(buyer.token), create(buyer.token)]);
    expect(first.account).toMatchObject({ bank_name: 'Wema Bank', account_number: expect.stringMatching(/^\d{10}$/) });
    expect(second.account?.account_number).toBe(first.account?.account_number);
    expect((await create(buyer.token)).account?.account_number).toBe(first.account?.account_number);
    expect(await account(buyer.token)).toEqual(first);
    expect(
      await countRows(t.db, 'SELECT COUNT(*) AS n FROM dedicated_accounts WHERE user_id = ?', [buyer.user.id]),
    ).toBe(1);
    // The preferred bank is the configured one; the customer code is never shown.
    expect([...paystack.dedicatedAccounts.values()][0].bank.slug).toBe('test-bank');
    expect(JSON.stringify(first)).not.toContain('CUS_');
    const own = await create(vendor.token);
    expect(own.account?.account_number).not.toBe(first.account?.account_number);
    await t.http().get('/api/v1/wallet/dedicated-account').expect(401);
  });

  it('a transfer in credits the wallet once (replayed 10 times) and pays the orders waiting for a transfer, oldest first', async () => {
    const { account: mine } = await account(buyer.token);
    const lamp = await createProduct(t, vendor.token, category, {
      name: 'Transfer Lamp',
      price: 4000,
      stock_quantity: 5,
    });
    const rug = await createProduct(t, vendor.token, category, {
      name: 'Transfer Rug',
      price: 9000,
      stock_quantity: 5,
    });
    const place = async (productId: number) =>
      (
        await placeOrder(t, buyer.token, [{ product_id: productId, quantity: 1 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
    const older = await place(lamp.id);
    const bigger = await place(rug.id);
    const before = (await balances(t.db, buyer.user.id)).ngn;

    // 5,000 arrives: the 4,000 order is paid; the 9,000 one waits; 1,000 stays in the wallet.
    const transfer = paystack.transferIn({ reference: 'T1001', amount: 500_000, accountNumber: mine?.account_number });
    for (let i = 0; i < 10; i++) await webhook(transfer).expect(200);
    expect(await countRows(t.db, "SELECT COUNT(*) AS n FROM wallet_ledger WHERE reference = 'dva-T1001'")).toBe(1);
    expect((await read(older.id)).status).toBe(ORDER_STATUS.TO_SHIP);
    expect((await read(bigger.id)).status).toBe(ORDER_STATUS.TO_PAY);
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(before + 100_000);
    // Not a card payment: nothing in invoice_payments, no exception.
    expect(await countRows(t.db, "SELECT COUNT(*) AS n FROM invoice_payments WHERE reference = 'T1001'")).toBe(0);
    expect(await countRows(t.db, "SELECT COUNT(*) AS n FROM payment_exceptions WHERE reference = 'T1001'")).toBe(0);

    // 8,000 more (found by the customer code this time): the 9,000 order is paid, 0 left.
    const customerCode = [...paystack.dedicatedAccounts.values()].find(
      (a) => a.account_number === mine?.account_number,
    )?.customer_code;
    await webhook(paystack.transferIn({ reference: 'T1002', amount: 800_000, customerCode })).expect(200);
    expect((await read(bigger.id)).status).toBe(ORDER_STATUS.TO_SHIP);
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(before);
    expect(await notificationTitles(t.db, buyer.user.id)).toContain('Wallet funded');
    expect(await ledgerDrift(t.db)).toEqual([]);
    expect(await reconciliationErrors(t)).toEqual([]);
  });

  it('a transfer into an account Jara does not know is kept for an admin, credits nobody', async () => {
    const wallets = await countRows(t.db, 'SELECT COALESCE(SUM(ngn_minor), 0) AS n FROM wallets');
    await webhook(paystack.transferIn({ reference: 'T2001', amount: 100_000, accountNumber: '0000000000' })).expect(
      200,
    );
    expect(await countRows(t.db, 'SELECT COALESCE(SUM(ngn_minor), 0) AS n FROM wallets')).toBe(wallets);
    expect(
      await countRows(
        t.db,
        "SELECT COUNT(*) AS n FROM payment_exceptions WHERE reference = 'T2001' AND kind = 'unknown'",
      ),
    ).toBe(1);
    expect((await reconciliationErrors(t)).map((f) => f.code)).toEqual(['payment_exception_open']);
    // A forged webhook (bad signature) changes nothing.
    const forged = paystack.transferIn({ reference: 'T2002', amount: 100_000, accountNumber: '0000000000' });
    await webhook({ body: forged.body, signature: paystack.sign(forged.body, 'sk_test_wrong_key') }).expect(401);
    expect(await resolveOpenPaymentExceptions(t, admin.token)).toBe(1);
  });

  it('without a Paystack key: configured false, nothing created (manual transfer confirmation stays)', async () => {
    const plain = await startTestApp();
    try {
      const someone = await signUp(plain);
      const answer = await plain.http().post('/api/v1/wallet/dedicated-account').set(bearer(someone.token)).expect(200);
      expect(answer.body.data).toEqual({ configured: false, account: null });
      const read = await plain.http().get('/api/v1/wallet/dedicated-account').set(bearer(someone.token)).expect(200);
      expect(read.body.data).toEqual({ configured: false, account: null });
      expect(await countRows(plain.db, 'SELECT COUNT(*) AS n FROM dedicated_accounts')).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
