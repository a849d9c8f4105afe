import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import dataProvider from '@refinedev/simple-rest';
import axios, { AxiosError, type AxiosInstance } from 'axios';
import sharp from 'sharp';
import { LIST_MAX_VALUES, MSG } from '@jara/contracts';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { DELETED_USER_NAME } from '../src/modules/users/users.service';
import { bearer, creditWallet } from './support/money';
import { ADDRESS, createCategory, createProduct } from './support/orders';
import { signUp, startTestApp, type TestApp } from './support/test-app';

/**
 * Refine's stock @refinedev/simple-rest provider (not the back office's wrapper) against the running API, for every
 * back-office resource (apps/admin/src/providers/resources.tsx), through /api/v1/simple-rest (decision 033):
 * getList, getOne, getMany, create, update (PATCH) and deleteOne where the resource has them, and a clean refusal
 * (403/404/405, never a 500) where it has not. Runs on SQLite, and on MariaDB with DATABASE_URL.
 */

type Row = Record<string, unknown> & { id: number };
type Provider = ReturnType<typeof dataProvider>;
type Role = 'admin' | 'customer';
type Account = Awaited<ReturnType<typeof signUp>>;

interface ResourceCase {
  /** The API resource, as Refine names it (the path under /api/v1). */
  resource: string;
  /** Makes at least two records exist before the list is read. */
  fixtures: () => Promise<void>;
  /** The create the back office (or, for what customers create, the storefront) sends; null: the API has none. */
  create: { as?: Role; variables: () => Record<string, unknown> | FormData } | null;
  /** A PATCH of one field; `expect` is how the record then shows it (default: the variables); null: no update. */
  update: {
    target?: () => number;
    variables: () => Record<string, unknown>;
    expect?: Record<string, unknown>;
    /** Fields the change rightly moves too (timestamps, joined or computed fields). */
    derived?: string[];
  } | null;
  /**
   * Whether an admin may delete (the created record, or `target`); `remains`: what a GET then shows of a record
   * that is anonymised instead of removed (a deleted account stays for the orders and ledgers that name it).
   */
  deletes: boolean | { target: () => number; remains?: Record<string, unknown> };
}

