import type { Order } from '@jara/contracts';
import { bearer, creditWallet } from './money';
import type { TestApp } from './test-app';

export const ADDRESS = {
  full_name: 'Chioma Adeyemi',
  phone: '0803 123 4567',
  street_address: '12 Admiralty Way, Lekki Phase 1',
  state: 'Lagos',
  city: 'Eti-Osa',
  landmark: 'Opposite the Lekki toll gate',
  postal_code: '105102',
  country: 'Nigeria',
} as const;

/** POST /orders as `token` (a raw supertest request: the caller asserts the status). */
export function placeOrder(
  t: TestApp,
  token: string,
  items: Array<{ product_id: number; quantity: number }>,
  extra: Record<string, unknown> = {},
  key?: string,
) {
  const req = t.http().post('/api/v1/orders').set(bearer(token));
  if (key) req.set('Idempotency-Key', key);
  return req.send({ items, ...ADDRESS, payment_method: 'wallet', ...extra });
}

export function moveOrder(t: TestApp, token: string, id: number, status: number, note?: string) {
  return t
    .http()
    .patch(`/api/v1/orders/${id}/status`)
    .set(bearer(token))
    .send(note ? { status, note } : { status });
}

/**
 * A buyer's order that reached To Review: the wallet is credited the exact total, the order paid from it, shipped by
 * the admin and received by the buyer (the state in which the buyer may review the product).
 */
export async function buyAndReceive(
  t: TestApp,
  admin: { token: string },
  buyer: { token: string; user: { id: number } },
  productId: number,
  quantity = 1,
): Promise<Order> {
  const product = await t.http().get(`/api/v1/products/${productId}`).expect(200);
  const totalKobo = Number(product.body.data.price_kobo) * quantity;
  await creditWallet(t, admin.token, buyer.user.id, (totalKobo / 100).toFixed(2));
  const placed = await placeOrder(t, buyer.token, [{ product_id: productId, quantity }]).expect(201);
  const id = placed.body.data.id as number;
  await moveOrder(t, admin.token, id, 2).expect(200);
  return (await moveOrder(t, buyer.token, id, 3).expect(200)).body.data as Order;
}

/** POST /categories as an admin: an active category's id. */
export async function createCategory(t: TestApp, adminToken: string, name: string): Promise<number> {
  const res = await t.http().post('/api/v1/categories').set(bearer(adminToken)).send({ name, status: 1 });
  if (res.status !== 201) throw new Error(`category failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** POST /products as `ownerToken`: an active new product in `categoryId` with `fields` (name, price, stock_quantity...). */
export async function createProduct(
  t: TestApp,
  ownerToken: string,
  categoryId: number,
  fields: Record<string, unknown>,
): Promise<{ id: number }> {
  const res = await t
    .http()
    .post('/api/v1/products')
    .set(bearer(ownerToken))
    .send({ type: 'new', description: 'Good', status: 1, category_id: categoryId, ...fields });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number };
}
