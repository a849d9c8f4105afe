import type { Role } from '@jara/contracts';
import {
  boughtProduct,
  createDelivery,
  createInvoice,
  createKyc,
  createNotification,
  createOrder,
  createProduct,
  createReply,
  createSupport,
  freshAccount,
  fundingReference,
  invoiceReference,
  KYC_FIELDS,
  pendingEmailChange,
  photo,
  readyDelivery,
  riderParcel,
  deliveredParcel,
  unique,
  unverifiedSignUp,
  type Account,
  type World,
} from './world';
import { uniqueEmail } from '../support/test-app';
import { mustGuestToken } from '../support/guest-fee';
import { RECEIPT_ROUTES } from './route-table-receipts';

/**
 * Each role at another user's notification (an admin at a customer's): refused, and a write leaves the row as it was.
 * `body` makes it a write (PUT or PATCH); without one it is a read.
 */
function notificationIntrusions(w: World, verb: string, body?: object): Promise<Intrusion[]> {
  return Promise.all(
    (['customer', 'vendor', 'admin'] as const).map(async (role) => {
      const id = await createNotification(w, (role === 'admin' ? w.customer : w.as(role)).user.id);
      const as = role === 'admin' ? w.admin : w.as(role, 'B');
      return {
        label: `${as.user.role} ${verb} another user's notification`,
        as,
        call: { path: P(`/notifications/${id}`), ...(body ? { body } : {}) },
        watch: body ? [row('notifications', id)] : [],
      };
    }),
  );
}

/**
 * THE route table of the API's authorization: every route the application registers, with who may call it, the
 * documented success status, and how to build a valid request. authz-matrix.e2e-spec.ts checks the application
 * against it (401 without a token, 403 for the other roles, the success for each allowed role, and another user's
 * record refused and unchanged); a route without an entry, or an entry without a route, fails that suite.
 *
 * Roles (libs/contracts Role): customer, vendor, admin. 'public' routes answer without a token.
 */

export interface Call {
  /** The concrete path, with its query string. */
  path: string;
  /** A JSON body. */
  body?: object;
  /** Multipart text fields and files (instead of a JSON body). */
  fields?: Record<string, string>;
  files?: Record<string, { buffer: Buffer; name: string; type: string }>;
  headers?: Record<string, string>;
  /** The caller, when not the role's account A (a fresh account for requests that end its sessions). */
  as?: Account;
}

/** Another user's attempt at a record: refused (403 or 404), and the watched rows read the same afterwards. */
export interface Intrusion {
  label: string;
  as: Account;
  call: Call;
  /** SQL (with its parameters) whose answer must not change: the record, and what hangs off it. */
  watch: Array<[string, unknown[]]>;
  /** Other answers that are right here (the path names no record of A's, so B acts on B's own); default 403, 404. */
  answers?: number[];
}

export interface RouteRule {
  who: 'public' | readonly Role[];
  /** The documented success status (the product's route table, or the OpenAPI's default: 201 for a POST, 200 otherwise). */
  status: number;
  /**
   * A valid request of an allowed role (for public routes, role is 'anonymous'). A role outside `who` is sent the
   * request built for the first allowed role. Absent: the bare path.
   */
  call?: (w: World, role: Role | 'anonymous') => Promise<Call> | Call;
  /**
   * 404: the roles outside `who` pass the role guard and are refused as strangers to the record (it cannot be
   * theirs), as the conventions say for another user's record, instead of 403.
   */
  refusal?: 404;
  /** Another user's attempts at a record (every route with an id of a user's record). */
  intrusions?: (w: World) => Promise<Intrusion[]>;
  /** The documented success needs a setting the suite does not use: what a valid request answers instead. */
  instead?: { status: number; why: string };
}

const P = (path: string) => `/api/v1${path}`;
const row = (table: string, id: number): [string, unknown[]] => [`SELECT * FROM ${table} WHERE id = ?`, [id]];
const rows = (table: string, column: string, value: unknown): [string, unknown[]] => [
  `SELECT * FROM ${table} WHERE ${column} = ? ORDER BY id`,
  [value],
];
const ALL: readonly Role[] = ['customer', 'vendor', 'admin'];
/** Every role, the rider too (issue 26: the rider reads who they are and logs out, nothing else beyond the last mile). */
const EVERY_ROLE: readonly Role[] = [...ALL, 'rider'];
const RIDER: readonly Role[] = ['rider'];
const ADMIN: readonly Role[] = ['admin'];
const SELLERS: readonly Role[] = ['vendor', 'admin'];
const BUYERS: readonly Role[] = ['customer', 'vendor'];
/** The role's account A, whose records the requests use; an admin works on customer A's records. */
const owner = (w: World, role: Role | 'anonymous') =>
  role === 'admin' || role === 'anonymous' ? w.customer : w.as(role);

/** A guest's shipping request made with `email`: its id. */
async function guestRequest(w: World, email: string): Promise<number> {
  const res = await w.t.http().post(P('/guest/trackings')).send({
    name: 'Guest',
    phone: '+2348012345678',
    email,
    external_no: 'YT98',
    warehouse_id: w.warehouse,
    type: 'foreign',
    shipping_type: 'air_cargo',
  });
  if (res.status !== 201) throw new Error(`guest request: ${res.status} ${JSON.stringify(res.body)}`);
  const [found] = await w.t.db.query('SELECT id FROM deliveries WHERE tracking_no = ?', [res.body.data.tracking_no]);
  return Number(found.id);
}

/** A guest's request made with a fresh e-mail: the token of the confirm link e-mailed to it (decision 032). */
async function guestConfirmToken(w: World): Promise<{ id: number; email: string; token: string }> {
  const email = uniqueEmail('guestlink');
  const id = await guestRequest(w, email);
  return { id, email, token: mustGuestToken(w.t, email, 'confirm') };
}

/** A confirmed guest's request at the warehouse, proceeded by the admin: the token of the pay link e-mailed. */
async function guestPayToken(w: World): Promise<string> {
  const { id, email, token } = await guestConfirmToken(w);
  await w.t
    .http()
    .post(P(`/guest/confirmations/${token}`))
    .expect(200);
  const admin = { Authorization: `Bearer ${w.admin.token}` };
  await w.t
    .http()
    .patch(P(`/trackings/${id}/status`))
    .set(admin)
    .send({ status: 2 })
    .expect(200);
  await w.t
    .http()
    .put(P(`/trackings/${id}`))
    .set(admin)
    .send({ shipping_type: 'air_cargo', shipping_id: w.shipping, weight: 1 })
    .expect(200);
  return mustGuestToken(w.t, email, 'pay');
}

/** A delivery of `who` at the warehouse, proceeded by the admin (its fee invoiced): its id. */
async function proceededDelivery(w: World, who: Account): Promise<number> {
  const d = await createDelivery(w, who);
  const admin = { Authorization: `Bearer ${w.admin.token}` };
  await w.t
    .http()
    .patch(P(`/trackings/${d.id}/status`))
    .set(admin)
    .send({ status: 2 })
    .expect(200);
  await w.t
    .http()
    .put(P(`/trackings/${d.id}`))
    .set(admin)
    .send({ shipping_type: 'air_cargo', shipping_id: w.shipping, weight: 1 })
    .expect(200);
  return d.id;
}

/** A fresh vendor who may withdraw (issue 24): KYC approved, an account payable now, ₦200,000 in the wallet. */
async function payoutReadyVendor(w: World): Promise<Account> {
  const vendor = await freshAccount(w, 'vendor');
  const admin = { Authorization: `Bearer ${w.admin.token}` };
  const kyc = await createKyc(w, vendor);
  await w.t
    .http()
    .put(P(`/kyc/${kyc}/approve`))
    .set(admin)
    .send({ status: 1 })
    .expect(200);
  await w.t
    .http()
    .put(P('/vendor-payouts/account'))
    .set('Authorization', `Bearer ${vendor.token}`)
    .send({ bank_code: '058', account_number: '0123456789', password: vendor.password })
    .expect(200);
  await w.t
    .http()
    .post(P(`/wallets/${vendor.user.id}/adjustments`))
    .set(admin)
    .send({ amount: '200000', currency: 'NGN', direction: 'credit', reason: 'Sales' })
    .expect(201);
  return vendor;
}

