import { randomUUID } from 'node:crypto';
import type { CheckoutCountry, CreateOrderInput, Order, OrderPaymentMethod, OrderStatus } from '@jara/contracts';
import { api, apiLogin, DEMO, E2E } from './env';

/**
 * Setup helpers of the order journeys (issue 10), through the API: not under test. Shared by the storefront and
 * back-office suites. Each throws with the API's answer when a step fails, so a broken setup reads clearly.
 */

interface LoginBody {
  token: string;
  user: { id: number; email: string; name: string | null };
}

export interface ApiSession {
  token: string;
  userId: number;
}

export interface ApiProduct {
  id: number;
  name: string;
  user_id: number;
  price_kobo: number;
  price_ngn: number;
  stock_quantity: number;
  average_rating: number;
  review_count: number;
}

function fail(step: string, res: { status: number; body: unknown }): never {
  throw new Error(`${step} failed with ${res.status}: ${JSON.stringify(res.body)}`);
}

/** Signs in through the API: the token and the user's id. */
export async function apiSession(email: string, password: string): Promise<ApiSession> {
  const res = await api<LoginBody>('/auth/login', { body: { email, password } });
  if (res.status !== 200) fail(`login ${email}`, res);
  return { token: res.body.token, userId: res.body.user.id };
}

/**
 * An admin wallet adjustment (POST /wallets/{userId}/adjustments): credits `amount` in `currency` (naira by default,
 * e.g. '50000'; 'USD' for the dollar wallet that pays cargo fees).
 */
export async function fundWallet(
  userId: number,
  amount: string,
  reason = 'e2e: order journey funds',
  currency: 'NGN' | 'USD' = 'NGN',
): Promise<void> {
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const res = await api(`/wallets/${userId}/adjustments`, {
    token: admin,
    body: { amount, currency, direction: 'credit', reason },
  });
  if (res.status >= 300) fail('wallet adjustment', res);
}

/** GET /wallet/balance of the signed-in user: naira in kobo. */
export async function walletNgnMinor(token: string): Promise<number> {
  const res = await api<{ data: { ngn_minor: number } }>('/wallet/balance', { token });
  if (res.status !== 200) fail('wallet balance', res);
  return res.body.data.ngn_minor;
}

/** The first category's id (for products made by the journeys). */
export async function anyCategoryId(): Promise<number> {
  const res = await api<{ data: Array<{ id: number }> }>('/categories?per_page=1');
  if (res.status !== 200 || !res.body.data.length) fail('categories', res);
  return res.body.data[0].id;
}

/** A fresh active product of the signed-in vendor (known stock and no reviews), priced in naira. */
/** A real 8 x 8 PNG: products made by the journeys carry a picture like every other product (the gallery shows 4). */
const PRODUCT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGNgWFWOHQ0tCQAdrEhB2MzygAAAAABJRU5ErkJggg==',
  'base64',
);

/** POST /products (multipart, with an image) as a vendor. */
export async function createProduct(
  vendorToken: string,
  fields: { name: string; price: string; stock: number; description?: string; type?: string; discount?: string },
): Promise<ApiProduct> {
  const form = new FormData();
  const values: Record<string, string> = {
    ...(fields.discount ? { discount: fields.discount } : {}),
    name: fields.name,
    category_id: String(await anyCategoryId()),
    type: fields.type ?? 'new',
    price_ngn: fields.price,
    description: fields.description ?? `${fields.name}: made by the e2e order journey.`,
    status: '1',
    stock_quantity: String(fields.stock),
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  form.append('image', new Blob([PRODUCT_PNG], { type: 'image/png' }), 'product.png');
  const res = await fetch(`${E2E.api}/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${vendorToken}` },
    body: form,
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as { data: ApiProduct };
  if (res.status !== 201) fail('create product', { status: res.status, body });
  return body.data;
}

/** PUT /products/{id} {stock_quantity} as the product's vendor. */
export async function setStock(vendorToken: string, productId: number, stock: number): Promise<void> {
  const res = await api(`/products/${productId}`, {
    method: 'PUT',
    token: vendorToken,
    body: { stock_quantity: stock },
  });
  if (res.status >= 300) fail('set stock', res);
}

/** GET /products/{id} (public). */
export async function readProduct(productId: number): Promise<ApiProduct> {
  const res = await api<{ data: ApiProduct }>(`/products/${productId}`);
  if (res.status !== 200) fail('read product', res);
  return res.body.data;
}

export const E2E_ADDRESS = {
  full_name: 'Chioma Adeyemi',
  phone: '08031234567',
  street_address: '12 Allen Avenue',
  state: 'Lagos',
  city: 'Ikeja',
  landmark: 'Opposite Computer Village',
  postal_code: '100271',
  country: 'Nigeria' as CheckoutCountry,
};

/** POST /orders with an Idempotency-Key (fresh unless given): the API's whole answer, for tests of refusals too. */
export async function placeOrderRaw(
  token: string,
  items: Array<{ product_id: number; quantity: number }>,
  options: { payment_method?: OrderPaymentMethod; key?: string; notes?: string } = {},
): Promise<{ status: number; body: { data?: Order; message?: string; errors?: Record<string, string[]> } }> {
  const body: CreateOrderInput = {
    items,
    ...E2E_ADDRESS,
    payment_method: options.payment_method ?? 'wallet',
    notes: options.notes ?? null,
  };
  const res = await fetch(`${E2E.api}/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': options.key ?? randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/** Places an order through the API (wallet by default: fund the wallet first) and returns it. */
export async function placeOrder(
  token: string,
  items: Array<{ product_id: number; quantity: number }>,
  options: { payment_method?: OrderPaymentMethod; key?: string; notes?: string } = {},
): Promise<Order> {
  const res = await placeOrderRaw(token, items, options);
  if (res.status !== 201 || !res.body.data) fail('place order', res);
  return res.body.data;
}

/** PATCH /orders/{id}/status as whoever the token belongs to. */
export async function moveOrder(token: string, orderId: number, status: OrderStatus, note?: string): Promise<Order> {
  const res = await api<{ data: Order }>(`/orders/${orderId}/status`, {
    method: 'PATCH',
    token,
    body: note ? { status, note } : { status },
  });
  if (res.status !== 200) fail(`move order ${orderId} to ${status}`, res);
  return res.body.data;
}

/** GET /orders/{id}. */
export async function readOrder(token: string, orderId: number): Promise<Order> {
  const res = await api<{ data: Order }>(`/orders/${orderId}`, { token });
  if (res.status !== 200) fail(`read order ${orderId}`, res);
  return res.body.data;
}