describe('The stock Refine simple-rest provider against the API, every back-office resource (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let customers: Account[];
  let apiUrl: string;
  const providers = {} as Record<Role, Provider>;
  const ids: Record<string, number> = {};

  const client = (token: string): AxiosInstance => axios.create({ headers: bearer(token) });

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    apiUrl = `http://127.0.0.1:${port}/api/v1/simple-rest`;
    admin = await signUp(t, { role: 'admin' });
    customers = [await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
    providers.admin = dataProvider(apiUrl, client(admin.token));
    providers.customer = dataProvider(apiUrl, client(customers[0].token));

    // What several resources need: a category and a product, a location with a warehouse and a shipping title.
    ids.category = await createCategory(t, admin.token, 'Phones');
    ids.product = (
      await createProduct(t, admin.token, ids.category, { name: 'Tecno Spark', price: 85000, stock_quantity: 50 })
    ).id;
    ids.location = (await post('/locations', { name: 'Guangzhou' })).id;
    ids.warehouse = (await post('/warehouses', { name: 'GZ Sea', location_id: ids.location, type: 'sea_cargo' })).id;
    ids.shipping = (
      await post('/shippings', { name: 'Vessel CAN-LOS', location_id: ids.location, type: 'sea_cargo' })
    ).id;
  });
  afterAll(() => t?.close());

  /** A write through the usual envelope path (supertest), answering the record. */
  async function post(path: string, body: object, token = admin.token): Promise<Row> {
    const res = await t.http().post(`/api/v1${path}`).set(bearer(token)).send(body);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Row;
  }

  async function photo(): Promise<Blob> {
    const buffer = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    return new Blob([new Uint8Array(buffer)], { type: 'image/jpeg' });
  }

  async function kycForm(): Promise<FormData> {
    const form = new FormData();
    const fields = {
      name: 'Chioma Adeyemi',
      dob: '1992-03-14',
      gender: 'female',
      address: '12 Allen Avenue, Ikeja',
      id_type: 'National ID',
      id_number: 'NIN-12345678901',
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('id_image', await photo(), 'id.jpg');
    form.append('user_image', await photo(), 'selfie.jpg');
    return form;
  }

  let kycVariables: FormData;
  let orderNo = 0;
  const orderBody = () => ({
    items: [{ product_id: ids.product, quantity: 1 }],
    ...ADDRESS,
    payment_method: 'bank_transfer',
    note: `order ${++orderNo}`,
  });
  const supportBody = (n: number) => ({
    name: 'Amaka',
    email: 'amaka@example.com',
    subject: `Late parcel ${n}`,
    message: 'Where is it?',
  });
  const deliveryBody = (n: number) => ({
    external_no: `EXT-${n}`,
    warehouse_id: ids.warehouse,
    type: 'foreign',
    shipping_type: 'sea_cargo',
  });

  const RESOURCES: ResourceCase[] = [
    {
      resource: 'users',
      fixtures: async () => undefined, // the admin and four customers
      create: null, // accounts sign up (POST /auth/register); the back office creates none
      update: {
        target: () => customers[3].user.id,
        variables: () => ({ name: 'Ngozi Okafor' }),
        derived: ['updated_at'],
      },
      deletes: { target: () => customers[3].user.id, remains: { name: DELETED_USER_NAME, status: '0' } },
    },
    {
      resource: 'products',
      fixtures: async () =>
        void (await createProduct(t, admin.token, ids.category, {
          name: 'Infinix Hot',
          price: 95000,
          stock_quantity: 5,
        })),
      create: {
        variables: () => ({
          name: 'Itel A70',
          price: 65000,
          stock_quantity: 9,
          type: 'new',
          description: 'Good',
          status: 1,
          category_id: ids.category,
        }),
      },
      update: { variables: () => ({ stock_quantity: 12 }), derived: ['updated_at', 'in_stock'] },
      deletes: true,
    },
    {
      resource: 'categories',
      fixtures: async () => void (await createCategory(t, admin.token, 'Laptops')),
      create: { variables: () => ({ name: 'Tablets', status: 1 }) },
      update: { variables: () => ({ name: 'Tablets and e-readers' }), derived: ['updated_at', 'slug'] },
      deletes: true,
    },
    {
      resource: 'orders',
      fixtures: async () => {
        for (const customer of customers.slice(1, 3)) await post('/orders', orderBody(), customer.token);
      },
      create: { as: 'customer', variables: orderBody },
      update: null, // status moves go through PATCH /orders/{id}/status with their own rules
      deletes: false,
    },
    {
      resource: 'currencies',
      fixtures: async () => undefined, // the migration's four
      create: { variables: () => ({ name: 'Ghanaian Cedi', code: 'GHS', buy_price: '15.5', sell_price: '16' }) },
      update: { variables: () => ({ name: 'Ghana Cedi' }), derived: ['updated_at'] },
      deletes: true,
    },
    {
      resource: 'invoices',
      fixtures: async () => {
        for (const n of [1, 2])
          await post('/invoices', {
            user_id: customers[1].user.id,
            amount: '75.00',
            currency: 'NGN',
            description: `Storage fee ${n}`,
          });
      },
      create: {
        variables: () => ({
          user_id: customers[2].user.id,
          amount: '120.50',
          currency: 'NGN',
          description: 'Repacking fee',
        }),
      },
      update: null, // an invoice is cancelled (POST /invoices/{id}/cancel), never edited
      deletes: false,
    },
    {
      resource: 'wallets',
      fixtures: async () => undefined, // one per account
      create: null,
      update: null, // adjustments: POST /wallets/{id}/adjustments
      deletes: false,
    },
    {
      resource: 'payouts',
      // Two withdrawals above the auto-approval amount by a vendor with KYC approved, an account and a balance.
      fixtures: async () => {
        const vendor = await signUp(t, { role: 'vendor' });
        const kyc = (await axios.post(`${apiUrl}/kyc`, await kycForm(), { headers: bearer(vendor.token) })).data as Row;
        await t.http().put(`/api/v1/kyc/${kyc.id}/approve`).set(bearer(admin.token)).send({ status: 1 }).expect(200);
        await t
          .http()
          .put('/api/v1/vendor-payouts/account')
          .set(bearer(vendor.token))
          .send({ bank_code: '058', account_number: '0123456789', password: vendor.password })
          .expect(200);
        await creditWallet(t, admin.token, vendor.user.id, '300000');
        for (const amount of ['60000', '70000']) await post('/vendor-payouts/withdrawals', { amount }, vendor.token);
      },
      create: null, // vendors withdraw (POST /vendor-payouts/withdrawals)
      update: null, // decisions: POST /payouts/{id}/approve and /reject
      deletes: false,
    },
    {
      resource: 'trackings',
      fixtures: async () => {
        for (const n of [1, 2]) await post('/trackings', deliveryBody(n), customers[1].token);
      },
      create: { as: 'customer', variables: () => deliveryBody(3) },
      update: {
        // Proceed needs the parcel at the warehouse: the created delivery is moved there first (see the test).
        variables: () => ({ shipping_id: ids.shipping }),
        derived: ['updated_at', 'shipping', 'shipping_name', 'destination', 'amount', 'invoice_id', 'invoice'],
      },
      deletes: false, // deliveries are cancelled, never deleted
    },
    {
      resource: 'shippings',
      fixtures: async () =>
        void (await post('/shippings', { name: 'Flight CAN-LOS', location_id: ids.location, type: 'air_cargo' })),
      create: { variables: () => ({ name: 'Vessel SHA-LOS', location_id: ids.location, type: 'sea_cargo' }) },
      update: { variables: () => ({ name: 'Vessel SHA-APP' }), derived: ['updated_at'] },
      deletes: true,
    },
    {
      resource: 'locations',
      fixtures: async () => void (await post('/locations', { name: 'Lagos' })),
      create: { variables: () => ({ name: 'Yiwu' }) },
      update: { variables: () => ({ name: 'Yiwu (Zhejiang)' }), derived: ['updated_at'] },
      deletes: true,
    },
    {
      resource: 'warehouses',
      fixtures: async () =>
        void (await post('/warehouses', { name: 'GZ Air', location_id: ids.location, type: 'air_cargo' })),
      create: { variables: () => ({ name: 'Yiwu Sea', location_id: ids.location, type: 'sea_cargo' }) },
      update: { variables: () => ({ name: 'Yiwu Sea 2' }), derived: ['updated_at'] },
      deletes: true,
    },
    {
      resource: 'kyc',
      fixtures: async () => {
        for (const customer of customers.slice(1, 3)) {
          const form = await kycForm();
          await axios.post(`${apiUrl}/kyc`, form, { headers: bearer(customer.token) });
        }
        kycVariables = await kycForm();
      },
      create: { as: 'customer', variables: () => kycVariables }, // multipart: the two images
      update: null, // decisions: PUT /kyc/{id}/approve
      deletes: true,
    },
    {
      resource: 'supports',
      fixtures: async () => {
        for (const n of [1, 2]) await post('/supports', supportBody(n), customers[1].token);
      },
      create: { as: 'customer', variables: () => supportBody(3) },
      update: { variables: () => ({ status: 2 }), derived: ['updated_at', 'status_label'] },
      deletes: true,
    },
    {
      resource: 'contact-messages',
      fixtures: async () => {
        for (const n of [1, 2])
          await post('/contact-messages', {
            full_name: 'Tunde',
            email: `tunde${n}@example.com`,
            message: 'Do you ship to Abuja?',
          });
      },
      create: { variables: () => ({ full_name: 'Bisi', email: 'bisi@example.com', message: 'Hello' }) },
      update: null,
      deletes: false,
    },
    {
      resource: 'audit-logs',
      fixtures: async () => undefined, // every admin write above is logged
      create: null,
      update: null,
      deletes: false,
    },
    {
      resource: 'notifications',
      fixtures: async () => {
        const notifications = t.app.get(NotificationsService);
        for (const n of [1, 2, 3])
          await notifications.notify({
            userId: admin.user.id,
            title: `Notice ${n}`,
            description: 'Something happened',
            message: 'Something happened.',
          });
      },
      create: null, // the API notifies; nobody posts notifications
      update: { variables: () => ({ status: 1 }) },
      deletes: true,
    },
    {
      // Issue 26, the Consolidations screen: a customer's requests (received parcels at one warehouse), packed and
      // unpacked by staff through their own routes; the owner cancels with DELETE (an admin's delete is refused).
      resource: 'consolidations',
      fixtures: async () => {
        const requested: number[] = [];
        for (const n of [1, 2]) {
          const pair = [await received(10 * n + 1), await received(10 * n + 2)];
          requested.push((await post('/consolidations', { delivery_ids: pair }, customers[0].token)).id);
        }
        // The second is packed and unpacked again (decision 047): the list holds every status the screen filters.
        ids.unpacked = requested[1];
        await multipart(`/consolidations/${ids.unpacked}/pack`, {
          weight: '3.00',
          length: '30',
          width: '30',
          height: '30',
          pieces: '2',
          condition: 'good',
        }).expect(201);
        await t.http().post(`/api/v1/consolidations/${ids.unpacked}/unpack`).set(bearer(admin.token)).expect(200);
        ids.free1 = await received(31);
        ids.free2 = await received(32);
      },
      create: { as: 'customer', variables: () => ({ delivery_ids: [ids.free1, ids.free2] }) },
      update: null, // staff pack and unpack through their own routes
      deletes: false, // the owner cancels a requested one (DELETE as the customer); an admin is refused
    },
  ];

  /** A parcel of customers[0] received at the sea warehouse by the admin (a receipt with a photo): consolidable. */
  async function received(n: number): Promise<number> {
    const d = await post('/trackings', { ...deliveryBody(n), external_no: `CONS-${n}` }, customers[0].token);
    await multipart('/receipts', {
      scanned_no: String(d.tracking_no),
      weight: '1.00',
      length: '20',
      width: '20',
      height: '10',
      pieces: '1',
      condition: 'good',
    }).expect(201);
    return d.id;
  }

  /** An admin's multipart write with one photo (receipts and packing). */
  function multipart(path: string, fields: Record<string, string>) {
    let req = t.http().post(`/api/v1${path}`).set(bearer(admin.token));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('photos', jpeg, { filename: 'parcel.jpg', contentType: 'image/jpeg' });
  }
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = Buffer.from(await (await photo()).arrayBuffer());
  });

  it('covers every resource of the back office that lists records', () => {
    // The back office's resources, read from its declarations (apps may not import each other): the screens of their
    // own in providers/resources.tsx and the described ones in schema/registry.tsx (decision 035).
    const declared = ['providers/resources.tsx', 'schema/registry.tsx']
      .map((file) => readFileSync(join(__dirname, '../../admin/src', file), 'utf8'))
      .join('\n');
    const names = new Set(
      [...declared.matchAll(/^\s+name: '([a-z-]+)',\n(?:\s+identifier: '[a-z-]+',\n)?\s+list:/gm)].map((m) => m[1]),
    );
    // Not collections of records: the dashboard, the one logistics-settings record, live rates and the books' check.
    for (const name of ['dashboard', 'logistics-settings', 'live-rates', 'reconciliation'])
      expect(names.delete(name)).toBe(true);
    // Issue 26: the receipt scan form, the one receipt-settings record, the rider's own page (GET /rider/parcels) and
    // the problem queue (one category a page, read by its page, not through the data provider).
    for (const name of ['receipts', 'receipt-settings', 'rider', 'problems']) expect(names.delete(name)).toBe(true);
    expect([...names].sort()).toEqual(RESOURCES.map((r) => r.resource).sort());
  });

  /** The status of a refused call; a 500 fails the test. */
  async function refusal(call: () => Promise<unknown>): Promise<number> {
    try {
      await call();
    } catch (error) {
      const status = (error as AxiosError).response?.status ?? 0;
      expect((error as AxiosError).response?.data).toHaveProperty('message');
      return status;
    }
    throw new Error('The API accepted a call it should refuse');
  }

  describe.each(RESOURCES)('$resource', (c) => {
    const as = (role: Role = 'admin') => providers[role];
    let listed: Row[] = [];
    let created: Row | undefined;

    beforeAll(() => c.fixtures());

    it('getList: rows and their total (X-Total-Count), paged with _start/_end', async () => {
      const all = await as().getList<Row>({ resource: c.resource, pagination: { currentPage: 1, pageSize: 50 } });
      expect(Array.isArray(all.data)).toBe(true);
      expect(all.data.length).toBeGreaterThanOrEqual(2);
      expect(all.total).toBeGreaterThanOrEqual(all.data.length);
      if (all.data.length < 50) expect(all.total).toBe(all.data.length);
      listed = all.data;
      const page = await as().getList<Row>({ resource: c.resource, pagination: { currentPage: 2, pageSize: 1 } });
      expect(page.data).toHaveLength(1);
      expect(page.data[0].id).toBe(all.data[1].id);
      expect(page.total).toBe(all.total);
    });

    it('getOne: the record itself', async () => {
      const { data } = await as().getOne<Row>({ resource: c.resource, id: listed[0].id });
      expect(data.id).toBe(listed[0].id);
      await expect(refusal(() => as().getOne({ resource: c.resource, id: 2_000_000_000 }))).resolves.toBe(404);
    });

    it('getMany: exactly the asked ids; a repeated, malformed or 101st id is a 422', async () => {
      const asked = [listed[1].id, listed[0].id];
      const { data } = await as().getMany<Row>({ resource: c.resource, ids: asked });
      expect(data.map((r) => r.id).sort((a, b) => a - b)).toEqual([...asked].sort((a, b) => a - b));
      for (const bad of [
        [listed[0].id, listed[0].id],
        ['1e21'],
        ['abc'],
        Array.from({ length: LIST_MAX_VALUES + 1 }, (_, i) => i + 1),
      ]) {
        await expect(refusal(() => as().getMany({ resource: c.resource, ids: bad }))).resolves.toBe(422);
      }
    });

    it(c.create ? 'create: the new record, which getOne then finds' : 'create: refused cleanly', async () => {
      if (!c.create) {
        expect([403, 404, 405]).toContain(await refusal(() => as().create({ resource: c.resource, variables: {} })));
        return;
      }
      const variables = c.create.variables();
      const { data } = await as(c.create.as).create<Row>({ resource: c.resource, variables });
      expect(typeof data.id).toBe('number');
      created = data;
      const found = await as().getOne<Row>({ resource: c.resource, id: data.id });
      expect(found.data.id).toBe(data.id);
      if (!(variables instanceof FormData)) {
        for (const key of ['name', 'subject', 'description', 'external_no', 'email'] as const)
          if (typeof variables[key] === 'string' && key in found.data) expect(found.data[key]).toBe(variables[key]);
      }
    });

    it(
      c.update ? 'update (PATCH): just the sent field changes, as a GET then shows' : 'update: refused cleanly',
      async () => {
        if (!c.update) {
          const id = created?.id ?? listed[0].id;
          expect([403, 404, 405]).toContain(
            await refusal(() => as().update({ resource: c.resource, id, variables: { name: 'x' } })),
          );
          return;
        }
        const id = c.update.target?.() ?? created?.id ?? listed[0].id;
        if (c.resource === 'trackings')
          await t
            .http()
            .patch(`/api/v1/trackings/${id}/status`)
            .set(bearer(admin.token))
            .send({ status: 2 })
            .expect(200);
        const before = (await as().getOne<Row>({ resource: c.resource, id })).data;
        const variables = c.update.variables();
        const expected = c.update.expect ?? variables;
        for (const [key, value] of Object.entries(expected)) expect(before[key]).not.toEqual(value);
        const { data } = await as().update<Row>({ resource: c.resource, id, variables });
        expect(data).toMatchObject(expected);
        const after = (await as().getOne<Row>({ resource: c.resource, id })).data;
        expect(after).toMatchObject(expected);
        const moved = new Set([...Object.keys(expected), ...(c.update.derived ?? [])]);
        for (const key of Object.keys(before))
          if (!moved.has(key)) expect([key, after[key]]).toEqual([key, before[key]]);
      },
    );

    it(
      c.deletes
        ? 'deleteOne: the record is gone (GET 404, or anonymised where it must stay)'
        : 'deleteOne: refused cleanly',
      async () => {
        const id = typeof c.deletes === 'object' ? c.deletes.target() : (created?.id ?? listed[0].id);
        if (!c.deletes) {
          expect([403, 404, 405]).toContain(await refusal(() => as().deleteOne({ resource: c.resource, id })));
          await as().getOne({ resource: c.resource, id }); // still there
          return;
        }
        await as().deleteOne({ resource: c.resource, id });
        if (typeof c.deletes === 'object' && c.deletes.remains) {
          expect((await as().getOne({ resource: c.resource, id })).data).toMatchObject(c.deletes.remains);
          await expect(refusal(() => as().deleteOne({ resource: c.resource, id }))).resolves.toBe(404);
          return;
        }
        await expect(refusal(() => as().getOne({ resource: c.resource, id }))).resolves.toBe(404);
      },
    );
  });

  // After the resources' cases: the consolidations case's fixtures made them.
  describe('consolidations: what the screen reads (sorted by id, filtered by status; a customer sees their own)', () => {
    it('sorts and filters through the stock provider', async () => {
      const sorted = await providers.admin.getList<Row>({
        resource: 'consolidations',
        pagination: { currentPage: 1, pageSize: 20 },
        sorters: [{ field: 'id', order: 'desc' }],
      });
      const listed = sorted.data.map((r) => r.id);
      expect(listed).toEqual([...listed].sort((a, b) => b - a));
      for (const status of ['requested', 'unpacked'] as const) {
        const only = await providers.admin.getList<Row>({
          resource: 'consolidations',
          filters: [{ field: 'status', operator: 'eq', value: status }],
        });
        expect(only.data.length).toBeGreaterThan(0);
        expect(only.data.every((r) => r.status === status)).toBe(true);
      }
      const unpacked = (await providers.admin.getOne<Row>({ resource: 'consolidations', id: ids.unpacked })).data;
      expect(unpacked).toMatchObject({ status: 'unpacked', unpackable: false, members: [] });
      expect([422]).toContain(
        await refusal(() =>
          providers.admin.getList({
            resource: 'consolidations',
            filters: [{ field: 'status', operator: 'eq', value: 'lost' }],
          }),
        ),
      );
      // Another customer's list is empty, and one of these is not found for them.
      const stranger = dataProvider(apiUrl, client(customers[1].token));
      expect((await stranger.getList({ resource: 'consolidations' })).total).toBe(0);
      await expect(refusal(() => stranger.getOne({ resource: 'consolidations', id: ids.unpacked }))).resolves.toBe(404);
    });
  });

  describe('the same routes on the envelope path, for the storefront and the back office', () => {
    it('PATCH answers {message, data} like PUT; a bad value is a 422 with field errors; a customer is refused', async () => {
      const id = await createCategory(t, admin.token, 'Cameras');
      const res = await t
        .http()
        .patch(`/api/v1/categories/${id}`)
        .set(bearer(admin.token))
        .send({ name: 'Cameras and lenses' })
        .expect(200);
      expect(res.body).toMatchObject({
        message: 'Category updated.',
        data: { id, name: 'Cameras and lenses', status: 1 },
      });
      const bad = await t
        .http()
        .patch(`/api/v1/categories/${id}`)
        .set(bearer(admin.token))
        .send({ name: '' })
        .expect(422);
      expect(Object.keys(bad.body.errors)).toEqual(['name']);
      await t
        .http()
        .patch(`/api/v1/categories/${id}`)
        .set(bearer(customers[1].token))
        .send({ name: 'Mine' })
        .expect(403);
      await t
        .http()
        .patch(`/api/v1/users/${customers[2].user.id}`)
        .set(bearer(customers[1].token))
        .send({ name: 'Mine' })
        .expect(403);
    });

    it('lists keep {data, meta} and getMany works there too', async () => {
      const res = await t
        .http()
        .get('/api/v1/categories')
        .query(`id=${ids.category}`)
        .set(bearer(admin.token))
        .expect(200);
      expect(res.body).toMatchObject({ data: [{ id: ids.category }], meta: { total: 1 } });
      expect(res.headers['x-total-count']).toBe('1');
      const one = await t.http().get(`/api/v1/simple-rest/categories/${ids.category}`).expect(200);
      expect(one.body).toMatchObject({ id: ids.category, name: 'Phones' });
    });

    it('a partial Proceed (PATCH /trackings/{id}) keeps what is not sent and refuses what Proceed refuses', async () => {
      const created = await post('/trackings', deliveryBody(9), customers[2].token);
      // Still on its way to the warehouse: Proceed is refused, as for PUT.
      const early = await t
        .http()
        .patch(`/api/v1/trackings/${created.id}`)
        .set(bearer(admin.token))
        .send({ shipping_id: ids.shipping })
        .expect(422);
      expect(early.body.errors).toHaveProperty('status');
      await t
        .http()
        .patch(`/api/v1/trackings/${created.id}/status`)
        .set(bearer(admin.token))
        .send({ status: 2 })
        .expect(200);
      const noTitle = await t
        .http()
        .patch(`/api/v1/trackings/${created.id}`)
        .set(bearer(admin.token))
        .send({ weight: 2 })
        .expect(422);
      expect(noTitle.body.errors.shipping_id).toEqual([MSG.deliveries.titleUnknown]);
      await t
        .http()
        .patch(`/api/v1/trackings/${created.id}`)
        .set(bearer(admin.token))
        .send({ shipping_id: ids.shipping, size: 3 })
        .expect(200);
      const res = await t
        .http()
        .patch(`/api/v1/trackings/${created.id}`)
        .set(bearer(admin.token))
        .send({ weight: 2 })
        .expect(200);
      expect(res.body.data).toMatchObject({
        shipping_type: 'sea_cargo',
        shipping_id: ids.shipping,
        weight: 2,
        size: 3,
      });
      await t
        .http()
        .patch(`/api/v1/trackings/${created.id}`)
        .set(bearer(customers[2].token))
        .send({ weight: 3 })
        .expect(403);
    });
  });
});
