import sharp from 'sharp';
import type { KycSubmission, SupportRequest, SupportResponse } from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO, E2E } from './env';
import { apiSession, type ApiSession } from './orders';

/**
 * Setup helpers of the trust-and-care journeys (issue 12), through the API: not under test. Each throws with the API's
 * answer when a step fails, so a broken setup reads clearly.
 */

function fail(step: string, res: { status: number; body: unknown }): never {
  throw new Error(`${step} failed with ${res.status}: ${JSON.stringify(res.body)}`);
}

export interface Customer extends ApiSession {
  email: string;
  password: string;
  name: string;
}

/** A fresh verified customer with a name (the forms prefill it), signed in through the API. */
export async function namedCustomer(prefix: string, name: string): Promise<Customer> {
  const user = await createVerifiedUser(prefix);
  const session = await apiSession(user.email, user.password);
  const profile = await api('/user/update-profile', {
    token: session.token,
    body: { name, address: '14 Admiralty Way, Lekki' },
  });
  if (profile.status !== 200) fail('update profile', profile);
  return { ...user, ...session, name };
}

export function adminToken(): Promise<string> {
  return apiLogin(DEMO.admin.email, DEMO.admin.password);
}

/** A drawn ID card (PNG) and a portrait (JPEG): real images the API decodes and re-encodes. */
export async function kycImages(): Promise<{ idCard: Buffer; portrait: Buffer }> {
  const card = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300">
    <rect width="480" height="300" rx="18" fill="#e7f4ee"/>
    <rect width="480" height="56" rx="18" fill="#0b6e4f"/>
    <rect x="24" y="84" width="120" height="150" rx="10" fill="#9fb8ad"/>
    <circle cx="84" cy="135" r="30" fill="#5d6b78"/>
    <rect x="164" y="92" width="260" height="16" rx="8" fill="#17212b"/>
    <rect x="164" y="128" width="200" height="12" rx="6" fill="#5d6b78"/>
    <rect x="164" y="156" width="230" height="12" rx="6" fill="#5d6b78"/>
    <rect x="164" y="184" width="150" height="12" rx="6" fill="#5d6b78"/>
  </svg>`;
  const face = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="360">
    <rect width="300" height="360" fill="#dfe5ea"/>
    <circle cx="150" cy="140" r="70" fill="#8a5a3c"/>
    <rect x="60" y="230" width="180" height="130" rx="60" fill="#0b6e4f"/>
  </svg>`;
  const [idCard, portrait] = await Promise.all([
    sharp(Buffer.from(card)).png().toBuffer(),
    sharp(Buffer.from(face)).jpeg({ quality: 85 }).toBuffer(),
  ]);
  return { idCard, portrait };
}

/** A buffer past the upload limit (5 MiB by default) that starts like a PNG. */
export function oversizedPng(bytes = 6 * 1024 * 1024): Buffer {
  const buffer = Buffer.alloc(bytes, 7);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(buffer);
  return buffer;
}

export const KYC_FIELDS = {
  name: 'Adaeze Nwosu',
  dob: '1990-05-17',
  gender: 'female',
  address: '14 Admiralty Way, Lekki, Lagos',
  id_type: 'National ID',
  id_number: 'NIN-12345678901',
};

/** POST /kyc (multipart) as a customer, with the ID image and (unless withPhoto is false) the passport photo. */
export async function submitKycApi(
  token: string,
  fields: Record<string, string> = KYC_FIELDS,
  options: { withPhoto?: boolean } = {},
): Promise<KycSubmission> {
  const { idCard, portrait } = await kycImages();
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('id_image', new Blob([new Uint8Array(idCard)], { type: 'image/png' }), 'id-card.png');
  if (options.withPhoto !== false)
    form.append('user_image', new Blob([new Uint8Array(portrait)], { type: 'image/jpeg' }), 'portrait.jpg');
  const res = await fetch(`${E2E.api}/kyc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as { data: KycSubmission };
  if (res.status !== 201) fail('submit KYC', { status: res.status, body });
  return body.data;
}

/** GET /kyc/{userId}/user: the user's latest submission (null when none). */
export async function latestKyc(token: string, userId: number): Promise<KycSubmission | null> {
  const res = await api<{ data: KycSubmission | null }>(`/kyc/${userId}/user`, { token });
  if (res.status !== 200) fail('latest KYC', res);
  return res.body.data;
}

/** PUT /kyc/{id}/approve as the admin: 1 approves, -1 rejects (with a reason). */
export async function decideKyc(id: number, status: 1 | -1, reason?: string): Promise<KycSubmission> {
  const res = await api<{ data: KycSubmission }>(`/kyc/${id}/approve`, {
    method: 'PUT',
    token: await adminToken(),
    body: reason ? { status, reason } : { status },
  });
  if (res.status !== 200) fail(`decide KYC ${id}`, res);
  return res.body.data;
}

/** GET /supports as the owner: their requests, newest first. */
export async function mySupports(token: string): Promise<SupportRequest[]> {
  const res = await api<{ data: SupportRequest[] }>('/supports?per_page=50', { token });
  if (res.status !== 200) fail('list supports', res);
  return res.body.data;
}

/** POST /supports as a customer or vendor. */
export async function openSupport(token: string, subject: string, message = 'Please help.'): Promise<SupportRequest> {
  const me = await api<{ data: { name: string | null; email: string } }>('/user', { token });
  const res = await api<{ data: SupportRequest }>('/supports', {
    token,
    body: { name: me.body.data.name ?? 'E2E', email: me.body.data.email, subject, message },
  });
  if (res.status !== 201) fail('open support request', res);
  return res.body.data;
}

/** POST /support-responses as the admin (the request goes In Progress unless another status is sent). */
export async function adminReply(supportId: number, message: string): Promise<SupportResponse> {
  const res = await api<{ data: SupportResponse }>('/support-responses', {
    token: await adminToken(),
    body: { support_id: supportId, message },
  });
  if (res.status !== 201) fail(`admin reply to ${supportId}`, res);
  return res.body.data;
}

/** PATCH /supports/{id} {status} as the admin: 1 Open, 2 In Progress, 0 Closed. */
export async function setSupportStatus(supportId: number, status: 0 | 1 | 2): Promise<void> {
  const res = await api(`/supports/${supportId}`, { method: 'PATCH', token: await adminToken(), body: { status } });
  if (res.status !== 200) fail(`set support ${supportId} status`, res);
}
