import type { VendorDashboard } from '@jara/contracts';
import { api } from './api.server';
import { signOutAndRedirect, type SignedIn } from './session.server';

/** GET /vendor/dashboard: the signed-in vendor's figures, or null when they could not be read (a 401 signs out). */
export async function loadVendorDashboard(request: Request, auth: SignedIn): Promise<VendorDashboard | null> {
  const result = await api<{ data: VendorDashboard }>('/vendor/dashboard', { token: auth.token, signal: request.signal });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  return result.ok && result.data?.data ? result.data.data : null;
}
