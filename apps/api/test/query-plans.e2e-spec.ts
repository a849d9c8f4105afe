import { PRODUCT_TYPES } from '@jara/contracts';
import { Like } from 'typeorm';
import { PRODUCTS_FTS_TRIGGERS, PRODUCTS_FULLTEXT_INDEX } from '../src/migrations/1763750000000-CatalogueSpeed';
import { Category } from '../src/modules/categories/category.entity';
import { ContactMessage } from '../src/modules/contact/contact-message.entity';
import { Notification } from '../src/modules/notifications/notification.entity';
import { ProductReview } from '../src/modules/products/product-review.entity';
import { Product } from '../src/modules/products/product.entity';
import { User } from '../src/modules/users/user.entity';
import { Invoice } from '../src/modules/invoices/invoice.entity';
import { Order, OrderItem, OrderVendor } from '../src/modules/orders/order.entity';
import { LedgerEntry } from '../src/modules/wallet/ledger-entry.entity';
import { Wallet } from '../src/modules/wallet/wallet.entity';
import { Delivery } from '../src/modules/logistics/delivery.entity';
import { KycSubmission } from '../src/modules/kyc/kyc.entity';
import { Support } from '../src/modules/support/support.entity';
import { AuditLog } from '../src/modules/audit/audit-log.entity';
import { Payout } from '../src/modules/payouts/payout.entity';
import { Location, ShippingTitle, Warehouse } from '../src/modules/logistics/logistics.entity';
import { DeliveryAttempt } from '../src/modules/logistics/last-mile.entity';
import { problemCategories } from '../src/modules/logistics/problems.service';
import { analyze, captureStatements, expectIndexedList, explain, isMysqlDb, planProblems } from './support/query-plan';
import { signUp, startTestApp, type TestApp } from './support/test-app';
import { loadProblemQueue } from '../src/config/problem-queue';

/**
 * Issue 8: every list reads one page through an index, on SQLite and on MariaDB. Each check requests the list
 * through the API, captures the statement that reads its page and fails on a sort (temp B-tree / filesort) or
 * a full table scan. A new list adds one expectIndexedList line.
 */
