import fc from 'fast-check';
import { ORDER_STATUS } from '@jara/contracts';
import { OrdersService } from '../src/modules/orders/orders.service';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { bearer, creditWallet, ledgerDrift, setCargoRates } from './support/money';
import { reconciliationErrors } from './support/reconcile';
import { placeOrder } from './support/orders';
import { signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 21: a model-based test of the money seams. fast-check draws sequences of commands (checkout by wallet, card
 * and transfer; card completion, decline and webhook replays; Proceed and re-Proceed of a parcel's fee; order and
 * delivery moves; an invoice cancel from the Invoices screen; the expiry job; returns; wallet adjustments; and pairs
 * of these run at the same time), runs them against the real API, and after every run checks the money invariants
 * with the reconciliation (balances equal their ledger; a paid invoice has exactly one payment of its amount; a paid
 * order has a paid invoice; no cancelled order or parcel keeps a payable or unrefunded invoice; vendor credits match
 * their lines and returns).
 * Fixed seed and bounded runs: the same sequences every time, on SQLite and on MariaDB.
 */

interface Real {
  t: TestApp;
  paystack: FakePaystack;
  admin: Account;
  vendor: Account;
  buyers: Account[];
  products: number[];
  warehouseId: number;
  titleId: number;
}

interface Model {
  orders: { id: number; buyer: number; invoiceId: number }[];
  deliveries: { id: number; buyer: number }[];
  card: string[];
  fundings: string[];
}

type Cmd = fc.AsyncCommand<Model, Real, false>;

/** Any answer but a 5xx: refusals (409, 422, 404) are part of the game, a server error never is. */
function noServerError(res: { status: number; body: unknown }, what: string): void {
  if (res.status >= 500) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
}
const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

class PlaceOrder implements Cmd {
  constructor(
    readonly buyer: number,
    readonly product: number,
    readonly quantity: number,
    readonly method: 'wallet' | 'card' | 'bank_transfer',
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const buyer = r.buyers[this.buyer % r.buyers.length];
    const res = await placeOrder(
      r.t,
      buyer.token,
      [{ product_id: r.products[this.product % r.products.length], quantity: this.quantity }],
      { payment_method: this.method },
    );
    noServerError(res, 'POST /orders');
    if (res.status !== 201) return;
    const order = res.body.data;
    m.orders.push({ id: order.id, buyer: this.buyer % r.buyers.length, invoiceId: order.invoice?.id });
    if (order.payment?.reference) m.card.push(order.payment.reference);
  }
  toString = () => `order(${this.buyer}, p${this.product} x${this.quantity}, ${this.method})`;
}

class FinishCard implements Cmd {
  constructor(
    readonly index: number,
    readonly outcome: 'success' | 'failed',
    readonly via: 'webhook' | 'replay',
    readonly reportedCents: number | null,
  ) {}
  check = (m: Readonly<Model>) => m.card.length + m.fundings.length > 0;
  async run(m: Model, r: Real) {
    const all = [...m.card, ...m.fundings];
    const reference = pick(all, this.index) as string;
    const tx = r.paystack.transactions.get(reference);
    if (!tx) return;
    if (this.via === 'webhook') {
      if (this.outcome === 'success')
        r.paystack.pay(reference, this.reportedCents === null ? undefined : { amount: this.reportedCents });
      else r.paystack.decline(reference);
    }
    if (tx.status !== 'success') return;
    const { body, signature } = r.paystack.webhook(reference);
    const res = await r.t
      .http()
      .post('/api/v1/webhooks/paystack')
      .set('content-type', 'application/json')
      .set('x-paystack-signature', signature)
      .send(body);
    noServerError(res, 'webhook');
  }
  toString = () =>
    `card(#${this.index}, ${this.outcome}, ${this.via}${this.reportedCents === null ? '' : `, reports ${this.reportedCents}`})`;
}

class PayInvoice implements Cmd {
  constructor(
    readonly index: number,
    readonly of: 'order' | 'delivery',
    readonly method: 'wallet' | 'paystack',
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const target = this.of === 'order' ? pick(m.orders, this.index) : pick(m.deliveries, this.index);
    if (!target) return;
    const buyer = r.buyers[target.buyer];
    let invoiceId: number | undefined;
    if (this.of === 'order') invoiceId = (target as Model['orders'][number]).invoiceId;
    else {
      const d = await r.t.http().get(`/api/v1/trackings/${target.id}`).set(bearer(buyer.token));
      invoiceId = d.body.data?.invoice?.id;
    }
    if (!invoiceId) return;
    const res = await r.t
      .http()
      .post(`/api/v1/invoices/${invoiceId}/pay`)
      .set(bearer(buyer.token))
      .send({ method: this.method });
    noServerError(res, 'POST /invoices/{id}/pay');
    if (res.status === 200 && res.body.data?.reference) m.card.push(res.body.data.reference);
  }
  toString = () => `pay(${this.of} #${this.index}, ${this.method})`;
}

class MoveOrder implements Cmd {
  constructor(
    readonly index: number,
    readonly to: number,
    readonly as: 'admin' | 'buyer' | 'vendor',
    readonly restock = false,
  ) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const order = pick(m.orders, this.index) as Model['orders'][number];
    const token =
      this.as === 'admin' ? r.admin.token : this.as === 'vendor' ? r.vendor.token : r.buyers[order.buyer].token;
    const res = await r.t
      .http()
      .patch(`/api/v1/orders/${order.id}/status`)
      .set(bearer(token))
      .send({ status: this.to, note: 'model', ...(this.restock ? { restock: true } : {}) });
    noServerError(res, 'PATCH /orders/{id}/status');
  }
  toString = () => `move order #${this.index} -> ${this.to} as ${this.as}${this.restock ? ' (restock)' : ''}`;
}

