import { randomBytes } from 'node:crypto';
import type { Delivery, ListResponse, Location, ShippingTitle, ShippingType, Warehouse } from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO } from './env';
import { apiSession, type ApiSession } from './orders';

/**
 * Setup helpers of the back office's delivery journeys (issue 11), through the API: not under test. Each throws
 * with the API's answer when a step fails, so a broken setup reads clearly.
 */

function fail(step: string, res: { status: number; body: unknown }): never {
  throw new Error(`${step} failed with ${res.status}: ${JSON.stringify(res.body)}`);
}

export interface Customer extends ApiSession {
  email: string;
  name: string;
  phone: string;
}

/** A fresh verified customer with a name and a phone (the delivery table shows both). */
export async function namedCustomer(name: string): Promise<Customer> {
  const { email, password } = await createVerifiedUser('deliveries');
  const session = await apiSession(email, password);
  const phone = `0803 ${String(Math.floor(Math.random() * 1000)).padStart(3, '0')} ${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
  const res = await api('/user/update-profile', { token: session.token, body: { name, phone } });
  if (res.status !== 200) fail('update profile', res);
  return { ...session, email, name, phone };
}

/** The first warehouse of a type (the seed has sea, air and local ones). */
export async function warehouseOf(type: Warehouse['type']): Promise<Warehouse> {
  const res = await api<ListResponse<Warehouse>>(`/warehouses?type=${type}&per_page=10`);
  if (res.status !== 200 || !res.body.data.length) fail(`warehouses of ${type}`, res);
  return res.body.data[0];
}

/** POST /trackings as the customer: a foreign request of a shipping type at a warehouse of that type. */
export async function requestDelivery(
  token: string,
  shippingType: ShippingType,
  externalNo?: string,
): Promise<Delivery> {
  const warehouse = await warehouseOf(shippingType);
  const res = await api<{ data: Delivery }>('/trackings', {
    token,
    body: {
      external_no: externalNo ?? `EXT-${randomBytes(4).toString('hex').toUpperCase()}`,
      warehouse_id: warehouse.id,
      from_jara: false,
      type: 'foreign',
      shipping_type: shippingType,
    },
  });
  if (res.status !== 201) fail('request delivery', res);
  return res.body.data;
}

/** A fresh shipping title (status Loading) at the seeded Guangzhou location. */
export async function createTitle(adminToken: string, name: string, type: ShippingType): Promise<ShippingTitle> {
  const locations = await api<ListResponse<Location>>('/locations?q=Guangzhou', { token: adminToken });
  const location = locations.body.data?.find((l) => l.name === 'Guangzhou');
  if (!location) fail('find location Guangzhou', locations);
  const res = await api<{ data: ShippingTitle }>('/shippings', {
    token: adminToken,
    body: { name, location_id: location.id, type },
  });
  if (res.status !== 201) fail(`create shipping title ${name}`, res);
  return res.body.data;
}

/** PUT /trackings/{id} as an admin onto a given title (the server computes the fee and raises its invoice). */
export async function proceedOnto(
  adminToken: string,
  id: number,
  title: ShippingTitle,
  measures: { weight?: number; size?: number },
): Promise<Delivery> {
  const res = await api<{ data: Delivery }>(`/trackings/${id}`, {
    method: 'PUT',
    token: adminToken,
    body: { shipping_type: title.type, shipping_id: title.id, weight: measures.weight ?? 0, size: measures.size ?? 0 },
  });
  if (res.status !== 200) fail(`proceed delivery ${id}`, res);
  return res.body.data;
}

/** Credits the customer's USD wallet (admin adjustment) and pays the invoice from it (POST /invoices/{id}/pay). */
export async function payFromWallet(customer: Customer, invoiceId: number, dollars: string): Promise<void> {
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const credit = await api(`/wallets/${customer.userId}/adjustments`, {
    token: admin,
    body: { amount: dollars, currency: 'USD', direction: 'credit', reason: 'e2e: cargo fee funds' },
  });
  if (credit.status >= 300) fail('wallet adjustment (USD)', credit);
  const paid = await api(`/invoices/${invoiceId}/pay`, { token: customer.token, body: { method: 'wallet' } });
  if (paid.status !== 200) fail(`pay invoice ${invoiceId}`, paid);
}
