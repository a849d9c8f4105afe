import type { Delivery, ListResponse, LogisticsSettings, ShippingTitle, ShippingType } from '@jara/contracts';
import { api } from './env';

/**
 * Setup helpers of the delivery journeys (issue 11), through the API: not under test. Each throws with the API's
 * answer when a step fails, so a broken setup reads clearly.
 */

function fail(step: string, res: { status: number; body: unknown }): never {
  throw new Error(`${step} failed with ${res.status}: ${JSON.stringify(res.body)}`);
}

/** The delivery with this tracking number, as the token's owner (or an admin) sees it. */
export async function findDelivery(token: string, trackingNo: string): Promise<Delivery> {
  const res = await api<ListResponse<Delivery>>(`/trackings?tracking_no_like=${encodeURIComponent(trackingNo)}`, {
    token,
  });
  if (res.status !== 200) fail(`find delivery ${trackingNo}`, res);
  const found = res.body.data.find((d) => d.tracking_no === trackingNo);
  if (!found) fail(`find delivery ${trackingNo}`, res);
  return found;
}

/** GET /trackings/{id}. */
export async function readDelivery(token: string, id: number): Promise<Delivery> {
  const res = await api<{ data: Delivery }>(`/trackings/${id}`, { token });
  if (res.status !== 200) fail(`read delivery ${id}`, res);
  return res.body.data;
}

/** PATCH /trackings/{id}/status as an admin ({status: 2} is Delivered to Warehouse). */
export async function moveDelivery(
  adminToken: string,
  id: number,
  status: number,
  extra: { note?: string; location?: string } = {},
): Promise<Delivery> {
  const res = await api<{ data: Delivery }>(`/trackings/${id}/status`, {
    method: 'PATCH',
    token: adminToken,
    body: { status, ...extra },
  });
  if (res.status !== 200) fail(`move delivery ${id} to ${status}`, res);
  return res.body.data;
}

/** The first shipping title of a type (the seed has sea and air ones). */
export async function shippingTitle(type: ShippingType): Promise<ShippingTitle> {
  const res = await api<ListResponse<ShippingTitle>>(`/shippings?type=${type}&per_page=10`);
  if (res.status !== 200 || !res.body.data.length) fail(`shipping titles of ${type}`, res);
  return res.body.data[0];
}

/** PUT /trackings/{id} as an admin (proceed): the server computes the fee and raises its USD invoice. */
export async function proceedDelivery(
  adminToken: string,
  id: number,
  fields: { shipping_type: ShippingType; weight?: number; size?: number },
): Promise<Delivery> {
  const title = await shippingTitle(fields.shipping_type);
  const res = await api<{ data: Delivery }>(`/trackings/${id}`, {
    method: 'PUT',
    token: adminToken,
    body: {
      shipping_type: fields.shipping_type,
      shipping_id: title.id,
      weight: fields.weight ?? 0,
      size: fields.size ?? 0,
    },
  });
  if (res.status !== 200) fail(`proceed delivery ${id}`, res);
  return res.body.data;
}

/** GET /logistics-settings (public). */
export async function readRates(): Promise<LogisticsSettings> {
  const res = await api<{ data: LogisticsSettings }>('/logistics-settings');
  if (res.status !== 200) fail('read logistics settings', res);
  return res.body.data;
}

/** PUT /logistics-settings as an admin. */
export async function setRates(
  adminToken: string,
  rates: { cost_per_cmb3: number | string; cost_per_kg: number | string },
): Promise<void> {
  const res = await api('/logistics-settings', { method: 'PUT', token: adminToken, body: rates });
  if (res.status !== 200) fail('set logistics settings', res);
}