class CancelOrderInvoice implements Cmd {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const order = pick(m.orders, this.index) as Model['orders'][number];
    if (!order.invoiceId) return;
    const res = await r.t.http().post(`/api/v1/invoices/${order.invoiceId}/cancel`).set(bearer(r.admin.token));
    noServerError(res, 'POST /invoices/{id}/cancel');
  }
  toString = () => `cancel the invoice of order #${this.index}`;
}

class Expire implements Cmd {
  check = () => true;
  async run(_m: Model, r: Real) {
    // The job as it runs after every payment window has passed.
    await r.t.app.get(OrdersService).releaseExpired(new Date(Date.now() + 30 * 24 * 3600_000));
  }
  toString = () => 'expiry job';
}

class LateTransfer implements Cmd {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real) {
    const order = pick(m.orders, this.index) as Model['orders'][number];
    const res = await r.t
      .http()
      .post(`/api/v1/orders/${order.id}/late-transfer`)
      .set(bearer(r.admin.token))
      .send({ note: 'model' });
    noServerError(res, 'POST /orders/{id}/late-transfer');
  }
  toString = () => `late transfer of order #${this.index}`;
}

class ReleaseCredits implements Cmd {
  check = () => true;
  async run(_m: Model, r: Real) {
    // The job as it runs after every return window has passed.
    await r.t.app.get(OrdersService).releaseSaleCredits(new Date(Date.now() + 60 * 24 * 3600_000));
  }
  toString = () => 'sale-credit release job';
}

class RequestParcel implements Cmd {
  constructor(
    readonly buyer: number,
    readonly kg: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const buyer = r.buyers[this.buyer % r.buyers.length];
    const res = await r.t.http().post('/api/v1/trackings').set(bearer(buyer.token)).send({
      external_no: 'YT-MODEL-1',
      warehouse_id: r.warehouseId,
      type: 'foreign',
      shipping_type: 'air_cargo',
      from_jara: false,
    });
    noServerError(res, 'POST /trackings');
    if (res.status !== 201) return;
    const id = res.body.data.id as number;
    m.deliveries.push({ id, buyer: this.buyer % r.buyers.length });
    noServerError(
      await r.t.http().patch(`/api/v1/trackings/${id}/status`).set(bearer(r.admin.token)).send({ status: 2 }),
      'arrive',
    );
    noServerError(
      await r.t
        .http()
        .put(`/api/v1/trackings/${id}`)
        .set(bearer(r.admin.token))
        .send({ shipping_type: 'air_cargo', shipping_id: r.titleId, weight: this.kg }),
      'proceed',
    );
  }
  toString = () => `parcel(${this.buyer}, ${this.kg} kg)`;
}

