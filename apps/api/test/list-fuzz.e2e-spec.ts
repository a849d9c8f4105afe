import fc from 'fast-check';
import sharp from 'sharp';
import { Product } from '../src/modules/products/product.entity';
import { moveOrder, placeOrder } from './support/orders';
import { listRoutes } from './support/routes';
import { signUp, startTestApp, type TestApp } from './support/test-app';

/**
 * Property-based fuzz of every list endpoint's query string (issue 7, item 15): keys from the resource's real
 * whitelist plus junk, values such as repeated keys, 1e21, -1, NaN, huge strings, unicode and SQL fragments.
 * Whatever the query, no answer is a 5xx, and every 4xx is the API's error shape. Fixed seed, bounded runs,
 * each endpoint called as every role that may call it.
 */
type Role = 'anonymous' | 'customer' | 'vendor' | 'admin';
const EVERYONE: Role[] = ['anonymous', 'customer', 'vendor', 'admin'];
const SIGNED_IN: Role[] = ['customer', 'vendor', 'admin'];

interface Endpoint {
  name: string;
  path: () => string;
  roles: Role[];
  /** Filterable fields (tried bare and with _like, _gte, _lte, _ne) and other parameters the route reads. */
  filters: string[];
  params: string[];
  /** Sortable fields (values for _sort). */
  sorts: string[];
  /** What a 200 answers: a list ({data: [], meta}) or one object ({data: {}}). */
  shape: 'list' | 'object';
}

const LIST_PARAMS = [
  'page',
  'per_page',
  'limit',
  '_start',
  '_end',
  '_sort',
  '_order',
  'sort',
  'order',
  'q',
  'search',
  'after',
];
const OPERATORS = ['', '_like', '_gte', '_lte', '_ne'];
const SEED = 20261122;
const RUNS = 150;

