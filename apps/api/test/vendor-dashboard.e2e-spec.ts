import { LOW_STOCK_THRESHOLD, ORDER_STATUS, type StatementLine, type VendorDashboard } from '@jara/contracts';
import { OrdersService } from '../src/modules/orders/orders.service';
import { bearer, creditWallet } from './support/money';
import { buyAndReceive, createCategory, createProduct, moveOrder, placeOrder } from './support/orders';
import { expectReconciled } from './support/reconcile';
import { signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

describe("A vendor's dashboard (e2e)", () => {
  let t: TestApp;
  let admin: Account;
  let vendor: Account;
  let otherVendor: Account;
  let buyer: Account;
  let category: number;

  const dashboard = async (token: string) =>
    (await t.http().get('/api/v1/vendor/dashboard').set(bearer(token)).expect(200)).body.data as VendorDashboard;

  beforeAll(async () => {
    t = await startTestApp({ ORDER_COMMISSION_BPS: '1000', ORDER_EXPIRY_INTERVAL_SECONDS: '0' });
    admin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    otherVendor = await signUp(t, { role: 'vendor' });
    buyer = await signUp(t);
    category = await createCategory(t, admin.token, 'Dashboard Kitchen');
  });
  afterAll(async () => {
    try {
      await expectReconciled(t);
    } finally {
      await t.close();
    }
  });

  it("is the signed-in vendor's own: a customer is refused", async () => {
    await t.http().get('/api/v1/vendor/dashboard').set(bearer(buyer.token)).expect(403);
    await t.http().get('/api/v1/vendor/dashboard').expect(401);
    expect(await dashboard(vendor.token)).toEqual({
      sales_today: { orders: 0, amount_minor: 0 },
      sales_week: { orders: 0, amount_minor: 0 },
      to_fulfil: 0,
      pending_earnings_minor: 0,
      available_minor: 0,
      low_stock_threshold: LOW_STOCK_THRESHOLD,
      low_stock: [],
    });
  });

  it('counts paid sales of their lines, orders to fulfil, pending and available earnings and low stock', async () => {
    const kettle = await createProduct(t, vendor.token, category, {
      name: 'Dash Kettle',
      price: 10000,
      stock_quantity: 20,
    });
    const lamp = await createProduct(t, vendor.token, category, { name: 'Dash Lamp', price: 2000, stock_quantity: 3 });
    await createProduct(t, vendor.token, category, { name: 'Dash Mat', price: 500, stock_quantity: 6 });
    await createProduct(t, vendor.token, category, { name: 'Dash Hidden', price: 500, stock_quantity: 1, status: 0 });
    const fan = await createProduct(t, otherVendor.token, category, {
      name: 'Dash Fan',
      price: 30000,
      stock_quantity: 1,
    });

    // A paid order of two kettles (To Ship), a mixed order (their kettle line only counts) and a received lamp.
    await creditWallet(t, admin.token, buyer.user.id, '100000');
    await placeOrder(t, buyer.token, [{ product_id: kettle.id, quantity: 2 }]).expect(201);
    await placeOrder(t, buyer.token, [
      { product_id: kettle.id, quantity: 1 },
      { product_id: fan.id, quantity: 1 },
    ]).expect(201);
    const received = await buyAndReceive(t, admin, buyer, lamp.id, 1);
    expect(received.status).toBe(ORDER_STATUS.TO_REVIEW);
    // An unpaid (bank transfer) order is no sale yet.
    await placeOrder(t, buyer.token, [{ product_id: kettle.id, quantity: 1 }], {
      payment_method: 'bank_transfer',
    }).expect(201);
    await credit(vendor.user.id, '250');

    const figures = await dashboard(vendor.token);
    expect(figures.sales_today).toEqual({ orders: 3, amount_minor: (3 * 10000 + 2000) * 100 });
    expect(figures.sales_week).toEqual(figures.sales_today);
    expect(figures.to_fulfil).toBe(2);
    // The lamp's credit, less 10% commission, is held until the return window ends.
    expect(figures.pending_earnings_minor).toBe(2000 * 100 * 0.9);
    expect(figures.available_minor).toBe(250_00);
    expect(figures.low_stock).toEqual([{ id: lamp.id, name: 'Dash Lamp', stock_quantity: 2 }]);
    // The other vendor sees only their own.
    const other = await dashboard(otherVendor.token);
    expect(other.sales_today).toEqual({ orders: 1, amount_minor: 30000 * 100 });
    expect(other.low_stock).toEqual([{ id: fan.id, name: 'Dash Fan', stock_quantity: 0 }]);
  });

  it("leaves today's and this week's figures once they pass; shipping an order takes it off the orders to fulfil", async () => {
    const orders = t.app.get(OrdersService);
    const later = await orders.vendorFigures(vendor.user.id, new Date(Date.now() + 8 * 86_400_000));
    expect(later).toEqual({ today: { orders: 0, amount_minor: 0 }, week: { orders: 0, amount_minor: 0 }, toFulfil: 2 });
    const shipped = await moveOrder(t, admin.token, (await firstToShip()).id, ORDER_STATUS.TO_RECEIVE);
    expect(shipped.status).toBe(200);
    expect((await dashboard(vendor.token)).to_fulfil).toBe(1);
  });

  it("lists the vendor's statement: each paid line's gross, commission, credit and where the credit stands", async () => {
    await t.http().get('/api/v1/orders/statement').set(bearer(buyer.token)).expect(403);
    const res = await t.http().get('/api/v1/orders/statement?per_page=2').set(bearer(vendor.token)).expect(200);
    expect(res.body.meta).toMatchObject({ total: 3, page: 1, per_page: 2 });
    const page2 = (
      await t.http().get('/api/v1/orders/statement?per_page=2&page=2').set(bearer(vendor.token)).expect(200)
    ).body.data as StatementLine[];
    const lines = [...(res.body.data as StatementLine[]), ...page2];
    // Newest order first; the unpaid bank-transfer order is no sale; the mixed order shows only their kettle line.
    expect(
      lines.map((l) => [
        l.product_name,
        l.quantity,
        l.gross_minor,
        l.commission_minor,
        l.credit_minor,
        l.credit_status,
      ]),
    ).toEqual([
      ['Dash Lamp', 1, 200_000, 20_000, 180_000, 'pending'],
      ['Dash Kettle', 1, 1_000_000, 100_000, 900_000, 'awaiting'],
      ['Dash Kettle', 2, 2_000_000, 200_000, 1_800_000, 'awaiting'],
    ]);
    expect(lines[0].credit_status_label).toBe('Pending');
    expect(Date.parse(lines[0].available_from as string)).toBeGreaterThan(Date.now());
    expect(lines[1].available_from).toBeNull();
    const other = (await t.http().get('/api/v1/orders/statement').set(bearer(otherVendor.token)).expect(200)).body
      .data as StatementLine[];
    expect(other.map((l) => l.product_name)).toEqual(['Dash Fan']);
  });

  async function credit(userId: number, naira: string) {
    await creditWallet(t, admin.token, userId, naira);
  }

  async function firstToShip(): Promise<{ id: number }> {
    const list = (
      await t.http().get(`/api/v1/orders?status=${ORDER_STATUS.TO_SHIP}`).set(bearer(vendor.token)).expect(200)
    ).body.data as { id: number }[];
    return list[0];
  }
});