class Reproceed implements Cmd {
  constructor(
    readonly index: number,
    readonly kg: number,
  ) {}
  check = (m: Readonly<Model>) => m.deliveries.length > 0;
  async run(m: Model, r: Real) {
    const d = pick(m.deliveries, this.index) as Model['deliveries'][number];
    const res = await r.t
      .http()
      .put(`/api/v1/trackings/${d.id}`)
      .set(bearer(r.admin.token))
      .send({ shipping_type: 'air_cargo', shipping_id: r.titleId, weight: this.kg });
    noServerError(res, 're-proceed');
  }
  toString = () => `re-proceed parcel #${this.index} at ${this.kg} kg`;
}

class MoveParcel implements Cmd {
  constructor(
    readonly index: number,
    readonly to: number,
  ) {}
  check = (m: Readonly<Model>) => m.deliveries.length > 0;
  async run(m: Model, r: Real) {
    const d = pick(m.deliveries, this.index) as Model['deliveries'][number];
    const res = await r.t
      .http()
      .patch(`/api/v1/trackings/${d.id}/status`)
      .set(bearer(r.admin.token))
      .send({ status: this.to });
    noServerError(res, 'PATCH /trackings/{id}/status');
  }
  toString = () => `move parcel #${this.index} -> ${this.to}`;
}

class Adjust implements Cmd {
  constructor(
    readonly buyer: number,
    readonly direction: 'credit' | 'debit',
    readonly amount: number,
    readonly currency: 'NGN' | 'USD',
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const buyer = r.buyers[this.buyer % r.buyers.length];
    const res = await r.t
      .http()
      .post(`/api/v1/wallets/${buyer.user.id}/adjustments`)
      .set(bearer(r.admin.token))
      .send({ amount: String(this.amount), currency: this.currency, direction: this.direction, reason: 'model' });
    noServerError(res, 'adjustment');
  }
  toString = () => `adjust(${this.buyer}, ${this.direction} ${this.amount} ${this.currency})`;
}

class Fund implements Cmd {
  constructor(
    readonly buyer: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const buyer = r.buyers[this.buyer % r.buyers.length];
    const res = await r.t
      .http()
      .post('/api/v1/wallet/fund')
      .set(bearer(buyer.token))
      .send({ amount: String(this.amount), currency: 'NGN' });
    noServerError(res, 'fund');
    if (res.status === 201) m.fundings.push(res.body.data.reference);
  }
  toString = () => `fund(${this.buyer}, ₦${this.amount})`;
}

/** Two commands at the same time (on MariaDB they really overlap; on SQLite they interleave between statements). */
class Together implements Cmd {
  constructor(
    readonly a: Cmd,
    readonly b: Cmd,
  ) {}
  check = (m: Readonly<Model>) => this.a.check(m) && this.b.check(m);
  async run(m: Model, r: Real) {
    await Promise.all([this.a.run(m, r), this.b.run(m, r)]);
  }
  toString = () => `together(${this.a.toString()} | ${this.b.toString()})`;
}

