import { formatNaira, ORDER_STATUS, REFUND_MSG, type Order, type OrderRefund } from '@jara/contracts';
import type { FakePaystack } from './support/fake-paystack';
import { balances, bearer, countRows, creditWallet, ledgerDrift, notificationTitles } from './support/money';
import { createCategory, createProduct, moveOrder, placeOrder } from './support/orders';
import { startWithFakePaystack, type PaystackApp } from './support/paystack-app';
import { reconciliationErrors, resolveOpenPaymentExceptions } from './support/reconcile';
import { signUp, startTestApp, type TestApp } from './support/test-app';
import { RefundsService } from '../src/modules/invoices/refunds.service';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 24, refunds (docs/decisions/038): an accepted return or an admin refund of a card-paid order goes back to the
 * card through Paystack (full or partial; refund.processed / refund.failed), or to the wallet; the order shows where
 * the money went; refunds never exceed what was paid, also when they race; webhooks replayed change nothing.
 */
describe('Refunds to the card and the wallet (issue 24)', () => {
  let app: PaystackApp;
  let t: TestApp;
  let paystack: FakePaystack;
  let admin: Account;
  let vendor: Account;
  let buyer: Account;
  let other: Account;
  let category: number;

  beforeAll(async () => {
    // The re-query job runs only when a test calls it (REFUND_REQUERY_INTERVAL_SECONDS=0: no timer).
    app = await startWithFakePaystack({ ORDER_RETURN_WINDOW_DAYS: '7', REFUND_REQUERY_INTERVAL_SECONDS: '0' });
    ({ t, paystack } = app);
    admin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    buyer = await signUp(t);
    other = await signUp(t);
    category = await createCategory(t, admin.token, 'Refund Kitchen');
  });
  afterAll(() => app.closeReconciled());

  const webhook = (hook: { body: string; signature: string }) => app.webhook(hook);
  const read = async (id: number, token = admin.token) =>
    (await t.http().get(`/api/v1/orders/${id}`).set(bearer(token)).expect(200)).body.data as Order;
  const refund = (id: number, body: object, token = admin.token) =>
    t.http().post(`/api/v1/orders/${id}/refunds`).set(bearer(token)).send(body);
  const invoiceOf = async (orderId: number) =>
    (
      (await t.db.query(
        'SELECT i.id, i.amount_minor, i.refunded_minor, i.refunded_at FROM invoices i JOIN orders o ON o.invoice_id = i.id WHERE o.id = ?',
        [orderId],
      )) as Array<Record<string, unknown>>
    )[0];

  /** A card-paid order (the fake charged it, charge.success settled it), at To Ship. */
  async function cardOrder(price: number): Promise<{ order: Order; reference: string }> {
    const product = await createProduct(t, vendor.token, category, {
      name: `Refund Cup ${Math.random().toString(36).slice(2, 7)}`,
      price,
      stock_quantity: 5,
    });
    const placed = await placeOrder(t, buyer.token, [{ product_id: product.id, quantity: 1 }], {
      payment_method: 'card',
    }).expect(201);
    const reference = placed.body.data.payment.reference as string;
    paystack.pay(reference);
    await webhook(paystack.webhook(reference)).expect(200);
    const order = await read(placed.body.data.id);
    expect(order.status).toBe(ORDER_STATUS.TO_SHIP);
    return { order, reference };
  }

  /** Shipped and received by the buyer: a return may be asked. */
  async function receive(id: number): Promise<void> {
    await moveOrder(t, admin.token, id, ORDER_STATUS.TO_RECEIVE).expect(200);
    await moveOrder(t, buyer.token, id, ORDER_STATUS.TO_REVIEW).expect(200);
  }

  it('a return asked to the card is refunded to the card in full; refund.processed replayed 10 times changes nothing', async () => {
    const { order, reference } = await cardOrder(12_000);
    await receive(order.id);
    const walletBefore = (await balances(t.db, buyer.user.id)).ngn;
    // refund_to is validated: only wallet or card, and only with a return request.
    await t
      .http()
      .patch(`/api/v1/orders/${order.id}/status`)
      .set(bearer(buyer.token))
      .send({ status: ORDER_STATUS.RETURNED, refund_to: 'bank' })
      .expect(422);
    await t
      .http()
      .patch(`/api/v1/orders/${order.id}/status`)
      .set(bearer(buyer.token))
      .send({ status: ORDER_STATUS.RETURNED, note: 'Cracked', refund_to: 'card' })
      .expect(200);
    expect((await read(order.id, buyer.token)).refund_to).toBe('card');
    const accepted = await t
      .http()
      .patch(`/api/v1/orders/${order.id}/status`)
      .set(bearer(admin.token))
      .send({ status: ORDER_STATUS.RETURNED })
      .expect(200);
    const refunds = accepted.body.data.refunds as OrderRefund[];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      destination: 'card',
      status: 'pending',
      amount_minor: 1_200_000,
      reference: `refund-order-${order.id}`,
    });
    // Sent to Paystack once, for the transaction that paid, the whole amount; the wallet did not move.
    const sent = [...paystack.refunds.values()].filter((r) => r.transaction === reference);
    expect(sent).toEqual([expect.objectContaining({ amount: 1_200_000, status: 'pending' })]);
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(walletBefore);
    expect(await invoiceOf(order.id)).toMatchObject({ refunded_at: expect.anything() });
    expect(Number((await invoiceOf(order.id)).refunded_minor)).toBe(1_200_000);

    const processed = paystack.refundWebhook(sent[0].id, 'refund.processed');
    for (let i = 0; i < 10; i++) await webhook(processed).expect(200);
    const after = (await read(order.id, buyer.token)).refunds as OrderRefund[];
    expect(after).toEqual([expect.objectContaining({ status: 'processed', status_label: 'Refunded' })]);
    expect(after[0].completed_at).not.toBeNull();
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(walletBefore);
    expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM order_refunds WHERE order_id = ?', [order.id])).toBe(1);
    expect((await notificationTitles(t.db, buyer.user.id)).filter((x) => x === REFUND_MSG.processedTitle)).toHaveLength(
      1,
    );
    // The buyer reads the same list on its own route.
    const listed = await t.http().get(`/api/v1/orders/${order.id}/refunds`).set(bearer(buyer.token)).expect(200);
    expect(listed.body.data).toEqual(after);
    expect(await reconciliationErrors(t)).toEqual([]);
  });

  it('an admin refunds part to the card and part to the wallet; never more than was paid', async () => {
    const { order, reference } = await cardOrder(10_000);
    const walletBefore = (await balances(t.db, buyer.user.id)).ngn;
    const card = await refund(order.id, { amount: '4000.00', destination: 'card', reason: 'One cup broken' }).expect(
      201,
    );
    expect(card.body.data).toMatchObject({ destination: 'card', status: 'pending', amount: '4000.00' });
    await refund(order.id, { amount: '2500', destination: 'wallet', reason: 'Late delivery' }).expect(201);
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(walletBefore + 250_000);
    // 3,500 left: 3,500.01 is refused on amount, nothing changes.
    const over = await refund(order.id, { amount: '3500.01', destination: 'wallet', reason: 'Too much' }).expect(422);
    expect(over.body.errors.amount[0]).toBe(REFUND_MSG.exceeds(formatNaira(350_000)));
    expect(Number((await invoiceOf(order.id)).refunded_minor)).toBe(650_000);
    expect((await invoiceOf(order.id)).refunded_at).toBeNull();
    // Bad input is a 422 on its field.
    const bad = await refund(order.id, { amount: '-1', destination: 'bank', reason: '' }).expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'destination', 'reason']);
    const [sent] = [...paystack.refunds.values()].filter((r) => r.transaction === reference);
    await webhook(paystack.refundWebhook(sent.id, 'refund.processed')).expect(200);
    const shown = (await read(order.id)).refunds as OrderRefund[];
    expect(shown.map((r) => [r.destination, r.status, r.amount_minor])).toEqual([
      ['card', 'processed', 400_000],
      ['wallet', 'processed', 250_000],
    ]);
    // The rest, exactly: the invoice is refunded in full.
    await refund(order.id, { amount: '3500', destination: 'card', reason: 'Rest' }).expect(201);
    expect((await invoiceOf(order.id)).refunded_at).not.toBeNull();
    const none = await refund(order.id, { amount: '1', destination: 'wallet', reason: 'More' }).expect(422);
    expect(none.body.errors.amount[0]).toBe(REFUND_MSG.nothingLeft);
    for (const r of [...paystack.refunds.values()].filter((x) => x.transaction === reference && x.status === 'pending'))
      await webhook(paystack.refundWebhook(r.id, 'refund.processed')).expect(200);
  });

  it('concurrent refunds can never pass what was paid', async () => {
    const { order } = await cardOrder(10_000);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        refund(order.id, { amount: '3000', destination: i % 2 ? 'wallet' : 'card', reason: `Race ${i}` }),
      ),
    );
    const codes = results.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(Number((await invoiceOf(order.id)).refunded_minor)).toBe(900_000);
    const live = await countRows(
      t.db,
      "SELECT COALESCE(SUM(amount_minor), 0) AS n FROM order_refunds WHERE order_id = ? AND status <> 'failed'",
      [order.id],
    );
    expect(live).toBe(900_000);
    expect(await ledgerDrift(t.db)).toEqual([]);
    // Settle the card ones so the books end clean.
    for (const r of [...paystack.refunds.values()].filter((x) => x.status === 'pending'))
      await webhook(paystack.refundWebhook(r.id, 'refund.processed')).expect(200);
  });

  it('refund.failed: the refund shows failed and its money goes to the wallet instead, once', async () => {
    const { order, reference } = await cardOrder(8_000);
    const walletBefore = (await balances(t.db, buyer.user.id)).ngn;
    const made = await refund(order.id, { amount: '8000', destination: 'card', reason: 'Wrong size' }).expect(201);
    const [sent] = [...paystack.refunds.values()].filter((r) => r.transaction === reference);
    // A webhook reporting another amount changes nothing (kept for an admin).
    await webhook(paystack.refundWebhook(sent.id, 'refund.failed', { amount: 100 })).expect(200);
    expect((await read(order.id)).refunds?.[0].status).toBe('pending');
    const failed = paystack.refundWebhook(sent.id, 'refund.failed');
    for (let i = 0; i < 10; i++) await webhook(failed).expect(200);
    const shown = (await read(order.id, buyer.token)).refunds as OrderRefund[];
    expect(shown).toEqual([
      expect.objectContaining({ id: made.body.data.id, destination: 'card', status: 'failed' }),
      expect.objectContaining({ destination: 'wallet', status: 'processed', fallback_of: made.body.data.id }),
    ]);
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(walletBefore + 800_000);
    expect((await notificationTitles(t.db, buyer.user.id)).filter((x) => x === REFUND_MSG.failedTitle)).toHaveLength(1);
    // The mismatched webhook was kept; an admin resolves it.
    expect(await resolveOpenPaymentExceptions(t, admin.token)).toBe(1);
    expect(await reconciliationErrors(t)).toEqual([]);
  });

  it('a refusal by Paystack fails the card refund at once (to the wallet instead); reconcile flags a refund pending too long', async () => {
    const { order } = await cardOrder(5_000);
    paystack.refundMode = 'refused';
    try {
      const made = await refund(order.id, { amount: '1000', destination: 'card', reason: 'Refused' }).expect(201);
      const shown = (await read(order.id)).refunds as OrderRefund[];
      expect(shown.map((r) => [r.destination, r.status])).toEqual([
        ['card', 'failed'],
        ['wallet', 'processed'],
      ]);
      expect(shown[0].id).toBe(made.body.data.id);
    } finally {
      paystack.refundMode = 'pending';
    }
    await refund(order.id, { amount: '1000', destination: 'card', reason: 'Slow' }).expect(201);
    const later = { now: new Date(Date.now() + 2 * 86_400_000) };
    expect((await reconciliationErrors(t, later)).map((f) => f.code)).toEqual(['card_refund_pending_too_long']);
    const pending = [...paystack.refunds.values()].filter((r) => r.status === 'pending');
    for (const r of pending) await webhook(paystack.refundWebhook(r.id, 'refund.processed')).expect(200);
    expect(await reconciliationErrors(t, later)).toEqual([]);
  });

  it('card refunds stuck pending are re-queried (GET /refund/{id}) and settled once as their webhook would; never sent again', async () => {
    const { order, reference } = await cardOrder(9_000);
    const walletBefore = (await balances(t.db, buyer.user.id)).ngn;
    const titles = async (title: string) =>
      (await notificationTitles(t.db, buyer.user.id)).filter((x) => x === title).length;
    const processedBefore = await titles(REFUND_MSG.processedTitle);
    const failedBefore = await titles(REFUND_MSG.failedTitle);
    await refund(order.id, { amount: '5000', destination: 'card', reason: 'Requery processed' }).expect(201);
    await refund(order.id, { amount: '4000', destination: 'card', reason: 'Requery failed' }).expect(201);
    const sent = [...paystack.refunds.values()].filter((r) => r.transaction === reference);
    expect(sent.map((r) => [r.amount, r.status])).toEqual([
      [500_000, 'pending'],
      [400_000, 'pending'],
    ]);
    const sends = paystack.moneyOutCalls.refund;
    // Paystack settles them and no webhook arrives.
    sent[0].status = 'processed';
    sent[1].status = 'failed';
    const refunds = t.app.get(RefundsService);
    // Not yet REFUND_REQUERY_AFTER_MINUTES (30) since they were sent: not asked.
    expect(await refunds.countDue()).toBe(0);
    expect(await refunds.requery()).toBe(0);
    expect(((await read(order.id)).refunds as OrderRefund[]).map((r) => r.status)).toEqual(['pending', 'pending']);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await refunds.countDue(later)).toBe(2);
    expect(await refunds.requery(later)).toBe(2);
    const shown = (await read(order.id, buyer.token)).refunds as OrderRefund[];
    expect(shown.map((r) => [r.destination, r.status, r.amount_minor])).toEqual([
      ['card', 'processed', 500_000],
      ['card', 'failed', 400_000],
      ['wallet', 'processed', 400_000],
    ]);
    expect(shown[2].fallback_of).toBe(shown[1].id);
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(walletBefore + 400_000);
    // A second run (and a late webhook) changes nothing; nothing was ever sent to Paystack again.
    expect(await refunds.countDue(later)).toBe(0);
    expect(await refunds.requery(later)).toBe(0);
    await webhook(paystack.refundWebhook(sent[0].id, 'refund.processed')).expect(200);
    expect(((await read(order.id)).refunds as OrderRefund[]).map((r) => r.status)).toEqual([
      'processed',
      'failed',
      'processed',
    ]);
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(walletBefore + 400_000);
    expect(paystack.moneyOutCalls.refund).toBe(sends);
    expect(await titles(REFUND_MSG.processedTitle)).toBe(processedBefore + 1);
    expect(await titles(REFUND_MSG.failedTitle)).toBe(failedBefore + 1);
    expect(await ledgerDrift(t.db)).toEqual([]);
    expect(await reconciliationErrors(t, { now: later })).toEqual([]);
  });

  it('a re-queried answer with another amount settles nothing and is kept for an admin', async () => {
    const { order, reference } = await cardOrder(3_000);
    await refund(order.id, { amount: '3000', destination: 'card', reason: 'Requery mismatch' }).expect(201);
    const [sent] = [...paystack.refunds.values()].filter((r) => r.transaction === reference);
    sent.status = 'processed';
    sent.amount = 100;
    const refunds = t.app.get(RefundsService);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await refunds.requery(later)).toBe(0);
    expect(await refunds.requery(later)).toBe(0);
    expect(((await read(order.id)).refunds as OrderRefund[]).map((r) => r.status)).toEqual(['pending']);
    expect(await resolveOpenPaymentExceptions(t, admin.token)).toBe(1);
    // The true answer settles it.
    sent.amount = 300_000;
    expect(await refunds.requery(later)).toBe(1);
    expect(((await read(order.id)).refunds as OrderRefund[]).map((r) => r.status)).toEqual(['processed']);
  });

  it('card only for a card-paid order; customers cannot refund; another user reads nothing', async () => {
    const product = await createProduct(t, vendor.token, category, {
      name: 'Wallet Plate',
      price: 3000,
      stock_quantity: 5,
    });
    await creditWallet(t, admin.token, buyer.user.id, '3000.00');
    const placed = await placeOrder(t, buyer.token, [{ product_id: product.id, quantity: 1 }]).expect(201);
    const id = placed.body.data.id as number;
    const card = await refund(id, { amount: '100', destination: 'card', reason: 'x' }).expect(422);
    expect(card.body.errors.destination[0]).toBe(REFUND_MSG.cardOnlyForCard);
    // The buyer asks a return to the card of a wallet-paid order: refused on refund_to.
    await receive(id);
    const asked = await t
      .http()
      .patch(`/api/v1/orders/${id}/status`)
      .set(bearer(buyer.token))
      .send({ status: ORDER_STATUS.RETURNED, refund_to: 'card' })
      .expect(422);
    expect(asked.body.errors.refund_to[0]).toBe(REFUND_MSG.cardOnlyForCard);
    // refund_to only with a return request.
    await t
      .http()
      .patch(`/api/v1/orders/${id}/status`)
      .set(bearer(admin.token))
      .send({ status: ORDER_STATUS.RETURNED, refund_to: 'wallet' })
      .expect(422);
    await refund(id, { amount: '100', destination: 'wallet', reason: 'x' }, buyer.token).expect(403);
    await refund(id, { amount: '100', destination: 'wallet', reason: 'x' }, vendor.token).expect(403);
    await t.http().get(`/api/v1/orders/${id}/refunds`).set(bearer(other.token)).expect(404);
    await t.http().get(`/api/v1/orders/${id}/refunds`).set(bearer(vendor.token)).expect(404);
    await refund(999_999, { amount: '100', destination: 'wallet', reason: 'x' }).expect(404);
    // An unpaid order has nothing to refund.
    const unpaid = await placeOrder(t, buyer.token, [{ product_id: product.id, quantity: 1 }], {
      payment_method: 'bank_transfer',
    }).expect(201);
    await refund(unpaid.body.data.id, { amount: '100', destination: 'wallet', reason: 'x' }).expect(409);
    // A wallet-paid order's accepted return goes back to the wallet, as before.
    await moveOrder(t, buyer.token, id, ORDER_STATUS.RETURNED, 'Chipped').expect(200);
    const before = (await balances(t.db, buyer.user.id)).ngn;
    await moveOrder(t, admin.token, id, ORDER_STATUS.RETURNED).expect(200);
    expect((await balances(t.db, buyer.user.id)).ngn).toBe(before + 300_000);
    expect((await read(id, buyer.token)).refunds).toEqual([
      expect.objectContaining({ destination: 'wallet', status: 'processed', reference: `refund-order-${id}` }),
    ]);
  });

  it('the rest of a partly refunded order goes to the card when its return is accepted', async () => {
    const { order, reference } = await cardOrder(6_000);
    await refund(order.id, { amount: '1000', destination: 'wallet', reason: 'Goodwill' }).expect(201);
    await receive(order.id);
    await t
      .http()
      .patch(`/api/v1/orders/${order.id}/status`)
      .set(bearer(buyer.token))
      .send({ status: ORDER_STATUS.RETURNED, refund_to: 'card' })
      .expect(200);
    await moveOrder(t, admin.token, order.id, ORDER_STATUS.RETURNED).expect(200);
    const sent = [...paystack.refunds.values()].filter((r) => r.transaction === reference);
    expect(sent.map((r) => r.amount)).toEqual([500_000]);
    await webhook(paystack.refundWebhook(sent[0].id, 'refund.processed')).expect(200);
    expect(
      ((await read(order.id)).refunds as OrderRefund[]).map((r) => [r.destination, r.amount_minor, r.status]),
    ).toEqual([
      ['wallet', 100_000, 'processed'],
      ['card', 500_000, 'processed'],
    ]);
    expect((await invoiceOf(order.id)).refunded_at).not.toBeNull();
  });
  it('test mode (no Paystack key): a card refund is processed at once by the stand-in gateway', async () => {
    const plain = await startTestApp({ ORDER_EXPIRY_INTERVAL_SECONDS: '0' });
    try {
      const boss = await signUp(plain, { role: 'admin' });
      const seller = await signUp(plain, { role: 'vendor' });
      const payer = await signUp(plain);
      const kitchen = await createCategory(plain, boss.token, 'Test Mode Kitchen');
      const cup = await createProduct(plain, seller.token, kitchen, {
        name: 'Test Cup',
        price: 2000,
        stock_quantity: 3,
      });
      const placed = await placeOrder(plain, payer.token, [{ product_id: cup.id, quantity: 1 }], {
        payment_method: 'card',
      }).expect(201);
      await plain.http().post(`/api/v1/payments/test/${placed.body.data.payment.reference}/complete`).expect(200);
      const id = placed.body.data.id as number;
      const made = await plain
        .http()
        .post(`/api/v1/orders/${id}/refunds`)
        .set(bearer(boss.token))
        .send({ amount: '500', destination: 'card', reason: 'Test mode' })
        .expect(201);
      expect(made.body.data).toMatchObject({ destination: 'card', status: 'processed' });
      const shown = await plain.http().get(`/api/v1/orders/${id}/refunds`).set(bearer(payer.token)).expect(200);
      expect(shown.body.data).toEqual([expect.objectContaining({ destination: 'card', status: 'processed' })]);
      expect(await reconciliationErrors(plain)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
