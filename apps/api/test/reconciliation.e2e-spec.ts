import type { Delivery, Order, ReconciliationCode, ReconciliationFinding } from '@jara/contracts';
import { PaymentException } from '../src/modules/payments/payment-exception.entity';
import type { ReconcileOptions } from '../src/modules/reconciliation/reconciliation.service';
import { balances, bearer, creditWallet, setCargoRates } from './support/money';
import { moveOrder, placeOrder } from './support/orders';
import { reconcile, reconciliationErrors } from './support/reconcile';
import { signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 21's reconciliation (decision 026): a clean world made through the API (orders paid by wallet and by card, one
 * received, one cancelled, a wallet funding, a parcel's fee paid) reconciles with no finding; then each invariant is
 * broken directly in the database, one at a time, and the reconciliation names that row with that code (and the
 * world is put back, so the next check starts clean again).
 */
describe('Reconciliation (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let vendor: Account;
  let buyer: Account;
  let walletOrder: Order; // received (To Review): its sale credit is pending
  let cardOrder: Order; // paid by card (To Ship)
  let cancelledOrder: Order; // card order the buyer cancelled while To Pay
  let itemId: number;
  let parcel: Delivery;

  const exec = (sql: string, params: unknown[] = []) => t.db.query(sql, params);
  const one = async (sql: string, params: unknown[] = []) =>
    ((await t.db.query(sql, params)) as Array<Record<string, unknown>>)[0];
  const completeTestPayment = (reference: string, token: string) =>
    t.http().post(`/api/v1/payments/test/${reference}/complete`).set(bearer(token)).expect(200);
  const codes = (findings: ReconciliationFinding[]) => findings.map((f) => `${f.code} ${f.entity} ${f.id}`);
  const HOUR = 3_600_000;

  /** Breaks the books with `breakIt`, expects each finding, puts them back with `restore`, and expects them clean. */
  async function expectFinding(
    expected: Array<[ReconciliationCode, string, number]>,
    breakIt: () => Promise<unknown>,
    restore: () => Promise<unknown>,
    options: ReconcileOptions = {},
  ): Promise<ReconciliationFinding[]> {
    await breakIt();
    let found: ReconciliationFinding[];
    try {
      found = await reconciliationErrors(t, options);
      expect(codes(found)).toEqual(expect.arrayContaining(expected.map(([c, e, id]) => `${c} ${e} ${id}`)));
    } finally {
      await restore();
    }
    expect(await reconciliationErrors(t, options)).toEqual([]);
    return found;
  }

  beforeAll(async () => {
    t = await startTestApp({ ORDER_COMMISSION_BPS: '1000', ORDER_EXPIRY_INTERVAL_SECONDS: '0' });
    admin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    buyer = await signUp(t);
    const category = (
      await t.http().post('/api/v1/categories').set(bearer(admin.token)).send({ name: 'Ledger', status: 1 }).expect(201)
    ).body.data.id as number;
    const product = async (name: string, price: number) =>
      (
        await t
          .http()
          .post('/api/v1/products')
          .set(bearer(vendor.token))
          .send({ type: 'new', description: 'Good', status: 1, category_id: category, name, price, stock_quantity: 10 })
          .expect(201)
      ).body.data.id as number;
    const kettle = await product('Reconcile Kettle', 12_500);
    const fan = await product('Reconcile Fan', 4_000);

    // An order paid from the wallet, shipped and received: the vendor's credit is pending (the return window).
    await creditWallet(t, admin.token, buyer.user.id, '12500');
    walletOrder = (await placeOrder(t, buyer.token, [{ product_id: kettle, quantity: 1 }]).expect(201)).body.data;
    await moveOrder(t, admin.token, walletOrder.id, 2).expect(200);
    walletOrder = (await moveOrder(t, buyer.token, walletOrder.id, 3).expect(200)).body.data;
    itemId = Number((await one('SELECT id FROM order_items WHERE order_id = ?', [walletOrder.id])).id);

    // An order paid by card (test gateway): To Ship.
    cardOrder = (
      await placeOrder(t, buyer.token, [{ product_id: fan, quantity: 1 }], { payment_method: 'card' }).expect(201)
    ).body.data;
    await completeTestPayment(String(cardOrder.payment?.reference), buyer.token);
    // A card order the buyer cancels before paying.
    cancelledOrder = (
      await placeOrder(t, buyer.token, [{ product_id: fan, quantity: 1 }], { payment_method: 'card' }).expect(201)
    ).body.data;
    await moveOrder(t, buyer.token, cancelledOrder.id, 5).expect(200);

    // A wallet funding, completed.
    const funded = await t
      .http()
      .post('/api/v1/wallet/fund')
      .set(bearer(buyer.token))
      .send({ amount: '5000', currency: 'NGN' });
    expect(funded.status).toBe(201);
    await completeTestPayment(String(funded.body.data.reference), buyer.token);

    // A parcel whose fee was paid from the USD wallet.
    await setCargoRates(t, admin.token);
    const gz = (
      await t.http().post('/api/v1/locations').set(bearer(admin.token)).send({ name: 'Guangzhou' }).expect(201)
    ).body.data;
    const lagos = (
      await t.http().post('/api/v1/locations').set(bearer(admin.token)).send({ name: 'Lagos' }).expect(201)
    ).body.data;
    const air = (
      await t
        .http()
        .post('/api/v1/warehouses')
        .set(bearer(admin.token))
        .send({ name: 'GZ Air', location_id: gz.id, type: 'air_cargo' })
        .expect(201)
    ).body.data;
    const flight = (
      await t
        .http()
        .post('/api/v1/shippings')
        .set(bearer(admin.token))
        .send({ name: 'CAN-LOS', location_id: lagos.id, type: 'air_cargo' })
        .expect(201)
    ).body.data;
    parcel = (
      await t
        .http()
        .post('/api/v1/trackings')
        .set(bearer(buyer.token))
        .send({
          external_no: 'YT1234567890',
          warehouse_id: air.id,
          type: 'foreign',
          shipping_type: 'air_cargo',
          from_jara: false,
        })
        .expect(201)
    ).body.data;
    await t
      .http()
      .patch(`/api/v1/trackings/${parcel.id}/status`)
      .set(bearer(admin.token))
      .send({ status: 2 })
      .expect(200);
    parcel = (
      await t
        .http()
        .put(`/api/v1/trackings/${parcel.id}`)
        .set(bearer(admin.token))
        .send({ shipping_type: 'air_cargo', shipping_id: flight.id, weight: 2 })
        .expect(200)
    ).body.data;
    await creditWallet(t, admin.token, buyer.user.id, '100', 'USD');
    await t
      .http()
      .post(`/api/v1/invoices/${parcel.invoice?.id}/pay`)
      .set(bearer(buyer.token))
      .send({ method: 'wallet' })
      .expect(200);
  });
  afterAll(() => t.close());

  it('finds nothing in a clean world, and counts what it read', async () => {
    expect((await one('SELECT status FROM orders WHERE id = ?', [cardOrder.id])).status).toBe(1);
    expect((await one('SELECT status FROM orders WHERE id = ?', [walletOrder.id])).status).toBe(3);
    expect((await one('SELECT status FROM wallet_ledger WHERE reference = ?', [`sale-${itemId}`])).status).toBe(
      'pending',
    );
    expect((await balances(t.db, buyer.user.id)).usd).toBe(10_000 - 1_700);
    const report = await reconcile(t);
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.checked).toMatchObject({
      wallets: expect.any(Number),
      invoices: 4,
      orders: 3,
      order_items: 3,
      deliveries: 1,
    });
    expect(report.checked.wallets).toBeGreaterThanOrEqual(1);
    // Small batches page through the same rows (keyset) with the same answer.
    const paged = await reconcile(t, { batchSize: 1 });
    expect(paged.checked).toEqual(report.checked);
    expect(paged.findings).toEqual(report.findings);
  });

  it('GET /admin/reconciliation answers the report to an admin only', async () => {
    const res = await t.http().get('/api/v1/admin/reconciliation').set(bearer(admin.token)).expect(200);
    expect(res.body.data).toMatchObject({ findings: [], checked: expect.objectContaining({ orders: 3 }) });
    expect(new Date(res.body.data.ran_at).getTime()).not.toBeNaN();
    await t.http().get('/api/v1/admin/reconciliation').set(bearer(buyer.token)).expect(403);
    await t.http().get('/api/v1/admin/reconciliation').expect(401);
    await exec('UPDATE wallets SET ngn_minor = ngn_minor + 1 WHERE user_id = ?', [buyer.user.id]);
    try {
      const broken = (await t.http().get('/api/v1/admin/reconciliation').set(bearer(admin.token)).expect(200)).body
        .data;
      expect(broken.findings).toEqual([
        expect.objectContaining({
          code: 'wallet_balance_mismatch',
          severity: 'error',
          entity: 'wallet',
          currency: 'NGN',
          actual_minor: expect.any(Number),
          expected_minor: expect.any(Number),
          action: expect.any(String),
        }),
      ]);
      expect(broken.findings[0].actual_minor - broken.findings[0].expected_minor).toBe(1);
    } finally {
      await exec('UPDATE wallets SET ngn_minor = ngn_minor - 1 WHERE user_id = ?', [buyer.user.id]);
    }
  });

  it('a wallet balance that differs from its completed ledger entries', async () => {
    const wallet = Number((await one('SELECT id FROM wallets WHERE user_id = ?', [buyer.user.id])).id);
    await expectFinding(
      [['wallet_balance_mismatch', 'wallet', wallet]],
      () => exec('UPDATE wallets SET usd_minor = usd_minor - 5 WHERE id = ?', [wallet]),
      () => exec('UPDATE wallets SET usd_minor = usd_minor + 5 WHERE id = ?', [wallet]),
    );
  });

  it('a paid invoice without its card payment, or paid twice', async () => {
    const invoice = Number(
      cardOrder.invoice?.id ?? (await one('SELECT invoice_id FROM orders WHERE id = ?', [cardOrder.id])).invoice_id,
    );
    await expectFinding(
      [['paid_invoice_without_payment', 'invoice', invoice]],
      () =>
        exec("UPDATE invoice_payments SET status = 'failed' WHERE invoice_id = ? AND status = 'completed'", [invoice]),
      () =>
        exec("UPDATE invoice_payments SET status = 'completed' WHERE invoice_id = ? AND status = 'failed'", [invoice]),
    );
    // Marked paid by transfer although a card payment completed: the customer paid twice.
    await expectFinding(
      [['paid_invoice_paid_twice', 'invoice', invoice]],
      () => exec("UPDATE invoices SET payment_method = 'transfer' WHERE id = ?", [invoice]),
      () => exec("UPDATE invoices SET payment_method = 'paystack' WHERE id = ?", [invoice]),
    );
  });

  it('a wallet debit for an invoice that is not paid, and a shipped order without a paid invoice', async () => {
    const invoice = Number((await one('SELECT invoice_id FROM orders WHERE id = ?', [walletOrder.id])).invoice_id);
    await expectFinding(
      [
        ['payment_for_unpaid_invoice', 'invoice', invoice],
        ['order_shipped_unpaid', 'order', walletOrder.id],
      ],
      () => exec("UPDATE invoices SET status = 'pending' WHERE id = ?", [invoice]),
      () => exec("UPDATE invoices SET status = 'paid' WHERE id = ?", [invoice]),
    );
  });

  it('a refunded invoice without its refund entry, and a refund entry without a refunded invoice', async () => {
    const invoice = Number((await one('SELECT invoice_id FROM orders WHERE id = ?', [cardOrder.id])).invoice_id);
    await expectFinding(
      [['refund_missing', 'invoice', invoice]],
      () => exec('UPDATE invoices SET refunded_at = paid_at WHERE id = ?', [invoice]),
      () => exec('UPDATE invoices SET refunded_at = NULL WHERE id = ?', [invoice]),
    );
    // The USD top-up re-labelled as a refund of the parcel's fee: the fee was never marked refunded.
    const topUp = await one(
      "SELECT id, kind FROM wallet_ledger WHERE user_id = ? AND currency = 'USD' AND direction = 'credit'",
      [buyer.user.id],
    );
    await expectFinding(
      [['refund_unexpected', 'invoice', Number(parcel.invoice?.id)]],
      () =>
        exec("UPDATE wallet_ledger SET kind = 'refund', invoice_id = ? WHERE id = ?", [parcel.invoice?.id, topUp.id]),
      () => exec('UPDATE wallet_ledger SET kind = ?, invoice_id = NULL WHERE id = ?', [topUp.kind, topUp.id]),
    );
  });

  it('an order left at To Pay although its invoice was paid a while ago (a stuck settlement)', async () => {
    const later = { now: new Date(Date.now() + HOUR) };
    await expectFinding(
      [['order_settlement_stuck', 'order', cardOrder.id]],
      () => exec('UPDATE orders SET status = 0 WHERE id = ?', [cardOrder.id]),
      () => exec('UPDATE orders SET status = 1 WHERE id = ?', [cardOrder.id]),
      later,
    );
    // Just paid: the paid event may still be on its way; not a finding yet.
    await exec('UPDATE orders SET status = 0 WHERE id = ?', [cardOrder.id]);
    try {
      expect(codes(await reconciliationErrors(t))).not.toContain(`order_settlement_stuck order ${cardOrder.id}`);
    } finally {
      await exec('UPDATE orders SET status = 1 WHERE id = ?', [cardOrder.id]);
    }
  });

  it('a cancelled order whose invoice is payable, or paid and not refunded', async () => {
    const invoice = Number((await one('SELECT invoice_id FROM orders WHERE id = ?', [cancelledOrder.id])).invoice_id);
    expect((await one('SELECT status FROM invoices WHERE id = ?', [invoice])).status).toBe('cancelled');
    await expectFinding(
      [['cancelled_order_invoice_pending', 'order', cancelledOrder.id]],
      () => exec("UPDATE invoices SET status = 'pending' WHERE id = ?", [invoice]),
      () => exec("UPDATE invoices SET status = 'cancelled' WHERE id = ?", [invoice]),
    );
    await expectFinding(
      [['cancelled_order_not_refunded', 'order', cancelledOrder.id]],
      () => exec("UPDATE invoices SET status = 'paid', payment_method = 'transfer' WHERE id = ?", [invoice]),
      () => exec("UPDATE invoices SET status = 'cancelled', payment_method = NULL WHERE id = ?", [invoice]),
    );
  });

  it('a vendor credit missing, of another amount, on an order not received, or not undone by a return', async () => {
    const sale = `sale-${itemId}`;
    await expectFinding(
      [['vendor_credit_missing', 'order_item', itemId]],
      () => exec("UPDATE wallet_ledger SET status = 'failed' WHERE reference = ?", [sale]),
      () => exec("UPDATE wallet_ledger SET status = 'pending' WHERE reference = ?", [sale]),
    );
    await expectFinding(
      [['vendor_credit_mismatch', 'order_item', itemId]],
      () => exec('UPDATE wallet_ledger SET amount_minor = amount_minor + 100 WHERE reference = ?', [sale]),
      () => exec('UPDATE wallet_ledger SET amount_minor = amount_minor - 100 WHERE reference = ?', [sale]),
    );
    await expectFinding(
      [['vendor_credit_mismatch', 'order_item', itemId]],
      () => exec('UPDATE order_items SET commission_minor = commission_minor + 1 WHERE id = ?', [itemId]),
      () => exec('UPDATE order_items SET commission_minor = commission_minor - 1 WHERE id = ?', [itemId]),
    );
    await expectFinding(
      [['vendor_credit_unexpected', 'order_item', itemId]],
      () => exec('UPDATE orders SET status = 2 WHERE id = ?', [walletOrder.id]),
      () => exec('UPDATE orders SET status = 3 WHERE id = ?', [walletOrder.id]),
    );
    // Marked returned, but the buyer was not refunded and the vendor keeps the credit.
    await expectFinding(
      [
        ['returned_order_not_refunded', 'order', walletOrder.id],
        ['return_credit_not_reversed', 'order_item', itemId],
      ],
      () => exec('UPDATE orders SET status = 4 WHERE id = ?', [walletOrder.id]),
      () => exec('UPDATE orders SET status = 3 WHERE id = ?', [walletOrder.id]),
    );
  });

  it('a cancelled or returned parcel whose fee is payable, or paid and not refunded', async () => {
    for (const status of [0, 8]) {
      await expectFinding(
        [['cancelled_delivery_not_refunded', 'delivery', parcel.id]],
        () => exec('UPDATE deliveries SET status = ? WHERE id = ?', [status, parcel.id]),
        () => exec('UPDATE deliveries SET status = 2 WHERE id = ?', [parcel.id]),
      );
    }
    const invoice = Number(parcel.invoice?.id);
    const paidWith = await one("SELECT id FROM wallet_ledger WHERE invoice_id = ? AND kind = 'invoice_payment'", [
      invoice,
    ]);
    await expectFinding(
      [['cancelled_delivery_invoice_pending', 'delivery', parcel.id]],
      async () => {
        await exec('UPDATE deliveries SET status = 0 WHERE id = ?', [parcel.id]);
        await exec("UPDATE invoices SET status = 'pending' WHERE id = ?", [invoice]);
        await exec('UPDATE wallet_ledger SET invoice_id = NULL WHERE id = ?', [paidWith.id]);
      },
      async () => {
        await exec('UPDATE deliveries SET status = 2 WHERE id = ?', [parcel.id]);
        await exec("UPDATE invoices SET status = 'paid' WHERE id = ?", [invoice]);
        await exec('UPDATE wallet_ledger SET invoice_id = ? WHERE id = ?', [invoice, paidWith.id]);
      },
    );
  });

  it('card payments that did not settle: a mismatch, a refund to the wallet that is missing, one pending for days', async () => {
    const payment = await one(
      'SELECT p.id, p.status FROM invoice_payments p JOIN orders o ON o.invoice_id = p.invoice_id WHERE o.id = ?',
      [cancelledOrder.id],
    );
    const id = Number(payment.id);
    const put = (status: string) => () => exec('UPDATE invoice_payments SET status = ? WHERE id = ?', [status, id]);
    const found = await expectFinding(
      [['payment_mismatch', 'invoice_payment', id]],
      () => exec("UPDATE invoice_payments SET status = 'mismatch', gateway_amount_minor = 1 WHERE id = ?", [id]),
      put(String(payment.status)),
    );
    expect(found.find((f) => f.code === 'payment_mismatch')).toMatchObject({
      actual_minor: 1,
      expected_minor: expect.any(Number),
    });
    await expectFinding(
      [['payment_refund_missing', 'invoice_payment', id]],
      put('refunded'),
      put(String(payment.status)),
    );
    await expectFinding(
      [['payment_pending_too_long', 'invoice_payment', id]],
      put('pending'),
      put(String(payment.status)),
      { now: new Date(Date.now() + 2 * 24 * HOUR) },
    );
  });

  it('a funding pending for days, a funding mismatch and an unknown reference until an admin resolves them', async () => {
    // A funding left pending (the customer never came back from the gateway): fine today, a finding in two days.
    const pendingFunding = (
      await t
        .http()
        .post('/api/v1/wallet/fund')
        .set(bearer(buyer.token))
        .send({ amount: '700', currency: 'NGN' })
        .expect(201)
    ).body.data.reference as string;
    expect(await reconciliationErrors(t)).toEqual([]);
    const funding = Number((await one('SELECT id FROM wallet_ledger WHERE reference = ?', [pendingFunding])).id);
    const days = { now: new Date(Date.now() + 2 * 24 * HOUR) };
    expect(codes(await reconciliationErrors(t, days))).toEqual([`funding_pending_too_long ledger_entry ${funding}`]);
    const gateway = {
      source: 'webhook',
      gateway_status: 'success',
      gateway_currency: 'NGN',
      resolved_at: null,
      resolved_by: null,
    };
    await t.db.getRepository(PaymentException).insert([
      {
        ...gateway,
        reference: pendingFunding,
        kind: 'mismatch',
        gateway_amount_minor: 1_000,
        expected_amount_minor: 70_000,
        expected_currency: 'NGN',
        note: 'reported 10.00',
      },
      {
        ...gateway,
        reference: 'T-UNKNOWN-1',
        kind: 'unknown',
        gateway_amount_minor: 5_000,
        expected_amount_minor: null,
        expected_currency: null,
        note: 'never issued',
      },
    ]);
    const open = (await reconciliationErrors(t)).filter((f) => f.entity === 'payment_exception');
    expect(open.map((f) => [f.code, f.label])).toEqual([
      ['funding_mismatch', pendingFunding],
      ['payment_exception_open', 'T-UNKNOWN-1'],
    ]);
    for (const f of open)
      await t.http().post(`/api/v1/payments/exceptions/${f.id}/resolve`).set(bearer(admin.token)).expect(200);
    expect(await reconciliationErrors(t)).toEqual([]);
  });
});
