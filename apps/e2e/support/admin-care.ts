import type { KycSubmission, SupportRequest } from '@jara/contracts';
import { KYC_FIELDS, submitKycApi } from './care';
import { api, createVerifiedUser } from './env';
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

export { adminToken } from './care';

/** POST /kyc (multipart) as the customer: the form's fields, the ID image and, unless told not to, the passport photo. */
export function submitKyc(
  customer: CareCustomer,
  fields: { id_type?: string; id_number: string; withPhoto?: boolean },
): Promise<KycSubmission> {
  return submitKycApi(
    customer.token,
    { ...KYC_FIELDS, name: customer.name, id_type: fields.id_type ?? KYC_FIELDS.id_type, id_number: fields.id_number },
    { withPhoto: fields.withPhoto },
  );
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
export async function readSupport(
  token: string,
  id: number,
): Promise<{ status: number; body: { data?: SupportRequest } }> {
  return api<{ data?: SupportRequest }>(`/supports/${id}`, { token });
}
