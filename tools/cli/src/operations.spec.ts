import { NestFactory } from '@nestjs/core';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { DataSource, In } from 'typeorm';
import {
  AppModule,
  AuthService,
  Category,
  createDataSource,
  loadConfig,
  Order,
  OrderItem,
  Product,
  ProductRowError,
  ProductsService,
  User,
  type CreateProductDto,
} from '#api-maintenance';
import { runCli } from './cli';
import { EXPORT_COLUMNS } from './commands/export-products';
import { parseCsv } from './csv';
import { createCliTestDatabase, onServerDatabase, type CliTestDatabase } from './testing/test-database';

/**
 * The operations commands against real databases (SQLite files by default; MySQL/MariaDB with DATABASE_URL):
 * a seeded source database, and fresh ones that imports and restores write into.
 */
describe('jara CLI operations', () => {
  let dir: string;
  let source: CliTestDatabase;
  let env: Record<string, string>;
  let out: string[];
  let err: string[];
  let progress: string[];
  const databases: CliTestDatabase[] = [];
  const io = {
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l),
    progress: (l: string) => progress.push(l),
  };
  const cli = (...argv: string[]) => runCli(argv, env, io);
  const cliOn = (settings: Record<string, string>, ...argv: string[]) => runCli(argv, settings, io);

  // A stand-in for the API's media route and for other image hosts (the import downloads from it).
  let server: Server;
  let base: string;
  const png = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 20 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jara-ops-'));
    const picture = await png();
    server = createServer((req, res) => {
      const url = req.url ?? '/';
      if (url.startsWith('/api/v1/media/')) {
        const file = join(dir, 'source', 'uploads', url.slice('/api/v1/media/'.length));
        if (!existsSync(file)) return void res.writeHead(404).end();
        return void res.writeHead(200, { 'content-type': 'image/webp' }).end(readFileSync(file));
      }
      if (url === '/picture.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      if (url === '/page.png')
        return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
      if (url === '/huge.png') {
        // No Content-Length: the size limit has to count what arrives.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(picture);
        const chunk = Buffer.alloc(64 * 1024, 1);
        let sent = 0;
        const more = () => {
          while (sent < 64 && res.write(chunk)) sent++;
          if (sent < 64) res.once('drain', more);
          else res.end();
        };
        return void more();
      }
      if (url === '/slow.png') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    source = await createCliTestDatabase(join(dir, 'source.sqlite'));
    databases.push(source);
    env = { DATA_DIR: join(dir, 'source'), DATABASE_URL: source.url, API_PUBLIC_URL: base };
    out = [];
    err = [];
    progress = [];
    expect(await cli('seed')).toBe(0);
  }, 180_000);

  beforeEach(() => {
    out = [];
    err = [];
    progress = [];
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    for (const db of databases) await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh, empty database (its own DATA_DIR for uploads). */
  async function freshDatabase(name: string): Promise<Record<string, string>> {
    const db = await createCliTestDatabase(join(dir, `${name}.sqlite`));
    databases.push(db);
    return { DATA_DIR: join(dir, name), DATABASE_URL: db.url, API_PUBLIC_URL: base };
  }

  async function withDb<T>(fn: (db: DataSource) => Promise<T>, settings: Record<string, string> = env): Promise<T> {
    const db = createDataSource(loadConfig(settings));
    await db.initialize();
    try {
      return await fn(db);
    } finally {
      await db.destroy();
    }
  }

  const count = (table: string, settings = env) =>
    withDb(async (db) => Number((await db.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n), settings);

  /** Every row of every data table, in key order: what a backup must carry over. */
  async function snapshot(settings: Record<string, string>): Promise<Record<string, unknown[]>> {
    return withDb(async (db) => {
      const tables: string[] = onServerDatabase()
        ? (
            await db.query(
              "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name",
            )
          ).map((r: { name: string }) => r.name)
        : (
            await db.query(
              "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE 'products_fts%' ORDER BY name",
            )
          ).map((r: { name: string }) => r.name);
      const all: Record<string, unknown[]> = {};
      for (const table of tables) {
        const order = table === 'migrations' ? 'timestamp' : 'id';
        all[table] = await db.query(`SELECT * FROM ${table} ORDER BY ${order}`);
      }
      return all;
    }, settings);
  }

  describe('every command', () => {
    const commands = [
      'purge-expired-codes',
      'release-unpaid-orders',
      'recompute-ratings',
      'export-products',
      'import-products',
      'backup',
      'restore',
      'requery-refunds',
    ];

    it('has --help (exit 0) and is listed in the usage', async () => {
      for (const name of commands) {
        out = [];
        expect(await cli(name, '--help')).toBe(0);
        expect(out.join('\n')).toContain(`Usage: npm run cli -- ${name}`);
      }
      out = [];
      expect(await cli('--help')).toBe(0);
      for (const name of commands) expect(out.join('\n')).toContain(name);
    });

    it('refuses bad input with exit 2 and a clear message, before touching anything', async () => {
      const cases: Array<[string[], string]> = [
        [['purge-expired-codes', '--at', 'soon'], '--at must be an ISO date-time'],
        [['purge-expired-codes', '--dry-run=yes'], 'Option --dry-run takes no value.'],
        [['recompute-ratings', '--batch-size', '0'], '--batch-size must be a whole number from 1 to 100000.'],
        [['export-products'], '--csv is required'],
        [['export-products', '--csv', '--batch-size', 'lots'], '--batch-size must be a whole number'],
        [['import-products', '--vendor', 'vendor@jara.local'], '--csv <file> is required.'],
        [['import-products', '--csv', join(dir, 'missing.csv'), '--vendor', 'x@y.z'], '--csv: no file at'],
        [['import-products', '--csv', __filename], '--vendor <email|id> is required.'],
        [['backup'], '--out <file> is required.'],
        [['backup', '--out', join(dir, 'no-such-folder', 'b.gz')], 'does not exist'],
        [['restore'], '--in <file> is required.'],
        [['restore', '--in', join(dir, 'missing.gz')], '--in: no file at'],
        [['restore', '--in', 'x', 'extra'], 'Unexpected argument "extra".'],
      ];
      for (const [argv, message] of cases) {
        err = [];
        expect({ argv, code: await cli(...argv) }).toEqual({ argv, code: 2 });
        expect(err.join('\n')).toContain(message);
        expect(err.join('\n')).toContain('Usage: npm run cli --');
      }
    });
  });

  it('purge-expired-codes forgets expired codes through AuthService; --dry-run counts only; a late code still reads "expired"', async () => {
    const past = new Date(Date.now() - 3600_000);
    const future = new Date(Date.now() + 3600_000);
    const ids = await withDb(async (db) => {
      const repo = db.getRepository(User);
      const make = (email: string, fields: Partial<User>) =>
        repo.save(repo.create({ email, name: email, role: 'customer', status: '1', otp_attempts: 2, ...fields }));
      const expiredSignUp = await make('expired-signup@ops.test', { otp_hash: 'a'.repeat(64), otp_expires_at: past });
      const liveSignUp = await make('live-signup@ops.test', { otp_hash: 'b'.repeat(64), otp_expires_at: future });
      const expiredChange = await make('expired-change@ops.test', {
        email_verified_at: past,
        pending_email: 'new-address@ops.test',
        otp_hash: 'c'.repeat(64),
        otp_expires_at: past,
        otp_sent_at: past,
      });
      return { expiredSignUp: expiredSignUp.id, liveSignUp: liveSignUp.id, expiredChange: expiredChange.id };
    });
    const state = () =>
      withDb(async (db) =>
        (await db.getRepository(User).find({ where: { id: In(Object.values(ids)) }, order: { id: 'ASC' } })).map(
          (u) => [u.email, u.otp_hash ? 'code' : null, u.pending_email, u.otp_attempts, !!u.otp_expires_at],
        ),
      );
    const before = await state();

    expect(await cli('purge-expired-codes', '--dry-run')).toBe(0);
    expect(out.join('\n')).toContain(
      'Dry run: would purge 1 sign-up code(s) and 1 e-mail change code(s); nothing changed.',
    );
    expect(await state()).toEqual(before);

    expect(await cli('purge-expired-codes')).toBe(0);
    expect(out.join('\n')).toContain('Purged 1 sign-up code(s) and 1 e-mail change code(s).');
    expect(await state()).toEqual([
      ['expired-signup@ops.test', null, null, 0, true],
      ['live-signup@ops.test', 'code', null, 2, true],
      ['expired-change@ops.test', null, null, 0, true],
    ]);
    out = [];
    expect(await cli('purge-expired-codes')).toBe(0);
    expect(out.join('\n')).toContain('No expired code.');

    // The API still answers a purged sign-up code as expired (not "too many attempts").
    const app = await NestFactory.createApplicationContext(
      AppModule.forRoot(loadConfig({ ...env, ORDER_EXPIRY_INTERVAL_SECONDS: '0' })),
      {
        logger: false,
      },
    );
    try {
      await expect(
        app.get(AuthService).verifyOtp({ email: 'expired-signup@ops.test', otp: '123456' }),
      ).rejects.toMatchObject({ message: 'This code has expired. Request a new code.' });
    } finally {
      await app.close();
    }
  });

  it('release-unpaid-orders --dry-run counts the orders past their window and changes nothing', async () => {
    const orderId = await withDb(async (db) => {
      const customer = await db.getRepository(User).findOneByOrFail({ email: 'customer@jara.local' });
      const product = await db.getRepository(Product).findOneOrFail({ where: { status: 1 }, order: { id: 'DESC' } });
      const order = db.getRepository(Order).create({
        order_no: 'JR-OPS-000001',
        user_id: customer.id,
        status: 0,
        subtotal_minor: product.price_kobo,
        total_minor: product.price_kobo,
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
        quantity: 1,
        line_total_minor: product.price_kobo,
      });
      return order.id;
    });
    expect(await cli('release-unpaid-orders', '--dry-run')).toBe(0);
    expect(out.join('\n')).toMatch(
      /Dry run: [1-9]\d* unpaid order\(s\) are past their payment window and would be released; nothing changed\./,
    );
    expect(await withDb(async (db) => (await db.getRepository(Order).findOneByOrFail({ id: orderId })).status)).toBe(0);
    expect(await cli('release-unpaid-orders')).toBe(0);
    expect(await withDb(async (db) => (await db.getRepository(Order).findOneByOrFail({ id: orderId })).status)).toBe(5);
  });

  it('release-sale-credits runs the release job of the credit hold: with no credit past the return window it says so', async () => {
    expect(await cli('release-sale-credits', '--dry-run')).toBe(0);
    expect(out.at(-1)).toBe('Dry run: no sale credit is past the return window.');
    expect(await cli('release-sale-credits', '--at', 'yesterday')).toBe(2);
    // The seed holds its recent sales' credits pending: once their window has passed they are due.
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect(await cli('release-sale-credits', '--dry-run', '--at', later)).toBe(0);
    expect(out.at(-1)).toMatch(/^Dry run: [1-9]\d* sale credit\(s\) are past the return window and would be released/);
    expect(await cli('release-sale-credits')).toBe(0);
    expect(out.at(-1)).toBe('No sale credit is past the return window.');
  });

  it('requery-payouts runs the payouts re-query job: with no payout waiting on Paystack it says so', async () => {
    expect(await cli('requery-payouts', '--dry-run')).toBe(0);
    expect(out.at(-1)).toBe('Dry run: no payout is waiting on Paystack.');
    expect(await cli('requery-payouts', '--at', 'yesterday')).toBe(2);
    expect(await cli('requery-payouts')).toBe(0);
    expect(out.at(-1)).toBe('No payout is waiting on Paystack.');
  });

  it('requery-refunds runs the card refunds re-query job: asks about a stuck one, never sends it again', async () => {
    expect(await cli('requery-refunds', '--dry-run')).toBe(0);
    expect(out.at(-1)).toBe('Dry run: no card refund is waiting on Paystack.');
    expect(await cli('requery-refunds', '--at', 'yesterday')).toBe(2);
    expect(await cli('requery-refunds')).toBe(0);
    expect(out.at(-1)).toBe('No card refund is waiting on Paystack.');
    // A card refund sent an hour ago and still pending: due. Test mode (no Paystack key) knows no such refund, so it
    // stays pending: a refund is never sent a second time.
    const reference = `refund-cli-${Date.now()}`;
    await withDb(async (db) => {
      const [order] = (await db.query(
        'SELECT id, invoice_id, user_id FROM orders WHERE invoice_id IS NOT NULL ORDER BY id LIMIT 1',
      )) as Array<Record<string, unknown>>;
      await db.getRepository('OrderRefund').insert({
        order_id: Number(order.id),
        invoice_id: Number(order.invoice_id),
        user_id: Number(order.user_id),
        destination: 'card',
        amount_minor: 100,
        currency: 'NGN',
        status: 'pending',
        reference,
        transaction_reference: 'cli-tx',
        gateway_refund_id: '424242',
        sent_at: new Date(Date.now() - 3600_000),
      });
    });
    const statusOf = () =>
      withDb(async (db) => (await db.getRepository('OrderRefund').findOneByOrFail({ reference })).status as string);
    try {
      expect(await cli('requery-refunds', '--dry-run')).toBe(0);
      expect(out.at(-1)).toBe('Dry run: 1 card refund(s) would be asked about; nothing changed.');
      expect(await cli('requery-refunds')).toBe(0);
      expect(out.at(-1)).toBe('Re-queried 1 card refund(s); 0 changed status.');
      expect(await statusOf()).toBe('pending');
    } finally {
      await withDb((db) => db.getRepository('OrderRefund').delete({ reference }));
    }
  });

  it('recompute-ratings puts drifted ratings back by the review rule; --dry-run changes nothing', async () => {
    const drift = () =>
      withDb(async (db) =>
        Number(
          (
            await db.query(
              `SELECT COUNT(*) AS n FROM products p WHERE p.review_count <> (SELECT COUNT(*) FROM product_reviews r WHERE r.product_id = p.id)
                 OR (EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = p.id)
                     AND p.average_rating <> (SELECT ROUND(AVG(r.rating), 2) FROM product_reviews r WHERE r.product_id = p.id))`,
            )
          )[0].n,
        ),
      );
    expect(await drift()).toBe(0);
    const { reviewed, unreviewed } = await withDb(async (db) => {
      const rows: Array<{ id: number; n: number }> = await db.query(
        'SELECT p.id AS id, (SELECT COUNT(*) FROM product_reviews r WHERE r.product_id = p.id) AS n FROM products p ORDER BY p.id',
      );
      const withReviews = rows
        .filter((r) => Number(r.n) > 0)
        .slice(0, 3)
        .map((r) => Number(r.id));
      const without = rows.find((r) => Number(r.n) === 0)?.id as number;
      await db.query(
        `UPDATE products SET average_rating = 1.11, review_count = 99 WHERE id IN (${withReviews.join(',')})`,
      );
      // No reviews: an admin-set rating stays; a wrong count goes back to 0.
      await db.query('UPDATE products SET average_rating = 3.5, review_count = 7 WHERE id = ?', [without]);
      return { reviewed: withReviews, unreviewed: Number(without) };
    });
    expect(await drift()).toBe(4);

    expect(await cli('recompute-ratings', '--dry-run', '--batch-size', '50')).toBe(0);
    expect(out.join('\n')).toMatch(
      /Dry run: checked \d+ product\(s\); 4 differ from their reviews and would be updated; nothing changed\./,
    );
    expect(await drift()).toBe(4);

    expect(await cli('recompute-ratings', '--batch-size', '50')).toBe(0);
    expect(out.join('\n')).toMatch(/updated 4 whose rating or review count differed/);
    expect(progress.some((l) => /^Recomputing ratings \[#+-*\] \d+% /.test(l))).toBe(true);
    expect(await drift()).toBe(0);
    await withDb(async (db) => {
      const fixed = await db.getRepository(Product).findBy({ id: In(reviewed) });
      for (const p of fixed) expect(p.review_count).toBeGreaterThan(0);
      const kept = await db.getRepository(Product).findOneByOrFail({ id: unreviewed });
      expect([kept.average_rating, kept.review_count]).toEqual([3.5, 0]);
    });
    out = [];
    expect(await cli('recompute-ratings')).toBe(0);
    expect(out.join('\n')).toMatch(/updated 0 whose/);
  });

  describe('export-products and import-products', () => {
    const tricky = [
      {
        name: '=HYPERLINK("http://evil.example","Click")',
        description: '+2348012345678 call now, "quoted", and\na new line',
      },
      { name: '-15% Summer Deal', description: "@channel 'plain' text" },
      { name: "'=already quoted", description: '=1+1 formula, commas, "quotes"\r\nand CRLF' },
      { name: 'Ọjà Ìbílẹ̀ — naïve café', description: 'Unicode ✓ 中文' },
    ];

    beforeAll(async () => {
      // Values a spreadsheet would run as formulas, and ones that need quoting, on real products.
      await withDb(async (db) => {
        const rows = await db.getRepository(Product).find({ order: { id: 'ASC' }, take: tricky.length });
        for (const [i, row] of rows.entries()) await db.getRepository(Product).update({ id: row.id }, tricky[i]);
      });
    });

    async function exportTo(file: string, settings = env, ...more: string[]) {
      expect(await cliOn(settings, 'export-products', '--csv', '--out', file, ...more)).toBe(0);
      return readFileSync(file, 'utf8');
    }

    async function parse(text: string): Promise<string[][]> {
      const rows: string[][] = [];
      for await (const { fields } of parseCsv([text])) rows.push(fields);
      return rows;
    }

    it('writes RFC 4180 CSV in id order with every product, formulas neutralised', async () => {
      const file = join(dir, 'products.csv');
      const text = await exportTo(file);
      expect(out.join('\n')).toMatch(/Exported \d+ product\(s\) to /);
      expect(text.endsWith('\r\n')).toBe(true);
      const rows = await parse(text);
      expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
      const products = await count('products');
      expect(rows.length - 1).toBe(products);
      const ids = rows.slice(1).map((r) => Number(r[0]));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      // Formula cells start with a single quote (inside RFC 4180 quoting when they need it).
      expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
      expect(text).toContain(",'-15% Summer Deal,");
      expect(text).toContain(",''=already quoted,");
      expect(text).toContain('"\'+2348012345678 call now, ""quoted"", and\na new line"');
      expect(text).toContain(",'@channel 'plain' text,");
      expect(text).toContain('"\'=1+1 formula, commas, ""quotes""\r\nand CRLF"');
      // No cell of the file starts with a formula character.
      for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]|^-[^\d]/);
      const first = rows[1];
      const col = (name: string) => first[EXPORT_COLUMNS.indexOf(name as (typeof EXPORT_COLUMNS)[number])];
      expect(col('price_ngn')).toMatch(/^\d+\.\d{2}$/);
      expect(col('image_url')).toMatch(new RegExp(`^${base}/api/v1/media/products/[a-f0-9]{32}\\.webp$`));
      expect(progress.some((l) => /^Exporting products \[/.test(l))).toBe(true);
    });

    it('streams to standard output without --out', async () => {
      expect(await cli('export-products', '--csv', '--batch-size', '7')).toBe(0);
      const rows = await parse(`${out.join('\r\n')}\r\n`);
      expect(rows.length - 1).toBe(await count('products'));
      expect(err.join('\n')).toMatch(/Exported \d+ product\(s\)\./);
    });

    it('round-trips: export, then import into a fresh database, gives the same products (images downloaded and stored)', async () => {
      const file = join(dir, 'round-trip.csv');
      await exportTo(file);
      const fresh = await freshDatabase('fresh-import');
      expect(await cliOn(fresh, 'create-admin', '--email', 'importer@ops.test', '--password', 'long-enough-1')).toBe(0);
      const names = await withDb(async (db) => (await db.getRepository(Category).find()).map((c) => c.name));
      await withDb(async (db) => {
        for (const name of names) await db.getRepository(Category).insert({ name, status: 1 });
      }, fresh);

      expect(await cliOn(fresh, 'import-products', '--csv', file, '--vendor', 'importer@ops.test', '--dry-run')).toBe(
        0,
      );
      expect(out.join('\n')).toMatch(
        /Dry run: all \d+ row\(s\) are valid \(\d+ image\(s\) checked\); nothing imported\./,
      );
      expect(await count('products', fresh)).toBe(0);
      expect(existsSync(join(dir, 'fresh-import', 'uploads', 'products'))).toBe(false);

      expect(await cliOn(fresh, 'import-products', '--csv', file, '--vendor', 'importer@ops.test')).toBe(0);
      expect(out.join('\n')).toMatch(/Imported \d+ product\(s\) for importer@ops\.test\./);
      expect(progress.some((l) => /^Importing products \[/.test(l))).toBe(true);

      const shape = (rows: Product[]) =>
        rows.map((p) => ({
          name: p.name,
          category: p.category?.name,
          type: p.type,
          price_kobo: Number(p.price_kobo),
          stock_quantity: p.stock_quantity,
          status: Number(p.status),
          description: p.description,
          sku: p.sku,
          weight: p.weight,
          dimensions: p.dimensions,
          discount: p.discount,
          flash_start_at: p.flash_start_at ? new Date(p.flash_start_at).toISOString() : null,
          flash_end_at: p.flash_end_at ? new Date(p.flash_end_at).toISOString() : null,
          has_image: !!p.image,
        }));
      const read = (settings: Record<string, string>) =>
        withDb(
          (db) => db.getRepository(Product).find({ relations: { category: true, owner: true }, order: { id: 'ASC' } }),
          settings,
        );
      const [before, after] = [await read(env), await read(fresh)];
      expect(shape(after)).toEqual(shape(before));
      expect(after.map((p) => p.name).slice(0, tricky.length)).toEqual(tricky.map((t) => t.name));
      expect(new Set(after.map((p) => p.owner?.email))).toEqual(new Set(['importer@ops.test']));
      for (const p of after.filter((x) => x.image)) {
        expect(p.image).toMatch(/^products\/[a-f0-9]{32}\.webp$/);
        expect(existsSync(join(dir, 'fresh-import', 'uploads', p.image as string))).toBe(true);
      }
      expect(after.every((p) => Number(p.average_rating) === 0 && p.review_count === 0)).toBe(true);
      // A guard, not a speed goal: every demo picture is fetched and re-encoded twice (dry run, import) and a fresh
      // database migrated; on two busy cores (CI runs the MariaDB suites beside the scale-out run) that took 180 s.
    }, 600_000);

    describe('refusals', () => {
      let target: Record<string, string>;
      const header = 'name,category,type,price_ngn,stock_quantity,status,description,sku,image_url';
      let category: string;
      const write = (name: string, lines: string[]) => {
        const file = join(dir, name);
        writeFileSync(file, `${lines.join('\r\n')}\r\n`);
        return file;
      };
      const importAs = (file: string, vendor = 'vendor@jara.local', ...more: string[]) =>
        cliOn(target, 'import-products', '--csv', file, '--vendor', vendor, ...more);

      beforeAll(async () => {
        target = { ...env, DATA_DIR: join(dir, 'refusals') };
        category = await withDb(async (db) => (await db.getRepository(Category).findOneByOrFail({ status: 1 })).name);
      });

      it('one bad row: reports that row (row, column, message) and imports nothing', async () => {
        const before = await count('products', target);
        const file = write('one-bad-row.csv', [
          header,
          `Good Kettle,${category},new,15000,4,1,A kettle,OPS-GOOD-1,`,
          `Bad Price Kettle,${category},new,12.345,4,1,A kettle,OPS-BAD-2,`,
          `Good Toaster,"${category}",hot,"1,500.50",2,0,"A toaster, two slots",OPS-GOOD-3,`,
        ]);
        expect(await importAs(file)).toBe(1);
        const report = err.join('\n');
        expect(report).toContain('Rejected 1 of 3 row(s); nothing was imported:');
        expect(report).toContain('row 3, price_ngn: Amounts can have at most 2 decimal places.');
        expect(report).not.toContain('row 2');
        expect(report).not.toContain('row 4');
        expect(await count('products', target)).toBe(before);

        // The same file without the bad row goes in whole.
        const good = write('good-rows.csv', [
          header,
          `Good Kettle,${category},new,15000,4,1,A kettle,OPS-GOOD-1,`,
          `Good Toaster,"${category}",hot,"1,500.50",2,0,"A toaster, two slots",OPS-GOOD-3,`,
        ]);
        expect(await importAs(good)).toBe(0);
        expect(await count('products', target)).toBe(before + 2);
        const toaster = await withDb((db) => db.getRepository(Product).findOneByOrFail({ sku: 'OPS-GOOD-3' }), target);
        expect([Number(toaster.price_kobo), toaster.status, toaster.description]).toEqual([
          150050,
          0,
          'A toaster, two slots',
        ]);
      });

      it('reports every rejected row by the API rules: DTO, category, flash window, SKUs in the file and in the database', async () => {
        const before = await count('products', target);
        const file = write('many-bad.csv', [
          header,
          `,${category},new,100,1,1,No name,,`,
          `Unknown Category,No Such Category,new,100,1,1,x,,`,
          `Bad Type,${category},gadget,100,1,1,x,,`,
          `Flash Without Times,${category},flash,100,1,1,x,,`,
          `Negative Stock,${category},new,100,-3,1,x,,`,
          `Taken SKU,${category},new,100,1,1,x,OPS-GOOD-1,`,
          `Twice A,${category},new,100,1,1,x,OPS-TWICE,`,
          `Twice B,${category},new,100,1,1,x,OPS-TWICE,`,
          `Too, Many, Cells,${category},new,100,1,1,x,`,
        ]);
        expect(await importAs(file)).toBe(1);
        const report = err.join('\n');
        expect(report).toContain('Rejected 8 of 9 row(s); nothing was imported:');
        expect(report).toContain('row 2, name: The product name is required.');
        expect(report).toContain('row 3, category: No category is named "No Such Category".');
        expect(report).toContain('row 4, type: Type must be one of:');
        expect(report).toContain('row 5, flash_start_at: Flash sale must have both start and end times.');
        expect(report).toContain('row 6, stock_quantity: Stock cannot be negative.');
        expect(report).toContain('row 7, sku: This SKU is already used by another product.');
        expect(report).toContain('row 9, sku: The SKU OPS-TWICE is also in row 8 of this file.');
        expect(report).toContain('row 10, (row): 10 cells, but the header has 9 columns.');
        expect(await count('products', target)).toBe(before);
      });

      it('checks images like uploads: by content, with a size and a time limit; local files work', async () => {
        const before = await count('products', target);
        const picture = join(dir, 'images', 'local.png');
        mkdirSync(join(dir, 'images'), { recursive: true });
        writeFileSync(picture, await png());
        writeFileSync(join(dir, 'images', 'fake.png'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
        const small = { ...target, UPLOAD_MAX_BYTES: String(256 * 1024) };
        const file = write('images.csv', [
          header,
          `Downloaded,${category},new,100,1,1,x,OPS-IMG-1,${base}/picture.png`,
          `Local File,${category},new,100,1,1,x,OPS-IMG-2,images/local.png`,
          `Html Not Image,${category},new,100,1,1,x,OPS-IMG-3,${base}/page.png`,
          `Too Big,${category},new,100,1,1,x,OPS-IMG-4,${base}/huge.png`,
          `Too Slow,${category},new,100,1,1,x,OPS-IMG-5,${base}/slow.png`,
          `Missing,${category},new,100,1,1,x,OPS-IMG-6,${base}/nothing.png`,
          `Svg File,${category},new,100,1,1,x,OPS-IMG-7,images/fake.png`,
          `Other Scheme,${category},new,100,1,1,x,OPS-IMG-8,file:///etc/passwd`,
        ]);
        expect(
          await cliOn(small, 'import-products', '--csv', file, '--vendor', 'vendor@jara.local', '--image-timeout', '1'),
        ).toBe(1);
        const report = err.join('\n');
        expect(report).toContain('Rejected 6 of 8 row(s)');
        expect(report).not.toMatch(/row [23],/);
        expect(report).toMatch(/row 4, image_url: .*(image|JPEG|PNG)/i);
        expect(report).toContain(`row 5, image_url: ${base}/huge.png is larger than 262144 bytes (UPLOAD_MAX_BYTES).`);
        expect(report).toContain(`row 6, image_url: Downloading ${base}/slow.png took longer than 1 s.`);
        expect(report).toContain(`row 7, image_url: Downloading ${base}/nothing.png failed: HTTP 404.`);
        expect(report).toMatch(/row 8, image_url: .*(image|JPEG|PNG)/i);
        expect(report).toContain('row 9, image_url: An image must be an http(s) URL or a file path.');
        expect(await count('products', target)).toBe(before);

        const fine = write('images-ok.csv', [
          header,
          `Downloaded,${category},new,100,1,1,x,OPS-IMG-1,${base}/picture.png`,
          `Local File,${category},new,100,1,1,x,OPS-IMG-2,images/local.png`,
        ]);
        expect(await importAs(fine)).toBe(0);
        const stored = await withDb(
          (db) => db.getRepository(Product).find({ where: { sku: In(['OPS-IMG-1', 'OPS-IMG-2']) } }),
          target,
        );
        expect(stored.length).toBe(2);
        for (const p of stored) expect(existsSync(join(dir, 'refusals', 'uploads', p.image as string))).toBe(true);
      }, 60_000);

      it('refuses an unknown vendor, a customer, an unknown column and a broken CSV with exit 1', async () => {
        const file = write('vendorless.csv', [header, `Kettle,${category},new,100,1,1,x,,`]);
        expect(await importAs(file, 'nobody@ops.test')).toBe(1);
        expect(err.join('\n')).toContain('No user has the e-mail nobody@ops.test; nothing imported.');
        err = [];
        expect(await importAs(file, 'customer@jara.local')).toBe(1);
        expect(err.join('\n')).toContain('only vendors and admins own products');
        err = [];
        expect(
          await importAs(write('unknown-column.csv', [`${header},colour`, `Kettle,${category},new,100,1,1,x,,,red`])),
        ).toBe(1);
        expect(err.join('\n')).toContain('Unknown column(s) in the header: colour.');
        err = [];
        expect(await importAs(write('missing-column.csv', ['name,type', 'Kettle,new']))).toBe(1);
        expect(err.join('\n')).toContain('The header lacks column(s): description, status, price_ngn, category.');
        err = [];
        expect(await importAs(write('broken.csv', [header, `"Kettle,${category},new,100,1,1,x,,`]))).toBe(1);
        expect(err.join('\n')).toContain('a quoted field is not closed before the end of the file.');
        err = [];
        expect(await importAs(write('header-only.csv', [header]))).toBe(1);
        expect(err.join('\n')).toContain('has a header but no product rows');
      });

      it('ProductsService.createMany: a failing row rolls back the rows before it (one transaction)', async () => {
        const config = loadConfig({ ...target, NODE_ENV: 'test', ORDER_EXPIRY_INTERVAL_SECONDS: '0' });
        const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
        try {
          const products = app.get(ProductsService);
          const vendor = await withDb(
            (db) => db.getRepository(User).findOneByOrFail({ email: 'vendor@jara.local' }),
            target,
          );
          const categoryId = await withDb(
            async (db) => (await db.getRepository(Category).findOneByOrFail({ name: category })).id,
            target,
          );
          const before = await count('products', target);
          const dto = (sku: string) =>
            ({
              name: `Tx ${sku}`,
              category_id: categoryId,
              type: 'new',
              price_ngn: 10000,
              description: 'x',
              status: 1,
              sku,
            }) as CreateProductDto;
          const failure = await products
            .createMany(vendor, [
              { row: 2, dto: dto('OPS-TX-1'), image: null },
              { row: 3, dto: dto('OPS-TX-2'), image: null },
              { row: 4, dto: dto('OPS-TX-1'), image: null },
            ])
            .catch((e: unknown) => e);
          expect(failure).toBeInstanceOf(ProductRowError);
          expect((failure as ProductRowError).row).toBe(4);
          expect(await count('products', target)).toBe(before);
        } finally {
          await app.close();
        }
      });
    });

    it('exports 100,000 products in bounded batches (never the whole catalogue at once)', async () => {
      const big = await freshDatabase('big-export');
      expect(await cliOn(big, 'create-admin', '--email', 'big@ops.test', '--password', 'long-enough-1')).toBe(0);
      const total = 100_000;
      await withDb(async (db) => {
        await db.getRepository(Category).insert({ name: 'Bulk', status: 1 });
        const [{ id: userId }] = await db.query("SELECT id FROM users WHERE email = 'big@ops.test'");
        const [{ id: categoryId }] = await db.query("SELECT id FROM categories WHERE name = 'Bulk'");
        const digit =
          'SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9';
        const name = onServerDatabase() ? "CONCAT('Bulk product ', seq.n)" : "'Bulk product ' || seq.n";
        await db.query(
          `INSERT INTO products (user_id, name, category_id, type, description, price_kobo, status, stock_quantity, average_rating, review_count, created_at, updated_at)
           SELECT ${Number(userId)}, ${name}, ${Number(categoryId)}, 'new', 'Bulk, "quoted" description', 100 * seq.n, 1, seq.n % 50, 0, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
             FROM (SELECT a.n + 10 * b.n + 100 * c.n + 1000 * d.n + 10000 * e.n + 1 AS n
                     FROM (${digit}) a CROSS JOIN (${digit}) b CROSS JOIN (${digit}) c CROSS JOIN (${digit}) d CROSS JOIN (${digit}) e) seq
            ORDER BY seq.n`,
        );
      }, big);
      const spy = jest.spyOn(ProductsService.prototype, 'exportBatch');
      try {
        const file = join(dir, 'big.csv');
        expect(await cliOn(big, 'export-products', '--csv', '--out', file, '--batch-size', '5000')).toBe(0);
        expect(spy.mock.calls.every(([, size]) => size === 5000)).toBe(true);
        const sizes = await Promise.all(spy.mock.results.map((r) => r.value as Promise<unknown[]>));
        expect(Math.max(...sizes.map((s) => s.length))).toBe(5000);
        expect(sizes.reduce((sum, s) => sum + s.length, 0)).toBe(total);
        let rows = 0;
        let last = 0;
        for await (const { fields } of parseCsv(
          (async function* () {
            yield readFileSync(file);
          })(),
        )) {
          if (rows++ === 0) continue;
          expect(Number(fields[0])).toBeGreaterThan(last);
          last = Number(fields[0]);
        }
        expect(rows - 1).toBe(total);
      } finally {
        spy.mockRestore();
      }
    }, 300_000);
  });

  describe('backup and restore', () => {
    it('round-trips the whole database: restored rows equal the original; dry run and refusals change nothing', async () => {
      const file = join(dir, 'backup.jsonl.gz');
      expect(await cli('backup', '--out', file)).toBe(0);
      expect(out.join('\n')).toMatch(/Backed up \d+ row\(s\) of \d+ table\(s\) \((sqlite|mysql), \d+ migrations\) to /);
      expect(progress.some((l) => /^Backing up \[/.test(l))).toBe(true);
      const original = await snapshot(env);

      const fresh = await freshDatabase('fresh-restore');
      expect(await cliOn(fresh, 'restore', '--in', file, '--dry-run')).toBe(0);
      expect(out.join('\n')).toMatch(/Dry run: .* is a complete (sqlite|mysql) backup of \d+ row\(s\)/);
      expect(await cliOn(fresh, 'migrate')).toBe(0);
      expect(await count('users', fresh)).toBe(0);

      out = [];
      expect(await cliOn(fresh, 'restore', '--in', file)).toBe(0);
      expect(out.join('\n')).toMatch(/Restored \d+ row\(s\) of \d+ table\(s\)/);
      expect(await snapshot(fresh)).toEqual(original);
      if (!onServerDatabase()) {
        // The full-text index follows the restored products.
        const hits = (settings: Record<string, string>) =>
          withDb(
            async (db) =>
              Number(
                (await db.query(`SELECT COUNT(*) AS n FROM products_fts WHERE products_fts MATCH 'Samsung'`))[0].n,
              ),
            settings,
          );
        expect(await hits(fresh)).toBe(await hits(env));
      }

      // A database with data: refused without --force, replaced with it.
      err = [];
      expect(await cliOn(fresh, 'restore', '--in', file)).toBe(1);
      expect(err.join('\n')).toContain('The database is not empty');
      expect(err.join('\n')).toContain('add --force to replace its data');
      await withDb(
        (db) => db.query("UPDATE users SET name = 'Changed after restore' WHERE email = 'admin@jara.local'"),
        fresh,
      );
      expect(await cliOn(fresh, 'restore', '--in', file, '--force')).toBe(0);
      expect(await snapshot(fresh)).toEqual(original);
    }, 180_000);

    it('refuses a file from another migration set, a file cut short and a damaged one, leaving the database as it was', async () => {
      const file = join(dir, 'backup-2.jsonl.gz');
      expect(await cli('backup', '--out', file)).toBe(0);
      const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
      const header = JSON.parse(lines[0]);

      const fresh = await freshDatabase('fresh-refusals');
      expect(await cliOn(fresh, 'migrate')).toBe(0);
      const empty = await snapshot(fresh);

      const older = join(dir, 'older.jsonl.gz');
      writeFileSync(
        older,
        gzipSync(
          [JSON.stringify({ ...header, migrations: header.migrations.slice(0, -1) }), ...lines.slice(1)].join('\n'),
        ),
      );
      err = [];
      expect(await cliOn(fresh, 'restore', '--in', older)).toBe(1);
      expect(err.join('\n')).toContain('The file was written by a database at another migration set');
      expect(err.join('\n')).toContain(`not run ${header.migrations[header.migrations.length - 1]}`);

      const cut = join(dir, 'cut.jsonl.gz');
      writeFileSync(cut, gzipSync(lines.slice(0, -1).join('\n')));
      err = [];
      expect(await cliOn(fresh, 'restore', '--in', cut)).toBe(1);
      expect(err.join('\n')).toContain('The file ends before its end line: it was cut short.');
      expect(err.join('\n')).toContain('rolled back');

      const dropped = join(dir, 'dropped.jsonl.gz');
      const usersAt = lines.indexOf(JSON.stringify({ table: 'users' }));
      writeFileSync(dropped, gzipSync([...lines.slice(0, usersAt + 1), ...lines.slice(usersAt + 2)].join('\n')));
      err = [];
      expect(await cliOn(fresh, 'restore', '--in', dropped)).toBe(1);
      expect(err.join('\n')).toMatch(/The end line counts \d+ rows; the file holds \d+\./);

      const notGzip = join(dir, 'plain.txt');
      writeFileSync(notGzip, 'hello');
      err = [];
      expect(await cliOn(fresh, 'restore', '--in', notGzip)).toBe(1);
      expect(err.join('\n')).toContain('is not a readable backup');

      expect(await snapshot(fresh)).toEqual(empty);
    }, 120_000);
  });
});
