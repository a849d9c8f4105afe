import { MSG, type Delivery } from '@jara/contracts';
import { api, serverMessage } from './api.server';
import { signOutAndRedirect, type SignedIn } from './session.server';

/**
 * Guest shipping requests made with the signed-in account's verified e-mail (decision 025): offered on the tracker,
 * accepted (they join the account; nothing is invoiced) or declined (never offered again).
 */

/** GET /trackings/unclaimed: the offered requests ([] when the API failed or the role has none). */
export async function loadOfferedRequests(request: Request, auth: SignedIn): Promise<Delivery[]> {
  if (auth.role === 'admin') return [];
  const result = await api<{ data: Delivery[] }>('/trackings/unclaimed', { token: auth.token, signal: request.signal });
  if (result.status === 401) await signOutAndRedirect(request, auth.session);
  return result.ok && Array.isArray(result.data?.data) ? result.data.data : [];
}

export type OfferAnswer = { ok: true; message: string } | { ok: false; message: string };

/** POST /trackings/{id}/claim or /decline: the API's message either way. */
export async function answerOffer(
  request: Request,
  auth: SignedIn,
  id: number,
  choice: 'accept' | 'decline',
): Promise<OfferAnswer> {
  const result = await api<{ message?: string }>(`/trackings/${id}/${choice === 'accept' ? 'claim' : 'decline'}`, {
    method: 'POST',
    token: auth.token,
    json: {},
  });
  if (result.status === 401) await signOutAndRedirect(request, auth.session);
  if (result.ok)
    return {
      ok: true,
      message:
        result.data?.message ?? (choice === 'accept' ? MSG.deliveries.claimAccepted : MSG.deliveries.claimDeclined),
    };
  return { ok: false, message: serverMessage(result.error) ?? MSG.deliveries.notFound };
}
