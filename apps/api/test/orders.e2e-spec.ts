import { MSG, ORDER_STATUS, orderAddressText, type Order } from '@jara/contracts';
import { Product } from '../src/modules/products/product.entity';
import { OrdersService } from '../src/modules/orders/orders.service';
import { balances, bearer, countRows, creditWallet, ledgerDrift, notificationTitles } from './support/money';
import { ADDRESS, buyAndReceive, createCategory, createProduct, moveOrder, placeOrder } from './support/orders';
import { signUp, startTestApp, type TestApp } from './support/test-app';
import { expectReconciled } from './support/reconcile';

type Account = Awaited<ReturnType<typeof signUp>>;

describe('Orders: checkout, stock, payment, lifecycle, settlement and reviews (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let vendor: Account;
  let otherVendor: Account;
  let buyer: Account;
  let stranger: Account;
  let category: number;

  const product = (owner: Account, fields: Record<string, unknown>) => createProduct(t, owner.token, category, fields);
  const stock = async (id: number) => (await t.db.getRepository(Product).findOneByOrFail({ id })).stock_quantity;

  beforeAll(async () => {
    t = await startTestApp({ ORDER_COMMISSION_BPS: '1000', ORDER_EXPIRY_INTERVAL_SECONDS: '0' });
    admin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    otherVendor = await signUp(t, { role: 'vendor' });
    buyer = await signUp(t);
    stranger = await signUp(t);
    category = await createCategory(t, admin.token, 'Kitchen');
  });
  afterAll(async () => {
    try {
      await expectReconciled(t);
    } finally {
      await t.close();
    }
  });

  describe('checkout', () => {
    it('prices on the server, ignores a client price, takes the stock and pays from the wallet at once', async () => {
      const kettle = await product(vendor, { name: 'Order Kettle', price: '12500.50', stock_quantity: 5 });
      const fan = await product(otherVendor, { name: 'Order Fan', price: 30000, stock_quantity: 3 });
      await creditWallet(t, admin.token, buyer.user.id, '100000');
      const res = await placeOrder(
        t,
        buyer.token,
        [
          { product_id: kettle.id, quantity: 2, price: 1, price_kobo: 100 } as never,
          { product_id: fan.id, quantity: 1 },
        ],
        { notes: 'Call before delivery', total: 5 },
      ).expect(201);
      const order = res.body.data as Order;
      expect(order).toMatchObject({
        status: ORDER_STATUS.TO_SHIP,
        status_label: 'To Ship',
        subtotal_minor: 2 * 1_250_050 + 3_000_000,
        total_minor: 5_500_100,
        shipping_minor: 0,
        payment_method: 'wallet',
        notes: 'Call before delivery',
        invoice: { status: 'paid', type: 'order' },
        ...ADDRESS,
        phone: '+2348031234567',
      });
      expect(order.order_no).toMatch(/^JR-\d{6}-[A-Z2-9]{6}$/);
      expect(order.items.map((i) => [i.product_name, i.unit_price_minor, i.quantity, i.line_total_minor])).toEqual([
        ['Order Kettle', 1_250_050, 2, 2_500_100],
        ['Order Fan', 3_000_000, 1, 3_000_000],
      ]);
      // Its invoice lists the lines, the seller, the buyer and where it goes (issue 22).
      const invoiceId = (order.invoice as { id: number }).id;
      const invoice = (await t.http().get(`/api/v1/invoices/${invoiceId}`).set(bearer(buyer.token)).expect(200)).body
        .data;
      expect(invoice.details).toMatchObject({
        seller: { name: 'Jara' },
        buyer: { email: buyer.email },
        lines: [
          { description: 'Order Kettle', quantity: 2, unit_minor: 1_250_050, total_minor: 2_500_100 },
          { description: 'Order Fan', quantity: 1, unit_minor: 3_000_000, total_minor: 3_000_000 },
        ],
        payment_label: 'Wallet',
      });
      expect(invoice.details.delivery_address).toContain(order.street_address);
      expect(invoice.details.delivery_address).toContain(order.city);
      // The whole Nigerian address the buyer gave: landmark, state and the phone to call on delivery.
      expect(invoice.details.delivery_address).toContain(ADDRESS.landmark);
      expect(invoice.details.delivery_address).toContain(ADDRESS.state);
      expect(invoice.details.delivery_address).toContain('+234 803 123 4567');
      // One address text for the invoice and the order's address block in both apps (orderAddressLines).
      expect(invoice.details.delivery_address).toBe(orderAddressText(order));
      expect(await stock(kettle.id)).toBe(3);
      expect(await stock(fan.id)).toBe(2);
      expect((await balances(t.db, buyer.user.id)).ngn).toBe(10_000_000 - 5_500_100);
      expect(await ledgerDrift(t.db)).toEqual([]);
      const history = (await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(buyer.token)).expect(200)).body.data
        .history;
      expect(
        history.map((h: { from_status: number | null; to_status: number }) => [h.from_status, h.to_status]),
      ).toEqual([
        [null, 0],
        [0, 1],
      ]);
      expect(await notificationTitles(t.db, vendor.user.id)).toContain(MSG.orders.soldTitle);
      expect(await notificationTitles(t.db, buyer.user.id)).toContain(MSG.orders.placedTitle);
      // Both notifications open the order (the vendor's order page shows only their lines).
      const links = async (userId: number, title: string): Promise<string[]> =>
        (
          (await t.db.query('SELECT link FROM notifications WHERE user_id = ? AND title = ?', [userId, title])) as {
            link: string | null;
          }[]
        ).map((r) => r.link as string);
      expect(await links(vendor.user.id, MSG.orders.soldTitle)).toContain(`/order-summary?id=${order.id}`);
      expect(await links(buyer.user.id, MSG.orders.placedTitle)).toContain(`/order-summary?id=${order.id}`);
    });

    it('counts two lines of one product together and fails the whole order with a 409 naming what is left', async () => {
      const rice = await product(vendor, { name: 'Order Rice 50kg', price: 60000, stock_quantity: 3 });
      const oil = await product(vendor, { name: 'Order Oil', price: 5000, stock_quantity: 10 });
      await creditWallet(t, admin.token, buyer.user.id, '1000000');
      const res = await placeOrder(t, buyer.token, [
        { product_id: oil.id, quantity: 1 },
        { product_id: rice.id, quantity: 2 },
        { product_id: rice.id, quantity: 2 },
      ]).expect(409);
      expect(res.body.message).toBe(MSG.orders.onlyLeft('Order Rice 50kg', 3));
      expect(await stock(rice.id)).toBe(3);
      expect(await stock(oil.id)).toBe(10);
      const merged = await placeOrder(t, buyer.token, [
        { product_id: rice.id, quantity: 1 },
        { product_id: rice.id, quantity: 2 },
      ]).expect(201);
      expect(merged.body.data.items).toHaveLength(1);
      expect(merged.body.data.items[0].quantity).toBe(3);
      expect(await stock(rice.id)).toBe(0);
      const none = await placeOrder(t, buyer.token, [{ product_id: rice.id, quantity: 1 }]).expect(409);
      expect(none.body.message).toBe(MSG.orders.outOfStock);
      expect(none.body.errors.items).toEqual([`Order Rice 50kg: ${MSG.orders.outOfStock}`]);
    });

    it('refuses inactive, unknown and own products, bad input and a short wallet with 422s that change nothing', async () => {
      const hidden = await product(vendor, { name: 'Order Hidden', price: 1000, stock_quantity: 5, status: 0 });
      const res = await placeOrder(t, buyer.token, [
        { product_id: hidden.id, quantity: 1 },
        { product_id: 999_999, quantity: 1 },
      ]).expect(422);
      expect(res.body.errors['items.0.product_id']).toEqual([MSG.orders.productUnavailable(hidden.id)]);
      expect(res.body.errors['items.1.product_id']).toEqual([MSG.orders.productUnavailable(999_999)]);
      const mine = await product(vendor, { name: 'Order Own', price: 1000, stock_quantity: 5 });
      expect(
        (await placeOrder(t, vendor.token, [{ product_id: mine.id, quantity: 1 }]).expect(422)).body.errors[
          'items.0.product_id'
        ],
      ).toEqual([MSG.orders.ownProduct]);
      const bad = await t
        .http()
        .post('/api/v1/orders')
        .set(bearer(buyer.token))
        .send({ items: [{ product_id: mine.id, quantity: 1e21 }], country: 'Mars', payment_method: 'paypal' })
        .expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        'city',
        'country',
        'full_name',
        'items.0.quantity',
        'payment_method',
        'phone',
        'state',
        'street_address',
      ]);
      expect(bad.body.errors.full_name).toEqual([MSG.checkout.required.full_name]);
      expect((await placeOrder(t, buyer.token, []).expect(422)).body.errors.items).toEqual([MSG.orders.itemsRequired]);
      // No lines at all: the one message, not every array rule's (issue 23: the storefront shows the same answer).
      const none = await placeOrder(t, buyer.token, [], { items: undefined }).expect(422);
      expect(none.body.errors.items).toEqual([MSG.orders.itemsRequired]);
      const poor = await signUp(t);
      const before = await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders');
      const short = await placeOrder(t, poor.token, [{ product_id: mine.id, quantity: 1 }]).expect(422);
      expect(short.body.errors.balance).toEqual([MSG.money.insufficientBalance]);
      expect(await stock(mine.id)).toBe(5);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders')).toBe(before);
      await t.http().post('/api/v1/orders').send({}).expect(401);
      for (const body of [
        { items: 'x' },
        { items: [null] },
        { items: [1] },
        { items: [{}] },
        { items: [{ product_id: '1 OR 1=1', quantity: '2' }] },
        { items: Array.from({ length: 51 }, (_, i) => ({ product_id: i + 1, quantity: 1 })) },
        { items: [{ product_id: mine.id, quantity: 1 }], notes: { $gt: '' }, full_name: ['a'] },
        { items: [{ product_id: mine.id, quantity: 1 }], notes: 'x'.repeat(5000) },
      ]) {
        const answer = await t
          .http()
          .post('/api/v1/orders')
          .set(bearer(buyer.token))
          .send({ ...ADDRESS, payment_method: 'wallet', ...body });
        expect([answer.status, typeof answer.body.message]).toEqual([422, 'string']);
      }
      await moveOrder(t, buyer.token, 1, '1; DROP TABLE orders' as never).expect(422);
      await placeOrder(t, admin.token, [{ product_id: mine.id, quantity: 1 }]).expect(403);
    });

    it('takes a Nigerian address: the phone kept as +234, the state checked, the postal code and landmark optional', async () => {
      const yam = await product(vendor, { name: 'Order Yam Tuber', price: 1500, stock_quantity: 10 });
      await creditWallet(t, admin.token, buyer.user.id, '10000');
      const { postal_code: _postal, landmark: _landmark, ...withoutOptional } = ADDRESS;
      for (const [phone, state] of [
        ['0703-123-4567', 'FCT'],
        ['+234 909 876 5432', 'rivers'],
        ['2348112345678', 'Akwa Ibom'],
      ]) {
        const res = await t
          .http()
          .post('/api/v1/orders')
          .set(bearer(buyer.token))
          .send({
            ...withoutOptional,
            phone,
            state,
            payment_method: 'wallet',
            items: [{ product_id: yam.id, quantity: 1 }],
          })
          .expect(201);
        const order = res.body.data as Order;
        expect(order.phone).toMatch(/^\+234[789][01]\d{8}$/);
        expect([order.postal_code, order.landmark]).toEqual([null, null]);
        const read = (await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(buyer.token)).expect(200)).body.data;
        expect([read.phone, read.state]).toEqual([order.phone, order.state]);
      }
      const phones = await t.db.query(
        'SELECT phone, state FROM orders WHERE phone IS NOT NULL ORDER BY id DESC LIMIT 3',
      );
      expect(phones.map((r: { phone: string; state: string }) => [r.phone, r.state])).toEqual([
        ['+2348112345678', 'Akwa Ibom'],
        ['+2349098765432', 'Rivers'],
        ['+2347031234567', 'Federal Capital Territory'],
      ]);
      const before = await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders');
      const bad = await t
        .http()
        .post('/api/v1/orders')
        .set(bearer(buyer.token))
        .send({
          ...ADDRESS,
          phone: '+44 7700 900123',
          state: 'Greater Accra',
          payment_method: 'wallet',
          items: [{ product_id: yam.id, quantity: 1 }],
        })
        .expect(422);
      expect(bad.body.errors.phone).toEqual([MSG.checkout.phoneInvalid]);
      expect(bad.body.errors.state).toEqual([MSG.checkout.stateInvalid]);
      const missing = await t
        .http()
        .post('/api/v1/orders')
        .set(bearer(buyer.token))
        .send({
          ...ADDRESS,
          phone: ' ',
          state: '',
          payment_method: 'wallet',
          items: [{ product_id: yam.id, quantity: 1 }],
        })
        .expect(422);
      expect(missing.body.errors.phone).toEqual([MSG.checkout.required.phone]);
      expect(missing.body.errors.state).toEqual([MSG.checkout.required.state]);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders')).toBe(before);
    });

    it('leaves a bank-transfer order To Pay with the account to pay into; an admin confirms the transfer', async () => {
      const iron = await product(vendor, { name: 'Order Iron', price: 8000, stock_quantity: 4 });
      const res = await placeOrder(t, buyer.token, [{ product_id: iron.id, quantity: 1 }], {
        payment_method: 'bank_transfer',
      }).expect(201);
      const order = res.body.data as Order;
      expect(order.status).toBe(ORDER_STATUS.TO_PAY);
      expect(order.invoice?.status).toBe('pending');
      expect(order.bank_transfer).toMatchObject({ account_name: expect.any(String), narration: order.order_no });
      expect(order.expires_at).not.toBeNull();
      await moveOrder(t, buyer.token, order.id, 1).expect(422);
      const paid = (await moveOrder(t, admin.token, order.id, 1).expect(200)).body.data as Order;
      expect(paid).toMatchObject({ status: 1, invoice: { status: 'paid' }, expires_at: null });
      // A retry with the same key answers the same order with the bank details again while it waits for payment.
      const key = `transfer-${Date.now()}`;
      const first = (
        await placeOrder(
          t,
          buyer.token,
          [{ product_id: iron.id, quantity: 1 }],
          { payment_method: 'bank_transfer' },
          key,
        ).expect(201)
      ).body.data as Order;
      const again = (
        await placeOrder(
          t,
          buyer.token,
          [{ product_id: iron.id, quantity: 1 }],
          { payment_method: 'bank_transfer' },
          key,
        ).expect(201)
      ).body.data as Order;
      expect([again.id, again.bank_transfer?.narration]).toEqual([first.id, first.order_no]);
    });

    it('pays a card order through the gateway: the order moves To Ship when the invoice settles', async () => {
      const kettle = await product(vendor, { name: 'Order Card Kettle', price: 4000, stock_quantity: 4 });
      const res = await placeOrder(t, buyer.token, [{ product_id: kettle.id, quantity: 1 }], {
        payment_method: 'card',
      }).expect(201);
      const order = res.body.data as Order;
      expect(order.status).toBe(0);
      expect(order.payment?.authorization_url).toMatch(/\/pay\/test/);
      await t
        .http()
        .post(`/api/v1/payments/test/${order.payment?.reference}/complete`)
        .set(bearer(buyer.token))
        .expect(200);
      const after = (await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(buyer.token)).expect(200)).body
        .data as Order;
      expect(after).toMatchObject({ status: 1, invoice: { status: 'paid' } });
      expect(after.history?.at(-1)).toMatchObject({ from_status: 0, to_status: 1, note: 'Paid by card' });
    });
  });

  describe('lifecycle', () => {
    it('lets the buyer cancel while To Pay (stock returned, invoice cancelled) and refuses every other move with 422', async () => {
      const pot = await product(vendor, { name: 'Order Pot', price: 3000, stock_quantity: 5 });
      const order = (
        await placeOrder(t, buyer.token, [{ product_id: pot.id, quantity: 2 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
      expect(await stock(pot.id)).toBe(3);
      for (const status of [2, 3, 4]) await moveOrder(t, buyer.token, order.id, status).expect(422);
      await moveOrder(t, vendor.token, order.id, 5).expect(422);
      await moveOrder(t, buyer.token, order.id, 9).expect(422);
      await moveOrder(t, stranger.token, order.id, 5).expect(404);
      const cancelled = (await moveOrder(t, buyer.token, order.id, 5).expect(200)).body.data as Order;
      expect(cancelled).toMatchObject({ status: 5, invoice: { status: 'cancelled' } });
      expect(await stock(pot.id)).toBe(5);
      await moveOrder(t, buyer.token, order.id, 5).expect(422);
      await moveOrder(t, admin.token, order.id, 1).expect(422);
      expect(await stock(pot.id)).toBe(5);
    });

    it('ships (vendor), receives (buyer) with the vendor credited less commission, and reverses it on an accepted return', async () => {
      const blender = await product(vendor, { name: 'Order Blender', price: '25000.05', stock_quantity: 5 });
      const vendorBefore = (await balances(t.db, vendor.user.id)).ngn;
      await creditWallet(t, admin.token, buyer.user.id, '50000.10');
      const buyerBefore = (await balances(t.db, buyer.user.id)).ngn;
      const order = (await placeOrder(t, buyer.token, [{ product_id: blender.id, quantity: 2 }]).expect(201)).body
        .data as Order;
      await moveOrder(t, otherVendor.token, order.id, 2).expect(404);
      await moveOrder(t, buyer.token, order.id, 2).expect(422);
      const shipped = (await moveOrder(t, vendor.token, order.id, 2).expect(200)).body.data as Order;
      expect(shipped.status).toBe(2);
      expect(shipped.vendor_earnings_minor).toBe(5_000_010 - 500_001);
      expect(shipped.other_sellers).toBe(false);
      await moveOrder(t, vendor.token, order.id, 3).expect(422);
      const received = (await moveOrder(t, buyer.token, order.id, 3).expect(200)).body.data as Order;
      expect(received.status).toBe(3);
      // The split is the admin's to see (a buyer's view leaves it out).
      const asAdmin = (await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(admin.token)).expect(200)).body
        .data as Order;
      expect(asAdmin.items[0]).toMatchObject({
        commission_minor: 500_001,
        vendor_credit_minor: 4_500_009,
        settled_at: expect.any(String),
      });
      // Held as a pending credit until the return window has passed (decision 023): not spendable yet.
      expect((await balances(t.db, vendor.user.id)).ngn).toBe(vendorBefore);
      expect(
        await countRows(t.db, "SELECT COUNT(*) AS n FROM wallet_ledger WHERE reference = ? AND status = 'pending'", [
          `sale-${received.items[0].id}`,
        ]),
      ).toBe(1);
      expect(await notificationTitles(t.db, buyer.user.id)).toContain(MSG.orders.changedTitle);

      await moveOrder(t, admin.token, order.id, 4).expect(422); // no return asked for yet
      await moveOrder(t, buyer.token, order.id, 4, 'It arrived broken').expect(200);
      const asked = (await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(admin.token)).expect(200)).body
        .data as Order;
      expect(asked).toMatchObject({
        status: 3,
        return_reason: 'It arrived broken',
        return_requested_at: expect.any(String),
      });
      await moveOrder(t, buyer.token, order.id, 4).expect(422);
      const returned = (await moveOrder(t, admin.token, order.id, 4).expect(200)).body.data as Order;
      expect(returned.status).toBe(4);
      expect((await balances(t.db, buyer.user.id)).ngn).toBe(buyerBefore);
      expect((await balances(t.db, vendor.user.id)).ngn).toBe(vendorBefore);
      expect(await ledgerDrift(t.db)).toEqual([]);
      const steps = (returned.history ?? []).map((h) => [h.from_status, h.to_status, h.actor?.role ?? 'system']);
      expect(steps).toEqual([
        [null, 0, 'buyer'],
        [0, 1, 'buyer'],
        [1, 2, 'vendor'],
        [2, 3, 'buyer'],
        [3, 3, 'buyer'],
        [3, 4, 'admin'],
      ]);
    });

    it('releases unpaid orders after the payment window (job and CLI share OrdersService.releaseExpired)', async () => {
      const mat = await product(vendor, { name: 'Order Mat', price: 1500, stock_quantity: 2 });
      const order = (
        await placeOrder(t, buyer.token, [{ product_id: mat.id, quantity: 2 }], {
          payment_method: 'bank_transfer',
        }).expect(201)
      ).body.data as Order;
      expect(await stock(mat.id)).toBe(0);
      const service = t.app.get(OrdersService);
      expect(await service.releaseExpired(new Date())).toBe(0);
      // A bank transfer waits ORDER_TRANSFER_WINDOW_MINUTES (72 h by default, decision 022).
      expect(await service.releaseExpired(new Date(Date.now() + 25 * 3600_000))).toBe(0);
      const later = new Date(Date.now() + 73 * 3600_000);
      expect(await service.releaseExpired(later)).toBeGreaterThanOrEqual(1);
      const after = (await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(buyer.token)).expect(200)).body
        .data as Order;
      expect(after).toMatchObject({ status: 5, invoice: { status: 'cancelled' } });
      expect(after.history?.at(-1)).toMatchObject({ to_status: 5, actor: null });
      expect(await stock(mat.id)).toBe(2);
      expect(await service.releaseExpired(later)).toBe(0);
    });
  });

  describe('reading', () => {
    it("hides another buyer's order (404) and shows a vendor only orders with their lines, and only those lines", async () => {
      const a = await product(vendor, { name: 'Order Split A', price: 1000, stock_quantity: 5 });
      const b = await product(otherVendor, { name: 'Order Split B', price: 2000, stock_quantity: 5 });
      await creditWallet(t, admin.token, buyer.user.id, '3000');
      const order = (
        await placeOrder(t, buyer.token, [
          { product_id: a.id, quantity: 1 },
          { product_id: b.id, quantity: 1 },
        ]).expect(201)
      ).body.data as Order;
      await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(stranger.token)).expect(404);
      // Two sellers' goods: neither vendor may mark the whole order shipped; Jara (an admin) ships it.
      expect((await moveOrder(t, vendor.token, order.id, 2).expect(422)).body.errors.status).toEqual([
        MSG.orders.mixedOrder,
      ]);
      await t.http().get(`/api/v1/orders/user/${buyer.user.id}`).set(bearer(stranger.token)).expect(404);
      await t.http().get('/api/v1/orders').set(bearer(buyer.token)).expect(403);
      const asVendor = (await t.http().get(`/api/v1/orders/${order.id}`).set(bearer(otherVendor.token)).expect(200))
        .body.data as Order;
      expect(asVendor.items.map((i) => i.product_name)).toEqual(['Order Split B']);
      expect(asVendor.vendor_earnings_minor).toBe(180_000);
      // The vendor is told the order is shared, so the storefront never offers the move the API refuses.
      expect(asVendor.other_sellers).toBe(true);
      const listed = (await t.http().get('/api/v1/orders?per_page=50').set(bearer(vendor.token)).expect(200)).body
        .data as Order[];
      expect(listed.find((o) => o.id === order.id)?.other_sellers).toBe(true);
      // The vendor's list pages with the keyset cursor: no row twice, none missed.
      const seen: number[] = [];
      let next: string | null = null;
      do {
        const page: { data: Order[]; meta: { next_cursor: string | null } } = (
          await t
            .http()
            .get(`/api/v1/orders?per_page=1${next ? `&after=${next}` : ''}`)
            .set(bearer(otherVendor.token))
            .expect(200)
        ).body;
        seen.push(...page.data.map((o: Order) => o.id));
        next = page.meta.next_cursor;
        if (page.data.length === 1) expect(next).toEqual(expect.any(String));
      } while (next);
      const vendorList = (await t.http().get('/api/v1/orders?per_page=100').set(bearer(otherVendor.token)).expect(200))
        .body;
      expect(seen).toEqual(vendorList.data.map((o: Order) => o.id));
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(vendorList.data.every((o: Order) => o.items.every((i) => i.vendor_id === otherVendor.user.id))).toBe(true);
      expect(vendorList.data.map((o: Order) => o.id)).toContain(order.id);
      const own = (
        await t
          .http()
          .get(`/api/v1/orders/user/${buyer.user.id}?status=1&per_page=100`)
          .set(bearer(buyer.token))
          .expect(200)
      ).body;
      expect(own.data.map((o: Order) => o.id)).toContain(order.id);
      expect(own.data.every((o: Order) => o.status === 1)).toBe(true);
      const byNo = (
        await t.http().get(`/api/v1/orders?order_no=${order.order_no}`).set(bearer(admin.token)).expect(200)
      ).body;
      expect(byNo.data.map((o: Order) => o.id)).toEqual([order.id]);
      await t.http().get('/api/v1/orders?status=1&status=x').set(bearer(admin.token)).expect(422);
      await t.http().get('/api/v1/orders?per_page=1e21').set(bearer(admin.token)).expect(422);
      await t.http().get('/api/v1/orders?created_at_gte=yesterday').set(bearer(admin.token)).expect(422);
    });

    it('aggregates the dashboard: per day, by status, top products and vendors, commission', async () => {
      const res = await t.http().get('/api/v1/admin/order-stats?days=7').set(bearer(admin.token)).expect(200);
      const stats = res.body.data;
      expect(stats.per_day).toHaveLength(7);
      const orders = await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders');
      expect(stats.orders).toBe(orders);
      expect(stats.by_status.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(orders);
      expect(stats.top_products.length).toBeGreaterThan(0);
      expect(stats.top_vendors.map((v: { vendor_id: number }) => v.vendor_id)).toContain(vendor.user.id);
      await t.http().get('/api/v1/admin/order-stats?days=1e21').set(bearer(admin.token)).expect(422);
      await t.http().get('/api/v1/admin/order-stats').set(bearer(vendor.token)).expect(403);
    });
  });

  describe('reviews', () => {
    it('only a buyer whose order reached To Review may review, once per order line; the rating follows', async () => {
      const radio = await product(vendor, { name: 'Order Radio', price: 7000, stock_quantity: 5 });
      const review = (who: Account, body: object) =>
        t.http().post(`/api/v1/products/${radio.id}/reviews`).set(bearer(who.token)).send(body);
      expect((await review(stranger, { rating: 5 }).expect(403)).body.message).toBe(MSG.orders.reviewNotAllowed);
      await creditWallet(t, admin.token, stranger.user.id, '7000');
      const pending = (await placeOrder(t, stranger.token, [{ product_id: radio.id, quantity: 1 }]).expect(201)).body
        .data as Order;
      await review(stranger, { rating: 5 }).expect(403); // To Ship is not enough
      await moveOrder(t, vendor.token, pending.id, 2).expect(200);
      await moveOrder(t, stranger.token, pending.id, 3).expect(200);
      await review(stranger, { rating: 4, comment: 'Clear sound' }).expect(201);
      expect((await review(stranger, { rating: 1 }).expect(409)).body.message).toBe(MSG.orders.reviewAlreadyLeft);
      let row = await t.db.getRepository(Product).findOneByOrFail({ id: radio.id });
      expect([Number(row.average_rating), row.review_count]).toEqual([4, 1]);
      await buyAndReceive(t, admin, stranger, radio.id);
      await review(stranger, { rating: 2 }).expect(201);
      row = await t.db.getRepository(Product).findOneByOrFail({ id: radio.id });
      expect([Number(row.average_rating), row.review_count]).toEqual([3, 2]);
      const mine = (await t.http().get(`/api/v1/orders/${pending.id}`).set(bearer(stranger.token)).expect(200)).body
        .data as Order;
      expect(mine.items[0].reviewed).toBe(true);
    });
  });
});