const small = fc.nat({ max: 50 });
const single: fc.Arbitrary<Cmd>[] = [
  fc
    .tuple(
      fc.nat({ max: 2 }),
      fc.nat({ max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      fc.constantFrom('wallet' as const, 'card' as const, 'bank_transfer' as const),
    )
    .map(([b, p, q, method]) => new PlaceOrder(b, p, q, method)),
  fc
    .tuple(
      small,
      fc.constantFrom('success' as const, 'failed' as const),
      fc.constantFrom('webhook' as const, 'replay' as const),
      fc.option(fc.integer({ min: 1, max: 10_000 }), { freq: 6 }),
    )
    .map(([i, o, via, reported]) => new FinishCard(i, o, via, reported)),
  fc
    .tuple(
      small,
      fc.constantFrom('order' as const, 'delivery' as const),
      fc.constantFrom('wallet' as const, 'paystack' as const),
    )
    .map(([i, of, method]) => new PayInvoice(i, of, method)),
  fc
    .tuple(
      small,
      fc.constantFrom(1, 2, 3, 4, 5),
      fc.constantFrom('admin' as const, 'buyer' as const, 'vendor' as const),
    )
    .map(([i, to, as]) => new MoveOrder(i, to, as)),
  small.map((i) => new MoveOrder(i, 4, 'admin', true)),
  small.map((i) => new LateTransfer(i)),
  fc.constant(new ReleaseCredits()),
  small.map((i) => new CancelOrderInvoice(i)),
  fc.constant(new Expire()),
  fc.tuple(fc.nat({ max: 2 }), fc.integer({ min: 1, max: 120 })).map(([b, kg]) => new RequestParcel(b, kg)),
  fc.tuple(small, fc.integer({ min: 1, max: 120 })).map(([i, kg]) => new Reproceed(i, kg)),
  fc.tuple(small, fc.constantFrom(0, 3, 4, 5, 6, 7, 8)).map(([i, to]) => new MoveParcel(i, to)),
  fc
    .tuple(
      fc.nat({ max: 2 }),
      fc.constantFrom('credit' as const, 'debit' as const),
      fc.integer({ min: 1, max: 200_000 }),
      fc.constantFrom('NGN' as const, 'USD' as const),
    )
    .map(([b, d, a, c]) => new Adjust(b, d, a, c)),
  fc.tuple(fc.nat({ max: 2 }), fc.integer({ min: 100, max: 50_000 })).map(([b, a]) => new Fund(b, a)),
];
const commands = [...single, fc.tuple(fc.oneof(...single), fc.oneof(...single)).map(([a, b]) => new Together(a, b))];

/** Findings the model causes deliberately (a gateway reporting another amount), not a disagreement of the books. */
const INJECTED: string[] = ['payment_mismatch', 'funding_mismatch', 'payment_exception_open'];

describe('Money model: random interleavings of every money flow keep the books straight (e2e)', () => {
  let real: Real;

  beforeAll(async () => {
    const paystack = await startFakePaystack();
    const t = await startTestApp({
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      ORDER_COMMISSION_BPS: '1000',
      ORDER_EXPIRY_INTERVAL_SECONDS: '0',
    });
    const admin = await signUp(t, { role: 'admin' });
    const vendor = await signUp(t, { role: 'vendor' });
    const buyers = [await signUp(t), await signUp(t), await signUp(t)];
    const post = async (path: string, body: object, token = admin.token) => {
      const res = await t.http().post(`/api/v1${path}`).set(bearer(token)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const category = (await post('/categories', { name: 'Model', status: 1 })).id;
    const products: number[] = [];
    for (const [name, price] of [
      ['Model Kettle', 12_500],
      ['Model Fan', 30_000],
      ['Model Rice', 60_000],
      ['Model Oil', 5_000],
    ] as const)
      products.push(
        (
          await post(
            '/products',
            { name, price, stock_quantity: 6, type: 'new', description: 'x', status: 1, category_id: category },
            vendor.token,
          )
        ).id,
      );
    const location = await post('/locations', { name: 'Guangzhou' });
    const warehouse = await post('/warehouses', { name: 'GZ Air', location_id: location.id, type: 'air_cargo' });
    const title = await post('/shippings', { name: 'Flight CAN-LOS', location_id: location.id, type: 'air_cargo' });
    await setCargoRates(t, admin.token);
    for (const buyer of buyers) {
      await creditWallet(t, admin.token, buyer.user.id, '400000');
      await creditWallet(t, admin.token, buyer.user.id, '3000', 'USD');
    }
    real = { t, paystack, admin, vendor, buyers, products, warehouseId: warehouse.id, titleId: title.id };
  });
  afterAll(async () => {
    await real?.t.close();
    await real?.paystack.close();
  });

  it('after every run the ledger, invoices, orders, parcels and vendor credits agree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 18, size: '+1' }), async (cmds) => {
        await fc.asyncModelRun(() => ({ model: { orders: [], deliveries: [], card: [], fundings: [] }, real }), cmds);
        expect(await ledgerDrift(real.t.db)).toEqual([]);
        // The model injects gateway answers for the wrong amount on purpose: those are listed for a person (as they
        // should be) and left out here; every other finding means the books disagree.
        const findings = (await reconciliationErrors(real.t)).filter((f) => !INJECTED.includes(f.code));
        expect(findings).toEqual([]);
      }),
      {
        seed: Number(process.env.MONEY_MODEL_SEED ?? 2121),
        numRuns: Number(process.env.MONEY_MODEL_RUNS ?? 8),
        endOnFailure: true,
      },
    );
    // The runs did move money through every path.
    const [{ n }] = await real.t.db.query(`SELECT COUNT(*) AS n FROM orders WHERE status <> ?`, [ORDER_STATUS.TO_PAY]);
    expect(Number(n)).toBeGreaterThan(0);
  });
});