/** A payout above the auto-approve limit, waiting in the back office's queue: its id. */
async function awaitingPayout(w: World): Promise<number> {
  const vendor = await payoutReadyVendor(w);
  const res = await w.t
    .http()
    .post(P('/vendor-payouts/withdrawals'))
    .set('Authorization', `Bearer ${vendor.token}`)
    .send({ amount: '60000' });
  if (res.status !== 201) throw new Error(`withdrawal: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

const VENDOR: readonly Role[] = ['vendor'];

export const ROUTE_TABLE: Record<string, RouteRule> = {
  // Issue 26 (receipts, measures, consolidations): test/security/route-table-receipts.ts.
  ...RECEIPT_ROUTES,
  // --- platform, media -------------------------------------------------------------------------------------------
  'GET /api/v1/health': { who: 'public', status: 200 },
  'GET /api/v1/ready': { who: 'public', status: 200 },
  'GET /api/v1/media/:folder/:name': {
    who: 'public',
    status: 200,
    call: async (w) => {
      const res = await w.t
        .http()
        .post(P('/user/update-profile-image'))
        .set('Authorization', `Bearer ${w.customer2.token}`)
        .attach('image', await photo(), { filename: 'me.jpg', contentType: 'image/jpeg' });
      return { path: new URL(res.body.data.image as string).pathname };
    },
  },

  // --- identity ----------------------------------------------------------------------------------------------------
  'POST /api/v1/auth/register': {
    who: 'public',
    status: 201,
    call: () => ({ path: P('/auth/register'), body: { email: uniqueEmail('reg'), password: 'secret123' } }),
  },
  'POST /api/v1/auth/verify-otp': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P('/auth/verify-otp'), body: await unverifiedSignUp(w) }),
  },
  'POST /api/v1/auth/resend-otp': {
    who: 'public',
    status: 200,
    call: () => ({ path: P('/auth/resend-otp'), body: { email: uniqueEmail('resend') } }),
  },
  'POST /api/v1/auth/login': {
    who: 'public',
    status: 200,
    call: (w) => ({ path: P('/auth/login'), body: { email: w.customer.email, password: w.customer.password } }),
  },
  'POST /api/v1/auth/google': {
    who: 'public',
    status: 200,
    call: (w) => ({ path: P('/auth/google'), body: { id_token: w.google.idToken() } }),
  },
  'POST /api/v1/auth/logout': {
    who: EVERY_ROLE,
    status: 200,
    call: async (w, role) => ({ path: P('/auth/logout'), as: await freshAccount(w, role as Role) }),
  },
  'GET /api/v1/user': { who: EVERY_ROLE, status: 200 },
  'POST /api/v1/user/update-profile': {
    who: ALL,
    status: 200,
    call: () => ({ path: P('/user/update-profile'), body: { city: 'Lagos' } }),
  },
  'POST /api/v1/user/notification-preferences': {
    who: ALL,
    status: 200,
    call: () => ({ path: P('/user/notification-preferences'), body: { email_updates: true } }),
  },
  // Issue 26: the number for SMS/WhatsApp and the channels (apps/api/test/messaging.e2e-spec.ts tests them in depth).
  'GET /api/v1/user/messages': { who: ALL, status: 200 },
  'PUT /api/v1/user/messages/channels': {
    who: ALL,
    status: 200,
    call: () => ({ path: P('/user/messages/channels'), body: { in_app: true } }),
  },
  'POST /api/v1/user/messages/phone': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({
      path: P('/user/messages/phone'),
      body: { phone: `+234803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` },
      as: await freshAccount(w, role as Role),
    }),
  },
  'POST /api/v1/user/messages/phone/verify': {
    who: ALL,
    status: 422,
    call: () => ({ path: P('/user/messages/phone/verify'), body: { code: '000000' } }),
  },
  'DELETE /api/v1/user/messages/phone': { who: ALL, status: 200 },
  'POST /api/v1/user/update-profile-image': {
    who: ALL,
    status: 200,
    call: async () => ({
      path: P('/user/update-profile-image'),
      files: { image: { buffer: await photo(), name: 'me.jpg', type: 'image/jpeg' } },
    }),
  },
  'POST /api/v1/user/change-email': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({
      path: P('/user/change-email'),
      body: { email: uniqueEmail('new') },
      as: await freshAccount(w, role as Role),
    }),
  },
  'POST /api/v1/user/confirm-email': {
    who: ALL,
    status: 200,
    call: async (w, role) => {
      const { account, otp } = await pendingEmailChange(w, role as Role);
      return { path: P('/user/confirm-email'), body: { otp }, as: account };
    },
  },
  'GET /api/v1/users': { who: ADMIN, status: 200 },
  'GET /api/v1/users/:id': { who: ADMIN, status: 200, call: (w) => ({ path: P(`/users/${w.customer.user.id}`) }) },
  'PUT /api/v1/users/:id': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/users/${w.customer2.user.id}`), body: { name: 'Emeka' } }),
  },
  'DELETE /api/v1/users/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/users/${(await freshAccount(w, 'customer')).user.id}`) }),
  },

  // --- notifications ------------------------------------------------------------------------------------------------
  'GET /api/v1/notifications': { who: ALL, status: 200 },
  'GET /api/v1/notifications/unread-count': { who: ALL, status: 200 },
  'POST /api/v1/notifications/read-all': { who: ALL, status: 200 },
  'PUT /api/v1/notifications/:id': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({
      path: P(`/notifications/${await createNotification(w, w.as(role as Role).user.id)}`),
      body: { status: 1 },
    }),
    intrusions: (w) => notificationIntrusions(w, 'on', { status: 1 }),
  },
  'GET /api/v1/notifications/:id': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/notifications/${await createNotification(w, w.as(role as Role).user.id)}`) }),
    intrusions: (w) => notificationIntrusions(w, 'reads'),
  },
  'DELETE /api/v1/notifications/:id': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/notifications/${await createNotification(w, w.as(role as Role).user.id)}`) }),
    intrusions: async (w) => {
      const id = await createNotification(w, w.customer.user.id);
      const vid = await createNotification(w, w.vendor.user.id);
      return [
        {
          label: 'customer B deletes customer A notification',
          as: w.customer2,
          call: { path: P(`/notifications/${id}`) },
          watch: [row('notifications', id)],
        },
        {
          label: 'vendor B deletes vendor A notification',
          as: w.vendor2,
          call: { path: P(`/notifications/${vid}`) },
          watch: [row('notifications', vid)],
        },
        {
          label: "an admin deletes a customer's notification",
          as: w.admin,
          call: { path: P(`/notifications/${id}`) },
          watch: [row('notifications', id)],
        },
      ];
    },
  },

  // --- contact, newsletter, dashboards -------------------------------------------------------------------------------
  'POST /api/v1/contact-messages': {
    who: 'public',
    status: 201,
    call: () => ({
      path: P('/contact-messages'),
      body: { full_name: 'Tunde Bakare', email: uniqueEmail('contact'), message: 'Where is my parcel?' },
    }),
  },
  'GET /api/v1/contact-messages': { who: ADMIN, status: 200 },
  'GET /api/v1/contact-messages/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const res = await w.t
        .http()
        .post(P('/contact-messages'))
        .send({ full_name: 'Tunde Bakare', email: uniqueEmail('contact'), message: 'Where is my parcel?' });
      return { path: P(`/contact-messages/${res.body.data.id}`) };
    },
  },
  'POST /api/v1/newsletter': {
    who: 'public',
    status: 201,
    call: () => ({ path: P('/newsletter'), body: { email: uniqueEmail('news') } }),
  },
  'GET /api/v1/admin/stats': { who: ADMIN, status: 200 },
  'GET /api/v1/admin/reconciliation': { who: ADMIN, status: 200 },
  'GET /api/v1/admin/order-stats': { who: ADMIN, status: 200 },
  'GET /api/v1/audit-logs': { who: ADMIN, status: 200 },
  'GET /api/v1/audit-logs/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const [first] = await w.t.db.query('SELECT id FROM audit_logs ORDER BY id LIMIT 1');
      if (!first) throw new Error('No audit log entry was recorded by the admin actions so far');
      return { path: P(`/audit-logs/${first.id}`) };
    },
  },

  // --- catalogue ----------------------------------------------------------------------------------------------------
  'GET /api/v1/categories': { who: 'public', status: 200 },
  'GET /api/v1/categories/:id': { who: 'public', status: 200, call: (w) => ({ path: P(`/categories/${w.category}`) }) },
  'POST /api/v1/categories': {
    who: ADMIN,
    status: 201,
    call: () => ({ path: P('/categories'), body: { name: unique('Cat'), status: 1 } }),
  },
  'PUT /api/v1/categories/:id': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/categories/${w.category}`), body: { status: 1 } }),
  },
  'DELETE /api/v1/categories/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const res = await w.t
        .http()
        .post(P('/categories'))
        .set('Authorization', `Bearer ${w.admin.token}`)
        .send({ name: unique('Gone') });
      return { path: P(`/categories/${res.body.data.id}`) };
    },
  },
  'GET /api/v1/products': { who: 'public', status: 200 },
  'GET /api/v1/products/active': { who: 'public', status: 200 },
  'GET /api/v1/products/sitemap-entries': { who: 'public', status: 200 },
  'GET /api/v1/products/:id': { who: 'public', status: 200, call: (w) => ({ path: P(`/products/${w.product}`) }) },
  'POST /api/v1/products': {
    who: SELLERS,
    status: 201,
    call: (w) => ({
      path: P('/products'),
      body: {
        name: unique('New '),
        type: 'new',
        description: 'Good',
        status: 1,
        category_id: w.category,
        price: 500,
        stock_quantity: 3,
      },
    }),
  },
  'POST /api/v1/products/:id': {
    who: SELLERS,
    status: 200,
    call: (w) => ({ path: P(`/products/${w.product}`), fields: { _method: 'PUT', description: 'Better' } }),
    intrusions: async (w) => [
      {
        label: "vendor B changes vendor A's product",
        as: w.vendor2,
        call: { path: P(`/products/${w.product}`), fields: { _method: 'PUT', name: 'Stolen' } },
        watch: [row('products', w.product)],
      },
    ],
  },
  'PUT /api/v1/products/:id': {
    who: SELLERS,
    status: 200,
    call: (w) => ({ path: P(`/products/${w.product}`), body: { description: 'Better still' } }),
    intrusions: async (w) => [
      {
        label: "vendor B changes vendor A's product",
        as: w.vendor2,
        call: { path: P(`/products/${w.product}`), body: { name: 'Stolen', price: 1 } },
        watch: [row('products', w.product)],
      },
    ],
  },
  'DELETE /api/v1/products/:id': {
    who: SELLERS,
    status: 200,
    call: async (w, role) => ({
      path: P(`/products/${await createProduct(w, role === 'admin' ? w.vendor : w.as(role as Role))}`),
    }),
    intrusions: async (w) => [
      {
        label: "vendor B deletes vendor A's product",
        as: w.vendor2,
        call: { path: P(`/products/${w.product}`) },
        watch: [row('products', w.product)],
      },
    ],
  },
  'GET /api/v1/products/:id/reviews': {
    who: 'public',
    status: 200,
    call: (w) => ({ path: P(`/products/${w.product}/reviews`) }),
  },
  'POST /api/v1/products/:id/reviews': {
    // Only a buyer who received the product: customers and vendors buy, admins do not (403 from the review rule).
    who: BUYERS,
    status: 201,
    call: async (w, role) => ({
      path: P(`/products/${await boughtProduct(w, owner(w, role))}/reviews`),
      body: { rating: 5, comment: 'Great' },
    }),
    intrusions: async (w) => {
      const id = await boughtProduct(w, w.customer);
      return [
        {
          label: 'customer B reviews a product only customer A bought',
          as: w.customer2,
          call: { path: P(`/products/${id}/reviews`), body: { rating: 1, comment: 'Never had it' } },
          watch: [row('products', id), rows('product_reviews', 'product_id', id)],
        },
      ];
    },
  },
  'GET /api/v1/search/suggestions': {
    who: 'public',
    status: 200,
    call: () => ({ path: P('/search/suggestions?q=prod') }),
  },
  'GET /api/v1/wishlist': { who: ALL, status: 200 },
  'GET /api/v1/wishlist/ids': { who: ALL, status: 200 },
  'POST /api/v1/wishlist': {
    who: ALL,
    status: 201,
    call: (w) => ({ path: P('/wishlist'), body: { product_id: w.product } }),
  },
  'POST /api/v1/wishlist/:productId': { who: ALL, status: 201, call: (w) => ({ path: P(`/wishlist/${w.product2}`) }) },
  'DELETE /api/v1/wishlist/:productId': {
    who: ALL,
    status: 200,
    call: async (w, role) => {
      const me = w.as(role as Role);
      await w.t
        .http()
        .post(P(`/wishlist/${w.product}`))
        .set('Authorization', `Bearer ${me.token}`);
      return { path: P(`/wishlist/${w.product}`) };
    },
    intrusions: async (w) => {
      // The path names a product, and the list is always the caller's own: B's call leaves A's list as it was.
      await w.t
        .http()
        .post(P(`/wishlist/${w.product}`))
        .set('Authorization', `Bearer ${w.customer.token}`)
        .expect(201);
      return [
        {
          label: "customer B removes a product from customer A's wishlist",
          as: w.customer2,
          answers: [200],
          call: { path: P(`/wishlist/${w.product}`) },
          watch: [rows('wishlist_items', 'user_id', w.customer.user.id)],
        },
      ];
    },
  },
  'GET /api/v1/sellers/top': { who: 'public', status: 200 },
  'GET /api/v1/sellers/:id': { who: 'public', status: 200, call: (w) => ({ path: P(`/sellers/${w.vendor.user.id}`) }) },

  // --- money --------------------------------------------------------------------------------------------------------
  'GET /api/v1/currencies': { who: 'public', status: 200 },
  'GET /api/v1/currencies/live-rates': { who: ADMIN, status: 200 },
  'GET /api/v1/currencies/:id': {
    who: 'public',
    status: 200,
    call: async (w) => {
      const [ngn] = await w.t.db.query(`SELECT id FROM currencies WHERE code = 'NGN'`);
      return { path: P(`/currencies/${ngn.id}`) };
    },
  },
  'POST /api/v1/currencies': {
    who: ADMIN,
    status: 201,
    call: () => ({
      path: P('/currencies'),
      body: { name: 'Test money', code: unique('C').slice(0, 8), buy_price: 2, sell_price: 3 },
    }),
  },
  'PATCH /api/v1/currencies/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const [ngn] = await w.t.db.query(`SELECT id FROM currencies WHERE code = 'NGN'`);
      return { path: P(`/currencies/${ngn.id}`), body: { sell_price: 1500 } };
    },
  },
  'DELETE /api/v1/currencies/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const res = await w.t
        .http()
        .post(P('/currencies'))
        .set('Authorization', `Bearer ${w.admin.token}`)
        .send({ name: 'Gone money', code: unique('G').slice(0, 8), buy_price: 2, sell_price: 3 });
      return { path: P(`/currencies/${res.body.data.id}`) };
    },
  },
  'POST /api/v1/webhooks/paystack': {
    who: 'public',
    status: 200,
    call: () => ({
      path: P('/webhooks/paystack'),
      body: { event: 'charge.success', data: { reference: 'x' } },
      headers: { 'x-paystack-signature': 'unsigned' },
    }),
    instead: {
      status: 401,
      why: 'a verified event needs PAYSTACK_SECRET_KEY (the suite runs the test-mode gateway); money-wallet covers 200',
    },
  },
  'POST /api/v1/payments/exceptions/:id/resolve': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const reference = unique('ipay-');
      await w.t.db.query(
        `INSERT INTO payment_exceptions (reference, kind, source, gateway_status, note) VALUES (?, 'unknown', 'webhook', 'success', 'authz')`,
        [reference],
      );
      const [row] = await w.t.db.query('SELECT id FROM payment_exceptions WHERE reference = ?', [reference]);
      return { path: P(`/payments/exceptions/${row.id}/resolve`) };
    },
  },
  'POST /api/v1/payments/test/:reference/complete': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/payments/test/${await fundingReference(w, w.customer)}/complete`) }),
  },
  'POST /api/v1/payments/test/:reference/cancel': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/payments/test/${await fundingReference(w, w.customer)}/cancel`) }),
  },
  'GET /api/v1/wallet/balance': { who: ALL, status: 200 },
  'GET /api/v1/wallet/histories': { who: ALL, status: 200 },
  'POST /api/v1/wallet/fund': {
    who: ALL,
    status: 201,
    call: () => ({ path: P('/wallet/fund'), body: { amount: '100', currency: 'NGN' } }),
  },
  // Issue 24: a user's dedicated account (configured false here: the suite runs without a Paystack key).
  'GET /api/v1/wallet/dedicated-account': { who: ALL, status: 200 },
  'POST /api/v1/wallet/dedicated-account': { who: ALL, status: 200 },
  'GET /api/v1/wallet/fund/verify': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({
      path: P(`/wallet/fund/verify?reference=${await fundingReference(w, w.as(role as Role))}`),
    }),
    intrusions: async (w) => {
      const reference = await fundingReference(w, w.customer);
      await w.t
        .http()
        .post(P(`/payments/test/${reference}/complete`))
        .expect(200);
      const watch: Intrusion['watch'] = [
        ['SELECT * FROM test_payments WHERE reference = ?', [reference]],
        rows('wallet_ledger', 'user_id', w.customer.user.id),
        rows('wallets', 'user_id', w.customer.user.id),
      ];
      return [
        {
          label: "customer B verifies customer A's funding",
          as: w.customer2,
          call: { path: P(`/wallet/fund/verify?reference=${reference}`) },
          watch,
        },
        {
          label: "vendor B verifies customer A's funding",
          as: w.vendor2,
          call: { path: P(`/wallet/fund/verify?reference=${reference}`) },
          watch,
        },
      ];
    },
  },
  'GET /api/v1/wallets': { who: ADMIN, status: 200 },
  'GET /api/v1/wallets/:userId': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/wallets/${w.customer.user.id}`) }),
  },
  'GET /api/v1/wallets/:userId/histories': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/wallets/${w.customer.user.id}/histories`) }),
  },
  'POST /api/v1/wallets/:userId/adjustments': {
    who: ADMIN,
    status: 201,
    call: (w) => ({
      path: P(`/wallets/${w.customer2.user.id}/adjustments`),
      body: { amount: '5', currency: 'NGN', direction: 'credit', reason: 'Goodwill' },
    }),
  },
  // --- payouts (issue 24) -----------------------------------------------------------------------------------------
  'GET /api/v1/vendor-payouts/banks': { who: VENDOR, status: 200 },
  'POST /api/v1/vendor-payouts/account/resolve': {
    who: VENDOR,
    status: 200,
    call: () => ({
      path: P('/vendor-payouts/account/resolve'),
      body: { bank_code: '058', account_number: '0123456789' },
    }),
  },
  'GET /api/v1/vendor-payouts/account': { who: VENDOR, status: 200 },
  'PUT /api/v1/vendor-payouts/account': {
    who: VENDOR,
    status: 200,
    call: async (w) => {
      const vendor = await freshAccount(w, 'vendor');
      return {
        path: P('/vendor-payouts/account'),
        body: { bank_code: '058', account_number: '0123456789', password: vendor.password },
        as: vendor,
      };
    },
  },
  'GET /api/v1/vendor-payouts/balance': { who: VENDOR, status: 200 },
  'GET /api/v1/vendor-payouts/statement': { who: VENDOR, status: 200 },
  'GET /api/v1/vendor-payouts/statement.csv': { who: VENDOR, status: 200 },
  'GET /api/v1/vendor-payouts/withdrawals': { who: VENDOR, status: 200 },
  'POST /api/v1/vendor-payouts/withdrawals': {
    who: VENDOR,
    status: 201,
    call: async (w) => ({
      path: P('/vendor-payouts/withdrawals'),
      body: { amount: '5000' },
      as: await payoutReadyVendor(w),
    }),
  },
  'GET /api/v1/payouts': { who: ADMIN, status: 200 },
  'GET /api/v1/payouts/export.csv': { who: ADMIN, status: 200 },
  'POST /api/v1/payouts/approve': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P('/payouts/approve'), body: { ids: [await awaitingPayout(w)] } }),
  },
  'GET /api/v1/payouts/vendors/:vendorId/accounts': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/payouts/vendors/${w.vendor.user.id}/accounts`) }),
  },
  'GET /api/v1/payouts/vendors/:vendorId/balance': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/payouts/vendors/${w.vendor.user.id}/balance`) }),
  },
  'GET /api/v1/payouts/vendors/:vendorId/statement': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/payouts/vendors/${w.vendor.user.id}/statement`) }),
  },
  'GET /api/v1/payouts/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/payouts/${await awaitingPayout(w)}`) }),
  },
  'POST /api/v1/payouts/:id/approve': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/payouts/${await awaitingPayout(w)}/approve`) }),
  },
  'POST /api/v1/payouts/:id/reject': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/payouts/${await awaitingPayout(w)}/reject`), body: { reason: 'Name differs' } }),
  },
  'GET /api/v1/invoices': { who: ADMIN, status: 200 },
  'POST /api/v1/invoices': {
    who: ADMIN,
    status: 201,
    call: (w) => ({
      path: P('/invoices'),
      body: { user_id: w.customer.user.id, amount: '1500', currency: 'NGN', description: 'Storage fee' },
    }),
  },
  'GET /api/v1/invoices/user': { who: ALL, status: 200 },
  'GET /api/v1/invoices/:id': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/invoices/${await createInvoice(w, owner(w, role).user.id)}`) }),
    intrusions: async (w) => {
      const id = await createInvoice(w, w.customer.user.id);
      const vid = await createInvoice(w, w.vendor.user.id);
      return [
        {
          label: "customer B reads customer A's invoice",
          as: w.customer2,
          call: { path: P(`/invoices/${id}`) },
          watch: [],
        },
        { label: "vendor B reads vendor A's invoice", as: w.vendor2, call: { path: P(`/invoices/${vid}`) }, watch: [] },
      ];
    },
  },
  'POST /api/v1/invoices/:id/pay': {
    // The owner pays: an admin pays an invoice of their own.
    who: ALL,
    status: 200,
    call: async (w, role) => ({
      path: P(`/invoices/${await createInvoice(w, w.as(role as Role).user.id)}/pay`),
      body: { method: 'paystack' },
    }),
    intrusions: async (w) => {
      const id = await createInvoice(w, w.customer.user.id);
      // B has the money: a wallet payment of A's invoice would go through if ownership were not checked.
      await w.t
        .http()
        .post(P(`/wallets/${w.customer2.user.id}/adjustments`))
        .set('Authorization', `Bearer ${w.admin.token}`)
        .send({ amount: '5000', currency: 'NGN', direction: 'credit', reason: 'Test' })
        .expect(201);
      const watch: Intrusion['watch'] = [
        row('invoices', id),
        rows('wallets', 'user_id', w.customer2.user.id),
        rows('invoice_payments', 'invoice_id', id),
      ];
      return [
        {
          label: "customer B pays customer A's invoice from B's wallet",
          as: w.customer2,
          call: { path: P(`/invoices/${id}/pay`), body: { method: 'wallet' } },
          watch,
        },
        {
          label: "customer B starts a card payment of customer A's invoice",
          as: w.customer2,
          call: { path: P(`/invoices/${id}/pay`), body: { method: 'paystack' } },
          watch,
        },
        {
          label: "an admin pays customer A's invoice",
          as: w.admin,
          call: { path: P(`/invoices/${id}/pay`), body: { method: 'wallet' } },
          watch,
        },
      ];
    },
  },
  'GET /api/v1/invoices/:id/verify': {
    who: ALL,
    status: 200,
    call: async (w, role) => {
      const me = w.as(role as Role);
      const id = await createInvoice(w, me.user.id);
      return { path: P(`/invoices/${id}/verify?reference=${await invoiceReference(w, me, id)}`) };
    },
    intrusions: async (w) => {
      const id = await createInvoice(w, w.customer.user.id);
      const reference = await invoiceReference(w, w.customer, id);
      await w.t
        .http()
        .post(P(`/payments/test/${reference}/complete`))
        .expect(200);
      return [
        {
          label: "customer B verifies customer A's invoice payment",
          as: w.customer2,
          call: { path: P(`/invoices/${id}/verify?reference=${reference}`) },
          watch: [row('invoices', id), rows('invoice_payments', 'invoice_id', id)],
        },
      ];
    },
  },
  'POST /api/v1/invoices/:id/cancel': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/invoices/${await createInvoice(w, w.customer.user.id)}/cancel`) }),
  },

  // --- orders -------------------------------------------------------------------------------------------------------
  'POST /api/v1/orders': {
    who: BUYERS,
    status: 201,
    call: async (w, role) => {
      const buyer = owner(w, role);
      await w.t
        .http()
        .post(P(`/wallets/${buyer.user.id}/adjustments`))
        .set('Authorization', `Bearer ${w.admin.token}`)
        .send({ amount: '1000', currency: 'NGN', direction: 'credit', reason: 'Test' })
        .expect(201);
      return {
        path: P('/orders'),
        body: {
          items: [{ product_id: role === 'vendor' ? w.product2 : w.product, quantity: 1 }],
          full_name: 'Chioma Adeyemi',
          phone: '08031234567',
          street_address: '12 Admiralty Way',
          state: 'Lagos',
          city: 'Lagos',
          postal_code: '105102',
          country: 'Nigeria',
          payment_method: 'wallet',
        },
      };
    },
  },
  'GET /api/v1/orders': { who: ['vendor', 'admin'], status: 200 },
  'GET /api/v1/orders/statement': { who: ['vendor'], status: 200 },
  'GET /api/v1/vendor/dashboard': { who: ['vendor'], status: 200 },
  'GET /api/v1/shop-policy': { who: 'public', status: 200 },
  'GET /api/v1/orders/user/:userId': {
    who: ALL,
    status: 200,
    call: (w, role) => ({ path: P(`/orders/user/${owner(w, role).user.id}`) }),
    intrusions: async (w) => [
      {
        label: "customer B lists customer A's orders",
        as: w.customer2,
        call: { path: P(`/orders/user/${w.customer.user.id}`) },
        watch: [],
      },
      {
        label: "vendor A lists customer A's orders",
        as: w.vendor,
        call: { path: P(`/orders/user/${w.customer.user.id}`) },
        watch: [],
      },
    ],
  },
  'GET /api/v1/orders/:id': {
    // The buyer, a vendor with a line in it, an admin.
    who: ALL,
    status: 200,
    call: async (w) => ({ path: P(`/orders/${await createOrder(w, w.customer, w.product)}`) }),
    intrusions: async (w) => {
      const id = await createOrder(w, w.customer, w.product);
      return [
        {
          label: "customer B reads customer A's order",
          as: w.customer2,
          call: { path: P(`/orders/${id}`) },
          watch: [],
        },
        {
          label: 'vendor B reads an order without a line of theirs',
          as: w.vendor2,
          call: { path: P(`/orders/${id}`) },
          watch: [],
        },
      ];
    },
  },
  'PATCH /api/v1/orders/:id/status': {
    // By transition: the buyer cancels an unpaid order; the vendor of a line (or an admin) ships a paid one.
    who: ALL,
    status: 200,
    call: async (w, role) =>
      role === 'customer'
        ? {
            path: P(`/orders/${await createOrder(w, w.customer, w.product, 'bank_transfer')}/status`),
            body: { status: 5 },
          }
        : { path: P(`/orders/${await createOrder(w, w.customer, w.product)}/status`), body: { status: 2 } },
    intrusions: async (w) => {
      const unpaid = await createOrder(w, w.customer, w.product, 'bank_transfer');
      const paid = await createOrder(w, w.customer, w.product);
      const watch = (id: number): Intrusion['watch'] => [
        row('orders', id),
        rows('order_status_changes', 'order_id', id),
      ];
      return [
        {
          label: "customer B cancels customer A's order",
          as: w.customer2,
          call: { path: P(`/orders/${unpaid}/status`), body: { status: 5 } },
          watch: watch(unpaid),
        },
        {
          label: 'vendor B ships an order without a line of theirs',
          as: w.vendor2,
          call: { path: P(`/orders/${paid}/status`), body: { status: 2 } },
          watch: watch(paid),
        },
      ];
    },
  },
  'POST /api/v1/orders/:id/lines/ready': {
    // Line-level fulfilment (decision 031): the vendor of a line (their own lines) or an admin, on a paid order.
    who: SELLERS,
    status: 200,
    call: async (w) => ({ path: P(`/orders/${await createOrder(w, w.customer, w.product)}/lines/ready`), body: {} }),
    intrusions: async (w) => {
      const id = await createOrder(w, w.customer, w.product);
      return [
        {
          label: 'vendor B readies the lines of an order without a line of theirs',
          as: w.vendor2,
          call: { path: P(`/orders/${id}/lines/ready`), body: {} },
          watch: [row('orders', id), rows('order_items', 'order_id', id), rows('order_status_changes', 'order_id', id)],
        },
      ];
    },
  },
  'POST /api/v1/orders/:id/lines/ship': {
    who: SELLERS,
    status: 200,
    call: async (w) => ({
      path: P(`/orders/${await createOrder(w, w.customer, w.product)}/lines/ship`),
      body: { courier: 'GIG Logistics', tracking_no: 'GIG-4471203' },
    }),
    intrusions: async (w) => {
      const id = await createOrder(w, w.customer, w.product);
      return [
        {
          label: 'vendor B ships the lines of an order without a line of theirs',
          as: w.vendor2,
          call: { path: P(`/orders/${id}/lines/ship`), body: { courier: 'GIG Logistics', tracking_no: 'GIG-1' } },
          watch: [row('orders', id), rows('order_items', 'order_id', id), rows('order_status_changes', 'order_id', id)],
        },
      ];
    },
  },
  'POST /api/v1/orders/:id/late-transfer': {
    // A cancelled bank-transfer order whose money arrived late (admin only): the stock is taken again.
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const id = await createOrder(w, w.customer, w.product, 'bank_transfer');
      await w.t
        .http()
        .patch(P(`/orders/${id}/status`))
        .set('Authorization', `Bearer ${w.customer.token}`)
        .send({ status: 5 })
        .expect(200);
      return { path: P(`/orders/${id}/late-transfer`), body: { note: 'Bank ref 123' } };
    },
  },

  'POST /api/v1/orders/:id/refunds': {
    // Issue 24: an admin refunds part of a paid order (here to the wallet).
    who: ADMIN,
    status: 201,
    call: async (w) => ({
      path: P(`/orders/${await createOrder(w, w.customer, w.product)}/refunds`),
      body: { amount: '100.00', destination: 'wallet', reason: 'Goodwill' },
    }),
  },
  'GET /api/v1/orders/:id/refunds': {
    // The buyer (a vendor who bought) or an admin; a vendor of a line, or another buyer, is a stranger (404).
    who: ALL,
    status: 200,
    call: async (w, role) => ({
      path: P(
        `/orders/${
          role === 'vendor' ? await createOrder(w, w.vendor, w.product2) : await createOrder(w, w.customer, w.product)
        }/refunds`,
      ),
    }),
    intrusions: async (w) => {
      const id = await createOrder(w, w.customer, w.product);
      return [
        {
          label: "customer B reads the refunds of customer A's order",
          as: w.customer2,
          call: { path: P(`/orders/${id}/refunds`) },
          watch: [],
        },
        {
          label: 'vendor A reads the refunds of an order they sold (buyer and admin only)',
          as: w.vendor,
          call: { path: P(`/orders/${id}/refunds`) },
          watch: [],
        },
      ];
    },
  },

  // --- logistics ----------------------------------------------------------------------------------------------------
  'GET /api/v1/locations': { who: 'public', status: 200 },
  'GET /api/v1/locations/:id': { who: 'public', status: 200, call: (w) => ({ path: P(`/locations/${w.location}`) }) },
  'POST /api/v1/locations': {
    who: ADMIN,
    status: 201,
    call: () => ({ path: P('/locations'), body: { name: unique('Loc') } }),
  },
  'PUT /api/v1/locations/:id': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/locations/${w.location}`), body: { status: 1 } }),
  },
  'DELETE /api/v1/locations/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const res = await w.t
        .http()
        .post(P('/locations'))
        .set('Authorization', `Bearer ${w.admin.token}`)
        .send({ name: unique('Gone') });
      return { path: P(`/locations/${res.body.data.id}`) };
    },
  },
  'GET /api/v1/warehouses': { who: 'public', status: 200 },
  'GET /api/v1/warehouses/:id': {
    who: 'public',
    status: 200,
    call: (w) => ({ path: P(`/warehouses/${w.warehouse}`) }),
  },
  'POST /api/v1/warehouses': {
    who: ADMIN,
    status: 201,
    call: (w) => ({ path: P('/warehouses'), body: { name: unique('Wh'), location_id: w.location, type: 'sea_cargo' } }),
  },
  'PUT /api/v1/warehouses/:id': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/warehouses/${w.warehouse}`), body: { address: '1 Canton Road' } }),
  },
  'DELETE /api/v1/warehouses/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const res = await w.t
        .http()
        .post(P('/warehouses'))
        .set('Authorization', `Bearer ${w.admin.token}`)
        .send({ name: unique('Gone'), location_id: w.location, type: 'local' });
      return { path: P(`/warehouses/${res.body.data.id}`) };
    },
  },
  'GET /api/v1/shippings': { who: 'public', status: 200 },
  'GET /api/v1/shippings/:id': { who: 'public', status: 200, call: (w) => ({ path: P(`/shippings/${w.shipping}`) }) },
  'GET /api/v1/shippings/:id/moves': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/shippings/${w.shipping}/moves?status=2`) }),
  },
  'POST /api/v1/shippings': {
    who: ADMIN,
    status: 201,
    call: (w) => ({
      path: P('/shippings'),
      body: { name: unique('Ship'), location_id: w.location, type: 'sea_cargo' },
    }),
  },
  'PUT /api/v1/shippings/:id': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/shippings/${w.shipping}`), body: { name: unique('Ship') } }),
  },
  'POST /api/v1/shippings/:id/assign': {
    who: ADMIN,
    status: 201,
    call: async (w) => ({
      path: P(`/shippings/${w.shipping}/assign`),
      body: { delivery_ids: [await readyDelivery(w, w.customer)] },
    }),
  },
  'DELETE /api/v1/shippings/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const res = await w.t
        .http()
        .post(P('/shippings'))
        .set('Authorization', `Bearer ${w.admin.token}`)
        .send({ name: unique('Gone'), location_id: w.location, type: 'sea_cargo' });
      return { path: P(`/shippings/${res.body.data.id}`) };
    },
  },
  'GET /api/v1/logistics-settings': { who: 'public', status: 200 },
  'PUT /api/v1/logistics-settings': {
    who: ADMIN,
    status: 200,
    call: () => ({ path: P('/logistics-settings'), body: { cost_per_cmb3: 0.01, cost_per_kg: 8.5 } }),
  },
  'GET /api/v1/trackings': { who: ALL, status: 200 },
  'POST /api/v1/trackings': {
    who: ALL,
    status: 201,
    call: (w) => ({
      path: P('/trackings'),
      body: {
        external_no: 'YT1234567890',
        warehouse_id: w.warehouse,
        type: 'foreign',
        shipping_type: 'air_cargo',
        from_jara: false,
      },
    }),
  },
  'GET /api/v1/trackings/:id': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/trackings/${(await createDelivery(w, owner(w, role))).id}`) }),
    intrusions: async (w) => {
      const mine = await createDelivery(w, w.customer);
      const vendors = await createDelivery(w, w.vendor);
      return [
        {
          label: "customer B reads customer A's delivery",
          as: w.customer2,
          call: { path: P(`/trackings/${mine.id}`) },
          watch: [],
        },
        {
          label: "vendor B reads vendor A's delivery",
          as: w.vendor2,
          call: { path: P(`/trackings/${vendors.id}`) },
          watch: [],
        },
      ];
    },
  },
  'PUT /api/v1/trackings/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => {
      const d = await createDelivery(w, w.customer);
      await w.t
        .http()
        .patch(P(`/trackings/${d.id}/status`))
        .set('Authorization', `Bearer ${w.admin.token}`)
        .send({ status: 2 })
        .expect(200);
      return {
        path: P(`/trackings/${d.id}`),
        body: { shipping_type: 'air_cargo', shipping_id: w.shipping, weight: 1 },
      };
    },
    intrusions: async (w) => {
      const d = await createDelivery(w, w.customer);
      return [
        {
          label: 'customer A sets the fee of their own delivery',
          as: w.customer,
          call: {
            path: P(`/trackings/${d.id}`),
            body: { shipping_type: 'air_cargo', shipping_id: w.shipping, weight: 1, amount: 0 },
          },
          watch: [row('deliveries', d.id), rows('invoices', 'user_id', w.customer.user.id)],
        },
      ];
    },
  },
  'PATCH /api/v1/trackings/:id/status': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({
      path: P(`/trackings/${(await createDelivery(w, w.customer)).id}/status`),
      body: { status: 2 },
    }),
    intrusions: async (w) => {
      const d = await createDelivery(w, w.customer);
      return [
        {
          label: 'customer A moves their own delivery',
          as: w.customer,
          call: { path: P(`/trackings/${d.id}/status`), body: { status: 2 } },
          watch: [row('deliveries', d.id), rows('delivery_status_changes', 'delivery_id', d.id)],
        },
      ];
    },
  },
  // Guest requests offered to the account of their e-mail (decision 025): accept, decline, and the fee on demand.
  'GET /api/v1/trackings/unclaimed': { who: BUYERS, status: 200 },
  'POST /api/v1/trackings/:id/claim': {
    who: BUYERS,
    status: 200,
    call: async (w, role) => ({ path: P(`/trackings/${await guestRequest(w, owner(w, role).email)}/claim`) }),
    intrusions: async (w) => {
      const id = await guestRequest(w, w.customer.email);
      return [
        {
          label: "customer B accepts a guest request made with customer A's e-mail",
          as: w.customer2,
          call: { path: P(`/trackings/${id}/claim`) },
          watch: [row('deliveries', id)],
        },
      ];
    },
  },
  'POST /api/v1/trackings/:id/decline': {
    who: BUYERS,
    status: 200,
    call: async (w, role) => ({ path: P(`/trackings/${await guestRequest(w, owner(w, role).email)}/decline`) }),
    intrusions: async (w) => {
      const id = await guestRequest(w, w.customer.email);
      return [
        {
          label: "customer B declines a guest request made with customer A's e-mail",
          as: w.customer2,
          call: { path: P(`/trackings/${id}/decline`) },
          watch: [row('deliveries', id), rows('delivery_claim_declines', 'delivery_id', id)],
        },
      ];
    },
  },
  'POST /api/v1/trackings/:id/invoice': {
    who: BUYERS,
    status: 200,
    call: async (w, role) => ({ path: P(`/trackings/${await proceededDelivery(w, owner(w, role))}/invoice`) }),
    intrusions: async (w) => {
      const id = await proceededDelivery(w, w.customer);
      return [
        {
          label: "customer B raises the fee invoice of customer A's delivery",
          as: w.customer2,
          call: { path: P(`/trackings/${id}/invoice`) },
          watch: [row('deliveries', id), rows('invoices', 'subject_id', id)],
        },
      ];
    },
  },
  'POST /api/v1/guest/trackings': {
    who: 'public',
    status: 201,
    call: (w) => ({
      path: P('/guest/trackings'),
      body: {
        name: 'Guest',
        phone: '+2348012345678',
        external_no: 'YT99',
        warehouse_id: w.warehouse,
        type: 'foreign',
        shipping_type: 'air_cargo',
        from_jara: false,
      },
    }),
  },
  'GET /api/v1/tracking-number/:trackingNo': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/tracking-number/${(await createDelivery(w, w.customer)).tracking_no}`) }),
  },
  // A guest's links (decision 032): the token is the only authority; a wrong one is a 404 (guest-fee.e2e-spec.ts).
  'GET /api/v1/guest/confirmations/:token': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/guest/confirmations/${(await guestConfirmToken(w)).token}`) }),
  },
  'POST /api/v1/guest/confirmations/:token': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/guest/confirmations/${(await guestConfirmToken(w)).token}`) }),
  },
  'GET /api/v1/guest/fees/:token': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/guest/fees/${await guestPayToken(w)}`) }),
  },
  'POST /api/v1/guest/fees/:token/pay': {
    who: 'public',
    status: 200,
    call: async (w) => ({ path: P(`/guest/fees/${await guestPayToken(w)}/pay`) }),
  },
  'POST /api/v1/guest/fees/:token/verify': {
    who: 'public',
    status: 200,
    call: async (w) => {
      const token = await guestPayToken(w);
      const start = await w.t
        .http()
        .post(P(`/guest/fees/${token}/pay`))
        .expect(200);
      return { path: P(`/guest/fees/${token}/verify`), body: { reference: start.body.data.reference } };
    },
  },

  // --- trust and care -----------------------------------------------------------------------------------------------
  'POST /api/v1/kyc': {
    // Customers, and vendors (for payouts, issue 24); admins are exempt (403 with the spec's message).
    who: BUYERS,
    status: 201,
    call: async (w, role) => ({
      path: P('/kyc'),
      fields: KYC_FIELDS,
      files: { id_image: { buffer: await photo(), name: 'id.jpg', type: 'image/jpeg' } },
      as: await freshAccount(w, role === 'vendor' ? 'vendor' : 'customer'),
    }),
  },
  'GET /api/v1/kyc': { who: ADMIN, status: 200 },
  'GET /api/v1/kyc/:id/user': {
    who: ALL,
    status: 200,
    call: (w, role) => ({ path: P(`/kyc/${owner(w, role).user.id}/user`) }),
    intrusions: async (w) => {
      await latestKyc(w);
      return [
        {
          label: "customer B reads customer A's KYC",
          as: w.customer2,
          call: { path: P(`/kyc/${w.customer.user.id}/user`) },
          watch: [],
        },
        {
          label: "a vendor reads customer A's KYC",
          as: w.vendor,
          call: { path: P(`/kyc/${w.customer.user.id}/user`) },
          watch: [],
        },
      ];
    },
  },
  'GET /api/v1/kyc/:id/files/:file': {
    // The owner (a customer: only customers submit) or an admin; a vendor can own none, so is a stranger (404).
    who: ['customer', 'admin'],
    refusal: 404,
    status: 200,
    call: async (w) => ({ path: P(`/kyc/${await latestKyc(w)}/files/id_image`) }),
    intrusions: async (w) => {
      const id = await latestKyc(w);
      return [
        {
          label: "customer B downloads customer A's identity document",
          as: w.customer2,
          call: { path: P(`/kyc/${id}/files/id_image`) },
          watch: [row('kyc_submissions', id), rows('kyc_document_views', 'submission_id', id)],
        },
      ];
    },
  },
  'GET /api/v1/kyc/:id/views': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/kyc/${await latestKyc(w)}/views`) }),
  },
  'GET /api/v1/kyc/:id': { who: ADMIN, status: 200, call: async (w) => ({ path: P(`/kyc/${await latestKyc(w)}`) }) },
  'PUT /api/v1/kyc/:id/approve': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({
      path: P(`/kyc/${await createKyc(w, await freshAccount(w, 'customer'))}/approve`),
      body: { status: 1 },
    }),
    intrusions: async (w) => {
      const id = await latestKyc(w);
      return [
        {
          label: 'customer A approves their own KYC',
          as: w.customer,
          call: { path: P(`/kyc/${id}/approve`), body: { status: 1 } },
          watch: [row('kyc_submissions', id)],
        },
      ];
    },
  },
  'DELETE /api/v1/kyc/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/kyc/${await createKyc(w, await freshAccount(w, 'customer'))}`) }),
    intrusions: async (w) => {
      const id = await latestKyc(w);
      return [
        {
          label: 'customer A deletes their own KYC',
          as: w.customer,
          call: { path: P(`/kyc/${id}`) },
          watch: [row('kyc_submissions', id)],
        },
      ];
    },
  },
  'GET /api/v1/supports': { who: ALL, status: 200 },
  'POST /api/v1/supports': {
    // Customers and vendors open requests; an admin is refused with the spec's message (403).
    who: BUYERS,
    status: 201,
    call: (w, role) => ({
      path: P('/supports'),
      body: { name: 'Chioma', email: owner(w, role).email, subject: 'Parcel late', message: 'My parcel is late.' },
    }),
  },
  'GET /api/v1/supports/:id': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/supports/${await createSupport(w, owner(w, role))}`) }),
    intrusions: async (w) => supportReads(w, (id) => `/supports/${id}`),
  },
  'GET /api/v1/supports/:id/responses': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/supports/${await createSupport(w, owner(w, role))}/responses`) }),
    intrusions: async (w) => supportReads(w, (id) => `/supports/${id}/responses`),
  },
  'PATCH /api/v1/supports/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/supports/${await createSupport(w, w.customer)}`), body: { status: 2 } }),
    intrusions: async (w) => {
      const id = await createSupport(w, w.customer);
      return [
        {
          label: 'customer A closes their own request through the admin route',
          as: w.customer,
          call: { path: P(`/supports/${id}`), body: { status: 0 } },
          watch: [row('supports', id)],
        },
      ];
    },
  },
  'DELETE /api/v1/supports/:id': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({ path: P(`/supports/${await createSupport(w, w.customer)}`) }),
    intrusions: async (w) => {
      const id = await createSupport(w, w.customer);
      return [
        {
          label: 'customer A deletes their own request',
          as: w.customer,
          call: { path: P(`/supports/${id}`) },
          watch: [row('supports', id)],
        },
      ];
    },
  },
  'POST /api/v1/support-responses': {
    // An admin, or the request's owner (a customer or a vendor).
    who: ALL,
    status: 201,
    call: async (w, role) => ({
      path: P('/support-responses'),
      body: { support_id: await createSupport(w, owner(w, role)), message: 'Any news?' },
    }),
    intrusions: async (w) => {
      const id = await createSupport(w, w.customer);
      const vid = await createSupport(w, w.vendor);
      return [
        {
          label: "customer B replies in customer A's thread",
          as: w.customer2,
          call: { path: P('/support-responses'), body: { support_id: id, message: 'Hijack' } },
          watch: [row('supports', id), rows('support_responses', 'support_id', id)],
        },
        {
          label: "vendor B replies in vendor A's thread",
          as: w.vendor2,
          call: { path: P('/support-responses'), body: { support_id: vid, message: 'Hijack' } },
          watch: [row('supports', vid), rows('support_responses', 'support_id', vid)],
        },
      ];
    },
  },
  'PATCH /api/v1/support-responses/:id/status': {
    // The side that received the reply: the owner marks an admin's reply read, an admin the owner's.
    who: ALL,
    status: 200,
    call: async (w, role) => {
      const me = owner(w, role);
      const support = await createSupport(w, me);
      const reply = role === 'admin' ? await createReply(w, me, support) : await createReply(w, w.admin, support);
      return { path: P(`/support-responses/${reply}/status`), body: { status: 1 } };
    },
    intrusions: async (w) => {
      const support = await createSupport(w, w.customer);
      const reply = await createReply(w, w.admin, support);
      return [
        {
          label: "customer B marks a reply in customer A's thread",
          as: w.customer2,
          call: { path: P(`/support-responses/${reply}/status`), body: { status: 1 } },
          watch: [row('support_responses', reply)],
        },
      ];
    },
  },

  // ---- Issue 26: declared contents, the last mile, the problem queue
  'GET /api/v1/trackings/:id/contents': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/trackings/${(await createDelivery(w, owner(w, role))).id}/contents`) }),
    intrusions: async (w) => {
      const mine = await createDelivery(w, w.customer);
      return [
        {
          label: "customer B reads customer A's declared contents",
          as: w.customer2,
          call: { path: P(`/trackings/${mine.id}/contents`) },
          watch: [],
        },
        {
          label: "vendor B reads customer A's declared contents",
          as: w.vendor2,
          call: { path: P(`/trackings/${mine.id}/contents`) },
          watch: [],
        },
      ];
    },
  },
  'PUT /api/v1/trackings/:id/contents': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({
      path: P(`/trackings/${(await createDelivery(w, owner(w, role))).id}/contents`),
      body: { contents: [{ description: 'Shoes', quantity: 1, value: '20', category: 'clothing' }] },
    }),
    intrusions: async (w) => {
      const mine = await createDelivery(w, w.customer);
      return [
        {
          label: "customer B rewrites customer A's declared contents",
          as: w.customer2,
          call: { path: P(`/trackings/${mine.id}/contents`), body: { contents: [] } },
          watch: [row('deliveries', mine.id), rows('delivery_contents', 'delivery_id', mine.id)],
        },
      ];
    },
  },
  'PUT /api/v1/trackings/:id/rider': {
    who: ADMIN,
    status: 200,
    call: async (w) => ({
      path: P(`/trackings/${(await createDelivery(w, w.customer)).id}/rider`),
      body: { rider_id: w.rider.user.id },
    }),
  },
  'GET /api/v1/trackings/:id/pod': {
    who: ALL,
    status: 200,
    call: async (w, role) => ({ path: P(`/trackings/${(await createDelivery(w, owner(w, role))).id}/pod`) }),
    intrusions: async (w) => {
      const { id } = await deliveredParcel(w, w.customer);
      return [
        {
          label: "customer B reads customer A's proof of delivery",
          as: w.customer2,
          call: { path: P(`/trackings/${id}/pod`) },
          watch: [],
        },
        {
          label: "vendor B reads customer A's proof of delivery",
          as: w.vendor2,
          call: { path: P(`/trackings/${id}/pod`) },
          watch: [],
        },
      ];
    },
  },
  'GET /api/v1/trackings/:id/pod/:attemptId/:file': {
    who: ALL,
    status: 200,
    call: async (w, role) => {
      const { id, attempt } = await deliveredParcel(w, owner(w, role));
      return { path: P(`/trackings/${id}/pod/${attempt}/signature`) };
    },
    intrusions: async (w) => {
      const { id, attempt } = await deliveredParcel(w, w.customer);
      return [
        {
          label: "customer B downloads the photo of customer A's delivery",
          as: w.customer2,
          call: { path: P(`/trackings/${id}/pod/${attempt}/photo`) },
          watch: [],
        },
      ];
    },
  },
  'GET /api/v1/shippings/:id/manifest.csv': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/shippings/${w.shipping}/manifest.csv`) }),
  },
  'GET /api/v1/shippings/:id/manifest.pdf': {
    who: ADMIN,
    status: 200,
    call: (w) => ({ path: P(`/shippings/${w.shipping}/manifest.pdf`) }),
  },
  'GET /api/v1/riders': { who: ADMIN, status: 200 },
  'GET /api/v1/rider/parcels': { who: RIDER, status: 200 },
  'POST /api/v1/rider/parcels/:id/attempts': {
    who: RIDER,
    status: 201,
    call: async (w) => ({
      path: P(`/rider/parcels/${await riderParcel(w, w.customer)}/attempts`),
      fields: { outcome: 'failed', reason: 'not_home' },
    }),
    intrusions: async (w) => {
      const id = await riderParcel(w, w.customer);
      return [
        {
          label: "rider B records an attempt on rider A's parcel",
          as: w.rider2,
          call: { path: P(`/rider/parcels/${id}/attempts`), fields: { outcome: 'failed', reason: 'not_home' } },
          watch: [row('deliveries', id), rows('delivery_attempts', 'delivery_id', id)],
        },
      ];
    },
  },
  'GET /api/v1/problems/categories': { who: ADMIN, status: 200 },
  'GET /api/v1/problems': { who: ADMIN, status: 200 },
  'POST /api/v1/problems/actions': {
    who: ADMIN,
    status: 201,
    call: async (w) => {
      const d = await createDelivery(w, w.customer);
      await w.t.db
        .getRepository('Delivery')
        .update({ id: d.id }, { status_changed_at: new Date(Date.now() - 400 * 3_600_000) });
      return {
        path: P('/problems/actions'),
        body: { category: 'stalled_1', delivery_id: d.id, action: 'contacted_customer' },
      };
    },
  },
};

