import sharp from 'sharp';
import type { Role } from '@jara/contracts';
import { Notification } from '../../src/modules/notifications/notification.entity';
import { bearer, creditWallet, setCargoRates } from '../support/money';
import { buyAndReceive, placeOrder } from '../support/orders';
import { readCodeFromOutbox, signUp, uniqueEmail, type TestApp } from '../support/test-app';

export type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * The people and records the route table's requests are built from: two users of each non-admin role (A owns
 * records, B tries to reach them), an admin, and the shared reference data (a category, logistics, products).
 * Records a request consumes (a deletion, a decision, a cancellation) are created fresh by the helpers below.
 */
export interface World {
  t: TestApp;
  admin: Account;
  customer: Account;
  customer2: Account;
  vendor: Account;
  vendor2: Account;
  /** Two riders (issue 26): A has parcels assigned, B tries to reach them. */
  rider: Account;
  rider2: Account;
  category: number;
  /** An active product of `vendor` with plenty of stock. */
  product: number;
  /** An active product of `vendor2` with plenty of stock (what `vendor` buys). */
  product2: number;
  location: number;
  /** An air-cargo warehouse (foreign deliveries are requested to it). */
  warehouse: number;
  /** An air-cargo shipping title in status Loading (1). */
  shipping: number;
  google: { idToken: () => string };
  /** The account of `role` that owns the records ('A'), or the other one ('B'). */
  as: (role: Role, which?: 'A' | 'B') => Account;
}

let counter = 0;
/** A short name no other call returns (unique columns: category names, currency codes). */
export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`.toUpperCase();

export async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

export async function buildWorld(t: TestApp, google: { idToken: () => string }): Promise<World> {
  const [admin, customer, customer2, vendor, vendor2] = [
    await signUp(t, { role: 'admin' }),
    await signUp(t),
    await signUp(t),
    await signUp(t, { role: 'vendor' }),
    await signUp(t, { role: 'vendor' }),
  ];
  const [rider, rider2] = [await signUp(t, { role: 'rider' }), await signUp(t, { role: 'rider' })];
  const post = async (path: string, body: object, token = admin.token) => {
    const res = await t.http().post(`/api/v1${path}`).set(bearer(token)).send(body);
    if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number };
  };
  const category = (await post('/categories', { name: unique('Cat'), status: 1 })).id;
  const location = (await post('/locations', { name: unique('Loc') })).id;
  const warehouse = (await post('/warehouses', { name: unique('Wh'), location_id: location, type: 'air_cargo' })).id;
  const shipping = (await post('/shippings', { name: unique('Ship'), location_id: location, type: 'air_cargo' })).id;
  const world: World = {
    t,
    admin,
    customer,
    customer2,
    vendor,
    vendor2,
    rider,
    rider2,
    category,
    product: 0,
    product2: 0,
    location,
    warehouse,
    shipping,
    google,
    as: (role, which = 'A') => {
      if (role === 'admin') return admin;
      if (role === 'vendor') return which === 'A' ? vendor : vendor2;
      if (role === 'rider') return which === 'A' ? rider : rider2;
      return which === 'A' ? customer : customer2;
    },
  };
  world.product = await createProduct(world, vendor);
  world.product2 = await createProduct(world, vendor2);
  await setCargoRates(t, admin.token);
  return world;
}

/** A new verified account of that role (for requests that end its sessions or change its e-mail). */
export function freshAccount(w: World, role: Role): Promise<Account> {
  return signUp(w.t, { role });
}

export async function createProduct(w: World, owner: Account): Promise<number> {
  const res = await w.t
    .http()
    .post('/api/v1/products')
    .set(bearer(owner.token))
    .send({
      name: unique('Product '),
      type: 'new',
      description: 'Good',
      status: 1,
      category_id: w.category,
      price: 1000,
      stock_quantity: 1000,
    });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** A foreign air-cargo delivery request of `owner` (status 1, Pending Delivery). */
export async function createDelivery(w: World, owner: Account): Promise<{ id: number; tracking_no: string }> {
  const res = await w.t.http().post('/api/v1/trackings').set(bearer(owner.token)).send({
    external_no: 'YT1234567890',
    warehouse_id: w.warehouse,
    type: 'foreign',
    shipping_type: 'air_cargo',
    from_jara: false,
  });
  if (res.status !== 201) throw new Error(`delivery: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A delivery of `owner` that arrived (2), was proceeded (fee invoiced), paid from the wallet and is Ready (3). */
export async function readyDelivery(w: World, owner: Account): Promise<number> {
  const { t, admin } = w;
  const d = await createDelivery(w, owner);
  await t.http().patch(`/api/v1/trackings/${d.id}/status`).set(bearer(admin.token)).send({ status: 2 }).expect(200);
  const proceeded = await t
    .http()
    .put(`/api/v1/trackings/${d.id}`)
    .set(bearer(admin.token))
    .send({ shipping_type: 'air_cargo', shipping_id: w.shipping, weight: 1 })
    .expect(200);
  const invoice = proceeded.body.data.invoice as { id: number };
  await creditWallet(t, admin.token, owner.user.id, '500', 'USD');
  await t
    .http()
    .post(`/api/v1/invoices/${invoice.id}/pay`)
    .set(bearer(owner.token))
    .send({ method: 'wallet' })
    .expect(200);
  await t.http().patch(`/api/v1/trackings/${d.id}/status`).set(bearer(admin.token)).send({ status: 3 }).expect(200);
  return d.id;
}