describe('Query plans of the lists (e2e)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let vendor: Awaited<ReturnType<typeof signUp>>;
  let rider: Awaited<ReturnType<typeof signUp>>;
  let category: number;
  let reviewed: number;
  let planTitle: number;
  // Enough rows that MariaDB's optimiser prefers an index to reading a small table whole and sorting it
  // (below ~2,000 rows it sorts a LIMITed unfiltered list in memory, which says nothing about 100,000).
  const PRODUCTS = 3000;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t, { role: 'admin' });
    vendor = await signUp(t, { role: 'vendor' });
    rider = await signUp(t, { role: 'rider' });
    const categories = Array.from({ length: 12 }, (_, i) => ({ name: `Plan category ${i}`, status: 1 as const }));
    await t.db.getRepository(Category).insert(categories);
    const categoryIds = (await t.db.getRepository(Category).find()).map((c) => c.id);
    category = categoryIds[3];
    const hour = 3600_000;
    const words = ['Tecno', 'Infinix', 'Samsung', 'Ankara', 'Kettle', 'Blender', 'Phone', 'Charger', 'Gown', 'Laptop'];
    const rows = Array.from({ length: PRODUCTS }, (_, i) => {
      const type = PRODUCT_TYPES[i % PRODUCT_TYPES.length];
      return {
        user_id: vendor.user.id,
        name: `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`,
        category_id: categoryIds[i % categoryIds.length],
        type,
        description: 'Seeded for query plans',
        price_kobo: 100_00 + ((i * 7919) % 500_000_00),
        status: (i % 10 === 0 ? 0 : 1) as 0 | 1,
        average_rating: ((i * 37) % 500) / 100,
        stock_quantity: i % 50,
        created_at: new Date(Date.now() - i * hour),
        flash_start_at: type === 'flash' ? new Date(Date.now() - hour) : null,
        flash_end_at: type === 'flash' ? new Date(Date.now() + (i % 48) * hour) : null,
      };
    });
    for (let i = 0; i < rows.length; i += 250) await t.db.getRepository(Product).insert(rows.slice(i, i + 250));
    const users = Array.from({ length: 400 }, (_, i) => ({
      email: `plan-user-${i}@example.com`,
      name: `${i % 2 ? 'plan' : 'Plan'} user ${String(i).padStart(3, '0')}`,
      role: i % 5 === 0 ? 'vendor' : 'customer',
      status: i % 7 === 0 ? '0' : '1',
      created_at: new Date(Date.now() - i * hour),
    })) as Array<Partial<User>>;
    for (let i = 0; i < users.length; i += 100) await t.db.getRepository(User).insert(users.slice(i, i + 100));
    // Wallets for most of them (issue 22: the admin's wallets list sorts by balance); the rest never used theirs.
    const walletUsers = await t.db
      .getRepository(User)
      .find({ select: { id: true }, where: { email: Like('plan-user-%') } });
    const wallets = walletUsers
      .filter((_, i) => i % 8 !== 0)
      .map((u, i) => ({ user_id: u.id, ngn_minor: ((i * 7919) % 50_000) * 100, usd_minor: ((i * 31) % 900) * 100 }));
    for (let i = 0; i < wallets.length; i += 100) await t.db.getRepository(Wallet).insert(wallets.slice(i, i + 100));
    const notes = Array.from({ length: 300 }, (_, i) => ({
      user_id: i % 3 ? admin.user.id : vendor.user.id,
      title: `Note ${i}`,
      status: (i % 2) as Notification['status'],
      created_at: new Date(Date.now() - i * hour),
    }));
    await t.db.getRepository(Notification).insert(notes);
    const messages = Array.from({ length: 2500 }, (_, i) => ({
      full_name: `Sender ${i}`,
      email: `s${i}@example.com`,
      message: 'A message',
      created_at: new Date(Date.now() - i * hour),
    }));
    for (let i = 0; i < messages.length; i += 500)
      await t.db.getRepository(ContactMessage).insert(messages.slice(i, i + 500) as Array<Partial<ContactMessage>>);
    const reviewers = await t.db.getRepository(User).find({ select: { id: true }, take: 300 });
    reviewed = rows.findIndex((r) => r.status === 1) + 1; // ids follow insertion order on a fresh database
    await t.db.getRepository(ProductReview).insert(
      reviewers.map((u, i) => ({
        product_id: reviewed,
        user_id: u.id,
        rating: 1 + (i % 5),
        created_at: new Date(Date.now() - i * hour),
      })),
    );
    // Money: invoices of many users in every status and type, and a long ledger for the admin (issue 9).
    const planUsers = await t.db.getRepository(User).find({ select: { id: true }, take: 400 });
    const statuses = ['pending', 'paid', 'cancelled'] as const;
    const types = ['order', 'delivery', 'manual'] as const;
    const invoices = Array.from({ length: PRODUCTS }, (_, i) => {
      const type = types[i % 3];
      return {
        reference: `INV-PLAN${String(i).padStart(6, '0')}`,
        user_id: i % 4 === 0 ? admin.user.id : planUsers[i % planUsers.length].id,
        type,
        subject_id: type === 'manual' ? null : i + 1,
        description: `Plan invoice ${i}`,
        amount_minor: 100_00 + ((i * 7919) % 500_000_00),
        currency: (i % 5 === 0 ? 'USD' : 'NGN') as 'USD' | 'NGN',
        status: statuses[(i * 7) % 3],
        created_at: new Date(Date.now() - i * hour),
      };
    });
    for (let i = 0; i < invoices.length; i += 250)
      await t.db.getRepository(Invoice).insert(invoices.slice(i, i + 250) as Array<Partial<Invoice>>);
    const entries = Array.from({ length: PRODUCTS }, (_, i) => ({
      user_id: i % 3 === 0 ? vendor.user.id : admin.user.id,
      description: `Plan entry ${i}`,
      reference: `plan-${i}`,
      amount_minor: 100 + i,
      currency: 'NGN' as const,
      direction: (i % 2 ? 'debit' : 'credit') as 'debit' | 'credit',
      status: 'completed' as const,
      kind: 'adjustment' as const,
      created_at: new Date(Date.now() - i * hour),
    }));
    for (let i = 0; i < entries.length; i += 250)
      await t.db.getRepository(LedgerEntry).insert(entries.slice(i, i + 250) as Array<Partial<LedgerEntry>>);
    // Orders (issue 10): many buyers, every status, one line each; a third of the lines are the vendor's.
    const orders = Array.from({ length: PRODUCTS }, (_, i) => ({
      order_no: `JR-PLAN-${String(i).padStart(6, '0')}`,
      user_id: i % 4 === 0 ? admin.user.id : planUsers[i % planUsers.length].id,
      status: (i * 7) % 6,
      subtotal_minor: 100_00 + i,
      total_minor: 100_00 + i,
      payment_method: 'wallet',
      full_name: `Buyer ${i}`,
      street_address: '1 Plan Street',
      city: 'Lagos',
      postal_code: '100001',
      country: 'Nigeria',
      created_at: new Date(Date.now() - i * hour),
    })) as Array<Partial<Order>>;
    for (let i = 0; i < orders.length; i += 250) await t.db.getRepository(Order).insert(orders.slice(i, i + 250));
    const orderIds = (await t.db.getRepository(Order).find({ select: { id: true }, order: { id: 'ASC' } })).map(
      (o) => o.id,
    );
    const lines = orderIds.map((orderId, i) => ({
      order_id: orderId,
      product_id: 1 + (i % PRODUCTS),
      vendor_id: i % 3 === 0 ? vendor.user.id : planUsers[(i * 5) % planUsers.length].id,
      product_name: `Plan product ${i}`,
      unit_price_minor: 100_00 + i,
      quantity: 1,
      line_total_minor: 100_00 + i,
      created_at: new Date(Date.now() - i * hour),
    })) as Array<Partial<OrderItem>>;
    for (let i = 0; i < lines.length; i += 250) await t.db.getRepository(OrderItem).insert(lines.slice(i, i + 250));
    const byVendor = lines.map((l, i) => ({
      order_id: l.order_id,
      vendor_id: l.vendor_id,
      status: orders[i].status,
      created_at: orders[i].created_at,
    })) as Array<Partial<OrderVendor>>;
    for (let i = 0; i < byVendor.length; i += 250)
      await t.db.getRepository(OrderVendor).insert(byVendor.slice(i, i + 250));
    // Deliveries (issue 11): foreign and local, every status, a third of them the vendor's, some on a title.
    const place = await t.db.getRepository(Location).save({ name: 'Plan City', status: 1 });
    const houses = await t.db.getRepository(Warehouse).save([
      { name: 'Plan Sea', location_id: place.id, type: 'sea_cargo' as const, address: null, contact: null },
      { name: 'Plan Local', location_id: place.id, type: 'local' as const, address: null, contact: null },
    ]);
    const title = await t.db
      .getRepository(ShippingTitle)
      .save({ name: 'Plan Container', location_id: place.id, type: 'sea_cargo', status: 1 });
    planTitle = title.id;
    const deliveries = Array.from({ length: PRODUCTS }, (_, i) => ({
      tracking_no: `JT-PLAN-${String(i).padStart(5, '0')}`,
      external_no: `YT${i}`,
      user_id: i % 3 === 0 ? vendor.user.id : planUsers[i % planUsers.length].id,
      name: `Customer ${i}`,
      phone: `0803${String(i).padStart(7, '0')}`,
      type: i % 4 === 0 ? 'local' : 'foreign',
      warehouse_id: houses[i % 4 === 0 ? 1 : 0].id,
      shipping_type: i % 4 === 0 ? null : 'sea_cargo',
      shipping_id: i % 10 === 0 ? title.id : null,
      status: i % 9,
      weight_hundredths: i % 5 ? (i * 37) % 10_000 : null,
      size_hundredths: i % 5 ? (i * 7919) % 1_000_000 : null,
      created_at: new Date(Date.now() - i * hour),
      // The problem queue and the rider's list (decision 045): moved at its creation, a pending invoice on a third
      // invoice (invoice ids follow insertion order), some at a warehouse without an owner, some disputed, a
      // seventh assigned to the rider.
      status_changed_at: new Date(Date.now() - i * hour),
      invoice_id: i % 3 === 0 ? i + 1 : null,
      measure_status: i % 13 === 0 ? 'disputed' : 'none',
      rider_id: i % 7 === 0 ? rider.user.id : null,
    })) as Array<Partial<Delivery>>;
    for (const d of deliveries) if (Number(d.external_no?.slice(2)) % 11 === 5) d.user_id = null;
    for (let i = 0; i < deliveries.length; i += 250)
      await t.db.getRepository(Delivery).insert(deliveries.slice(i, i + 250));
    // Attempts: failed ones still open (the queue), closed ones and deliveries, by the rider and by others, some today.
    const attempts = Array.from({ length: 1500 }, (_, i) => ({
      delivery_id: 1 + ((i * 2) % PRODUCTS),
      rider_id: i % 2 ? rider.user.id : admin.user.id,
      outcome: (i % 4 === 0 ? 'delivered' : 'failed') as 'delivered' | 'failed',
      reason: i % 4 === 0 ? null : ('not_home' as const),
      // Open (failed, not followed by another attempt yet): a tenth, as the next attempt closes each failed one.
      open: i % 10 === 1 ? 1 : 0,
      created_at: new Date(Date.now() - i * 0.1 * hour),
    })) as Array<Partial<DeliveryAttempt>>;
    for (let i = 0; i < attempts.length; i += 250)
      await t.db.getRepository(DeliveryAttempt).insert(attempts.slice(i, i + 250));
    // KYC submissions and support requests (issue 12): many users, every status.
    const kycRows = Array.from({ length: PRODUCTS }, (_, i) => ({
      user_id: planUsers[i % planUsers.length].id,
      active_user_id: null,
      name: `Person ${i}`,
      dob: '1990-01-01',
      gender: 'female',
      address: '1 Plan Street',
      id_type: 'Passport',
      id_number: `A${i}`,
      id_image_key: `kyc/${String(i).padStart(32, '0')}.jpg`,
      status: (i % 3) - 1,
      created_at: new Date(Date.now() - i * hour),
    })) as Array<Partial<KycSubmission>>;
    for (let i = 0; i < kycRows.length; i += 250)
      await t.db.getRepository(KycSubmission).insert(kycRows.slice(i, i + 250));
    const supportRows = Array.from({ length: PRODUCTS }, (_, i) => ({
      user_id: i % 3 === 0 ? vendor.user.id : planUsers[i % planUsers.length].id,
      name: `Person ${i}`,
      email: `p${i}@example.com`,
      subject: `Question ${i}`,
      message: 'Help',
      status: i % 3,
      created_at: new Date(Date.now() - i * hour),
    })) as Array<Partial<Support>>;
    for (let i = 0; i < supportRows.length; i += 250)
      await t.db.getRepository(Support).insert(supportRows.slice(i, i + 250));
    const auditTypes = ['user', 'product', 'category', 'delivery', 'order', 'kyc'];
    const auditRows = Array.from({ length: PRODUCTS }, (_, i) => ({
      actor_id: i % 4 === 0 ? admin.user.id : 100_000 + (i % 7),
      actor_email: `admin${i % 7}@example.com`,
      actor_role: 'admin',
      action: `${auditTypes[i % auditTypes.length]}.${i % 2 ? 'update' : 'create'}`,
      entity_type: auditTypes[i % auditTypes.length],
      entity_id: 1 + (i % 500),
      method: i % 2 ? 'PUT' : 'POST',
      path: '/api/v1/plan',
      created_at: new Date(Date.now() - i * hour),
    })) as Array<Partial<AuditLog>>;
    for (let i = 0; i < auditRows.length; i += 250)
      await t.db.getRepository(AuditLog).insert(auditRows.slice(i, i + 250));
    // Payouts (issue 24): the back office's queue and history, and the vendor's own withdrawals.
    const payoutStatuses = [
      'awaiting_approval',
      'approved',
      'processing',
      'paid',
      'failed',
      'reversed',
      'rejected',
    ] as const;
    const payoutRows = Array.from({ length: 1500 }, (_, i) => ({
      vendor_id: i % 4 ? vendor.user.id : admin.user.id,
      account_id: 1,
      amount_minor: 100_000 + ((i * 7919) % 5_000_000),
      fee_minor: 5_000,
      status: payoutStatuses[i % payoutStatuses.length],
      reference: `payout-plan-${i}`,
      recipient_code: 'RCP_plan',
      bank_name: 'Guaranty Trust Bank',
      account_number: '0123456789',
      account_name: 'PLAN VENDOR',
      created_at: new Date(Date.now() - i * hour),
    })) as Array<Partial<Payout>>;
    for (let i = 0; i < payoutRows.length; i += 250)
      await t.db.getRepository(Payout).insert(payoutRows.slice(i, i + 250));
    await analyze(t.db, [
      'delivery_attempts',
      'payouts',
      'audit_logs',
      'kyc_submissions',
      'supports',
      'deliveries',
      'warehouses',
      'locations',
      'shipping_titles',
      'products',
      'users',
      'notifications',
      'contact_messages',
      'categories',
      'product_reviews',
      'invoices',
      'wallet_ledger',
      'wallets',
      'orders',
      'order_items',
      'order_vendors',
    ]);
  });
  afterAll(() => t.close());

  describe('the check itself', () => {
    // Without these the tests below could pass by never looking at a plan.
    it('finds a sort and a full scan in a plan that has them', () => {
      expect(planProblems(false, 'p', ['SCAN p', 'USE TEMP B-TREE FOR ORDER BY'], { table: 'products' })).toEqual([
        'full table scan of products',
        'sorts the rows (temp B-tree)',
      ]);
      expect(
        planProblems(true, 'p', ['table=p type=ALL key=- rows=600 extra=Using where; Using filesort'], {
          table: 'products',
        }),
      ).toEqual(['full table scan of products', 'sorts the rows (filesort)']);
      expect(
        planProblems(false, 'p', ['SEARCH p USING INDEX idx_products_status_created (status=?)'], {
          table: 'products',
        }),
      ).toEqual([]);
    });

    it('catches an unindexed sort on the real database', async () => {
      // description has no index: this must be reported as a sort (and the API refuses it as a sort field anyway).
      const statements = await captureStatements(t.db, () =>
        t.db
          .getRepository(Product)
          .createQueryBuilder('p')
          .where('p.status = 1')
          .orderBy('p.description', 'DESC')
          .limit(12)
          .getMany(),
      );
      const plan = await explain(t.db, statements[0]);
      expect(planProblems(isMysqlDb(t.db), 'p', plan, { table: 'products' })).toContain(
        isMysqlDb(t.db) ? 'sorts the rows (filesort)' : 'sorts the rows (temp B-tree)',
      );
    });
  });

  describe('products', () => {
    const products = { table: 'products' };
    it('the default active list (newest first)', () => expectIndexedList(t, '/api/v1/products', products));
    it('sorted by price, both ways', async () => {
      await expectIndexedList(t, '/api/v1/products?_sort=price_ngn&_order=asc', products);
      await expectIndexedList(t, '/api/v1/products?_sort=price_ngn&_order=desc&min_price=1000', products);
    });
    it('sorted by rating', () => expectIndexedList(t, '/api/v1/products?_sort=average_rating&_order=desc', products));
    it('continued with a keyset cursor (Load More), default sort and by price', async () => {
      for (const sort of ['', '&_sort=price_ngn&_order=asc']) {
        const first = await t.http().get(`/api/v1/products/active?per_page=24${sort}`).expect(200);
        const cursor = first.body.meta.next_cursor as string;
        expect(cursor).toBeTruthy();
        const plan = await expectIndexedList(t, `/api/v1/products/active?per_page=24${sort}&after=${cursor}`, products);
        // MySQL/MariaDB must seek to the cursor (a range on the index), not walk the status prefix from the top.
        if (isMysqlDb(t.db))
          expect(plan.find((line) => /\bp\b/.test(line) || /products/.test(line))).toMatch(/\brange\b/);
      }
    });
    it('sorted by name (case-insensitive)', () =>
      expectIndexedList(t, '/api/v1/products?_sort=name&_order=asc', products));
    it('filtered by category, default sort', () =>
      expectIndexedList(t, `/api/v1/products?category_id=${category}`, products));
    it('filtered by type, default sort', () => expectIndexedList(t, '/api/v1/products?type=hot', products));
    it('running flash sales by end time, as the storefront asks', async () => {
      await expectIndexedList(t, '/api/v1/products?type=flash&flash_active=1&_sort=flash_end_at&_order=asc', products);
      await expectIndexedList(t, '/api/v1/products?type=flash&flash_active=1&_sort=flash_end_at&_order=desc', products);
    });
    it("a vendor's own products (mine=1)", () =>
      expectIndexedList(t, '/api/v1/products?mine=1', products, vendor.token));
    it('My Products: by status, sorted by newest, price, stock and rating, with and without the status', async () => {
      for (const sort of [
        '',
        '&_sort=price_ngn&_order=asc',
        '&_sort=stock_quantity&_order=asc',
        '&_sort=average_rating&_order=desc',
      ]) {
        await expectIndexedList(t, `/api/v1/products?mine=1${sort}`, products, vendor.token);
        await expectIndexedList(t, `/api/v1/products?mine=1&status=0${sort}`, products, vendor.token);
      }
    });
    it("the vendor dashboard's low-stock list (their active products, least stock first)", () =>
      expectIndexedList(t, '/api/v1/vendor/dashboard', products, vendor.token));
    it("the admin's list of every status: newest first, by price", async () => {
      await expectIndexedList(t, '/api/v1/products', products, admin.token);
      await expectIndexedList(t, '/api/v1/products?_sort=price_ngn&_order=desc', products, admin.token);
    });
    it('a search: the full-text index finds the rows (ranked, so sorting the matches is expected)', async () => {
      const fts = {
        ...products,
        allowSort: true,
        mustUse: { sqlite: /products_fts VIRTUAL TABLE/, mysql: /type=fulltext/ },
      };
      await expectIndexedList(t, '/api/v1/products?q=tecno', fts);
      await expectIndexedList(t, '/api/v1/products?q=tec&_sort=price_ngn&_order=asc', fts);
    });
  });

  describe('other lists', () => {
    it("the admin's user list: default, by name, by role", async () => {
      await expectIndexedList(t, '/api/v1/users', { table: 'users' }, admin.token);
      await expectIndexedList(t, '/api/v1/users?_sort=name&_order=asc', { table: 'users' }, admin.token);
      await expectIndexedList(t, '/api/v1/users?role=vendor', { table: 'users' }, admin.token);
    });
    it('notifications and contact messages', async () => {
      await expectIndexedList(t, '/api/v1/notifications', { table: 'notifications' }, admin.token);
      await expectIndexedList(t, '/api/v1/contact-messages', { table: 'contact_messages' }, admin.token);
    });
    it("a product's reviews", () =>
      expectIndexedList(t, `/api/v1/products/${reviewed}/reviews`, { table: 'product_reviews' }));
    it("the admin's invoices: default sort, by status, by type; a user's own invoices", async () => {
      await expectIndexedList(t, '/api/v1/invoices', { table: 'invoices' }, admin.token);
      await expectIndexedList(t, '/api/v1/invoices?status=pending', { table: 'invoices' }, admin.token);
      await expectIndexedList(t, '/api/v1/invoices?type=delivery', { table: 'invoices' }, admin.token);
      await expectIndexedList(t, '/api/v1/invoices/user', { table: 'invoices' }, admin.token);
    });
    it("orders: the admin's list (default, by status), a buyer's own, a vendor's (their lines only)", async () => {
      const orders = { table: 'orders' };
      await expectIndexedList(t, '/api/v1/orders', orders, admin.token);
      await expectIndexedList(t, '/api/v1/orders?status=1', orders, admin.token);
      // (status=4&status=5, the Returns & Cancellations tab, sorts: an IN list has no single index order. The tab
      // asks it of one buyer's orders (idx_orders_user_status_created), a set bounded by what one person bought.)
      await expectIndexedList(t, `/api/v1/orders/user/${admin.user.id}`, orders, admin.token);
      await expectIndexedList(t, `/api/v1/orders/user/${admin.user.id}?status=1`, orders, admin.token);
      const theirs = { table: 'order_vendors' };
      await expectIndexedList(t, '/api/v1/orders', theirs, vendor.token);
      // The vendor's statement: their lines off idx_order_items_vendor_order, newest order first.
      await expectIndexedList(t, '/api/v1/orders/statement', { table: 'order_items' }, vendor.token);
      await expectIndexedList(t, '/api/v1/orders?status=1', theirs, vendor.token);
      const first = await t
        .http()
        .get('/api/v1/orders?per_page=20')
        .set('Authorization', `Bearer ${vendor.token}`)
        .expect(200);
      expect(first.body.meta.next_cursor).toBeTruthy();
      const plan = await expectIndexedList(
        t,
        `/api/v1/orders?per_page=20&after=${first.body.meta.next_cursor}`,
        theirs,
        vendor.token,
      );
      if (isMysqlDb(t.db)) expect(plan.find((line) => /table=ov\b/.test(line))).toMatch(/\brange\b/);
    });
    it("deliveries: the admin lists by type and status, the tracking table sorts, a customer's own, a title's", async () => {
      const deliveries = { table: 'deliveries' };
      await expectIndexedList(t, '/api/v1/trackings', deliveries, admin.token);
      await expectIndexedList(t, '/api/v1/trackings?type=foreign', deliveries, admin.token);
      await expectIndexedList(t, '/api/v1/trackings?status=2', deliveries, admin.token);
      await expectIndexedList(t, '/api/v1/trackings?type=local&status=1', deliveries, admin.token);
      for (const sort of ['status', 'weight', 'size'])
        await expectIndexedList(t, `/api/v1/trackings?per_page=5&sort=${sort}&order=desc`, deliveries, admin.token);
      await expectIndexedList(t, '/api/v1/trackings', deliveries, vendor.token);
      await expectIndexedList(t, '/api/v1/trackings?type=foreign', deliveries, vendor.token);
      await expectIndexedList(t, `/api/v1/trackings?shipping_id=${planTitle}`, deliveries, admin.token);
    });
    it("KYC submissions and support requests (admin, by status; a user's own requests)", async () => {
      await expectIndexedList(t, '/api/v1/kyc', { table: 'kyc_submissions' }, admin.token);
      await expectIndexedList(t, '/api/v1/kyc?status=0', { table: 'kyc_submissions' }, admin.token);
      await expectIndexedList(t, '/api/v1/supports', { table: 'supports' }, admin.token);
      await expectIndexedList(t, '/api/v1/supports?status=1', { table: 'supports' }, admin.token);
      await expectIndexedList(t, '/api/v1/supports', { table: 'supports' }, vendor.token);
    });
    it('the audit log (admin): newest first, by actor, entity type, entity, action and date range', async () => {
      const audit = { table: 'audit_logs' };
      await expectIndexedList(t, '/api/v1/audit-logs', audit, admin.token);
      await expectIndexedList(t, `/api/v1/audit-logs?actor_id=${admin.user.id}`, audit, admin.token);
      await expectIndexedList(t, '/api/v1/audit-logs?entity_type=delivery', audit, admin.token);
      await expectIndexedList(t, '/api/v1/audit-logs?entity_type=order&entity_id=7', audit, admin.token);
      await expectIndexedList(t, '/api/v1/audit-logs?action=product.update', audit, admin.token);
      await expectIndexedList(
        t,
        '/api/v1/audit-logs?created_at_gte=2020-01-01&created_at_lte=2100-01-01',
        audit,
        admin.token,
      );
      const first = await t
        .http()
        .get('/api/v1/audit-logs?per_page=20')
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200);
      expect(first.body.meta.next_cursor).toBeTruthy();
      await expectIndexedList(
        t,
        `/api/v1/audit-logs?per_page=20&after=${first.body.meta.next_cursor}`,
        audit,
        admin.token,
      );
    });
    it("payouts: the admin's queue and history (default, by status, by vendor, by amount); a vendor's own", async () => {
      for (const path of [
        '/api/v1/payouts',
        '/api/v1/payouts?status=awaiting_approval',
        `/api/v1/payouts?vendor_id=${vendor.user.id}`,
        '/api/v1/payouts?_sort=amount_minor&_order=desc',
      ])
        await expectIndexedList(t, path, { table: 'payouts' }, admin.token);
      await expectIndexedList(t, '/api/v1/vendor-payouts/withdrawals', { table: 'payouts' }, vendor.token);
    });
    it('payouts: by id, by amount alone and under each filter, the queue oldest first, and the cursor (issue 25)', async () => {
      const payouts = { table: 'payouts' };
      await expectIndexedList(
        t,
        '/api/v1/payouts?_sort=id&_order=desc',
        { ...payouts, primaryKeyWalk: true },
        admin.token,
      );
      for (const path of [
        '/api/v1/payouts?_sort=amount_minor&_order=asc',
        '/api/v1/payouts?status=paid&_sort=amount_minor&_order=desc',
        `/api/v1/payouts?vendor_id=${vendor.user.id}&_sort=amount_minor&_order=desc`,
        '/api/v1/payouts?status=rejected&_sort=requested_at&_order=asc',
      ])
        await expectIndexedList(t, path, payouts, admin.token);
      await expectIndexedList(t, '/api/v1/vendor-payouts/withdrawals?status=paid', payouts, vendor.token);
      for (const filter of ['', 'status=awaiting_approval&', `vendor_id=${vendor.user.id}&`]) {
        const first = await t
          .http()
          .get(`/api/v1/payouts?${filter}per_page=20`)
          .set('Authorization', `Bearer ${admin.token}`)
          .expect(200);
        expect(first.body.meta.next_cursor).toBeTruthy();
        await expectIndexedList(
          t,
          `/api/v1/payouts?${filter}per_page=20&after=${first.body.meta.next_cursor}`,
          payouts,
          admin.token,
        );
      }
    });
    it("a vendor's statement (own and the admin's view): page 1, continued with the cursor (issue 25)", async () => {
      const ledger = { table: 'wallet_ledger' };
      await expectIndexedList(t, '/api/v1/vendor-payouts/statement', ledger, vendor.token);
      await expectIndexedList(t, `/api/v1/payouts/vendors/${vendor.user.id}/statement`, ledger, admin.token);
      const first = await t
        .http()
        .get('/api/v1/vendor-payouts/statement?limit=20')
        .set('Authorization', `Bearer ${vendor.token}`)
        .expect(200);
      expect(first.body.meta.next_cursor).toBeTruthy();
      const plan = await expectIndexedList(
        t,
        `/api/v1/vendor-payouts/statement?limit=20&cursor=${first.body.meta.next_cursor}`,
        ledger,
        vendor.token,
      );
      if (isMysqlDb(t.db)) expect(plan.find((line) => /wallet_ledger|table=l\b/.test(line))).toMatch(/\brange\b/);
    });
    it("invoices: every sort, each filter, the date range and the cursor; a user's own by status (issue 25)", async () => {
      const invoices = { table: 'invoices' };
      await expectIndexedList(
        t,
        '/api/v1/invoices?_sort=id&_order=desc',
        { ...invoices, primaryKeyWalk: true },
        admin.token,
      );
      for (const path of [
        '/api/v1/invoices?_sort=amount&_order=desc',
        '/api/v1/invoices?status=pending&_sort=amount&_order=desc',
        '/api/v1/invoices?type=delivery&_sort=amount_minor&_order=asc',
        '/api/v1/invoices?_sort=amount_minor&_order=asc',
        '/api/v1/invoices?currency=USD',
        `/api/v1/invoices?user_id=${admin.user.id}`,
        '/api/v1/invoices?reference=INV-PLAN000042',
        '/api/v1/invoices?created_at_gte=2020-01-01&created_at_lte=2100-01-01',
        '/api/v1/invoices?status=paid&type=order',
      ])
        await expectIndexedList(t, path, invoices, admin.token);
      // A contains-match on the customer's e-mail is a search of users (no index serves '%x%'): MariaDB reads the
      // matching users, then their invoices by idx_invoices_user_created, and sorts only those matches.
      await expectIndexedList(t, '/api/v1/invoices?email=plan-user-1', { ...invoices, allowSort: true }, admin.token);
      await expectIndexedList(t, '/api/v1/invoices/user?status=paid', invoices, admin.token);
      const first = await t
        .http()
        .get('/api/v1/invoices?per_page=20')
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200);
      expect(first.body.meta.next_cursor).toBeTruthy();
      await expectIndexedList(
        t,
        `/api/v1/invoices?per_page=20&after=${first.body.meta.next_cursor}`,
        invoices,
        admin.token,
      );
    });
    it("the admin's wallets: largest balance first, by dollars, filtered; read from the balance index", async () => {
      for (const path of [
        '/api/v1/wallets',
        '/api/v1/wallets?_sort=usd_minor&_order=desc',
        '/api/v1/wallets?role=customer',
      ]) {
        const plan = await expectIndexedList(t, path, { table: 'wallets' }, admin.token);
        // The page walks a balance index (no join of every user to their wallet and no sort of them all).
        const walk = plan.find((line) => /idx_wallets_(ngn|usd)_user/.test(line));
        expect(walk).toBeTruthy();
      }
    });
    it('wallet histories (own), also continued with the cursor', async () => {
      await expectIndexedList(t, '/api/v1/wallet/histories', { table: 'wallet_ledger' }, admin.token);
      const first = await t
        .http()
        .get('/api/v1/wallet/histories?per_page=20')
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200);
      expect(first.body.meta.next_cursor).toBeTruthy();
      const plan = await expectIndexedList(
        t,
        `/api/v1/wallet/histories?per_page=20&after=${first.body.meta.next_cursor}`,
        { table: 'wallet_ledger' },
        admin.token,
      );
      // MySQL/MariaDB seek to the cursor instead of walking the user's entries from the newest.
      if (isMysqlDb(t.db)) expect(plan.find((line) => /wallet_ledger|table=l\b/.test(line))).toMatch(/\brange\b/);
    });
  });

  describe('the problem queue and the rider (decision 045)', () => {
    /**
     * Every statement of a request that reads a bounded page or count of deliveries (ORDER BY ... LIMIT: the page, and
     * the capped count's subquery): each table it names by `aliases` is read through an index, without a sort.
     */
    async function expectIndexedStatements(path: string, token: string, aliases: Record<string, string>, n: number) {
      const statements = await captureStatements(t.db, async () => {
        const res = await t.http().get(path).set('Authorization', `Bearer ${token}`);
        if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      });
      const pages = statements.filter(
        (s) => /^\s*SELECT/i.test(s.sql) && /\bORDER BY\b/i.test(s.sql) && /\bLIMIT\b/i.test(s.sql),
      );
      expect(pages).toHaveLength(n);
      for (const page of pages) {
        const plan = await explain(t.db, page);
        const problems = Object.entries(aliases).flatMap(([alias, table]) =>
          new RegExp(`["\`\\s]${alias}["\`\\s.]`).test(page.sql)
            ? planProblems(isMysqlDb(t.db), alias, plan, { table })
            : [],
        );
        if (process.env.SHOW_PLANS) console.log(`GET ${path}\n${page.sql}\n  ${plan.join('\n  ')}`);
        if (problems.length)
          throw new Error(`GET ${path}: ${problems.join('; ')}\nSQL: ${page.sql}\nPlan:\n  ${plan.join('\n  ')}`);
      }
    }
    const keys = problemCategories(loadProblemQueue({}, [])).map((c) => c.key);
    const tables = { d: 'deliveries', inv: 'invoices', att: 'delivery_attempts' };

    it('each category: its page (oldest first) and its capped count read one index range, no full scan, no sort', async () => {
      expect(keys).toEqual([
        'stalled_1',
        'stalled_2',
        'stalled_3',
        'stalled_4',
        'stalled_5',
        'stalled_6',
        'unpaid',
        'failed_delivery',
        'disputed_measure',
        'no_owner',
      ]);
      for (const key of keys) {
        const res = await t
          .http()
          .get(`/api/v1/problems?category=${key}`)
          .set('Authorization', `Bearer ${admin.token}`);
        expect([key, res.body.data.length > 0]).toEqual([key, true]);
        await expectIndexedStatements(`/api/v1/problems?category=${key}&page=2&per_page=5`, admin.token, tables, 2);
      }
      // The summary: one capped count per category.
      await expectIndexedStatements('/api/v1/problems/categories', admin.token, tables, keys.length);
    });

    it("the rider's list: their parcels waiting for delivery by id, and their attempts of today, newest first", async () => {
      const res = await t.http().get('/api/v1/rider/parcels').set('Authorization', `Bearer ${rider.token}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      await expectIndexedStatements('/api/v1/rider/parcels?page=2&per_page=5', rider.token, tables, 2);
    });
  });

  describe('full-text objects (not comparable by the schema-sync test)', () => {
    it('exist on this database', async () => {
      if (isMysqlDb(t.db)) {
        const rows: Array<{ type: string; col: string }> = await t.db.query(
          `SELECT INDEX_TYPE AS type, COLUMN_NAME AS col FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'products' AND INDEX_NAME = ?`,
          [PRODUCTS_FULLTEXT_INDEX],
        );
        expect(rows).toEqual([{ type: 'FULLTEXT', col: 'name' }]);
      } else {
        const rows: Array<{ type: string; name: string; sql: string }> = await t.db.query(
          `SELECT type, name, sql FROM sqlite_master WHERE name = 'products_fts' OR (type = 'trigger' AND tbl_name = 'products') ORDER BY name`,
        );
        expect(rows.map((r) => r.name)).toEqual(['products_fts', ...PRODUCTS_FTS_TRIGGERS].sort());
        expect(rows.find((r) => r.name === 'products_fts')?.sql).toMatch(
          /fts5\(name, content='products', content_rowid='id'/,
        );
        const [{ n }] = await t.db.query(`SELECT COUNT(*) AS n FROM products_fts WHERE products_fts MATCH '"tecno"*'`);
        expect(Number(n)).toBe(PRODUCTS / 10); // "Tecno" is word 0: the names of products 0, 10, 20, ...
      }
    });
  });
});
