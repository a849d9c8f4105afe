import { JwtService } from '@nestjs/jwt';
import { randomBytes } from 'node:crypto';
import {
  DELIVERY_TRANSITIONS,
  MSG,
  ORDER_STATUS,
  type Delivery,
  type DeliveryStatus,
  type Invoice,
  type ShippingTitle,
  type Warehouse,
} from '@jara/contracts';
import { User } from '../../src/modules/users/user.entity';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack';
import { balances, bearer, countRows, creditWallet, ledgerDrift, notificationTitles } from '../support/money';
import { placeOrder } from '../support/orders';
import { expectReconciled } from '../support/reconcile';
import { captureStatements, isMysqlDb } from '../support/query-plan';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

type Account = { token: string; user: { id: number } };
type Answer = { status: number; body: Record<string, unknown> & { message?: string; data?: Record<string, unknown> } };

/**
 * Concurrency on the real database: every burst is real HTTP requests in flight at the same time against the app
 * (SQLite serialises the writes; on MariaDB/MySQL — npm run test:mysql — they truly run side by side in the pool).
 * Each test asserts the end state in SQL: stock, balances against their ledger, history chains.
 */
describe('Concurrency: oversell, wallet debits, idempotency keys, webhooks, delivery moves (e2e)', () => {
  let t: TestApp;
  let paystack: FakePaystack;
  let admin: Account;
  let otherAdmin: Account;
  let vendor: Account;
  let category: number;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    t = await startTestApp({
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      STOREFRONT_URL: 'http://shop.test',
      ORDER_EXPIRY_INTERVAL_SECONDS: '0',
    });
    admin = await signUp(t, { role: 'admin' });
    otherAdmin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    category = (await post('/categories', { name: 'Flash deals', status: 1 }).expect(201)).body.data.id;
  });
  afterAll(async () => {
    try {
      // Whatever raced above, the books agree at the end (issue 21's reconciliation).
      if (t) await expectReconciled(t);
    } finally {
      await t?.close();
      await paystack?.close();
    }
  });

  function post(path: string, body: object, token = admin.token) {
    return t.http().post(`/api/v1${path}`).set(bearer(token)).send(body);
  }
  const patch = (path: string, body: object, token = admin.token) =>
    t.http().patch(`/api/v1${path}`).set(bearer(token)).send(body);
  const put = (path: string, body: object, token = admin.token) =>
    t.http().put(`/api/v1${path}`).set(bearer(token)).send(body);
  const webhook = (body: string, signature: string) =>
    t
      .http()
      .post('/api/v1/webhooks/paystack')
      .set('Content-Type', 'application/json')
      .set('x-paystack-signature', signature)
      .send(body);
  const statuses = (answers: Answer[]) => answers.map((a) => a.status);
  const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

  /**
   * Verified customers written straight to the table with a token each (the sign-up flow is covered elsewhere; 100
   * sign-ups through bcrypt would dominate the run time). The token is the one the API issues: HS256, sub, role, ver.
   */
  async function customers(n: number): Promise<Account[]> {
    const jwt = t.app.get(JwtService, { strict: false });
    const repo = t.db.getRepository(User);
    const out: Account[] = [];
    for (let i = 0; i < n; i++) {
      const email = `race-${randomBytes(5).toString('hex')}@example.com`;
      await repo.insert({ email, role: 'customer', status: '1', email_verified_at: new Date(), email_updates: 0 });
      const row = await repo.findOneByOrFail({ email });
      const token = await jwt.signAsync(
        { sub: row.id, role: row.role, ver: row.token_version },
        { expiresIn: '1h', algorithm: 'HS256' },
      );
      out.push({ token, user: { id: row.id } });
    }
    return out;
  }

  async function product(fields: Record<string, unknown>): Promise<{ id: number; name: string }> {
    const res = await post(
      '/products',
      { type: 'new', description: 'Good', status: 1, category_id: category, ...fields },
      vendor.token,
    );
    if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; name: string };
  }
  const stockOf = async (id: number) => countRows(t.db, 'SELECT stock_quantity AS n FROM products WHERE id = ?', [id]);

  /** Runs `burst` while sampling `probe` as fast as the database answers: the burst's answers and the lowest sample. */
  async function watching<T>(
    probe: () => Promise<number>,
    burst: () => Promise<T>,
  ): Promise<{ result: T; lowest: number }> {
    let done = false;
    let lowest = Number.POSITIVE_INFINITY;
    const sampler = (async () => {
      while (!done) {
        lowest = Math.min(lowest, await probe());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      return { result: await burst(), lowest };
    } finally {
      done = true;
      await sampler;
      lowest = Math.min(lowest, await probe());
    }
  }

  describe('stock', () => {
    it('100 distinct buyers order the last 10 units at once, 20 times: exactly 10 orders each time, stock 0, ledger agrees', async () => {
      const buyers = await customers(100);
      for (let i = 0; i < buyers.length; i += 20)
        await Promise.all(buyers.slice(i, i + 20).map((b) => creditWallet(t, admin.token, b.user.id, '1000000')));
      for (let round = 0; round < 20; round++) {
        const name = `Flash Deal ${round}`;
        const hot = await product({ name, price: 9999, stock_quantity: 10 });
        const { result: answers, lowest } = await watching(
          () => stockOf(hot.id),
          () =>
            Promise.all(
              buyers.map(
                (b, i) =>
                  placeOrder(t, b.token, [{ product_id: hot.id, quantity: 1 }], {
                    payment_method: i % 2 ? 'wallet' : 'bank_transfer',
                  }) as unknown as Promise<Answer>,
              ),
            ),
        );
        const context = `round ${round}: ${JSON.stringify(statuses(answers).filter((s) => s !== 201 && s !== 409))}`;
        expect([context, count(answers, 201), count(answers, 409)]).toEqual([context, 10, 90]);
        for (const refused of answers.filter((a) => a.status === 409))
          expect([MSG.orders.outOfStock, MSG.orders.onlyLeft(name, 0)]).toContain(refused.body.message);
        expect(lowest).toBeGreaterThanOrEqual(0);
        expect(await stockOf(hot.id)).toBe(0);
        // The order rows: 10 orders of one unit each, the ones answered 201 and no others.
        const rows: Array<{ id: unknown; status: unknown; method: string; invoice_id: unknown; total: unknown }> =
          await t.db.query(
            `SELECT o.id AS id, o.status AS status, o.payment_method AS method, o.invoice_id AS invoice_id,
                    o.total_minor AS total
               FROM orders o JOIN order_items i ON i.order_id = o.id
              WHERE i.product_id = ? AND i.quantity = 1 ORDER BY o.id`,
            [hot.id],
          );
        const placed = answers.filter((a) => a.status === 201).map((a) => Number(a.body.data?.id));
        expect(rows.map((r) => Number(r.id))).toEqual([...placed].sort((a, b) => a - b));
        // The ledger: one debit of the exact total per wallet order, none for a bank transfer; the invoices agree.
        for (const row of rows) {
          const debits: Array<{ amount: unknown; status: string }> = await t.db.query(
            `SELECT amount_minor AS amount, status FROM wallet_ledger WHERE invoice_id = ? AND direction = 'debit'`,
            [row.invoice_id],
          );
          const [invoice] = await t.db.query('SELECT status FROM invoices WHERE id = ?', [row.invoice_id]);
          if (row.method === 'wallet') {
            expect(debits.map((d) => [Number(d.amount), d.status])).toEqual([[999_900, 'completed']]);
            expect([Number(row.status), invoice.status]).toEqual([ORDER_STATUS.TO_SHIP, 'paid']);
          } else {
            expect(debits).toEqual([]);
            expect([Number(row.status), invoice.status]).toEqual([ORDER_STATUS.TO_PAY, 'pending']);
          }
          expect(Number(row.total)).toBe(999_900);
        }
      }
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM products WHERE stock_quantity < 0')).toBe(0);
      expect(await ledgerDrift(t.db)).toEqual([]);
    }, 300_000);

    it('carts naming the same two products in opposite orders, 40 at once: no deadlock, exactly 10 orders, both stocks 0', async () => {
      const buyers = await customers(40);
      await Promise.all(buyers.map((b) => creditWallet(t, admin.token, b.user.id, '1000')));
      const a = await product({ name: 'Cart Race A', price: 10, stock_quantity: 10 });
      const b = await product({ name: 'Cart Race B', price: 20, stock_quantity: 10 });
      const answers = (await Promise.all(
        buyers.map((buyer, i) =>
          placeOrder(
            t,
            buyer.token,
            i % 2
              ? [
                  { product_id: a.id, quantity: 1 },
                  { product_id: b.id, quantity: 1 },
                ]
              : [
                  { product_id: b.id, quantity: 1 },
                  { product_id: a.id, quantity: 1 },
                ],
          ),
        ),
      )) as unknown as Answer[];
      expect([count(answers, 201), count(answers, 409)]).toEqual([10, 30]);
      expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([0, 0]);
      expect(
        await countRows(t.db, 'SELECT COUNT(DISTINCT order_id) AS n FROM order_items WHERE product_id IN (?, ?)', [
          a.id,
          b.id,
        ]),
      ).toBe(10);
      expect(await ledgerDrift(t.db)).toEqual([]);
    });
  });

  describe('wallet', () => {
    it("30 users' first credits at once (each creates the wallet): every one lands, no deadlock, no 500", async () => {
      const users = await customers(30);
      const answers = (await Promise.all(
        users.map((u, i) =>
          post(`/wallets/${u.user.id}/adjustments`, {
            amount: String(100 + i),
            currency: i % 3 ? 'NGN' : 'USD',
            direction: 'credit',
            reason: 'Welcome bonus',
          }),
        ),
      )) as unknown as Answer[];
      expect(statuses(answers)).toEqual(Array(30).fill(201));
      for (const [i, u] of users.entries())
        expect(await balances(t.db, u.user.id)).toEqual(
          i % 3 ? { ngn: (100 + i) * 100, usd: 0 } : { ngn: 0, usd: (100 + i) * 100 },
        );
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    it('50 debits at once on one wallet (invoices, orders, admin debits) that covers 10: balance never below 0, equal to its ledger', async () => {
      const [buyer] = await customers(1);
      await creditWallet(t, admin.token, buyer.user.id, '10000');
      const invoices: Invoice[] = [];
      for (let i = 0; i < 20; i++)
        invoices.push(
          (
            await post('/invoices', {
              user_id: buyer.user.id,
              amount: '1000',
              currency: 'NGN',
              description: `Parcel ${i}`,
            }).expect(201)
          ).body.data as Invoice,
        );
      const kettle = await product({ name: 'Wallet Race Kettle', price: 1000, stock_quantity: 100 });
      const burst: Array<() => Promise<Answer>> = [
        ...invoices.map(
          (invoice) => () =>
            post(`/invoices/${invoice.id}/pay`, { method: 'wallet' }, buyer.token) as unknown as Promise<Answer>,
        ),
        ...Array.from(
          { length: 15 },
          () => () =>
            placeOrder(t, buyer.token, [{ product_id: kettle.id, quantity: 1 }]) as unknown as Promise<Answer>,
        ),
        ...Array.from(
          { length: 15 },
          (_, i) => () =>
            post(`/wallets/${buyer.user.id}/adjustments`, {
              amount: '1000',
              currency: 'NGN',
              direction: 'debit',
              reason: `Race debit ${i}`,
            }) as unknown as Promise<Answer>,
        ),
      ];
      let answers: Answer[] = [];
      let lowest = Number.POSITIVE_INFINITY;
      const statements = await captureStatements(t.db, async () => {
        ({ result: answers, lowest } = await watching(
          async () => (await balances(t.db, buyer.user.id)).ngn,
          () => Promise.all(burst.map((send) => send())),
        ));
      });
      // SQLite shares one connection: the 40 refusals happen in their turn before BEGIN, so nothing was rolled back
      // (a rollback there would also undo other requests' writes made meanwhile). MySQL/MariaDB roll each one back.
      const rollbacks = statements.filter((st) => /^\s*ROLLBACK/i.test(st.sql)).length;
      expect(statements.filter((st) => /^\s*(BEGIN|START TRANSACTION)/i.test(st.sql)).length).toBeGreaterThanOrEqual(
        10,
      );
      if (isMysqlDb(t.db)) expect(rollbacks).toBeGreaterThanOrEqual(40);
      else expect(rollbacks).toBe(0);
      const won = answers.filter((a) => a.status === 200 || a.status === 201);
      const short = answers.filter((a) => a.status === 422);
      expect([won.length, short.length, statuses(answers).filter((s) => ![200, 201, 422].includes(s))]).toEqual([
        10,
        40,
        [],
      ]);
      for (const a of short) expect(a.body.message).toBe(MSG.money.insufficientBalance);
      expect(lowest).toBeGreaterThanOrEqual(0);
      expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 0, usd: 0 });
      const [sum] = await t.db.query(
        `SELECT COALESCE(SUM(CASE WHEN direction = 'credit' THEN amount_minor ELSE -amount_minor END), 0) AS total,
                SUM(CASE WHEN direction = 'debit' THEN 1 ELSE 0 END) AS debits
           FROM wallet_ledger WHERE user_id = ? AND status = 'completed'`,
        [buyer.user.id],
      );
      expect([Number(sum.total), Number(sum.debits)]).toEqual([0, 10]);
      // What the answers say happened is what the rows say: paid invoices, placed orders, stock taken.
      const paidInvoices = await countRows(
        t.db,
        `SELECT COUNT(*) AS n FROM invoices WHERE user_id = ? AND type = 'manual' AND status = 'paid'`,
        [buyer.user.id],
      );
      const orders = answers.slice(20, 35).filter((a) => a.status === 201).length;
      expect(paidInvoices).toBe(answers.slice(0, 20).filter((a) => a.status === 200).length);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [buyer.user.id])).toBe(orders);
      expect(await stockOf(kettle.id)).toBe(100 - orders);
      expect(await ledgerDrift(t.db)).toEqual([]);
    }, 60_000);
  });

  describe('Idempotency-Key replayed 10 times at once', () => {
    /** Every answer the same (or the documented 409 for a duplicate still in flight), at least one success. */
    function sameAnswer(answers: Answer[], success: number): Answer {
      const ok = answers.filter((a) => a.status === success);
      const inFlight = answers.filter((a) => a.status === 409);
      for (const a of inFlight) expect(a.body.message).toBe(MSG.money.idempotencyInProgress);
      expect(ok.length + inFlight.length).toBe(answers.length);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((a) => JSON.stringify(a.body))).size).toBe(1);
      return ok[0];
    }
    const times = <T>(n: number, send: () => T) => Promise.all(Array.from({ length: n }, send));

    it('POST /orders (wallet and bank transfer): one order, one stock take, one debit', async () => {
      const [buyer] = await customers(1);
      await creditWallet(t, admin.token, buyer.user.id, '100');
      const lamp = await product({ name: 'Idempotent Lamp', price: 20, stock_quantity: 10 });
      const key = `order-${randomBytes(6).toString('hex')}`;
      const first = sameAnswer(
        (await times(10, () =>
          placeOrder(t, buyer.token, [{ product_id: lamp.id, quantity: 2 }], {}, key),
        )) as Answer[],
        201,
      );
      expect(first.body.data).toMatchObject({ status: ORDER_STATUS.TO_SHIP, invoice: { status: 'paid' } });
      expect(await stockOf(lamp.id)).toBe(8);
      expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 10_000 - 4_000, usd: 0 });
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [buyer.user.id])).toBe(1);
      expect(
        await countRows(t.db, `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ? AND direction = 'debit'`, [
          buyer.user.id,
        ]),
      ).toBe(1);

      const transferKey = `transfer-${randomBytes(6).toString('hex')}`;
      const transfer = sameAnswer(
        (await times(10, () =>
          placeOrder(
            t,
            buyer.token,
            [{ product_id: lamp.id, quantity: 1 }],
            { payment_method: 'bank_transfer' },
            transferKey,
          ),
        )) as Answer[],
        201,
      );
      expect(transfer.body.data).toMatchObject({ status: ORDER_STATUS.TO_PAY, bank_transfer: expect.any(Object) });
      expect(await stockOf(lamp.id)).toBe(7);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [buyer.user.id])).toBe(2);
      expect(
        await countRows(t.db, 'SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = ?', [buyer.user.id]),
      ).toBe(2);
    });

    it('POST /orders the wallet cannot cover: every replay gets the same 422, nothing is written, the key stays free', async () => {
      const [buyer] = await customers(1);
      await creditWallet(t, admin.token, buyer.user.id, '10');
      const vase = await product({ name: 'Idempotent Vase', price: 50, stock_quantity: 5 });
      const key = `short-${randomBytes(6).toString('hex')}`;
      const answers = (await times(10, () =>
        placeOrder(t, buyer.token, [{ product_id: vase.id, quantity: 1 }], {}, key),
      )) as Answer[];
      expect(statuses(answers)).toEqual(Array(10).fill(422));
      for (const a of answers) expect(a.body.message).toBe(MSG.money.insufficientBalance);
      expect(await stockOf(vase.id)).toBe(5);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [buyer.user.id])).toBe(0);
      expect(
        await countRows(t.db, 'SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = ?', [buyer.user.id]),
      ).toBe(0);
      await creditWallet(t, admin.token, buyer.user.id, '40');
      await placeOrder(t, buyer.token, [{ product_id: vase.id, quantity: 1 }], {}, key).expect(201);
      expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 0, usd: 0 });
    });

    it('POST /invoices/{id}/pay by wallet and by card: paid once, one debit, one gateway transaction', async () => {
      const [buyer] = await customers(1);
      await creditWallet(t, admin.token, buyer.user.id, '5000');
      const raise = async (amount: string) =>
        (
          await post('/invoices', { user_id: buyer.user.id, amount, currency: 'NGN', description: 'Storage' }).expect(
            201,
          )
        ).body.data as Invoice;
      const pay = (id: number, method: string, key: string) =>
        t
          .http()
          .post(`/api/v1/invoices/${id}/pay`)
          .set(bearer(buyer.token))
          .set('Idempotency-Key', key)
          .send({ method }) as unknown as Promise<Answer>;
      const invoice = await raise('1000');
      const paid = sameAnswer(await times(10, () => pay(invoice.id, 'wallet', 'pay-once-1')), 200);
      expect(paid.body.data).toMatchObject({ id: invoice.id, status: 'paid' });
      expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 400_000, usd: 0 });
      expect(
        await countRows(t.db, `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ? AND direction = 'debit'`, [
          buyer.user.id,
        ]),
      ).toBe(1);
      expect(
        (await notificationTitles(t.db, buyer.user.id)).filter((n) => n === MSG.money.invoicePaidTitle),
      ).toHaveLength(1);

      const card = await raise('250');
      const initialized = paystack.calls.initialize;
      const started = sameAnswer(await times(10, () => pay(card.id, 'paystack', 'card-once-1')), 200);
      expect(started.body.data).toMatchObject({ reference: expect.stringMatching(/^ipay-/) });
      expect(paystack.calls.initialize - initialized).toBe(1);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM invoice_payments WHERE invoice_id = ?', [card.id])).toBe(
        1,
      );
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    it('POST /wallets/{id}/adjustments: one entry, one balance change', async () => {
      const [buyer] = await customers(1);
      const body = { amount: '7', currency: 'USD', direction: 'credit', reason: 'Promo' };
      const first = sameAnswer(
        (await times(10, () =>
          t
            .http()
            .post(`/api/v1/wallets/${buyer.user.id}/adjustments`)
            .set(bearer(admin.token))
            .set('Idempotency-Key', 'adj-once-1')
            .send(body),
        )) as Answer[],
        201,
      );
      expect(first.body.data).toMatchObject({ direction: 'credit', status: 'completed' });
      expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 0, usd: 700 });
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ?', [buyer.user.id])).toBe(
        1,
      );
    });
  });

  describe('Paystack webhook delivered 10 times at once (valid signature)', () => {
    it('a wallet funding is credited once: one completed entry, one notification', async () => {
      const [buyer] = await customers(1);
      const start = await post('/wallet/fund', { amount: '2500', currency: 'NGN' }, buyer.token).expect(201);
      const reference = start.body.data.reference as string;
      paystack.pay(reference);
      const { body, signature } = paystack.webhook(reference);
      const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(body, signature)));
      expect(statuses(answers as unknown as Answer[])).toEqual(Array(10).fill(200));
      expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 250_000, usd: 0 });
      const entries: Array<{ status: string; amount: unknown }> = await t.db.query(
        'SELECT status, amount_minor AS amount FROM wallet_ledger WHERE user_id = ?',
        [buyer.user.id],
      );
      expect(entries.map((e) => [e.status, Number(e.amount)])).toEqual([['completed', 250_000]]);
      expect((await notificationTitles(t.db, buyer.user.id)).filter((n) => n === MSG.money.fundedTitle)).toHaveLength(
        1,
      );
      expect(await ledgerDrift(t.db)).toEqual([]);
    });

    it('an invoice card payment settles once, also racing the browser verify: paid, no ledger entry, one notification', async () => {
      const [buyer] = await customers(1);
      const invoice = (
        await post('/invoices', { user_id: buyer.user.id, amount: '120', currency: 'NGN', description: 'Duty' }).expect(
          201,
        )
      ).body.data as Invoice;
      const { reference } = (await post(`/invoices/${invoice.id}/pay`, { method: 'paystack' }, buyer.token).expect(200))
        .body.data as { reference: string };
      paystack.pay(reference);
      const { body, signature } = paystack.webhook(reference);
      const answers = (await Promise.all([
        ...Array.from({ length: 10 }, () => webhook(body, signature)),
        ...Array.from({ length: 3 }, () =>
          t.http().get(`/api/v1/invoices/${invoice.id}/verify?reference=${reference}`).set(bearer(buyer.token)),
        ),
      ])) as unknown as Answer[];
      expect(statuses(answers)).toEqual(Array(13).fill(200));
      const [row] = await t.db.query('SELECT status, payment_method FROM invoices WHERE id = ?', [invoice.id]);
      expect(row).toEqual({ status: 'paid', payment_method: 'paystack' });
      expect(
        await countRows(
          t.db,
          `SELECT COUNT(*) AS n FROM invoice_payments WHERE reference = ? AND status = 'completed'`,
          [reference],
        ),
      ).toBe(1);
      expect(await countRows(t.db, 'SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ?', [buyer.user.id])).toBe(
        0,
      );
      expect(
        (await notificationTitles(t.db, buyer.user.id)).filter((n) => n === MSG.money.invoicePaidTitle),
      ).toHaveLength(1);
    });

    it('card webhooks racing a wallet payment of the same invoice: paid once; a card payment that lost goes back to the wallet once', async () => {
      for (let round = 0; round < 3; round++) {
        const [buyer] = await customers(1);
        await creditWallet(t, admin.token, buyer.user.id, '300');
        const invoice = (
          await post('/invoices', {
            user_id: buyer.user.id,
            amount: '300',
            currency: 'NGN',
            description: 'Race',
          }).expect(201)
        ).body.data as Invoice;
        const { reference } = (
          await post(`/invoices/${invoice.id}/pay`, { method: 'paystack' }, buyer.token).expect(200)
        ).body.data as { reference: string };
        paystack.pay(reference);
        const { body, signature } = paystack.webhook(reference);
        const answers = (await Promise.all([
          ...Array.from({ length: 5 }, () => webhook(body, signature)),
          post(`/invoices/${invoice.id}/pay`, { method: 'wallet' }, buyer.token),
          ...Array.from({ length: 5 }, () => webhook(body, signature)),
        ])) as unknown as Answer[];
        const walletAnswer = answers[5];
        expect(statuses(answers.filter((a) => a !== walletAnswer))).toEqual(Array(10).fill(200));
        const [row] = await t.db.query('SELECT status, payment_method FROM invoices WHERE id = ?', [invoice.id]);
        expect(row.status).toBe('paid');
        const refunds = await countRows(
          t.db,
          `SELECT COUNT(*) AS n FROM wallet_ledger WHERE reference = ? AND kind = 'refund' AND status = 'completed'`,
          [`refund-${reference}`],
        );
        if (row.payment_method === 'wallet') {
          // The wallet won: the debit, then the card money credited back once; the balance is where it started.
          expect([walletAnswer.status, refunds]).toEqual([200, 1]);
          expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 30_000, usd: 0 });
        } else {
          // The card won: the wallet payment was refused as already paid, nothing moved.
          expect([row.payment_method, walletAnswer.status, refunds]).toEqual(['paystack', 409, 0]);
          expect(walletAnswer.body.message).toBe(MSG.money.invoiceAlreadyPaid);
          expect(await balances(t.db, buyer.user.id)).toEqual({ ngn: 30_000, usd: 0 });
        }
        expect(
          (await notificationTitles(t.db, buyer.user.id)).filter((n) => n === MSG.money.invoicePaidTitle),
        ).toHaveLength(1);
      }
      expect(await ledgerDrift(t.db)).toEqual([]);
    });
  });

  describe('delivery status', () => {
    let customer: Account;
    let air: Warehouse;
    let lagos: number;
    let title: ShippingTitle;

    beforeAll(async () => {
      [customer] = await customers(1);
      const gz = (await post('/locations', { name: 'Race Guangzhou' }).expect(201)).body.data.id as number;
      lagos = (await post('/locations', { name: 'Race Lagos' }).expect(201)).body.data.id as number;
      air = (await post('/warehouses', { name: 'Race GZ Air', location_id: gz, type: 'air_cargo' }).expect(201)).body
        .data as Warehouse;
      // No cargo rates: a proceeded delivery has no fee, so 2 -> 3 needs no payment.
      await put('/logistics-settings', { cost_per_cmb3: 0, cost_per_kg: 0 }).expect(200);
      title = (await post('/shippings', { name: 'Race Flight 1', location_id: lagos, type: 'air_cargo' }).expect(201))
        .body.data as ShippingTitle;
    });

    const request = async () =>
      (
        await post(
          '/trackings',
          {
            external_no: `RACE${randomBytes(4).toString('hex')}`,
            warehouse_id: air.id,
            type: 'foreign',
            shipping_type: 'air_cargo',
          },
          customer.token,
        ).expect(201)
      ).body.data as Delivery;

    /** The history is one chain: first entry from nothing, each from = the previous to, each move in the table, last to = status. */
    async function assertChain(id: number): Promise<Array<[number | null, number]>> {
      const [delivery] = await t.db.query('SELECT status FROM deliveries WHERE id = ?', [id]);
      const entries: Array<{ from: unknown; to: unknown }> = await t.db.query(
        'SELECT from_status AS `from`, to_status AS `to` FROM delivery_status_changes WHERE delivery_id = ? ORDER BY id',
        [id],
      );
      const chain = entries.map(
        (e) => [e.from === null ? null : Number(e.from), Number(e.to)] as [number | null, number],
      );
      expect(chain[0]?.[0]).toBeNull();
      for (let i = 1; i < chain.length; i++) {
        expect({ id, entry: i, from: chain[i][0] }).toEqual({ id, entry: i, from: chain[i - 1][1] });
        expect(DELIVERY_TRANSITIONS[chain[i][0] as DeliveryStatus]).toContain(chain[i][1]);
      }
      const froms = chain.map(([from]) => from);
      expect(new Set(froms).size).toBe(froms.length);
      expect(chain.at(-1)?.[1]).toBe(Number(delivery.status));
      return chain;
    }

    it('two admins moving one delivery at once: one move wins, the other is refused in the API shape, the history stays one chain', async () => {
      for (let round = 0; round < 10; round++) {
        const d = await request();
        // Even rounds: both admins take the pending delivery into the warehouse, twice each (one move, three refusals).
        // Odd rounds, at the warehouse: one cancels it while the other returns it (no order of the two is valid).
        if (round % 2) {
          await patch(`/trackings/${d.id}/status`, { status: 2 }).expect(200);
          await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: title.id, weight: 0 }).expect(200);
        }
        const targets = round % 2 ? [0, 8, 0, 8] : [2, 2, 2, 2];
        const answers = (await Promise.all(
          targets.map((status, i) =>
            patch(`/trackings/${d.id}/status`, { status }, (i % 2 ? otherAdmin : admin).token),
          ),
        )) as unknown as Answer[];
        expect([count(answers, 200), count(answers, 422)]).toEqual([1, 3]);
        for (const refused of answers.filter((a) => a.status !== 200)) {
          expect(refused.body.message).toEqual(expect.any(String));
          expect((refused.body as { errors?: { status?: string[] } }).errors?.status?.[0]).toEqual(
            refused.body.message,
          );
        }
        const winner = answers.find((a) => a.status === 200)?.body.data as unknown as Delivery;
        expect(await assertChain(d.id)).toEqual(
          round % 2
            ? [
                [null, 1],
                [1, 2],
                [2, winner.status],
              ]
            : [
                [null, 1],
                [1, 2],
              ],
        );
        expect(round % 2 ? [0, 8] : [2]).toContain(winner.status);
      }
    });

    /** A new (Loading) air title with `n` deliveries on it, each Ready for Shipping (3). */
    async function readyOnTitle(n: number): Promise<{ title: ShippingTitle; ready: Delivery[] }> {
      const name = `Race Flight ${randomBytes(3).toString('hex')}`;
      const title = (await post('/shippings', { name, location_id: lagos, type: 'air_cargo' }).expect(201)).body
        .data as ShippingTitle;
      const ready: Delivery[] = [];
      for (let i = 0; i < n; i++) {
        const d = await request();
        await patch(`/trackings/${d.id}/status`, { status: 2 }).expect(200);
        await put(`/trackings/${d.id}`, { shipping_type: 'air_cargo', shipping_id: title.id, weight: 0 }).expect(200);
        await patch(`/trackings/${d.id}/status`, { status: 3 }).expect(200);
        ready.push(d);
      }
      return { title, ready };
    }

    it("a shipping title's Transit racing direct moves of its deliveries: every delivery keeps one consistent chain", async () => {
      const { title, ready } = await readyOnTitle(10);
      // Transit takes 3 (and 4) to 5; meanwhile the other admin loads half into the container and returns the rest.
      const direct = ready.map((d, i) => [d, i % 2 ? 8 : 4] as const);
      const answers = (await Promise.all([
        put(`/shippings/${title.id}`, { status: 2 }),
        ...direct.map(([d, status]) => patch(`/trackings/${d.id}/status`, { status }, otherAdmin.token)),
        put(`/shippings/${title.id}`, { status: 2 }, otherAdmin.token),
      ])) as unknown as Answer[];
      expect([answers[0].status, answers.at(-1)?.status]).toEqual([200, 200]);
      const moves = answers.slice(1, -1);
      for (const refused of moves.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(422);
        expect((refused.body as { errors?: { status?: string[] } }).errors?.status?.[0]).toEqual(expect.any(String));
      }
      for (const [i, [d, status]] of direct.entries()) {
        const chain = await assertChain(d.id);
        const final = chain.at(-1)?.[1];
        if (status === 4) {
          // Loaded first then carried on by Transit, or taken straight to Shipped (the load refused): Shipped either way.
          expect(final).toBe(5);
          expect(moves[i].status === 200).toBe(chain.some(([from, to]) => from === 3 && to === 4));
        } else {
          // Returned (then the title passed it by), or Shipped (then the return was refused).
          expect([moves[i].status, final]).toEqual(moves[i].status === 200 ? [200, 8] : [422, 5]);
        }
      }
    });

    it('a title with one delivery: Transit racing a direct Load always ends Shipped (the title never leaves one behind)', async () => {
      for (let round = 0; round < 8; round++) {
        const { title, ready } = await readyOnTitle(1);
        const [d] = ready;
        const [transit, load] = (await Promise.all([
          put(`/shippings/${title.id}`, { status: 2 }),
          patch(`/trackings/${d.id}/status`, { status: 4 }, otherAdmin.token),
        ])) as unknown as Answer[];
        expect([transit.status, [200, 422]]).toEqual([200, expect.arrayContaining([load.status])]);
        const chain = await assertChain(d.id);
        expect({ round, chain }).toEqual({
          round,
          chain:
            load.status === 200
              ? [
                  [null, 1],
                  [1, 2],
                  [2, 3],
                  [3, 4],
                  [4, 5],
                ]
              : [
                  [null, 1],
                  [1, 2],
                  [2, 3],
                  [3, 5],
                ],
        });
      }
    });
  });
});