/** A pending manual NGN invoice of the user. */
export async function createInvoice(w: World, userId: number): Promise<number> {
  const res = await w.t
    .http()
    .post('/api/v1/invoices')
    .set(bearer(w.admin.token))
    .send({ user_id: userId, amount: '1500', currency: 'NGN', description: 'Storage fee' });
  if (res.status !== 201) throw new Error(`invoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** Starts a card payment of the invoice (test mode): its reference. */
export async function invoiceReference(w: World, owner: Account, invoiceId: number): Promise<string> {
  const res = await w.t
    .http()
    .post(`/api/v1/invoices/${invoiceId}/pay`)
    .set(bearer(owner.token))
    .send({ method: 'paystack' });
  if (res.status !== 200) throw new Error(`invoice pay: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.reference as string;
}

/** Starts a wallet funding (test mode): its reference. */
export async function fundingReference(w: World, owner: Account): Promise<string> {
  const res = await w.t
    .http()
    .post('/api/v1/wallet/fund')
    .set(bearer(owner.token))
    .send({ amount: '100', currency: 'NGN' });
  if (res.status !== 201) throw new Error(`fund: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.reference as string;
}

/** An order of `buyer` for one unit of `productId`: paid from the wallet (To Ship, 1) or by bank transfer (To Pay, 0). */
export async function createOrder(
  w: World,
  buyer: Account,
  productId: number,
  method: 'wallet' | 'bank_transfer' = 'wallet',
): Promise<number> {
  if (method === 'wallet') await creditWallet(w.t, w.admin.token, buyer.user.id, '1000.00');
  const res = await placeOrder(w.t, buyer.token, [{ product_id: productId, quantity: 1 }], { payment_method: method });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** A product of a fresh seller that `buyer` bought and received (so `buyer` may review it). */
export async function boughtProduct(w: World, buyer: Account): Promise<number> {
  const seller = buyer.user.id === w.vendor2.user.id ? w.vendor : w.vendor2;
  const id = await createProduct(w, seller);
  await buyAndReceive(w.t, w.admin, buyer, id);
  return id;
}

export const KYC_FIELDS = {
  name: 'Chioma Adeyemi',
  dob: '1992-03-14',
  gender: 'female',
  address: '12 Allen Avenue, Ikeja, Lagos',
  id_type: 'National ID',
  id_number: 'NIN-12345678901',
};

/** A pending KYC submission of a customer. */
export async function createKyc(w: World, customer: Account): Promise<number> {
  let req = w.t.http().post('/api/v1/kyc').set(bearer(customer.token));
  for (const [k, v] of Object.entries(KYC_FIELDS)) req = req.field(k, v);
  const res = await req.attach('id_image', await photo(), { filename: 'id.jpg', contentType: 'image/jpeg' });
  if (res.status !== 201) throw new Error(`kyc: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** An open support request of `owner` (a customer or a vendor). */
export async function createSupport(w: World, owner: Account): Promise<number> {
  const res = await w.t
    .http()
    .post('/api/v1/supports')
    .set(bearer(owner.token))
    .send({ name: 'Chioma', email: owner.email, subject: 'Parcel late', message: 'My parcel is late.' });
  if (res.status !== 201) throw new Error(`support: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** A reply in a support thread, by an admin or the owner: its id. */
export async function createReply(w: World, by: Account, supportId: number): Promise<number> {
  const res = await w.t
    .http()
    .post('/api/v1/support-responses')
    .set(bearer(by.token))
    .send({ support_id: supportId, message: 'Any news?' });
  if (res.status !== 201) throw new Error(`reply: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** An unread notification of the user. */
export async function createNotification(w: World, userId: number): Promise<number> {
  const row = await w.t.db
    .getRepository(Notification)
    .save({ user_id: userId, title: 'Hello', description: null, message: 'Hi', status: 0 });
  return row.id;
}

/** A pending e-mail change of a fresh account of that role, with the code that confirms it. */
export async function pendingEmailChange(w: World, role: Role): Promise<{ account: Account; otp: string }> {
  const account = await freshAccount(w, role);
  const email = uniqueEmail('moved');
  await w.t.http().post('/api/v1/user/change-email').set(bearer(account.token)).send({ email }).expect(200);
  return { account, otp: readCodeFromOutbox(w.t, email) };
}

/** A registered, unverified address and the code that verifies it. */
export async function unverifiedSignUp(w: World): Promise<{ email: string; otp: string }> {
  const email = uniqueEmail('pending');
  await w.t.http().post('/api/v1/auth/register').send({ email, password: 'secret123' }).expect(201);
  return { email, otp: readCodeFromOutbox(w.t, email) };
}

/**
 * Issue 26: a delivery of `owner` waiting for its last mile (Arrived Destination, set here directly: the moves are
 * the deliveries suite's subject) and assigned to rider A.
 */
export async function riderParcel(w: World, owner: Account): Promise<number> {
  const d = await createDelivery(w, owner);
  await w.t.db.query('UPDATE deliveries SET status = 6, rider_id = ? WHERE id = ?', [w.rider.user.id, d.id]);
  return d.id;
}

/** A delivered riderParcel with its proof (photo and signature): the parcel's and the attempt's ids. */
export async function deliveredParcel(w: World, owner: Account): Promise<{ id: number; attempt: number }> {
  const id = await riderParcel(w, owner);
  const signature = await sharp({
    create: { width: 40, height: 20, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const res = await w.t
    .http()
    .post(`/api/v1/rider/parcels/${id}/attempts`)
    .set(bearer(w.rider.token))
    .field('outcome', 'delivered')
    .field('recipient_name', 'Ada')
    .attach('photo', await photo(), 'p.jpg')
    .attach('signature', signature, 's.png');
  if (res.status !== 201) throw new Error(`proof of delivery: ${res.status} ${JSON.stringify(res.body)}`);
  const [found] = await w.t.db.query('SELECT id FROM delivery_attempts WHERE delivery_id = ? ORDER BY id DESC', [id]);
  return { id, attempt: Number(found.id) };
}
