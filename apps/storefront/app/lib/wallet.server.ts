import type {
  Currency,
  FundingResult,
  Invoice,
  ItemResponse,
  ListResponse,
  WalletBalance,
  WalletHistoryEntry,
} from '@jara/contracts';
import { api, type ApiResult } from './api.server';
import type { CurrencyOption } from './converter';
import { flagFor } from './flags.server';
import { signOutAndRedirect, type SignedIn } from './session.server';
import { publicReads } from './swr-cache.server';

/** Reads of the money screens. A 401 signs out (the token is no longer good); other failures come back as null. */

export const MONEY_PAGE_SIZE = 20;

/** GET /currencies (public), kept briefly by the public read cache; null when the API did not answer. */
export async function loadCurrencies(): Promise<CurrencyOption[] | null> {
  const rows = await publicReads.get('/currencies?per_page=100', async () => {
    const result = await api<ListResponse<Currency> | Currency[]>('/currencies?per_page=100');
    if (!result.ok || !result.data) return undefined;
    return Array.isArray(result.data) ? result.data : Array.isArray(result.data.data) ? result.data.data : undefined;
  });
  if (!Array.isArray(rows)) return null;
  return (rows as Currency[])
    .filter((row) => row && typeof row.code === 'string' && typeof row.sell_price === 'string')
    .map((row) => ({
      code: row.code.toUpperCase(),
      name: row.name,
      sell_price: row.sell_price,
      flag: flagFor(row.code),
      updated_at: row.updated_at ?? null,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

async function signedRead<T>(request: Request, auth: SignedIn, path: string): Promise<ApiResult<T>> {
  const result = await api<T>(path, { token: auth.token, signal: request.signal });
  if (result.status === 401) await signOutAndRedirect(request, auth.session);
  return result;
}

export async function loadBalance(request: Request, auth: SignedIn): Promise<WalletBalance | null> {
  const result = await signedRead<ItemResponse<WalletBalance>>(request, auth, '/wallet/balance');
  return result.ok && result.data?.data ? result.data.data : null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

function listPath(path: string, after: string | null): string {
  const params = new URLSearchParams({ per_page: String(MONEY_PAGE_SIZE) });
  if (after) params.set('after', after);
  return `${path}?${params}`;
}

function page<T>(result: ApiResult<ListResponse<T>>): Page<T> | null {
  if (!result.ok || !result.data || !Array.isArray(result.data.data)) return null;
  return { items: result.data.data, nextCursor: result.data.meta?.next_cursor ?? null };
}

/** The signed-in user's ledger, newest first (after: the previous page's next_cursor). */
export async function loadHistory(
  request: Request,
  auth: SignedIn,
  after: string | null,
): Promise<Page<WalletHistoryEntry> | null> {
  return page(await signedRead<ListResponse<WalletHistoryEntry>>(request, auth, listPath('/wallet/histories', after)));
}

/** The signed-in user's invoices, newest first. */
export async function loadInvoices(
  request: Request,
  auth: SignedIn,
  after: string | null,
): Promise<Page<Invoice> | null> {
  return page(await signedRead<ListResponse<Invoice>>(request, auth, listPath('/invoices/user', after)));
}

/** GET /wallet/fund/verify?reference=: the funding's status and the balance after it; null when it failed. */
export async function verifyFunding(
  auth: SignedIn,
  reference: string,
): Promise<ApiResult<ItemResponse<FundingResult>>> {
  return api<ItemResponse<FundingResult>>(`/wallet/fund/verify?reference=${encodeURIComponent(reference)}`, {
    token: auth.token,
  });
}

/** A cursor from the query (opaque to us: printable, short). */
export function readCursor(value: string | null): string | null {
  const trimmed = (value ?? '').trim();
  return /^[A-Za-z0-9._~:=+/-]{1,200}$/.test(trimmed) ? trimmed : null;
}
