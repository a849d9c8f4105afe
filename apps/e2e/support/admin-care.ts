import sharp from 'sharp';
import type { KycSubmission, SupportRequest } from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO, E2E } from './env';
import { apiSession, type ApiSession } from './orders';

/**
 * Setup helpers of the back office's trust-and-care journey (issue 12), through the API: not under test. Each throws
 * with the API's answer when a step fails, so a broken setup reads clearly.
 */

function fail(step: string, res: { status: number; body: unknown }): never {
  throw new Error(`${step} failed with ${res.status}: ${JSON.stringify(res.body)}`);
}

export interface CareCustomer extends ApiSession {
  email: string;
  name: string;
}

/** A fresh verified customer with a name, signed in through the API. */
export async function careCustomer(name: string): Promise<CareCustomer> {
  const { email, password } = await createVerifiedUser('admin-care');
  const session = await apiSession(email, password);
  const res = await api('/user/update-profile', { token: session.token, body: { name } });
  if (res.status !== 200) fail('update profile', res);
  return { ...session, email, name };
}

export function adminToken(): Promise<string> {
  return apiLogin(DEMO.admin.email, DEMO.admin.password);
}

/** A drawn ID card and a portrait as PNG buffers: real images that the API decodes and re-encodes. */
export async function documentImages(): Promise<{ idCard: Buffer; portrait: Buffer }> {
  const card = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300">
    <rect width="480" height="300" rx="18" fill="#e7f4ee"/>
    <rect width="480" height="56" rx="18" fill="#0b6e4f"/>
    <rect x="24" y="84" width="120" height="150" rx="10" fill="#9fb8ad"/>
    <circle cx="84" cy="135" r="30" fill="#5d6b78"/>
    <rect x="164" y="92" width="260" height="16" rx="8" fill="#17212b"/>
    <rect x="164" y="128" width="200" height="12" rx="6" fill="#5d6b78"/>
    <rect x="164" y="156" width="230" height="12" rx="6" fill="#5d6b78"/>
  </svg>`;
  const face = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="360">
    <rect width="300" height="360" fill="#dfe5ea"/>
    <circle cx="150" cy="140" r="70" fill="#8a5a3c"/>
    <rect x="60" y="230" width="180" height="130" rx="60" fill="#0b6e4f"/>
  </svg>`;
  const [idCard, portrait] = await Promise.all([
    sharp(Buffer.from(card)).png().toBuffer(),
    sharp(Buffer.from(face)).png().toBuffer(),
  ]);
  return { idCard, portrait };
}

/** POST /kyc (multipart) as the customer: the form's fields, the ID image and, unless told not to, the passport photo. */
export async function submitKyc(
  customer: CareCustomer,
  fields: { id_type?: string; id_number: string; withPhoto?: boolean },
): Promise<KycSubmission> {
  const { idCard, portrait } = await documentImages();
  const form = new FormData();
  const values: Record<string, string> = {
    name: customer.name,
    dob: '1990-05-17',
    gender: 'female',
    address: '14 Admiralty Way, Lekki, Lagos',
    id_type: fields.id_type ?? 'National ID',
    id_number: fields.id_number,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  form.append('id_image', new Blob([new Uint8Array(idCard)], { type: 'image/png' }), 'id-card.png');
  if (fields.withPhoto !== false) form.append('user_image', new Blob([new Uint8Array(portrait)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${E2E.api}/kyc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
    body: form,
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as { data: KycSubmission };
  if (res.status !== 201) fail('submit KYC', { status: res.status, body });
  return body.data;
}

/** GET /kyc/{id} as an admin: the status code and the submission. */
export async function readKyc(token: string, id: number): Promise<{ status: number; body: { data?: KycSubmission } }> {
  return api<{ data?: KycSubmission }>(`/kyc/${id}`, { token });
}

/** POST /supports as the customer (starts Open). */
export async function openSupport(customer: CareCustomer, subject: string, message: string): Promise<SupportRequest> {
  const res = await api<{ data: SupportRequest }>('/supports', {
    token: customer.token,
    body: { name: customer.name, email: customer.email, subject, message },
  });
  if (res.status !== 201) fail(`open support request ${subject}`, res);
  return res.body.data;
}

/** GET /supports/{id} as whoever the token belongs to. */
export async function readSupport(token: string, id: number): Promise<{ status: number; body: { data?: SupportRequest } }> {
  return api<{ data?: SupportRequest }>(`/supports/${id}`, { token });
}
