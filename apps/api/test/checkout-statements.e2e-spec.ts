import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ORDER_STATUS } from '@jara/contracts';
import { bearer, countRows, creditWallet, ledgerDrift } from './support/money';
import { ADDRESS, createCategory, createProduct } from './support/orders';
import { signUp, startTestApp, TEST_INSTANCES, type TestApp } from './support/test-app';
import { expectReconciled } from './support/reconcile';

/**
 * Issue 25 (checkout at the floor): the SQL of one wallet order, counted with the ORM's logger (every statement TypeORM
 * sends goes through logQuery, whatever the `logging` option). The figures are the ones written in docs/benchmarks.md
 * ("Checkout, statements per order"): a change that adds a statement to checkout fails here and has to say why.
 */
const MAX_STATEMENTS = {
  // The request whole: the token's user, pricing, (SQLite: the key, stock and balance read in the request's turn,
  // decision 009), the transaction, the events' delivery and their listeners, the answer's read. Decision 048 added
  // one listener read: the buyer's message settings (SMS/WhatsApp for an order's status change).
  sqlite: { one: 36, three: 37 },
  mysql: { one: 29, three: 30 },
};

describe('Checkout: the statements of one order (issue 25)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let vendor: Awaited<ReturnType<typeof signUp>>;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  let products: number[];
  let statements: string[] | null = null;
  const engine = () => (t.db.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql');

  beforeAll(async () => {
    t = await startTestApp({ ORDER_EXPIRY_INTERVAL_SECONDS: '0', OUTBOX_INTERVAL_MS: '0' });
    admin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    buyer = await signUp(t);
    const category = await createCategory(t, admin.token, 'Statements');
    products = [];
    for (let i = 0; i < 3; i++)
      products.push(
        (await createProduct(t, vendor.token, category, { name: `Counted ${i}`, price: 1000, stock_quantity: 50 })).id,
      );
    await creditWallet(t, admin.token, buyer.user.id, '100000.00');
    // Every instance's logger (the scale-out run has two): the statements of whichever answers.
    for (const app of t.apps) {
      const logger = app.get(DataSource).logger;
      const logQuery = logger.logQuery.bind(logger);
      logger.logQuery = (query, parameters, runner) => {
        statements?.push(query.replace(/\s+/g, ' ').trim());
        if (statements && process.env.CHECKOUT_SQL_DUMP === '1')
          statements[statements.length - 1] = `${Math.round(performance.now())} ${statements[statements.length - 1]}`;
        return logQuery(query, parameters, runner);
      };
    }
  });
  afterAll(async () => {
    try {
      await expectReconciled(t);
    } finally {
      await t.close();
    }
  });

  /** One wallet order of these products (one unit each), with an Idempotency-Key; answers its SQL. */
  async function order(ids: number[]): Promise<{ sql: string[]; id: number }> {
    statements = [];
    const res = await t
      .http()
      .post('/api/v1/orders')
      .set(bearer(buyer.token))
      .set('Idempotency-Key', randomUUID())
      .send({ items: ids.map((id) => ({ product_id: id, quantity: 1 })), ...ADDRESS, payment_method: 'wallet' });
    const sql = statements;
    statements = null;
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe(ORDER_STATUS.TO_SHIP);
    return { sql, id: res.body.data.id as number };
  }

  const writes = (sql: string[], verb: 'INSERT INTO' | 'UPDATE', table: string) =>
    sql.filter((s) => new RegExp(`^${verb} [\`"]?${table}[\`"]?[ (]`, 'i').test(s)).length;

  /** The statements between the order's BEGIN and its COMMIT. */
  function transaction(sql: string[]): string[] {
    const start = sql.findIndex(
      (s) => /^(BEGIN|START TRANSACTION)/i.test(s) && /idempotency_keys/.test(sql[sql.indexOf(s) + 1] ?? ''),
    );
    const end = sql.indexOf('COMMIT', start);
    expect(start).toBeGreaterThanOrEqual(0);
    return sql.slice(start + 1, end);
  }

  it.each([
    ['one', 1],
    ['three', 3],
  ] as const)('an order of %s line(s) stays within its statements, each table written once', async (name, lines) => {
    await order(products.slice(0, lines)); // warm: prepared statements, caches
    const { sql, id } = await order(products.slice(0, lines));
    // CHECKOUT_SQL_DUMP=1 prints the list (docs/benchmarks.md carries it).
    if (process.env.CHECKOUT_SQL_DUMP === '1')
      console.log(
        `${engine()}, ${lines} line(s): ${sql.length} statements\n${sql.map((q, i) => `${i + 1}. ${q.slice(0, 160)}`).join('\n')}`,
      );
    if (TEST_INSTANCES === 1) expect(sql.length).toBeLessThanOrEqual(MAX_STATEMENTS[engine()][name]);
    const tx = transaction(sql);
    // Inside the transaction: no SELECT (nothing written is read back), one statement per table.
    expect(tx.filter((s) => /^SELECT/i.test(s))).toEqual([]);
    expect(writes(tx, 'UPDATE', 'products')).toBe(1);
    for (const table of [
      'idempotency_keys',
      'orders',
      'order_items',
      'order_vendors',
      'order_status_changes',
      'invoices',
      'wallet_ledger',
      'outbox_events',
    ])
      expect([table, writes(tx, 'INSERT INTO', table)]).toEqual([table, 1]);
    expect(writes(tx, 'UPDATE', 'invoices')).toBe(0); // the invoice is written once, paid
    expect(writes(tx, 'UPDATE', 'wallets')).toBe(1);
    // What it wrote: every line, one vendor row at the order's status, the two history entries, three events delivered.
    expect(await countRows(t.db, 'SELECT COUNT(*) FROM order_items WHERE order_id = ?', [id])).toBe(lines);
    expect(
      await t.db
        .query('SELECT vendor_id, status FROM order_vendors WHERE order_id = ?', [id])
        .then((rows) =>
          (rows as Array<{ vendor_id: unknown; status: unknown }>).map((r) => [Number(r.vendor_id), Number(r.status)]),
        ),
    ).toEqual([[vendor.user.id, ORDER_STATUS.TO_SHIP]]);
    expect(
      await countRows(
        t.db,
        'SELECT COUNT(*) FROM order_vendors v JOIN orders o ON o.id = v.order_id WHERE v.order_id = ? AND v.created_at = o.created_at',
        [id],
      ),
    ).toBe(1);
    const history = (await t.db.query(
      'SELECT from_status, to_status, note FROM order_status_changes WHERE order_id = ? ORDER BY id',
      [id],
    )) as Array<{ from_status: unknown; to_status: unknown; note: string | null }>;
    expect(
      history.map((h) => [h.from_status === null ? null : Number(h.from_status), Number(h.to_status), h.note]),
    ).toEqual([
      [null, ORDER_STATUS.TO_PAY, null],
      [ORDER_STATUS.TO_PAY, ORDER_STATUS.TO_SHIP, 'Paid from wallet'],
    ]);
    expect(
      await countRows(
        t.db,
        `SELECT COUNT(*) FROM outbox_events WHERE delivered_at IS NOT NULL AND attempts = 1 AND (
           (event = 'order.placed' AND payload LIKE ?) OR (event IN ('invoice.issued', 'invoice.paid') AND payload LIKE ?))`,
        [`%"orderId":${id},%`, `%"subjectId":${id},%`],
      ),
    ).toBe(3);
    expect(await ledgerDrift(t.db)).toEqual([]);
  });

  it('a cart with one short line takes no stock at all and names that line (not the one it would empty)', async () => {
    // The first line fits exactly (its UPDATE would take it to 0), the last does not: the whole cart is refused.
    await t.db.query('UPDATE products SET stock_quantity = 1 WHERE id = ?', [products[0]]);
    await t.db.query('UPDATE products SET stock_quantity = 0 WHERE id = ?', [products[2]]);
    const before = (await t.db.query(
      'SELECT id, stock_quantity FROM products WHERE id IN (?, ?, ?) ORDER BY id',
      products,
    )) as Array<{
      stock_quantity: unknown;
    }>;
    const res = await t
      .http()
      .post('/api/v1/orders')
      .set(bearer(buyer.token))
      .set('Idempotency-Key', randomUUID())
      .send({ items: products.map((id) => ({ product_id: id, quantity: 1 })), ...ADDRESS, payment_method: 'wallet' });
    expect(res.status).toBe(409);
    expect(res.body.errors.items[0]).toBe('Counted 2: This product is out of stock.');
    const after = (await t.db.query(
      'SELECT id, stock_quantity FROM products WHERE id IN (?, ?, ?) ORDER BY id',
      products,
    )) as Array<{
      stock_quantity: unknown;
    }>;
    expect(after.map((r) => Number(r.stock_quantity))).toEqual(before.map((r) => Number(r.stock_quantity)));
  });
});
