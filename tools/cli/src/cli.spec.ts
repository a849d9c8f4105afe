import bcrypt from 'bcryptjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, In, MoreThan } from 'typeorm';
import { loadConfig, createDataSource, Order, OrderItem, Product, User } from '#api-maintenance';
import { runCli } from './cli';
import { createCliTestDatabase, type CliTestDatabase } from './testing/test-database';
import { DEMO_DELIVERY_COUNT } from './seeders/deliveries.seeder';

describe('jara CLI', () => {
  let dir: string;
  let database: CliTestDatabase;
  let env: Record<string, string>;
  let out: string[];
  let err: string[];
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
  const cli = (...argv: string[]) => runCli(argv, env, io);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jara-cli-'));
    // the CLI needs a file (or server) database: each command opens its own connection
    database = await createCliTestDatabase(join(dir, 'cli.sqlite'));
    env = { DATA_DIR: dir, DATABASE_URL: database.url };
  });
  beforeEach(() => {
    out = [];
    err = [];
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function withDb<T>(fn: (db: DataSource) => Promise<T>, settings: Record<string, string> = env): Promise<T> {
    const db = createDataSource(loadConfig(settings));
    await db.initialize();
    try {
      return await fn(db);
    } finally {
      await db.destroy();
    }
  }

  it('prints usage and exits 2 without a command, 0 for help', async () => {
    expect(await cli()).toBe(2);
    expect(out.join('\n')).toContain('Usage: npm run cli -- <command>');
    expect(await cli('--help')).toBe(0);
    expect(await cli('seed', '--help')).toBe(0);
    expect(out.join('\n')).toContain('admin@jara.local / Admin123!');
  });

  it('refuses unknown commands and options with exit 2', async () => {
    expect(await cli('frobnicate')).toBe(2);
    expect(err.join('\n')).toContain('Unknown command "frobnicate"');
    expect(await cli('seed', '--force')).toBe(2);
    expect(err.join('\n')).toContain('Unknown option --force');
  });

  it('migrates, then reports the database up to date', async () => {
    expect(await cli('migrate')).toBe(0);
    expect(out.join('\n')).toMatch(/Ran \d+ migration\(s\)/);
    expect(await cli('migrate')).toBe(0);
    expect(out.join('\n')).toContain('Database is up to date.');
  });

  it('seeds the demo accounts idempotently, verified and with working passwords', async () => {
    expect(await cli('seed')).toBe(0);
    expect(await cli('seed')).toBe(0);
    expect(out.join('\n')).toContain('0 created, 3 already there');
    await withDb(async (db) => {
      const users = await db.getRepository(User).find({
        where: { email: In(['admin@jara.local', 'customer@jara.local', 'vendor@jara.local']) },
        order: { email: 'ASC' },
      });
      expect(users.map((u) => [u.email, u.role])).toEqual([
        ['admin@jara.local', 'admin'],
        ['customer@jara.local', 'customer'],
        ['vendor@jara.local', 'vendor'],
      ]);
      expect(users.every((u) => u.email_verified_at && u.status === '1')).toBe(true);
      expect(await bcrypt.compare('Customer123!', users[1].password_hash as string)).toBe(true);
    });
    expect(out.join('\n')).toContain('Catalogue: products already there');
    await withDb(async (db) => {
      const [{ n: products }] = await db.query('SELECT COUNT(*) AS n FROM products');
      const [{ n: categories }] = await db.query('SELECT COUNT(*) AS n FROM categories');
      expect(Number(products)).toBeGreaterThanOrEqual(300);
      expect(Number(categories)).toBeGreaterThanOrEqual(12);
      const flash = await db
        .getRepository(Product)
        .count({ where: { type: 'flash', flash_end_at: MoreThan(new Date()) } });
      expect(flash).toBeGreaterThan(10);
      const [{ n: vendors }] = await db.query('SELECT COUNT(DISTINCT user_id) AS n FROM products');
      expect(Number(vendors)).toBeGreaterThanOrEqual(4);
      const [{ n: drift }] = await db.query(
        'SELECT COUNT(*) AS n FROM products p WHERE p.review_count <> (SELECT COUNT(*) FROM product_reviews r WHERE r.product_id = p.id)',
      );
      expect(Number(drift)).toBe(0);
      const [{ n: priced }] = await db.query(
        'SELECT COUNT(*) AS n FROM products WHERE price_kobo > 0 AND image IS NOT NULL',
      );
      expect(Number(priced)).toBe(Number(products));
    });
    await withDb(async (db) => {
      // Demo orders: real rows in every state, vendors credited exactly their settled shares, ledgers consistent.
      const [{ n: orders }] = await db.query('SELECT COUNT(*) AS n FROM orders');
      expect(Number(orders)).toBeGreaterThanOrEqual(50);
      const statuses: Array<{ status: number }> = await db.query('SELECT DISTINCT status FROM orders ORDER BY status');
      expect(statuses.map((r) => Number(r.status))).toEqual([0, 1, 2, 3, 4, 5]);
      const [{ n: unsynced }] = await db.query(
        'SELECT COUNT(*) AS n FROM order_vendors ov JOIN orders o ON o.id = ov.order_id WHERE ov.status <> o.status',
      );
      expect(Number(unsynced)).toBe(0);
      const [{ n: drift }] = await db.query(
        `SELECT COUNT(*) AS n FROM wallets w WHERE w.ngn_minor <> (SELECT COALESCE(SUM(CASE WHEN l.direction = 'credit' THEN l.amount_minor ELSE -l.amount_minor END), 0) FROM wallet_ledger l WHERE l.user_id = w.user_id AND l.currency = 'NGN' AND l.status = 'completed')`,
      );
      expect(Number(drift)).toBe(0);
      const [{ n: credited }] = await db.query("SELECT COUNT(*) AS n FROM wallet_ledger WHERE kind = 'sale'");
      const [{ n: settled }] = await db.query('SELECT COUNT(*) AS n FROM order_items WHERE settled_at IS NOT NULL');
      expect(Number(credited)).toBe(Number(settled));
    });
    expect(out.join('\n')).toContain('Orders: orders already there');
    expect(out.join('\n')).toContain('Logistics: locations already there');
    await withDb(async (db) => {
      const [{ n: warehouses }] = await db.query('SELECT COUNT(*) AS n FROM warehouses');
      expect(Number(warehouses)).toBeGreaterThanOrEqual(3);
      const [rates] = await db.query('SELECT cost_per_kg_cents AS kg FROM logistics_settings WHERE id = 1');
      expect(Number(rates.kg)).toBe(850);
    });
    expect(await cli('seed', '--if-empty')).toBe(0);
    expect(out.join('\n')).toContain('seed skipped');
  });

  it('release-unpaid-orders cancels orders past their payment window and returns their stock, through the API service', async () => {
    expect(await cli('seed')).toBe(0);
    const { orderId, productId, stockBefore } = await withDb(async (db) => {
      const customer = await db.getRepository(User).findOneByOrFail({ email: 'customer@jara.local' });
      const product = await db.getRepository(Product).findOneOrFail({ where: { status: 1 }, order: { id: 'ASC' } });
      const order = db.getRepository(Order).create({
        order_no: 'JR-CLI-000001',
        user_id: customer.id,
        status: 0,
        subtotal_minor: 2 * product.price_kobo,
        total_minor: 2 * product.price_kobo,
        payment_method: 'bank_transfer',
        full_name: 'Chioma Adeyemi',
        street_address: '1 Test Road',
        city: 'Lagos',
        postal_code: '100001',
        country: 'Nigeria',
        expires_at: new Date(Date.now() - 60_000),
      });
      await db.getRepository(Order).insert(order);
      await db.getRepository(OrderItem).insert({
        order_id: order.id,
        product_id: product.id,
        vendor_id: null,
        product_name: product.name,
        unit_price_minor: product.price_kobo,
        quantity: 2,
        line_total_minor: 2 * product.price_kobo,
      });
      return { orderId: order.id, productId: product.id, stockBefore: product.stock_quantity };
    });
    expect(await cli('release-unpaid-orders', '--at', 'yesterday')).toBe(2);
    expect(await cli('release-unpaid-orders')).toBe(0);
    expect(out.join('\n')).toContain('Released 1 unpaid order(s) and their stock.');
    await withDb(async (db) => {
      expect((await db.getRepository(Order).findOneByOrFail({ id: orderId })).status).toBe(5);
      expect((await db.getRepository(Product).findOneByOrFail({ id: productId })).stock_quantity).toBe(stockBefore + 2);
      const [{ n }] = await db.query(
        'SELECT COUNT(*) AS n FROM order_status_changes WHERE order_id = ? AND to_status = 5',
        [orderId],
      );
      expect(Number(n)).toBe(1);
    });
    expect(await cli('release-unpaid-orders')).toBe(0);
    expect(out.join('\n')).toContain('No unpaid order is past its payment window.');
  }, 60_000);

  it('gives the demo customer a funded wallet and one pending invoice, once, with the balance equal to its ledger', async () => {
    expect(await cli('seed')).toBe(0);
    expect(out.join('\n')).toContain('Wallet: 0 demo credit(s) and 0 demo invoice(s) added');
    await withDb(async (db) => {
      const customer = await db.getRepository(User).findOneByOrFail({ email: 'customer@jara.local' });
      const [wallet] = await db.query('SELECT ngn_minor AS ngn, usd_minor AS usd FROM wallets WHERE user_id = ?', [
        customer.id,
      ]);
      expect([Number(wallet.ngn), Number(wallet.usd)]).toEqual([25_000_000, 10_000]);
      const entries: Array<{
        description: string;
        status: string;
        direction: string;
        currency: string;
        amount: unknown;
      }> = await db.query(
        'SELECT description, status, direction, currency, amount_minor AS amount FROM wallet_ledger WHERE user_id = ? ORDER BY currency',
        [customer.id],
      );
      expect(entries.map((e) => ({ ...e, amount: Number(e.amount) }))).toEqual([
        {
          description: 'Welcome credit (demo)',
          status: 'completed',
          direction: 'credit',
          currency: 'NGN',
          amount: 25_000_000,
        },
        {
          description: 'Welcome credit (demo)',
          status: 'completed',
          direction: 'credit',
          currency: 'USD',
          amount: 10_000,
        },
      ]);
      const invoices: Array<{ description: string; status: string; amount: unknown; currency: string }> =
        await db.query(
          "SELECT description, status, amount_minor AS amount, currency FROM invoices WHERE user_id = ? AND type = 'manual'",
          [customer.id],
        );
      expect(invoices.map((i) => ({ ...i, amount: Number(i.amount) }))).toEqual([
        { description: 'Storage fee (demo)', status: 'pending', amount: 750_000, currency: 'NGN' },
      ]);
    });
  });

  it('seeds demo deliveries whose status is the last entry of their history, with fee invoices in USD', async () => {
    expect(await cli('seed')).toBe(0);
    expect(out.join('\n')).toContain('Deliveries: deliveries already there');
    await withDb(async (db) => {
      const rows: Array<{ id: number; status: number; last: number | null; amount: unknown; invoice: unknown }> =
        await db.query(
          `SELECT d.id AS id, d.status AS status, d.amount_minor AS amount, i.amount_minor AS invoice,
                  (SELECT h.to_status FROM delivery_status_changes h WHERE h.delivery_id = d.id ORDER BY h.id DESC LIMIT 1) AS last
             FROM deliveries d LEFT JOIN invoices i ON i.id = d.invoice_id`,
        );
      expect(rows.length).toBe(DEMO_DELIVERY_COUNT);
      for (const row of rows) expect(Number(row.last)).toBe(Number(row.status));
      const invoiced = rows.filter((r) => r.amount !== null);
      expect(invoiced.length).toBeGreaterThan(5);
      for (const row of invoiced) expect(Number(row.invoice)).toBe(Number(row.amount));
      expect(new Set(rows.map((r) => Number(r.status))).size).toBeGreaterThan(5);
    });
  });

  it('create-admin validates its arguments', async () => {
    expect(await cli('create-admin')).toBe(2);
    expect(err.join('\n')).toContain('--email is required.');
    expect(await cli('create-admin', '--email', 'not-an-email', '--password', 'longenough')).toBe(2);
    expect(await cli('create-admin', '--email', 'ops@jara.ng', '--password', 'short')).toBe(2);
    expect(err.join('\n')).toContain('--password must be at least 8 characters.');
    expect(await cli('create-admin', '--email')).toBe(2);
    expect(err.join('\n')).toContain('Option --email needs a value.');
  });

  it('create-admin creates a verified admin, and promotes an existing account', async () => {
    expect(
      await cli('create-admin', '--email', 'Ops@Jara.ng', '--password', 'correct-horse', '--name', 'Ops Lead'),
    ).toBe(0);
    expect(await cli('create-admin', '--email=customer@jara.local', '--password=new-password-1')).toBe(0);
    await withDb(async (db) => {
      const ops = await db.getRepository(User).findOneByOrFail({ email: 'ops@jara.ng' });
      expect(ops).toMatchObject({ role: 'admin', status: '1', name: 'Ops Lead' });
      expect(ops.email_verified_at).not.toBeNull();
      expect(await bcrypt.compare('correct-horse', ops.password_hash as string)).toBe(true);
      const promoted = await db.getRepository(User).findOneByOrFail({ email: 'customer@jara.local' });
      expect(promoted.role).toBe('admin');
      expect(await bcrypt.compare('new-password-1', promoted.password_hash as string)).toBe(true);
    });
  });

  describe('with NODE_ENV=production', () => {
    let prod: Record<string, string>;
    beforeAll(() => {
      const prodDir = join(dir, 'production');
      prod = {
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        DATA_DIR: prodDir,
        DATABASE_URL: `sqlite:${join(dir, 'production.sqlite')}`,
      };
    });
    const userEmails = () =>
      withDb(
        (db) =>
          db
            .getRepository(User)
            .find({ order: { email: 'ASC' } })
            .then((rows) => rows.map((u) => u.email)),
        prod,
      );

    it('seed refuses the demo accounts with a clear message and exit 1, and creates nothing', async () => {
      expect(await runCli(['seed'], prod, io)).toBe(1);
      const message = err.join('\n');
      expect(message).toContain('Refusing to seed: NODE_ENV=production');
      expect(message).toContain('npm run cli -- create-admin --email <email> --password <password>');
      expect(message).toContain('--force-demo');
      // npm start's first-run seed (--if-empty on an empty database) refuses too.
      expect(await runCli(['seed', '--if-empty'], prod, io)).toBe(1);
      expect(await userEmails()).toEqual([]);
      expect(out.join('\n')).not.toContain('Demo accounts:');
    });

    it('create-admin is the production path; a first-run seed then leaves the database alone', async () => {
      expect(await runCli(['create-admin', '--email', 'ops@jara.ng', '--password', 'a-long-password'], prod, io)).toBe(
        0,
      );
      expect(await userEmails()).toEqual(['ops@jara.ng']);
      expect(await runCli(['seed', '--if-empty'], prod, io)).toBe(0);
      expect(out.join('\n')).toContain('seed skipped');
      expect(await userEmails()).toEqual(['ops@jara.ng']);
    });

    it('seed --force-demo loads the demo data anyway', async () => {
      expect(await runCli(['seed', '--force-demo'], prod, io)).toBe(0);
      expect(err).toEqual([]);
      expect(out.join('\n')).toContain('Demo accounts: 3 created, 0 already there.');
      expect(await userEmails()).toEqual(
        expect.arrayContaining(['admin@jara.local', 'customer@jara.local', 'ops@jara.ng', 'vendor@jara.local']),
      );
    });
  });

  it('fails with exit 2 and the config message on a wrong setting', async () => {
    expect(await runCli(['migrate'], { DATABASE_URL: 'oracle://x' }, io)).toBe(2);
    expect(err.join('\n')).toContain('DATABASE_URL must start with');
  });
});
