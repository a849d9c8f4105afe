import type { ListResponse, StatementLine, VendorDashboard } from '@jara/contracts';
import { api } from './api.server';
import type { ListPage } from './orders';
import { signOutAndRedirect, type SignedIn } from './session.server';

/** GET /vendor/dashboard: the signed-in vendor's figures, or null when they could not be read (a 401 signs out). */
export async function loadVendorDashboard(request: Request, auth: SignedIn): Promise<VendorDashboard | null> {
  const result = await api<{ data: VendorDashboard }>('/vendor/dashboard', {
    token: auth.token,
    signal: request.signal,
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  return result.ok && result.data?.data ? result.data.data : null;
}

/** GET /orders/statement?page=: one page of the vendor's statement (Load More asks for the next page number). */
export async function loadStatement(
  request: Request,
  auth: SignedIn,
  page: number | null,
): Promise<ListPage<StatementLine> | null> {
  const query = new URLSearchParams({ per_page: String(STATEMENT_PAGE_SIZE), page: String(page ?? 1) });
  const result = await api<ListResponse<StatementLine>>(`/orders/statement?${query}`, {
    token: auth.token,
    signal: request.signal,
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (!result.ok || !result.data || !Array.isArray(result.data.data)) return null;
  const items = result.data.data;
  return { items, total: Number(result.data.meta?.total ?? items.length), page: Number(result.data.meta?.page ?? 1) };
}

const STATEMENT_PAGE_SIZE = 20;
