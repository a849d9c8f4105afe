import { MSG, ORDER_STATUS, canRequestReturn, type Order } from '@jara/contracts';
import { Order as OrderRow } from '../src/modules/orders/order.entity';
import { Product } from '../src/modules/products/product.entity';
import { orderNumbers, OrdersService } from '../src/modules/orders/orders.service';
import { balances, bearer, countRows, creditWallet, ledgerDrift } from './support/money';
import { createCategory, createProduct, moveOrder, placeOrder } from './support/orders';
import { signUp, startTestApp, type TestApp } from './support/test-app';
import { expectReconciled } from './support/reconcile';

type Account = Awaited<ReturnType<typeof signUp>>;

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Issue 21, the orders side: the expiry job never pays an unpaid order (2), bank transfers' window and late transfers
 * (5), sale credits held for the return window (7), Idempotency-Key bound to the request's body (8), order-number
 * collisions retried (9).
 */
describe('Orders: money integrity (issue 21)', () => {
  let t: TestApp;
  let admin: Account;
  let vendor: Account;
  let buyer: Account;
  let other: Account;
  let category: number;
  let orders: OrdersService;

  const product = (fields: Record<string, unknown>) => createProduct(t, vendor.token, category, fields);
  const stock = async (id: number) => (await t.db.getRepository(Product).findOneByOrFail({ id })).stock_quantity;
  const read = async (id: number, token = admin.token) =>
    (await t.http().get(`/api/v1/orders/${id}`).set(bearer(token)).expect(200)).body.data as Order;
  const ledgerRow = async (reference: string) =>
    (
      (await t.db.query('SELECT status, direction, amount_minor FROM wallet_ledger WHERE reference = ?', [
        reference,
      ])) as Array<{ status: string; direction: string; amount_minor: unknown }>
    )[0];
  const creditOf = async (itemId: number) =>
    Number(
      (
        (await t.db.query('SELECT vendor_credit_minor AS c FROM order_items WHERE id = ?', [itemId])) as Array<{
          c: unknown;
        }>
      )[0].c,
    );
  /** An order paid from the wallet, shipped and received: its vendor's credit is posted (pending). */
  async function received(productId: number, quantity = 1): Promise<Order> {
    const price = Number((await t.db.getRepository(Product).findOneByOrFail({ id: productId })).price_kobo);
    await creditWallet(t, admin.token, buyer.user.id, ((price * quantity) / 100).toFixed(2));
    const id = (await placeOrder(t, buyer.token, [{ product_id: productId, quantity }]).expect(201)).body.data.id;
    await moveOrder(t, vendor.token, id, ORDER_STATUS.TO_RECEIVE).expect(200);
    return (await moveOrder(t, buyer.token, id, ORDER_STATUS.TO_REVIEW).expect(200)).body.data as Order;
  }

  beforeAll(async () => {
    t = await startTestApp({
      ORDER_COMMISSION_BPS: '1000',
      ORDER_EXPIRY_INTERVAL_SECONDS: '0',
      ORDER_PAYMENT_WINDOW_MINUTES: '1440',
      ORDER_TRANSFER_WINDOW_MINUTES: '4320',
      ORDER_RETURN_WINDOW_DAYS: '7',
    });
    admin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    buyer = await signUp(t);
    other = await signUp(t);
    orders = t.app.get(OrdersService);
    category = await createCategory(t, admin.token, 'Money Kitchen');
  });
  afterAll(async () => {
    try {
      await expectReconciled(t);
    } finally {
      await t.close();
    }
  });

  describe('defect 2: the expiry job never turns an unpaid order into a paid one', () => {
    it('cancels a bank-transfer order whose invoice was cancelled behind its back; nobody is credited', async () => {
      const safe = await product({ name: 'Money Safe', price: 500_000, stock_quantity: 2 });
      const order = (
        await placeOrder(t, buyer.token, [{ product_id: safe.id, quantity: 1 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
      // Any other flow cancelling the invoice on its own (the stand-in: the row changed directly).
      await t.db.query("UPDATE invoices SET status = 'cancelled' WHERE id = ?", [order.invoice?.id]);
      const vendorBefore = (await balances(t.db, vendor.user.id)).ngn;

      // markPaid itself refuses: its UPDATE requires a paid invoice.
      await orders.markPaid(order.id, 'paystack');
      expect((await read(order.id)).status).toBe(ORDER_STATUS.TO_PAY);

      expect(await orders.releaseExpired(new Date(Date.now() + 73 * HOUR))).toBeGreaterThanOrEqual(1);
      const after = await read(order.id);
      expect(after.status).toBe(ORDER_STATUS.CANCELLED);
      expect(after.paid_at).toBeNull();
      expect(after.history?.some((h) => h.to_status === ORDER_STATUS.TO_SHIP)).toBe(false);
      expect(await stock(safe.id)).toBe(2);
      // The vendor cannot ship it, so nothing is ever credited.
      await moveOrder(t, vendor.token, order.id, ORDER_STATUS.TO_RECEIVE).expect(422);
      expect((await balances(t.db, vendor.user.id)).ngn).toBe(vendorBefore);
      expect(
        await countRows(t.db, "SELECT COUNT(*) AS n FROM wallet_ledger WHERE kind = 'sale' AND user_id = ?", [
          vendor.user.id,
        ]),
      ).toBe(0);
    });

    it('moves an expired order whose invoice IS paid to To Ship instead of cancelling it', async () => {
      const lamp = await product({ name: 'Money Lamp', price: 2000, stock_quantity: 2 });
      const order = (
        await placeOrder(t, buyer.token, [{ product_id: lamp.id, quantity: 1 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
      await t.db.query("UPDATE invoices SET status = 'paid', payment_method = 'transfer' WHERE id = ?", [
        order.invoice?.id,
      ]);
      await orders.releaseExpired(new Date(Date.now() + 73 * HOUR));
      expect((await read(order.id)).status).toBe(ORDER_STATUS.TO_SHIP);
    });
  });

  describe('defect 5: bank transfers have their own window and a late-transfer path', () => {
    it('gives a bank transfer 72 hours and a card 24 hours', async () => {
      const cup = await product({ name: 'Money Cup', price: 1000, stock_quantity: 5 });
      const placedAt = Date.now();
      const transfer = (
        await placeOrder(t, buyer.token, [{ product_id: cup.id, quantity: 1 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
      const card = (
        await placeOrder(t, buyer.token, [{ product_id: cup.id, quantity: 1 }], { payment_method: 'card' }).expect(201)
      ).body.data as Order;
      const hoursLeft = (o: Order) => (new Date(o.expires_at as string).getTime() - placedAt) / HOUR;
      expect(Math.round(hoursLeft(transfer))).toBe(72);
      expect(Math.round(hoursLeft(card))).toBe(24);
      // 25 hours on: the card order is released, the transfer still waits.
      await orders.releaseExpired(new Date(placedAt + 25 * HOUR));
      expect((await read(card.id)).status).toBe(ORDER_STATUS.CANCELLED);
      expect((await read(transfer.id)).status).toBe(ORDER_STATUS.TO_PAY);
    });

    it('takes the stock again and moves a cancelled transfer order to To Ship with its invoice paid', async () => {
      const rug = await product({ name: 'Money Rug', price: 7000, stock_quantity: 3 });
      const order = (
        await placeOrder(t, buyer.token, [{ product_id: rug.id, quantity: 2 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
      await orders.releaseExpired(new Date(Date.now() + 73 * HOUR));
      expect((await read(order.id)).status).toBe(ORDER_STATUS.CANCELLED);
      expect(await stock(rug.id)).toBe(3);

      // Admin only.
      await t.http().post(`/api/v1/orders/${order.id}/late-transfer`).set(bearer(buyer.token)).send({}).expect(403);
      const res = await t
        .http()
        .post(`/api/v1/orders/${order.id}/late-transfer`)
        .set(bearer(admin.token))
        .send({ note: 'GTB ref 42' })
        .expect(200);
      expect(res.body.data).toMatchObject({
        late_transfer: 'restocked',
        status: ORDER_STATUS.TO_SHIP,
        invoice: { status: 'paid' },
      });
      expect(await stock(rug.id)).toBe(1);
      const [invoice] = (await t.db.query('SELECT status, payment_method, amount_minor FROM invoices WHERE id = ?', [
        order.invoice?.id,
      ])) as Array<{ status: string; payment_method: string; amount_minor: unknown }>;
      expect([invoice.status, invoice.payment_method, Number(invoice.amount_minor)]).toEqual([
        'paid',
        'transfer',
        1_400_000,
      ]);
      expect((await read(order.id)).history?.at(-1)?.note).toContain('GTB ref 42');
      // Once: the order is no longer cancelled.
      await t.http().post(`/api/v1/orders/${order.id}/late-transfer`).set(bearer(admin.token)).send({}).expect(422);
      expect(await stock(rug.id)).toBe(1);
    });

    it("credits the customer's wallet the order total when the stock is gone, once; the order stays cancelled", async () => {
      const vase = await product({ name: 'Money Vase', price: 9000, stock_quantity: 1 });
      const order = (
        await placeOrder(t, buyer.token, [{ product_id: vase.id, quantity: 1 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
      await moveOrder(t, buyer.token, order.id, ORDER_STATUS.CANCELLED).expect(200);
      // Someone else buys the last one.
      await creditWallet(t, admin.token, other.user.id, '9000');
      await placeOrder(t, other.token, [{ product_id: vase.id, quantity: 1 }]).expect(201);
      const before = (await balances(t.db, buyer.user.id)).ngn;

      const res = await t
        .http()
        .post(`/api/v1/orders/${order.id}/late-transfer`)
        .set(bearer(admin.token))
        .send({})
        .expect(200);
      expect(res.body.data).toMatchObject({ late_transfer: 'credited', status: ORDER_STATUS.CANCELLED });
      expect((await balances(t.db, buyer.user.id)).ngn).toBe(before + 900_000);
      expect(await ledgerRow(`late-transfer-${order.id}`)).toMatchObject({ status: 'completed', direction: 'credit' });
      expect(await stock(vase.id)).toBe(0);
      await t.http().post(`/api/v1/orders/${order.id}/late-transfer`).set(bearer(admin.token)).send({}).expect(409);
      expect((await balances(t.db, buyer.user.id)).ngn).toBe(before + 900_000);
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    it('refuses a late transfer on an order that was not paid by bank transfer', async () => {
      const mug = await product({ name: 'Money Mug', price: 1000, stock_quantity: 3 });
      const card = (
        await placeOrder(t, buyer.token, [{ product_id: mug.id, quantity: 1 }], { payment_method: 'card' }).expect(201)
      ).body.data as Order;
      await moveOrder(t, buyer.token, card.id, ORDER_STATUS.CANCELLED).expect(200);
      await t.http().post(`/api/v1/orders/${card.id}/late-transfer`).set(bearer(admin.token)).send({}).expect(422);
      expect((await read(card.id)).status).toBe(ORDER_STATUS.CANCELLED);
    });
  });

  describe('defect 7: sale credits are held for the return window', () => {
    it('posts the credit pending; an accepted return inside the window fails it and refunds the buyer, restocking', async () => {
      const oven = await product({ name: 'Money Oven', price: 100_000, stock_quantity: 3 });
      const vendorBefore = (await balances(t.db, vendor.user.id)).ngn;
      const order = await received(oven.id);
      const item = order.items[0];
      expect(await ledgerRow(`sale-${item.id}`)).toMatchObject({ status: 'pending', direction: 'credit' });
      // Not spendable: the vendor's balance has not moved.
      expect((await balances(t.db, vendor.user.id)).ngn).toBe(vendorBefore);
      const buyerBefore = (await balances(t.db, buyer.user.id)).ngn;

      await moveOrder(t, buyer.token, order.id, ORDER_STATUS.RETURNED, 'Does not heat').expect(200);
      const res = await t
        .http()
        .patch(`/api/v1/orders/${order.id}/status`)
        .set(bearer(admin.token))
        .send({ status: ORDER_STATUS.RETURNED, restock: true })
        .expect(200);
      expect(res.body.data.status).toBe(ORDER_STATUS.RETURNED);
      expect(await ledgerRow(`sale-${item.id}`)).toMatchObject({ status: 'failed' });
      expect(await ledgerRow(`reverse-${item.id}`)).toBeUndefined();
      expect(await ledgerRow(`refund-order-${order.id}`)).toMatchObject({ status: 'completed', direction: 'credit' });
      expect((await balances(t.db, buyer.user.id)).ngn).toBe(buyerBefore + 10_000_000);
      expect((await balances(t.db, vendor.user.id)).ngn).toBe(vendorBefore);
      const [invoice] = (await t.db.query('SELECT refunded_at FROM invoices WHERE id = ?', [
        order.invoice?.id,
      ])) as Array<{ refunded_at: unknown }>;
      expect(invoice.refunded_at).not.toBeNull();
      expect(await stock(oven.id)).toBe(3);
      // Nothing the job could release later.
      expect(await orders.releaseSaleCredits(new Date(Date.now() + 8 * DAY))).toBe(0);
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    it('a vendor who spent everything still cannot block the refund inside the window; no restock by default', async () => {
      const chair = await product({ name: 'Money Chair', price: 50_000, stock_quantity: 2 });
      const order = await received(chair.id);
      // The vendor's whole balance leaves (the pending credit is not part of it).
      const left = (await balances(t.db, vendor.user.id)).ngn;
      if (left > 0)
        await t
          .http()
          .post(`/api/v1/wallets/${vendor.user.id}/adjustments`)
          .set(bearer(admin.token))
          .send({ amount: (left / 100).toFixed(2), currency: 'NGN', direction: 'debit', reason: 'Spent' })
          .expect(201);
      await moveOrder(t, buyer.token, order.id, ORDER_STATUS.RETURNED, 'Broken leg').expect(200);
      await moveOrder(t, admin.token, order.id, ORDER_STATUS.RETURNED).expect(200);
      expect(await ledgerRow(`sale-${order.items[0].id}`)).toMatchObject({ status: 'failed' });
      expect(await stock(chair.id)).toBe(1);
    });

    it('releases the credit once the window passed with no return; then a return can no longer be asked', async () => {
      const desk = await product({ name: 'Money Desk', price: 20_000, stock_quantity: 2 });
      const vendorBefore = (await balances(t.db, vendor.user.id)).ngn;
      const order = await received(desk.id);
      const item = order.items[0];
      // The buyer is told until when a return can be asked: the receipt plus ORDER_RETURN_WINDOW_DAYS (7).
      expect(Date.parse(order.return_until as string)).toBe(Date.parse(order.received_at as string) + 7 * DAY);
      expect(canRequestReturn(order)).toBe(true);
      expect(await orders.countDueSaleCredits(new Date(Date.now() + 6 * DAY))).toBe(0);
      expect(await orders.releaseSaleCredits(new Date(Date.now() + 6 * DAY))).toBe(0);
      expect(await orders.releaseSaleCredits(new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(1);
      expect(await ledgerRow(`sale-${item.id}`)).toMatchObject({ status: 'completed' });
      expect((await balances(t.db, vendor.user.id)).ngn).toBe(vendorBefore + (await creditOf(item.id)));
      // Once.
      expect(await orders.releaseSaleCredits(new Date(Date.now() + 9 * DAY))).toBe(0);
      expect((await balances(t.db, vendor.user.id)).ngn).toBe(vendorBefore + (await creditOf(item.id)));
      expect(await ledgerDrift(t.db)).toEqual([]);

      // The window as the buyer sees it: received 8 days ago.
      await t.db.getRepository(OrderRow).update(order.id, { received_at: new Date(Date.now() - 8 * DAY) });
      const refused = await moveOrder(t, buyer.token, order.id, ORDER_STATUS.RETURNED, 'Too late').expect(422);
      expect(refused.body.message).toBe(MSG.orders.returnWindowClosed(7));
      const late = (await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(buyer.token)).expect(200)).body.data;
      expect(canRequestReturn(late)).toBe(false);
    });

    it('a return of an order whose credit was already released keeps the reversal (reverse-<itemId>)', async () => {
      const shelf = await product({ name: 'Money Shelf', price: 10_000, stock_quantity: 2 });
      const order = await received(shelf.id);
      const item = order.items[0];
      // Released (the job ran with a later clock), and the buyer asks inside their window.
      expect(await orders.releaseSaleCredits(new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(1);
      const vendorAfterRelease = (await balances(t.db, vendor.user.id)).ngn;
      await moveOrder(t, buyer.token, order.id, ORDER_STATUS.RETURNED, 'Wrong colour').expect(200);
      await moveOrder(t, admin.token, order.id, ORDER_STATUS.RETURNED).expect(200);
      expect(await ledgerRow(`sale-${item.id}`)).toMatchObject({ status: 'completed' });
      expect(await ledgerRow(`reverse-${item.id}`)).toMatchObject({ status: 'completed', direction: 'debit' });
      expect((await balances(t.db, vendor.user.id)).ngn).toBe(vendorAfterRelease - (await creditOf(item.id)));
      expect(await ledgerDrift(t.db)).toEqual([]);
    });
  });

  describe('defect 8: an Idempotency-Key is bound to its request body', () => {
    it('answers a replay with the same body with the same order, and another body with a 422 that places nothing', async () => {
      const pen = await product({ name: 'Money Pen', price: 500, stock_quantity: 10 });
      const key = `money-key-${Date.now()}`;
      const first = (
        await placeOrder(
          t,
          buyer.token,
          [{ product_id: pen.id, quantity: 1 }],
          { payment_method: 'bank_transfer' },
          key,
        ).expect(201)
      ).body.data as Order;
      const again = (
        await placeOrder(
          t,
          buyer.token,
          [{ product_id: pen.id, quantity: 1 }],
          { payment_method: 'bank_transfer' },
          key,
        ).expect(201)
      ).body.data as Order;
      expect(again.id).toBe(first.id);
      const count = await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [buyer.user.id]);
      const other = await placeOrder(
        t,
        buyer.token,
        [{ product_id: pen.id, quantity: 5 }],
        { payment_method: 'bank_transfer' },
        key,
      ).expect(422);
      expect(other.body.message).toBe(MSG.money.idempotencyKeyReused);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [buyer.user.id])).toBe(count);
      expect(await stock(pen.id)).toBe(9);
    });
  });

  describe('defect 9: an order-number collision retries', () => {
    it('places the order under a new number when the first one drawn is taken', async () => {
      const clip = await product({ name: 'Money Clip', price: 300, stock_quantity: 5 });
      const taken = (
        await placeOrder(t, buyer.token, [{ product_id: clip.id, quantity: 1 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
      const real = orderNumbers.next;
      let draws = 0;
      orderNumbers.next = (now?: Date) => (++draws === 1 ? taken.order_no : real(now));
      try {
        const res = await placeOrder(t, buyer.token, [{ product_id: clip.id, quantity: 1 }], {
          payment_method: 'bank_transfer',
        }).expect(201);
        expect(draws).toBe(2);
        expect(res.body.data.order_no).not.toBe(taken.order_no);
      } finally {
        orderNumbers.next = real;
      }
      expect(await stock(clip.id)).toBe(3);
    });
  });
});
