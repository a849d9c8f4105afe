import sharp from 'sharp';
import type { Consolidation, Delivery, ParcelMeasure, ReceiptSettings } from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO, E2E } from './env';
import { apiSession, type ApiSession } from './orders';
import { warehouseOf } from './admin-deliveries';

/** Setup helpers of the receipt and consolidation journeys (issue 26), through the API: not under test. */

function fail(step: string, res: { status: number; body: unknown }): never {
  throw new Error(`${step} failed with ${res.status}: ${JSON.stringify(res.body)}`);
}

export interface ReceiptCustomer extends ApiSession {
  email: string;
  password: string;
}

export async function receiptCustomer(): Promise<ReceiptCustomer> {
  const { email, password } = await createVerifiedUser('receipts');
  return { ...(await apiSession(email, password)), email, password };
}

export const adminToken = () => apiLogin(DEMO.admin.email, DEMO.admin.password);

/** A parcel photo (JPEG) the API decodes and re-encodes. */
export async function parcelPhoto(hue = 40): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
    <rect width="320" height="240" fill="#e9e2d0"/>
    <rect x="60" y="50" width="200" height="140" fill="hsl(${hue},45%,55%)" stroke="#6b4f2a" stroke-width="6"/>
    <rect x="150" y="50" width="20" height="140" fill="#d8c79f"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** POST /trackings as the customer: an air request, optionally with a declared weight. */
export async function requestParcel(token: string, declaredWeight?: string): Promise<Delivery> {
  const warehouse = await warehouseOf('air_cargo');
  const res = await api<{ data: Delivery }>('/trackings', {
    token,
    body: {
      external_no: `SF${Date.now()}${Math.floor(Math.random() * 1000)}`,
      warehouse_id: warehouse.id,
      type: 'foreign',
      shipping_type: 'air_cargo',
      ...(declaredWeight ? { declared_weight: declaredWeight } : {}),
    },
  });
  if (res.status !== 201) fail('request parcel', res);
  return res.body.data;
}

/** POST /receipts as the admin (multipart, one photo). */
export async function receiveParcel(token: string, trackingNo: string, weight = '1.00'): Promise<ParcelMeasure> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    scanned_no: trackingNo,
    weight,
    length: '20',
    width: '20',
    height: '10',
    pieces: '1',
    condition: 'good',
  }))
    form.append(k, v);
  form.append('photos', new Blob([new Uint8Array(await parcelPhoto())], { type: 'image/jpeg' }), 'p.jpg');
  const res = await fetch(`${E2E.api}/receipts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  if (res.status !== 201) fail('receive parcel', { status: res.status, body });
  return body.data as ParcelMeasure;
}

export async function readMeasure(token: string, id: number): Promise<ParcelMeasure> {
  const res = await api<{ data: ParcelMeasure }>(`/trackings/${id}/measure`, { token });
  if (res.status !== 200) fail('read measure', res);
  return res.body.data;
}

export async function readReceiptSettings(token: string): Promise<ReceiptSettings> {
  const res = await api<{ data: ReceiptSettings }>('/receipt-settings', { token });
  if (res.status !== 200) fail('receipt settings', res);
  return res.body.data;
}

/** POST /consolidations as the owner, then POST /consolidations/{id}/pack as the admin (multipart, one photo). */
export async function packedConsolidation(
  customerToken: string,
  adminToken: string,
  deliveryIds: number[],
): Promise<Consolidation> {
  const requested = await api<{ data: Consolidation }>('/consolidations', {
    token: customerToken,
    body: { delivery_ids: deliveryIds },
  });
  if (requested.status !== 201) fail('request consolidation', requested);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    weight: '2.50',
    length: '40',
    width: '30',
    height: '20',
    pieces: String(deliveryIds.length),
    condition: 'good',
  }))
    form.append(k, v);
  form.append('photos', new Blob([new Uint8Array(await parcelPhoto(120))], { type: 'image/jpeg' }), 'packed.jpg');
  const res = await fetch(`${E2E.api}/consolidations/${requested.body.data.id}/pack`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  const body = await res.json();
  if (res.status !== 201) fail('pack consolidation', { status: res.status, body });
  return body.data as Consolidation;
}