describe('List endpoints under fuzzed query strings (e2e)', () => {
  let t: TestApp;
  const tokens: Partial<Record<Role, string>> = {};
  let productId = 0;
  let vendorId = 0;
  let customerId = 0;

  const endpoints: Endpoint[] = [
    ...(['/api/v1/products', '/api/v1/products/active'] as const).map<Endpoint>((path) => ({
      name: path,
      path: () => path,
      roles: EVERYONE,
      filters: [
        'id',
        'category_id',
        'user_id',
        'type',
        'name',
        'sku',
        'price',
        'price_ngn',
        'price_kobo',
        'average_rating',
        'rating',
      ],
      params: [
        'min_price',
        'max_price',
        'min_rating',
        'status',
        'mine',
        'flash_active',
        'rated',
        'min_reviews',
        'name_like',
        'after',
      ],
      sorts: [
        'id',
        'name',
        'price',
        'price_ngn',
        'price_kobo',
        'rating',
        'average_rating',
        'created_at',
        'flash_end_at',
        'stock_quantity',
      ],
      shape: 'list',
    })),
    {
      name: 'categories',
      path: () => '/api/v1/categories',
      roles: EVERYONE,
      filters: ['id', 'name', 'status'],
      params: ['all'],
      sorts: ['id', 'name', 'status', 'created_at', 'updated_at'],
      shape: 'list',
    },
    {
      name: 'users',
      path: () => '/api/v1/users',
      roles: ['admin'],
      filters: ['id', 'role', 'status', 'name', 'email'],
      params: ['deleted'],
      sorts: ['id', 'name', 'email', 'role', 'status', 'created_at'],
      shape: 'list',
    },
    {
      name: 'notifications',
      path: () => '/api/v1/notifications',
      roles: SIGNED_IN,
      filters: ['status'],
      params: [],
      sorts: ['created_at', 'status'],
      shape: 'list',
    },
    {
      name: 'contact-messages',
      path: () => '/api/v1/contact-messages',
      roles: ['admin'],
      filters: ['email'],
      params: [],
      sorts: ['created_at', 'full_name', 'email'],
      shape: 'list',
    },
    {
      name: 'reviews',
      path: () => `/api/v1/products/${productId}/reviews`,
      roles: EVERYONE,
      filters: ['rating'],
      params: [],
      sorts: ['created_at', 'rating'],
      shape: 'list',
    },
    {
      name: 'wishlist',
      path: () => '/api/v1/wishlist',
      roles: SIGNED_IN,
      filters: [],
      params: [],
      sorts: ['created_at', 'price_ngn', 'name'],
      shape: 'list',
    },
    {
      name: 'currencies',
      path: () => '/api/v1/currencies',
      roles: EVERYONE,
      filters: ['id', 'code', 'name'],
      params: [],
      sorts: ['id', 'code', 'name', 'created_at'],
      shape: 'list',
    },
    {
      name: 'wallet/histories',
      path: () => '/api/v1/wallet/histories',
      roles: SIGNED_IN,
      filters: ['status', 'direction', 'currency', 'reference'],
      params: [],
      sorts: ['created_at', 'id'],
      shape: 'list',
    },
    {
      name: 'payouts',
      path: () => '/api/v1/payouts',
      roles: ['admin'],
      filters: ['status', 'vendor_id', 'id'],
      params: [],
      sorts: ['id', 'created_at', 'requested_at', 'amount_minor'],
      shape: 'list',
    },
    ...(['/api/v1/vendor-payouts/statement', '/api/v1/vendor-payouts/withdrawals'] as const).map<Endpoint>((path) => ({
      name: path,
      path: () => path,
      roles: ['vendor'],
      filters: path.endsWith('withdrawals') ? ['status'] : [],
      params: ['cursor'],
      sorts: ['created_at', 'id'],
      shape: 'list',
    })),
    {
      name: 'payouts/vendors/{vendorId}/statement',
      path: () => `/api/v1/payouts/vendors/${vendorId}/statement`,
      roles: ['admin'],
      filters: [],
      params: ['cursor'],
      sorts: ['created_at', 'id'],
      shape: 'list',
    },
    {
      name: 'wallets',
      path: () => '/api/v1/wallets',
      roles: ['admin'],
      filters: ['id', 'role', 'name', 'email'],
      params: [],
      sorts: ['created_at', 'id', 'name', 'email'],
      shape: 'list',
    },
    {
      name: 'wallets/{userId}/histories',
      path: () => `/api/v1/wallets/${customerId}/histories`,
      roles: ['admin'],
      filters: ['status', 'direction', 'currency', 'reference'],
      params: [],
      sorts: ['created_at', 'id'],
      shape: 'list',
    },
    ...(['/api/v1/invoices', '/api/v1/invoices/user'] as const).map<Endpoint>((path) => ({
      name: path,
      path: () => path,
      roles: path === '/api/v1/invoices' ? ['admin'] : SIGNED_IN,
      filters: ['status', 'type', 'currency', 'id', 'user_id', 'reference', 'email', 'created_at'],
      params: ['created_at_gte', 'created_at_lte'],
      sorts: ['created_at', 'id', 'amount', 'amount_minor'],
      shape: 'list',
    })),
    ...(['/api/v1/orders', 'orders/user/{userId}'] as const).map<Endpoint>((name) => ({
      name,
      path: () => (name === '/api/v1/orders' ? name : `/api/v1/orders/user/${customerId}`),
      roles: name === '/api/v1/orders' ? ['vendor', 'admin'] : SIGNED_IN,
      filters: ['status', 'user_id', 'id', 'order_no', 'payment_method', 'email'],
      params: ['created_at_gte', 'created_at_lte'],
      sorts: ['created_at', 'id', 'total', 'total_minor'],
      shape: 'list',
    })),
    {
      name: 'orders/statement',
      path: () => '/api/v1/orders/statement',
      roles: ['vendor'],
      filters: [],
      params: [],
      sorts: ['order_id'],
      shape: 'list',
    },
    {
      name: 'locations',
      path: () => '/api/v1/locations',
      roles: EVERYONE,
      filters: ['id', 'status', 'name'],
      params: [],
      sorts: ['id', 'name', 'status', 'created_at'],
      shape: 'list',
    },
    {
      name: 'warehouses',
      path: () => '/api/v1/warehouses',
      roles: EVERYONE,
      filters: ['id', 'location_id', 'type', 'name'],
      params: [],
      sorts: ['id', 'name', 'type', 'created_at'],
      shape: 'list',
    },
    {
      name: 'shippings',
      path: () => '/api/v1/shippings',
      roles: EVERYONE,
      filters: ['id', 'location_id', 'type', 'status', 'name'],
      params: [],
      sorts: ['id', 'name', 'status', 'type', 'created_at'],
      shape: 'list',
    },
    {
      name: 'trackings',
      path: () => '/api/v1/trackings',
      roles: SIGNED_IN,
      filters: [
        'type',
        'status',
        'shipping_type',
        'shipping_id',
        'warehouse_id',
        'user_id',
        'id',
        'tracking_no',
        'name',
      ],
      params: ['created_at_gte', 'created_at_lte'],
      sorts: ['created_at', 'id', 'status', 'weight', 'size'],
      shape: 'list',
    },
    {
      name: 'kyc',
      path: () => '/api/v1/kyc',
      roles: ['admin'],
      filters: ['status', 'user_id', 'id', 'email', 'name'],
      params: [],
      sorts: ['created_at', 'id'],
      shape: 'list',
    },
    // Issue 26: consolidations (an admin's every one, a customer's or vendor's own).
    {
      name: 'consolidations',
      path: () => '/api/v1/consolidations',
      roles: SIGNED_IN,
      filters: ['status', 'id'],
      params: [],
      sorts: ['id'],
      shape: 'list',
    },
    // Issue 26: the back office's problem queue (one category a page; anything else is a 422).
    {
      name: 'problems',
      path: () => '/api/v1/problems',
      roles: ['admin'],
      filters: [],
      params: ['category', 'page', 'per_page'],
      sorts: [],
      shape: 'list',
    },
    {
      name: 'supports',
      path: () => '/api/v1/supports',
      roles: SIGNED_IN,
      filters: ['status', 'user_id', 'id', 'email', 'subject'],
      params: [],
      sorts: ['created_at', 'id'],
      shape: 'list',
    },
    {
      name: 'audit-logs',
      path: () => '/api/v1/audit-logs',
      roles: ['admin'],
      filters: ['actor_id', 'entity_type', 'entity_id', 'action'],
      params: ['created_at_gte', 'created_at_lte', 'after'],
      sorts: ['created_at'],
      shape: 'list',
    },
    {
      name: 'admin/order-stats',
      path: () => '/api/v1/admin/order-stats',
      roles: ['admin'],
      filters: [],
      params: ['days'],
      sorts: [],
      shape: 'object',
    },
    {
      name: 'sitemap-entries',
      path: () => '/api/v1/products/sitemap-entries',
      roles: EVERYONE,
      filters: [],
      params: [],
      sorts: [],
      shape: 'list',
    },
    {
      name: 'search/suggestions',
      path: () => '/api/v1/search/suggestions',
      roles: EVERYONE,
      filters: [],
      params: [],
      sorts: [],
      shape: 'object',
    },
    {
      name: 'sellers/top',
      path: () => '/api/v1/sellers/top',
      roles: EVERYONE,
      filters: [],
      params: [],
      sorts: [],
      shape: 'object',
    },
    {
      name: 'sellers/{id}',
      path: () => `/api/v1/sellers/${vendorId}`,
      roles: EVERYONE,
      filters: [],
      params: [],
      sorts: [],
      shape: 'object',
    },
  ];

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await signUp(t, { role: 'admin' });
    const vendor = await signUp(t, { role: 'vendor' });
    const customer = await signUp(t);
    Object.assign(tokens, { admin: admin.token, vendor: vendor.token, customer: customer.token });
    vendorId = vendor.user.id;
    customerId = customer.user.id;
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    const category = (
      await t.http().post('/api/v1/categories').set(auth(admin.token)).send({ name: 'Phones & Tablets' }).expect(201)
    ).body.data.id as number;
    await t.http().post('/api/v1/categories').set(auth(admin.token)).send({ name: 'dormant', status: 0 }).expect(201);
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c60' } })
      .jpeg()
      .toBuffer();
    for (const [i, name] of [
      'Tecno Spark 20',
      'itel A70',
      'Ankara Gown 😀',
      'Agbada 100%_off',
      'ñandú O’Brien',
    ].entries()) {
      const res = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .field('name', name)
        .field('type', i % 2 ? 'hot' : 'flash')
        .field('description', 'Fuzz fixture')
        .field('status', i === 4 ? '0' : '1')
        .field('category_id', String(category))
        .field('stock_quantity', '10')
        .field('price', `${1500 * (i + 1)}.5${i}`)
        .field('flash_start_at', new Date(Date.now() - 3600_000).toISOString())
        .field('flash_end_at', new Date(Date.now() + 3600_000).toISOString())
        .attach('image', jpeg, 'p.jpg')
        .expect(201);
      if (!productId) productId = res.body.data.id;
    }
    await t.http().post('/api/v1/wishlist').set(auth(customer.token)).send({ product_id: productId }).expect(201);
    // Money rows for the wallet and invoice lists: a credit, a debit, an invoice of each status.
    const adjust = (direction: string, amount: string) =>
      t
        .http()
        .post(`/api/v1/wallets/${customer.user.id}/adjustments`)
        .set(auth(admin.token))
        .send({ amount, currency: 'NGN', direction, reason: 'Fuzz fixture' })
        .expect(201);
    await adjust('credit', '5000');
    await adjust('debit', '1000');
    for (const amount of ['700', '800', '900']) {
      await t
        .http()
        .post('/api/v1/invoices')
        .set(auth(admin.token))
        .send({ user_id: customer.user.id, amount, currency: 'NGN', description: `Fuzz ${amount}` })
        .expect(201);
    }
    const invoices = (await t.http().get('/api/v1/invoices').set(auth(admin.token)).expect(200)).body.data as Array<{
      id: number;
    }>;
    await t
      .http()
      .post(`/api/v1/invoices/${invoices[0].id}/pay`)
      .set(auth(customer.token))
      .send({ method: 'wallet' })
      .expect(200);
    await t.http().post(`/api/v1/invoices/${invoices[1].id}/cancel`).set(auth(admin.token)).expect(200);
    // An order received (To Review), so the order lists have rows and the customer may review the product.
    const order = (await placeOrder(t, customer.token, [{ product_id: productId, quantity: 1 }]).expect(201)).body
      .data as { id: number };
    await moveOrder(t, admin.token, order.id, 2).expect(200);
    await moveOrder(t, customer.token, order.id, 3).expect(200);
    await placeOrder(t, customer.token, [{ product_id: productId, quantity: 1 }], {
      payment_method: 'bank_transfer',
    }).expect(201);
    await t
      .http()
      .post(`/api/v1/products/${productId}/reviews`)
      .set(auth(customer.token))
      .send({ rating: 4, comment: 'Good' })
      .expect(201);
    // Logistics reference rows, so those lists answer rows too.
    const location = (
      await t.http().post('/api/v1/locations').set(auth(admin.token)).send({ name: 'Guangzhou' }).expect(201)
    ).body.data.id as number;
    await t
      .http()
      .post('/api/v1/warehouses')
      .set(auth(admin.token))
      .send({ name: 'Baiyun Air Hub', location_id: location, type: 'air_cargo' })
      .expect(201);
    const warehouse = (
      await t
        .http()
        .post('/api/v1/warehouses')
        .set(auth(admin.token))
        .send({ name: 'Baiyun Sea Hub', location_id: location, type: 'sea_cargo' })
        .expect(201)
    ).body.data.id as number;
    await t
      .http()
      .post('/api/v1/shippings')
      .set(auth(admin.token))
      .send({ name: 'Container GZ-001', location_id: location })
      .expect(201);
    // A support request of the customer's, so that list answers a row.
    await t
      .http()
      .post('/api/v1/supports')
      .set(auth(customer.token))
      .send({ name: 'Amaka', email: 'amaka@example.com', subject: 'Late parcel', message: 'Where is it?' })
      .expect(201);
    // A delivery of the customer's, so the deliveries list answers a row.
    await t
      .http()
      .post('/api/v1/trackings')
      .set(auth(customer.token))
      .send({ external_no: 'YT100200300', warehouse_id: warehouse, type: 'foreign', shipping_type: 'sea_cargo' })
      .expect(201);
    await t
      .http()
      .post('/api/v1/contact-messages')
      .send({ full_name: 'Amaka Obi', email: 'amaka@example.com', message: 'Hello there, I have a question.' });
    expect(await t.db.getRepository(Product).count()).toBe(5);
  });
  afterAll(() => t.close());

  /** Values that have broken list endpoints before, or could: numbers past every bound, SQL, unicode, huge text. */
  const nasty = fc.constantFrom(
    '1e21',
    '1e20',
    '1e30',
    '1e300',
    '-1',
    '-0',
    '0',
    '1',
    '2',
    '1.5',
    '1.999',
    'NaN',
    'Infinity',
    '-Infinity',
    '9007199254740993',
    '99999999999999999999',
    '0x10',
    '1_000',
    ' 1 ',
    '',
    ' ',
    'null',
    'undefined',
    'true',
    'false',
    'asc',
    'desc',
    'ASC',
    'DESC',
    'random',
    'name',
    'id',
    'name,id',
    'name,',
    ',',
    'price_ngn',
    'password_hash',
    'all',
    "' OR 1=1 --",
    '1; DROP TABLE users',
    "') UNION SELECT password_hash FROM users --",
    '"',
    '`',
    '\\',
    '%',
    '_',
    '!',
    '%%',
    '\u0000',
    '😀',
    'Ω≈ç√∫',
    'ñandú',
    '\u202e',
    '\ud83d',
    '<script>alert(1)</script>',
    'a'.repeat(201),
    'x'.repeat(5000),
    '{"$gt":""}',
    '[1,2]',
    'constructor',
    '__proto__',
    'toString',
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: nasty },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 2_000_000 }).map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
  );
  const junkKeys = [
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'password_hash',
    'id]',
    'page[]',
    'a[b]',
    '_sort_like',
    'q_like',
    '',
    '😀',
    "name' OR '1",
  ];

  function keysOf(endpoint: Endpoint): string[] {
    const filters = endpoint.filters.flatMap((field) => OPERATORS.map((op) => `${field}${op}`));
    return [...LIST_PARAMS, ...filters, ...endpoint.params, ...junkKeys];
  }

  /** A query string: whitelist and junk keys, some repeated, values from the pool above (sort values from the spec). */
  function queryOf(endpoint: Endpoint) {
    const key = fc.constantFrom(...keysOf(endpoint));
    // Plausible values too, so many queries get past validation and reach the database.
    const plausible = fc.oneof(
      fc.integer({ min: 0, max: 60 }).map(String),
      fc.constantFrom('asc', 'desc', '1', '0', 'a', 'phone', 'Tecno', 'hot', 'flash', 'vendor', ...endpoint.sorts),
      fc.stringMatching(/^[a-z]{1,6}$/),
    );
    const pair = fc.tuple(key, fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 2, arbitrary: value }));
    return fc
      .array(pair, { minLength: 1, maxLength: 4 })
      .chain((pairs) =>
        fc
          .boolean()
          .map((repeat) =>
            repeat ? [...pairs, [pairs[0][0], pairs[pairs.length - 1][1]] as [string, string]] : pairs,
          ),
      );
  }

  function encode(pairs: Array<[string, string]>): string {
    // URLSearchParams turns lone surrogates into U+FFFD instead of throwing as encodeURIComponent would.
    return new URLSearchParams(pairs).toString();
  }

  function expectErrorShape(label: string, status: number, body: unknown): void {
    const shaped =
      !!body &&
      typeof body === 'object' &&
      typeof (body as { message?: unknown }).message === 'string' &&
      Object.keys(body).every((k) => k === 'message' || k === 'errors');
    const errors = (body as { errors?: unknown } | null)?.errors;
    const fieldErrors =
      errors === undefined
        ? status !== 422
        : !!errors &&
          typeof errors === 'object' &&
          Object.keys(errors).length > 0 &&
          Object.values(errors).every(
            (list) =>
              Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m.length > 0),
          );
    if (!shaped || !fieldErrors)
      throw new Error(`${label} answered ${status} with ${JSON.stringify(body).slice(0, 300)}`);
  }

  it.each(endpoints.map((e) => [e.name, e] as const))(
    '%s: no 5xx, and every 4xx in the error shape',
    async (_name, endpoint) => {
      const roles = new Set<Role>();
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...endpoint.roles), queryOf(endpoint), async (role, pairs) => {
          roles.add(role);
          const url = `${endpoint.path()}?${encode(pairs)}`;
          const req = t.http().get(url);
          if (role !== 'anonymous') req.set('Authorization', `Bearer ${tokens[role]}`);
          const res = await req;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const label = `${role} GET ${url.slice(0, 300)}`;
          if (res.status >= 500)
            throw new Error(`${label} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
          if (res.status >= 400) expectErrorShape(label, res.status, res.body);
          else if (res.status === 200) {
            const data = res.body?.data;
            const ok =
              endpoint.shape === 'list'
                ? Array.isArray(data) && typeof res.body.meta?.total === 'number'
                : !!data && typeof data === 'object';
            if (!ok) throw new Error(`${label} answered 200 with ${JSON.stringify(res.body).slice(0, 300)}`);
          } else throw new Error(`${label} answered ${res.status}`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // Every role that may call the endpoint was exercised, and the fuzz reached both answers and refusals.
      expect([...roles].sort()).toEqual([...endpoint.roles].sort());
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    },
    240_000,
  );

  it('fuzzes every list the API serves (a new list endpoint must join the table above)', async () => {
    const covered = new Set(endpoints.map((e) => e.path()));
    const routes = listRoutes(t.app).filter((r) => r.method === 'get' && !r.path.includes(':'));
    const lists: string[] = [];
    for (const route of routes) {
      for (const role of EVERYONE) {
        const req = t.http().get(route.path);
        if (role !== 'anonymous') req.set('Authorization', `Bearer ${tokens[role]}`);
        const res = await req;
        if (res.status === 200 && Array.isArray(res.body?.data) && res.body?.meta) {
          lists.push(route.path);
          break;
        }
      }
    }
    expect(lists.length).toBeGreaterThanOrEqual(6);
    expect(lists.filter((path) => !covered.has(path))).toEqual([]);
  });
});
