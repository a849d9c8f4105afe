import { FULFILMENT_MSG, MSG, ORDER_STATUS, type Order, type OrderLine } from '@jara/contracts';
import { bearer, countRows, creditWallet, notificationTitles } from './support/money';
import { createCategory, createProduct, moveOrder, placeOrder } from './support/orders';
import { signUp, startTestApp, type TestApp } from './support/test-app';
import { expectReconciled } from './support/reconcile';

type Account = Awaited<ReturnType<typeof signUp>>;

// Line-level fulfilment on mixed-seller orders (issue 22, docs/decisions/031-line-fulfilment.md).
describe('Order lines: vendors ready or ship their own lines; the order ships when every line has (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let vendorA: Account;
  let vendorB: Account;
  let buyer: Account;
  let category: number;
  let seq = 0;

  const product = (owner: Account, price = 1000) =>
    createProduct(t, owner.token, category, { name: `Line Product ${++seq}`, price, stock_quantity: 50 });
  const ready = (token: string, id: number, body: object = {}) =>
    t.http().post(`/api/v1/orders/${id}/lines/ready`).set(bearer(token)).send(body);
  const ship = (token: string, id: number, body: object) =>
    t.http().post(`/api/v1/orders/${id}/lines/ship`).set(bearer(token)).send(body);
  const read = async (token: string, id: number) =>
    (await t.http().get(`/api/v1/orders/${id}`).set(bearer(token)).expect(200)).body.data as Order;
  const lineOf = (order: Order, productId: number) => order.items.find((i) => i.product_id === productId) as OrderLine;
  const historyRows = (id: number) =>
    countRows(t.db, 'SELECT COUNT(*) AS n FROM order_status_changes WHERE order_id = ?', [id]);
  const lineEvents = (id: number) =>
    countRows(t.db, "SELECT COUNT(*) AS n FROM outbox_events WHERE event = 'order.lines_changed' AND payload LIKE ?", [
      `%"orderId":${id},%`,
    ]);

  /** A paid (To Ship) order of the buyer with one line of each of vendor A, vendor B (and the products' ids). */
  async function mixedOrder(method: 'wallet' | 'bank_transfer' = 'wallet') {
    const a = await product(vendorA);
    const b = await product(vendorB);
    if (method === 'wallet') await creditWallet(t, admin.token, buyer.user.id, '3000');
    const res = await placeOrder(
      t,
      buyer.token,
      [
        { product_id: a.id, quantity: 2 },
        { product_id: b.id, quantity: 1 },
      ],
      { payment_method: method },
    ).expect(201);
    return { order: res.body.data as Order, a: a.id, b: b.id };
  }

  beforeAll(async () => {
    t = await startTestApp({ ORDER_COMMISSION_BPS: '1000', ORDER_EXPIRY_INTERVAL_SECONDS: '0' });
    admin = await signUp(t, { role: 'admin' });
    vendorA = await signUp(t, { role: 'vendor' });
    vendorB = await signUp(t, { role: 'vendor' });
    buyer = await signUp(t);
    category = await createCategory(t, admin.token, 'Line Things');
  });
  afterAll(async () => {
    try {
      await expectReconciled(t);
    } finally {
      await t.close();
    }
  });

  it('vendor A readies their lines, vendor B ships theirs; the order ships only when every line is done', async () => {
    const { order, a, b } = await mixedOrder();
    expect(order.status).toBe(ORDER_STATUS.TO_SHIP);
    expect(order.items.map((i) => [i.fulfilment, i.fulfilment_label])).toEqual([
      ['pending', 'Awaiting shipment'],
      ['pending', 'Awaiting shipment'],
    ]);

    // Vendor A: Ready for pickup (Jara collects). The order stays To Ship: B's line is still pending.
    const afterA = (await ready(vendorA.token, order.id).expect(200)).body.data as Order;
    expect(afterA.status).toBe(ORDER_STATUS.TO_SHIP);
    // A vendor still sees only their own lines.
    expect(afterA.items.map((i) => i.product_id)).toEqual([a]);
    expect(afterA.items[0]).toMatchObject({
      fulfilment: 'ready_for_pickup',
      fulfilment_label: 'Ready for pickup',
      ready_at: expect.any(String),
      courier: null,
    });

    // Vendor B ships with a courier (trimmed). Still To Ship: A's line waits for Jara to collect and ship it.
    const afterB = (
      await ship(vendorB.token, order.id, { courier: '  GIG Logistics ', tracking_no: ' GIG-4471203 ' }).expect(200)
    ).body.data as Order;
    expect(afterB.status).toBe(ORDER_STATUS.TO_SHIP);
    expect(afterB.items.map((i) => i.product_id)).toEqual([b]);
    expect(afterB.items[0]).toMatchObject({
      fulfilment: 'shipped',
      courier: 'GIG Logistics',
      tracking_no: 'GIG-4471203',
      shipped_at: expect.any(String),
    });

    // The buyer sees each line's progress (and no commission).
    const asBuyer = await read(buyer.token, order.id);
    expect(lineOf(asBuyer, a)).toMatchObject({ fulfilment: 'ready_for_pickup' });
    expect(lineOf(asBuyer, b)).toMatchObject({ fulfilment: 'shipped', courier: 'GIG Logistics' });
    expect(lineOf(asBuyer, b)).not.toHaveProperty('commission_minor');
    // The buyer was told, with a link to the order; the admins are told to collect A's line.
    const links = (await t.db.query('SELECT title, message, link FROM notifications WHERE user_id = ?', [
      buyer.user.id,
    ])) as { title: string; message: string; link: string }[];
    const shippedNote = links.find((n) => n.message.includes('shipped by GIG Logistics'));
    expect(shippedNote).toMatchObject({ title: FULFILMENT_MSG.changedTitle, link: `/order-summary?id=${order.id}` });
    expect(links.some((n) => n.message.includes('ready for pickup'))).toBe(true);
    expect(await notificationTitles(t.db, admin.user.id)).toContain(FULFILMENT_MSG.collectTitle);
    expect(await lineEvents(order.id)).toBe(2);

    // Jara collected A's lines and ships them (the admin's "Collected & Shipped"): every line is done, so the order
    // moves to To Receive through the lifecycle's handler (its history entry and its order.status_changed event).
    const aLine = lineOf(await read(admin.token, order.id), a);
    const done = (
      await ship(admin.token, order.id, {
        courier: 'Jara Logistics',
        tracking_no: 'JL-000123',
        line_ids: [aLine.id],
      }).expect(200)
    ).body.data as Order;
    expect(done.status).toBe(ORDER_STATUS.TO_RECEIVE);
    expect(done.shipped_at).toEqual(expect.any(String));
    expect(done.items.map((i) => i.fulfilment)).toEqual(['shipped', 'shipped']);
    expect(lineOf(done, a)).toMatchObject({ courier: 'Jara Logistics', tracking_no: 'JL-000123' });
    const steps = (done.history ?? []).map((h) => [h.from_status, h.to_status, h.actor?.role ?? 'system']);
    expect(steps).toEqual([
      [null, 0, 'buyer'],
      [0, 1, 'buyer'],
      [1, 1, 'vendor'],
      [1, 1, 'vendor'],
      [1, 1, 'admin'],
      [1, 2, 'admin'],
    ]);
    expect(done.history?.[2].note).toContain('Ready for pickup');
    expect(done.history?.[3].note).toContain('Shipped by GIG Logistics · GIG-4471203');
    expect(
      await countRows(
        t.db,
        "SELECT COUNT(*) AS n FROM outbox_events WHERE event = 'order.status_changed' AND payload LIKE ? AND payload LIKE '%\"to\":2%'",
        [`%"orderId":${order.id},%`],
      ),
    ).toBe(1);
    expect(await notificationTitles(t.db, buyer.user.id)).toContain(MSG.orders.changedTitle);
    // The vendors' order list rows moved with the order.
    expect(
      await countRows(t.db, 'SELECT COUNT(*) AS n FROM order_vendors WHERE order_id = ? AND status = 2', [order.id]),
    ).toBe(2);

    // Not at To Ship any more: a line change is refused (409); the buyer's receipt delivers every line.
    expect((await ready(vendorA.token, order.id).expect(409)).body.message).toBe(FULFILMENT_MSG.alreadyShipped);
    expect(
      (await ship(vendorA.token, order.id, { courier: 'Other Courier', tracking_no: 'OC-1' + '23' }).expect(409)).body
        .message,
    ).toBe(FULFILMENT_MSG.alreadyShipped);
    const received = (await moveOrder(t, buyer.token, order.id, ORDER_STATUS.TO_REVIEW).expect(200)).body.data as Order;
    expect(received.items.map((i) => i.fulfilment)).toEqual(['delivered', 'delivered']);
  });

  it('the last vendor to ship moves the order; the whole-order Mark as Shipped ships the open lines too', async () => {
    const { order, a } = await mixedOrder();
    await ship(vendorA.token, order.id, { courier: 'DHL', tracking_no: 'DHL123' }).expect(200);
    const last = (await ship(vendorB.token, order.id, { courier: 'Kwik', tracking_no: 'KWK-9' }).expect(200)).body
      .data as Order;
    expect(last.status).toBe(ORDER_STATUS.TO_RECEIVE);
    const history = (await read(admin.token, order.id)).history ?? [];
    expect(history[history.length - 1]).toMatchObject({ from_status: 1, to_status: 2, actor: { role: 'vendor' } });

    // An admin's Mark as Shipped (the whole order) ships the lines nobody shipped on their own.
    const other = await mixedOrder();
    await ready(vendorA.token, other.order.id).expect(200);
    const moved = (await moveOrder(t, admin.token, other.order.id, ORDER_STATUS.TO_RECEIVE).expect(200)).body
      .data as Order;
    expect(moved.items.map((i) => [i.fulfilment, i.courier])).toEqual([
      ['shipped', null],
      ['shipped', null],
    ]);
    expect(lineOf(moved, other.a).ready_at).toEqual(expect.any(String));
    void a;
  });

  it("refuses another vendor's order or line (404), the buyer (403), bad input (422) and an unpaid order (409)", async () => {
    const { order, a, b } = await mixedOrder();
    const outsider = await signUp(t, { role: 'vendor' });
    const stranger = await signUp(t);
    const before = await historyRows(order.id);
    // A vendor with no line in the order: 404, as for reading it.
    await ready(outsider.token, order.id).expect(404);
    await ship(outsider.token, order.id, { courier: 'GIG', tracking_no: 'GIG-1' }).expect(404);
    // Vendor A names vendor B's line: 404, nothing changes.
    const bLine = lineOf(await read(admin.token, order.id), b);
    await ready(vendorA.token, order.id, { line_ids: [bLine.id] }).expect(404);
    await ship(vendorA.token, order.id, { courier: 'GIG', tracking_no: 'GIG-1', line_ids: [bLine.id] }).expect(404);
    // The buyer and another customer: 403 (the role guard; fulfilling is not a buyer's move).
    await ready(buyer.token, order.id).expect(403);
    await ship(buyer.token, order.id, { courier: 'GIG', tracking_no: 'GIG-1' }).expect(403);
    await ready(stranger.token, order.id).expect(403);
    // Unknown order: 404.
    await ready(vendorA.token, 987654321).expect(404);

    // Bad input: 422 with field errors, never a 500.
    const bad = async (body: object, field: string) => {
      const res = await ship(vendorA.token, order.id, body).expect(422);
      expect(res.body.errors[field]?.[0]).toEqual(expect.any(String));
      return res.body.errors[field][0] as string;
    };
    expect(await bad({ tracking_no: 'GIG-1' }, 'courier')).toBe(FULFILMENT_MSG.courierInvalid);
    expect(await bad({ courier: ' G ', tracking_no: 'GIG-1' }, 'courier')).toBe(FULFILMENT_MSG.courierInvalid);
    await bad({ courier: 'x'.repeat(61), tracking_no: 'GIG-1' }, 'courier');
    expect(await bad({ courier: 'GIG', tracking_no: '  12 ' }, 'tracking_no')).toBe(FULFILMENT_MSG.trackingInvalid);
    await bad({ courier: 'GIG', tracking_no: '1'.repeat(41) }, 'tracking_no');
    await bad({ courier: 42, tracking_no: ['GIG-1'] }, 'courier');
    await bad({ courier: 'GIG', tracking_no: 'GIG-1', line_ids: [1e21] }, 'line_ids');
    await bad({ courier: 'GIG', tracking_no: 'GIG-1', line_ids: 'all' }, 'line_ids');
    await bad({ courier: 'GIG', tracking_no: 'GIG-1', line_ids: [] }, 'line_ids');
    const aLine = lineOf(await read(admin.token, order.id), a);
    await bad({ courier: 'GIG', tracking_no: 'GIG-1', line_ids: [aLine.id, aLine.id] }, 'line_ids');
    await ready(vendorA.token, order.id, { line_ids: ['x'] }).expect(422);
    expect(await historyRows(order.id)).toBe(before);
    expect((await read(admin.token, order.id)).items.map((i) => i.fulfilment)).toEqual(['pending', 'pending']);

    // An order not at To Ship (unpaid): 409, nothing written.
    const unpaid = await mixedOrder('bank_transfer');
    expect(unpaid.order.status).toBe(ORDER_STATUS.TO_PAY);
    expect((await ready(vendorA.token, unpaid.order.id).expect(409)).body.message).toBe(FULFILMENT_MSG.notToShip);
    await ship(vendorB.token, unpaid.order.id, { courier: 'GIG', tracking_no: 'GIG-1' }).expect(409);
    expect(await lineEvents(unpaid.order.id)).toBe(0);
    // Cancelled: 409 as well.
    await moveOrder(t, buyer.token, unpaid.order.id, ORDER_STATUS.CANCELLED).expect(200);
    await ready(admin.token, unpaid.order.id).expect(409);
  });

  it('a replay, even two at once, is one change, one history entry and one event', async () => {
    const { order } = await mixedOrder();
    const before = await historyRows(order.id);
    const twice = await Promise.all([ready(vendorA.token, order.id), ready(vendorA.token, order.id)]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(await historyRows(order.id)).toBe(before + 1);
    expect(await lineEvents(order.id)).toBe(1);
    // And a replay later: 200, nothing new.
    await ready(vendorA.token, order.id).expect(200);
    expect(await historyRows(order.id)).toBe(before + 1);

    const body = { courier: 'GIG Logistics', tracking_no: 'GIG-777' };
    const shipped = await Promise.all([ship(vendorB.token, order.id, body), ship(vendorB.token, order.id, body)]);
    expect(shipped.map((r) => r.status)).toEqual([200, 200]);
    expect(await historyRows(order.id)).toBe(before + 2);
    expect(await lineEvents(order.id)).toBe(2);
    // The same lines "shipped" again by another courier is not a replay: 409.
    await ship(vendorB.token, order.id, { courier: 'DHL', tracking_no: 'DHL-1' }).expect(409);

    // Two sellers shipping their last lines at once: the order moves once.
    const both = await mixedOrder();
    const moved = await Promise.all([
      ship(vendorA.token, both.order.id, { courier: 'DHL', tracking_no: 'DHL-2' }),
      ship(vendorB.token, both.order.id, { courier: 'GIG', tracking_no: 'GIG-2' }),
    ]);
    expect(moved.map((r) => r.status)).toEqual([200, 200]);
    const final = await read(admin.token, both.order.id);
    expect(final.status).toBe(ORDER_STATUS.TO_RECEIVE);
    expect((final.history ?? []).filter((h) => h.from_status === 1 && h.to_status === 2)).toHaveLength(1);
  });
});
