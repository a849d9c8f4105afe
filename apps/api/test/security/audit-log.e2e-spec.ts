import type { Request } from 'express';
import type { AuditLogEntry } from '@jara/contracts';
import { inTransaction } from '../../src/database/transaction';
import { AuditLog } from '../../src/modules/audit/audit-log.entity';
import { AuditService } from '../../src/modules/audit/audit.service';
import { Category } from '../../src/modules/categories/category.entity';
import { KycSubmission } from '../../src/modules/kyc/kyc.entity';
import { User } from '../../src/modules/users/user.entity';
import { bearer } from '../support/money';
import { placeOrder, moveOrder } from '../support/orders';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * Issue 14 item 8, the audit log (decision 019): every successful admin write leaves one entry with who, when,
 * what and what changed (secrets redacted), the request id and the address; failed writes, customers' and
 * vendors' own writes leave none; the log is read-only through the API.
 */
describe('Audit log of admin writes (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;
  let vendor: Account;
  let category: number;

  const api = (method: 'post' | 'put' | 'patch' | 'delete' | 'get', path: string, token: string, body?: object) => {
    const req = t.http()[method](`/api/v1${path}`).set(bearer(token));
    return body ? req.send(body) : req;
  };

  /** The newest entries matching a filter (as the admin reads them). */
  async function entries(query: string): Promise<AuditLogEntry[]> {
    const res = await api('get', `/audit-logs?${query}`, admin.token).expect(200);
    expect(res.body.meta).toMatchObject({ page: 1 });
    return res.body.data as AuditLogEntry[];
  }

  /** The one newest entry of an action on an entity; fails clearly when there is none. */
  async function latest(action: string, entityId?: number): Promise<AuditLogEntry> {
    const list = await entries(`action=${action}${entityId ? `&entity_id=${entityId}` : ''}`);
    if (!list.length) throw new Error(`No audit entry for ${action} ${entityId ?? ''}`);
    return list[0];
  }

  const count = () => t.db.getRepository(AuditLog).count();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t, { role: 'admin' });
    customer = await signUp(t);
    vendor = await signUp(t, { role: 'vendor' });
    category = (await api('post', '/categories', admin.token, { name: 'Audit Kitchen', status: 1 }).expect(201)).body
      .data.id;
  });
  afterAll(() => t.close());

  it('records who, when, what, the changed fields, the request id and the address of an admin write (users)', async () => {
    const started = Date.now();
    const target = await signUp(t);
    const res = await api('put', `/users/${target.user.id}`, admin.token, { name: 'Renamed By Admin', status: '0' })
      .set('X-Request-Id', 'audit-test-request-0001')
      .expect(200);
    expect(res.headers['x-request-id']).toBe('audit-test-request-0001');
    const entry = await latest('user.update', target.user.id);
    expect(entry).toMatchObject({
      actor: { id: admin.user.id, email: admin.email, role: 'admin' },
      actor_id: admin.user.id,
      entity_type: 'user',
      entity_id: target.user.id,
      method: 'PUT',
      path: `/api/v1/users/${target.user.id}`,
      request_id: 'audit-test-request-0001',
      before: { status: '1' },
      after: { name: 'Renamed By Admin', status: '0' },
    });
    expect(entry.ip).toMatch(/\d|::/);
    expect(new Date(entry.created_at).getTime()).toBeGreaterThanOrEqual(started - 1000);
    // Only the changed fields (and the tokens' version, which the change of status bumps, is a secret).
    expect(Object.keys(entry.after ?? {}).sort()).toEqual(['name', 'status', 'token_version']);
    expect(entry.after?.token_version).toBe('[redacted]');
    // The detail route answers the same entry.
    const one = await api('get', `/audit-logs/${entry.id}`, admin.token).expect(200);
    expect(one.body.data).toEqual(entry);
  });

  it('redacts secrets: a deleted user loses a password hash that the log never shows', async () => {
    const doomed = await signUp(t);
    const { password_hash: secret } = await t.db.getRepository(User).findOneByOrFail({ id: doomed.user.id });
    expect(secret).toBeTruthy();
    await api('delete', `/users/${doomed.user.id}`, admin.token).expect(200);
    const entry = await latest('user.remove', doomed.user.id);
    expect(entry.before).toMatchObject({ password_hash: '[redacted]', email: doomed.email, status: '1' });
    expect(entry.after).toMatchObject({ password_hash: null, status: '0' });
    const raw = await t.db.getRepository(AuditLog).findOneByOrFail({ id: entry.id });
    expect(JSON.stringify(raw)).not.toContain(secret as string);
  });

  it("catalogue: categories and products (an admin editing a vendor's product), currencies", async () => {
    const created = await latest('category.create', category);
    expect(created).toMatchObject({
      before: null,
      after: { name: 'Audit Kitchen', status: 1 },
      body: { name: 'Audit Kitchen' },
    });
    await api('put', `/categories/${category}`, admin.token, { name: 'Audit Cookware' }).expect(200);
    expect(await latest('category.update', category)).toMatchObject({
      before: { name: 'Audit Kitchen' },
      after: { name: 'Audit Cookware' },
    });

    const product = (
      await api('post', '/products', vendor.token, {
        name: 'Audit Kettle',
        type: 'new',
        description: 'Good',
        status: 1,
        category_id: category,
        price: 12000,
        stock_quantity: 4,
      }).expect(201)
    ).body.data as { id: number };
    await api('put', `/products/${product.id}`, admin.token, { stock_quantity: 9 }).expect(200);
    expect(await latest('product.update', product.id)).toMatchObject({
      entity_type: 'product',
      before: { stock_quantity: 4 },
      after: { stock_quantity: 9 },
    });

    const currency = (
      await api('post', '/currencies', admin.token, {
        name: 'Ghana Cedi',
        code: 'GHS',
        buy_price: 15,
        sell_price: 16,
      }).expect(201)
    ).body.data as { id: number };
    await api('patch', `/currencies/${currency.id}`, admin.token, { sell_price: 17 }).expect(200);
    const rate = await latest('currency.update', currency.id);
    expect(rate.before).toBeTruthy();
    expect(rate.after).toBeTruthy();
    expect(JSON.stringify(rate.after)).toMatch(/17/);
    expect((await latest('currency.create', currency.id)).after).toMatchObject({ code: 'GHS' });
  });

  it('a PATCH beside a PUT (decision 033), on either path, is recorded as the same change: category.update', async () => {
    const name = (await api('get', `/categories/${category}`, admin.token).expect(200)).body.data.name as string;
    await api('patch', `/categories/${category}`, admin.token, { name: 'Audit Pantry' }).expect(200);
    const patched = await latest('category.update', category);
    expect(patched).toMatchObject({ method: 'PATCH', before: { name }, after: { name: 'Audit Pantry' } });
    // The back office's stock simple-rest provider sends the same PATCH under /simple-rest (plain records).
    await api('patch', `/simple-rest/categories/${category}`, admin.token, { name }).expect(200);
    const again = await latest('category.update', category);
    expect(again.id).not.toBe(patched.id);
    expect(again).toMatchObject({ method: 'PATCH', before: { name: 'Audit Pantry' }, after: { name } });
    expect(await entries(`action=category.patch&entity_id=${category}`)).toEqual([]);
  });

  it('logistics: locations, warehouses, shipping titles, settings; deliveries status and proceed', async () => {
    const gz = (await api('post', '/locations', admin.token, { name: 'Audit Guangzhou' }).expect(201)).body.data;
    const lagos = (await api('post', '/locations', admin.token, { name: 'Audit Lagos' }).expect(201)).body.data;
    expect(await latest('location.create', gz.id)).toMatchObject({ after: { name: 'Audit Guangzhou' } });
    const air = (
      await api('post', '/warehouses', admin.token, {
        name: 'Audit Air',
        location_id: gz.id,
        type: 'air_cargo',
      }).expect(201)
    ).body.data;
    expect(await latest('warehouse.create', air.id)).toMatchObject({ entity_type: 'warehouse' });
    const title = (
      await api('post', '/shippings', admin.token, {
        name: 'Audit Flight',
        location_id: lagos.id,
        type: 'air_cargo',
      }).expect(201)
    ).body.data;
    expect(await latest('shipping.create', title.id)).toMatchObject({ entity_type: 'shipping' });
    await api('put', '/logistics-settings', admin.token, { cost_per_cmb3: 0.01, cost_per_kg: 8.5 }).expect(200);
    const settings = await latest('logistics_settings.update');
    expect(settings.entity_id).toBe(1);
    expect(JSON.stringify(settings.after)).toMatch(/8\.5|850/);

    const delivery = (
      await api('post', '/trackings', customer.token, {
        external_no: 'YT-AUDIT-1',
        warehouse_id: air.id,
        type: 'foreign',
        shipping_type: 'air_cargo',
        from_jara: false,
      }).expect(201)
    ).body.data as { id: number; status: number };
    await api('patch', `/trackings/${delivery.id}/status`, admin.token, { status: 2 }).expect(200);
    expect(await latest('delivery.status', delivery.id)).toMatchObject({
      entity_type: 'delivery',
      before: { status: 1 },
      after: { status: 2 },
      body: { status: 2 },
    });
    await api('put', `/trackings/${delivery.id}`, admin.token, {
      shipping_type: 'air_cargo',
      shipping_id: title.id,
      weight: 2,
      size: 1,
    }).expect(200);
    const proceeded = await latest('delivery.proceed', delivery.id);
    // The delivery is named by its own tracking number (issue 22), the title by its name.
    const tracking = (await api('get', `/trackings/${delivery.id}`, admin.token).expect(200)).body.data.tracking_no;
    expect(proceeded.entity_ref).toBe(tracking);
    expect((await api('get', `/audit-logs/${proceeded.id}`, admin.token).expect(200)).body.data.entity_ref).toBe(
      tracking,
    );
    expect((await latest('shipping.create', title.id)).entity_ref).toBe('Audit Flight');
    expect(settings.entity_ref).toBeNull();
    expect(proceeded.before).toMatchObject({ weight_hundredths: null, invoice_id: null });
    expect(proceeded.after).toMatchObject({ weight_hundredths: 200, size_hundredths: 100 });
    expect(proceeded.after?.invoice_id).toEqual(expect.any(Number));
    expect(proceeded.body).toMatchObject({ shipping_id: title.id, weight: 2 });
  });

  it('KYC decisions and deletions (documents and the ID number redacted)', async () => {
    const row = await t.db.getRepository(KycSubmission).save(
      t.db.getRepository(KycSubmission).create({
        user_id: customer.user.id,
        active_user_id: customer.user.id,
        name: 'Chioma Adeyemi',
        dob: '1992-03-14',
        gender: 'female',
        address: '12 Allen Avenue',
        id_type: 'National ID',
        id_number: 'NIN-12345678901',
        id_image_key: 'kyc/secret-document-key.jpg',
        user_image_key: null,
        status: 0,
      }),
    );
    await api('put', `/kyc/${row.id}/approve`, admin.token, { status: -1, reason: 'Blurred' }).expect(200);
    expect(await latest('kyc.decide', row.id)).toMatchObject({
      before: { status: 0, reason: null },
      after: { status: -1, reason: 'Blurred', reviewed_by: admin.user.id },
    });
    await api('delete', `/kyc/${row.id}`, admin.token).expect(200);
    const removed = await latest('kyc.remove', row.id);
    expect(removed.after).toBeNull();
    expect(removed.before).toMatchObject({
      id_number: '[redacted]',
      id_image_key: '[redacted]',
      name: 'Chioma Adeyemi',
    });
    expect(JSON.stringify(removed)).not.toMatch(/NIN-12345678901|secret-document-key/);
  });

  it('support: status changes, replies and deletions by an admin', async () => {
    const support = (
      await api('post', '/supports', customer.token, {
        name: 'Chioma',
        email: customer.email,
        subject: 'Where is my parcel?',
        message: 'It has been a week.',
      }).expect(201)
    ).body.data as { id: number };
    expect(await entries(`entity_type=support&entity_id=${support.id}`)).toEqual([]);
    await api('patch', `/supports/${support.id}`, admin.token, { status: 0 }).expect(200);
    expect(await latest('support.status', support.id)).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
    await api('patch', `/supports/${support.id}`, admin.token, { status: 1 }).expect(200);
    const reply = (
      await api('post', '/support-responses', admin.token, { support_id: support.id, message: 'On its way.' }).expect(
        201,
      )
    ).body.data as { id: number };
    expect(await latest('support_response.create', reply.id)).toMatchObject({
      before: null,
      after: { support_id: support.id, message: 'On its way.' },
    });
    await api('delete', `/supports/${support.id}`, admin.token).expect(200);
    expect((await latest('support.remove', support.id)).before).toMatchObject({ subject: 'Where is my parcel?' });
  });

  it('wallet adjustments and an order status change by the admin', async () => {
    await api('post', `/wallets/${customer.user.id}/adjustments`, admin.token, {
      amount: 5000,
      currency: 'NGN',
      direction: 'credit',
      reason: 'Goodwill',
    }).expect(201);
    expect(await latest('wallet.adjust', customer.user.id)).toMatchObject({
      entity_type: 'wallet',
      entity_id: customer.user.id,
      after: { ngn_minor: 500000 },
      body: { reason: 'Goodwill', direction: 'credit' },
    });

    const product = (
      await api('post', '/products', vendor.token, {
        name: 'Audit Fan',
        type: 'new',
        description: 'Good',
        status: 1,
        category_id: category,
        price: 1000,
        stock_quantity: 5,
      }).expect(201)
    ).body.data as { id: number };
    const order = (
      await placeOrder(t, customer.token, [{ product_id: product.id, quantity: 1 }], {
        payment_method: 'bank_transfer',
      }).expect(201)
    ).body.data as { id: number; status: number };
    expect(order.status).toBe(0);
    await moveOrder(t, admin.token, order.id, 1).expect(200);
    const orderNo = (await t.db.query('SELECT order_no FROM orders WHERE id = ?', [order.id]))[0].order_no as string;
    expect(orderNo).toBeTruthy();
    expect(await latest('order.status', order.id)).toMatchObject({
      entity_type: 'order',
      entity_ref: orderNo,
      before: { status: 0 },
      after: { status: 1 },
    });
    expect((await latest('wallet.adjust', customer.user.id)).entity_ref).toBe(customer.email);
  });

  it("does not record customers' and vendors' own writes", async () => {
    await api('post', '/user/update-profile', customer.token, { name: 'Chioma Self' }).expect((r) =>
      expect(r.status).toBeLessThan(300),
    );
    await api('post', '/products', vendor.token, {
      name: 'Vendor Own',
      type: 'new',
      description: 'Good',
      status: 1,
      category_id: category,
      price: 1000,
      stock_quantity: 1,
    }).expect(201);
    expect(await entries(`actor_id=${customer.user.id}`)).toEqual([]);
    expect(await entries(`actor_id=${vendor.user.id}`)).toEqual([]);
    const rows = await t.db.getRepository(AuditLog).find();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.actor_role === 'admin' && r.actor_id === admin.user.id)).toBe(true);
  });

  it('a failed admin write (422, 404, 409) leaves no entry', async () => {
    const before = await count();
    await api('put', `/categories/${category}`, admin.token, { name: '' }).expect(422);
    await api('post', '/categories', admin.token, { name: 'Audit Cookware' }).expect(422);
    await api('put', '/categories/999999', admin.token, { name: 'Nothing' }).expect(404);
    await api('post', `/wallets/${customer.user.id}/adjustments`, admin.token, {
      amount: 999999999,
      currency: 'USD',
      direction: 'debit',
      reason: 'Too much',
    }).expect(422);
    await api('patch', `/supports/999999`, admin.token, { status: 0 }).expect(404);
    expect(await count()).toBe(before);
  });

  it('an entry written inside a transaction goes away with it when the transaction rolls back', async () => {
    const audit = t.app.get(AuditService);
    const actor = await t.db.getRepository(User).findOneByOrFail({ id: admin.user.id });
    const req = {
      method: 'PUT',
      originalUrl: `/api/v1/categories/${category}`,
      params: { id: String(category) },
      body: { name: 'Rolled Back' },
      user: actor,
      ip: '127.0.0.1',
      id: 'audit-rollback-0001',
    } as unknown as Request & { user: User };
    const before = await count();
    const ctx = await audit.begin(req, 'categories', 'update');
    await expect(
      audit.run(ctx, () =>
        inTransaction(t.db, async (m) => {
          await m.update(Category, { id: category }, { name: 'Rolled Back' });
          throw new Error('boom');
        }),
      ),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(before);
    expect(ctx.entryId).toBeNull();
    // The same write committed: the entry is written in the transaction, with the change.
    await audit.run(ctx, () => inTransaction(t.db, (m) => m.update(Category, { id: category }, { name: 'Committed' })));
    expect(await count()).toBe(before + 1);
    const row = await t.db.getRepository(AuditLog).findOneByOrFail({ id: ctx.entryId as number });
    expect(JSON.parse(row.after as string)).toEqual({ name: 'Committed' });
    expect(row.request_id).toBe('audit-rollback-0001');
    await t.db.getRepository(Category).update({ id: category }, { name: 'Audit Cookware' });
  });

  it('lists with the list contract: filters, date range, newest first, bounded paging; 422 on bad input', async () => {
    const all = await api('get', '/audit-logs?per_page=5', admin.token).expect(200);
    expect(all.headers['x-total-count']).toBe(String(all.body.meta.total));
    expect(all.body.data).toHaveLength(5);
    const times = (all.body.data as AuditLogEntry[]).map((e) => e.id);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(typeof all.body.meta.next_cursor).toBe('string');
    const next = await api('get', `/audit-logs?per_page=5&after=${all.body.meta.next_cursor}`, admin.token).expect(200);
    expect((next.body.data as AuditLogEntry[])[0].id).toBeLessThan(times[4]);

    for (const e of await entries(`entity_type=category`)) expect(e.entity_type).toBe('category');
    for (const e of await entries(`actor_id=${admin.user.id}&action=category.update`))
      expect(e.action).toBe('category.update');
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    expect((await entries(`created_at_gte=${today}&created_at_lte=${today}`)).length).toBeGreaterThan(0);
    expect(await entries('created_at_lte=2000-01-01')).toEqual([]);

    await api('get', '/audit-logs?actor_id=abc', admin.token).expect(422);
    await api('get', '/audit-logs?created_at_gte=yesterday', admin.token).expect(422);
    await api('get', '/audit-logs?_sort=actor_email', admin.token).expect(422);
    await api('get', '/audit-logs?per_page=100000', admin.token)
      .expect(200)
      .expect((r) => expect(r.body.meta.per_page).toBe(100));
    await api('get', '/audit-logs/999999', admin.token).expect(404);
  });

  it('is admin-only and read-only: no route edits or deletes an entry', async () => {
    const [entry] = await entries('per_page=1');
    for (const who of [customer, vendor]) {
      await api('get', '/audit-logs', who.token).expect(403);
      await api('get', `/audit-logs/${entry.id}`, who.token).expect(403);
    }
    await t.http().get('/api/v1/audit-logs').expect(401);
    const before = await count();
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      for (const path of ['/audit-logs', `/audit-logs/${entry.id}`]) {
        const res = await api(method, path, admin.token, { action: 'forged' });
        expect([404, 405]).toContain(res.status);
      }
    }
    expect(await count()).toBe(before);
    expect((await api('get', `/audit-logs/${entry.id}`, admin.token).expect(200)).body.data).toEqual(entry);
  });
});