/**
 * PATCH /{resource}/{id}: the partial update Refine's simple-rest sends, beside PUT (decision 033). The same handler
 * behind both, so the same rule: who may call it, a valid request, and another user's attempts refused.
 */
for (const resource of [
  'users',
  'notifications',
  'categories',
  'products',
  'locations',
  'warehouses',
  'shippings',
  'trackings',
])
  ROUTE_TABLE[`PATCH /api/v1/${resource}/:id`] = ROUTE_TABLE[`PUT /api/v1/${resource}/:id`];

/** Customer A's KYC submission (created once). */
const kycOf = new WeakMap<World, Promise<number>>();
function latestKyc(w: World): Promise<number> {
  if (!kycOf.has(w)) kycOf.set(w, createKyc(w, w.customer));
  return kycOf.get(w) as Promise<number>;
}

async function supportReads(w: World, path: (id: number) => string): Promise<Intrusion[]> {
  const id = await createSupport(w, w.customer);
  const vid = await createSupport(w, w.vendor);
  return [
    { label: "customer B reads customer A's request", as: w.customer2, call: { path: P(path(id)) }, watch: [] },
    { label: "vendor B reads vendor A's request", as: w.vendor2, call: { path: P(path(vid)) }, watch: [] },
    { label: "customer B reads vendor A's request", as: w.customer2, call: { path: P(path(vid)) }, watch: [] },
  ];
}
