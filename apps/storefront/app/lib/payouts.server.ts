import {
  fromMinorUnits,
  MSG,
  type Bank,
  type DedicatedAccountAnswer,
  type ItemResponse,
  type ListResponse,
  type Payout,
  type PayoutAccount,
  type ResolvedAccount,
  type StatementEntry,
  type VendorBalance,
} from '@jara/contracts';
import { api, fieldErrors, serverMessage, type ApiResult } from './api.server';
import { env } from './env.server';
import type { Errors } from './form';
import type { ListPage } from './orders';
import { statementFileName, statementQuery, WITHDRAWALS_SHOWN } from './payouts';
import { forwardedHeaders } from './request-context.server';
import { getSession, signOutAndRedirect, type SignedIn } from './session.server';

/**
 * Money out (issue 24): the reads and writes of the Payouts page, the dedicated account of the Fund page and the
 * order refunds, against /vendor-payouts, /wallet/dedicated-account and /orders/{id}/refunds with the user's token.
 * A 401 signs out; other failures of a read come back as null (the page says it could not load that part).
 */

async function signed<T>(
  request: Request,
  auth: SignedIn,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const result = await api<T>(path, { token: auth.token, signal: init.method ? undefined : request.signal, ...init });
  if (result.status === 401) await signOutAndRedirect(request, auth.session);
  return result;
}

function item<T>(result: ApiResult<ItemResponse<T>>): T | null {
  return result.ok && result.data && 'data' in result.data ? (result.data.data ?? null) : null;
}

function keysetPage<T>(result: ApiResult<ListResponse<T>>): ListPage<T> | null {
  if (!result.ok || !result.data || !Array.isArray(result.data.data)) return null;
  const items = result.data.data;
  const meta = result.data.meta;
  return {
    items,
    nextCursor: meta?.next_cursor ?? null,
    total: Number(meta?.total ?? items.length),
    page: Number(meta?.page ?? 1),
  };
}

/** GET /vendor-payouts/banks (Paystack's list, cached by the API). */
export async function loadBanks(request: Request, auth: SignedIn): Promise<Bank[] | null> {
  const result = await signed<{ data: Bank[] }>(request, auth, '/vendor-payouts/banks');
  return result.ok && Array.isArray(result.data?.data) ? result.data.data : null;
}

/** GET /vendor-payouts/balance: the four balances, the policy, whether a withdrawal may be asked for, the account. */
export async function loadPayoutBalance(request: Request, auth: SignedIn): Promise<VendorBalance | null> {
  return item(await signed<ItemResponse<VendorBalance>>(request, auth, '/vendor-payouts/balance'));
}

/** GET /vendor-payouts/account: the active payout account, or null when there is none (undefined: not read). */
export async function loadPayoutAccount(request: Request, auth: SignedIn): Promise<PayoutAccount | null | undefined> {
  const result = await signed<ItemResponse<PayoutAccount | null>>(request, auth, '/vendor-payouts/account');
  return result.ok ? (result.data?.data ?? null) : undefined;
}

/** GET /vendor-payouts/withdrawals: the newest withdrawals. */
export async function loadWithdrawals(request: Request, auth: SignedIn): Promise<Payout[] | null> {
  const result = await signed<ListResponse<Payout>>(
    request,
    auth,
    `/vendor-payouts/withdrawals?per_page=${WITHDRAWALS_SHOWN}`,
  );
  return result.ok && Array.isArray(result.data?.data) ? result.data.data : null;
}

/** GET /vendor-payouts/statement: one keyset page, newest first (after: the previous page's cursor). */
export async function loadPayoutStatement(
  request: Request,
  auth: SignedIn,
  after: string | null,
): Promise<ListPage<StatementEntry> | null> {
  return keysetPage(
    await signed<ListResponse<StatementEntry>>(request, auth, `/vendor-payouts/statement?${statementQuery(after)}`),
  );
}

export interface AccountAnswer {
  ok: boolean;
  errors: Errors;
  message: string | null;
}

/** POST /vendor-payouts/account/resolve: the name the bank holds, or the API's field errors. */
export async function resolveAccount(
  request: Request,
  auth: SignedIn,
  body: { bank_code: string; account_number: string },
): Promise<{ ok: true; account: ResolvedAccount } | ({ ok: false } & Omit<AccountAnswer, 'ok'>)> {
  const result = await signed<ItemResponse<ResolvedAccount>>(request, auth, '/vendor-payouts/account/resolve', {
    method: 'POST',
    json: body,
  });
  const account = item(result);
  if (account) return { ok: true, account };
  const errors = fieldErrors(result.error, ['bank_code', 'account_number']);
  const message = Object.keys(errors).length ? null : (serverMessage(result.error) ?? MSG.payouts.resolveFailed);
  return { ok: false, errors, message };
}

/** PUT /vendor-payouts/account: resolved again on the server and saved (a wrong password is its 422 on `password`). */
export async function saveAccount(
  request: Request,
  auth: SignedIn,
  body: { bank_code: string; account_number: string; password: string },
): Promise<AccountAnswer> {
  const result = await signed<ItemResponse<PayoutAccount>>(request, auth, '/vendor-payouts/account', {
    method: 'PUT',
    json: body,
  });
  if (result.ok) return { ok: true, errors: {}, message: MSG.payouts.accountSaved };
  const errors = fieldErrors(result.error, ['bank_code', 'account_number', 'password']);
  const message = Object.keys(errors).length ? null : (serverMessage(result.error) ?? MSG.payouts.saveFailed);
  return { ok: false, errors, message };
}

/** POST /vendor-payouts/withdrawals {amount: '5000.00'} with the form's Idempotency-Key. */
export async function requestWithdrawal(
  request: Request,
  auth: SignedIn,
  minor: number,
  key: string,
): Promise<{ ok: true; payout: Payout | null } | { ok: false; errors: Errors; message: string }> {
  const result = await signed<ItemResponse<Payout>>(request, auth, '/vendor-payouts/withdrawals', {
    method: 'POST',
    json: { amount: fromMinorUnits(minor) },
    headers: { 'Idempotency-Key': key },
  });
  if (result.ok) return { ok: true, payout: item(result) };
  const errors = fieldErrors(result.error, ['amount']);
  // A refusal that is not the amount's (no account, KYC, the change delay) is said above the form.
  const other = Object.entries(result.error?.errors ?? {}).find(([field]) => field !== 'amount')?.[1]?.[0];
  return { ok: false, errors, message: other ?? serverMessage(result.error) ?? MSG.payouts.withdrawFailed };
}

/**
 * GET /resources/payouts-statement: the vendor's statement as CSV, streamed from /vendor-payouts/statement.csv with
 * the session's token (the browser never holds it). No session: 401; the API's refusal (not a vendor) passes through.
 */
export async function statementCsv(request: Request): Promise<Response> {
  const session = await getSession(request);
  const token = session.get('token');
  const plain = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  if (!token) return new Response('Unauthenticated.', { status: 401, headers: plain });
  let upstream: Response;
  try {
    upstream = await fetch(`${env.apiUrl}/vendor-payouts/statement.csv`, {
      headers: { ...forwardedHeaders(), Authorization: `Bearer ${token}`, Accept: 'text/csv' },
      signal: request.signal,
    });
  } catch {
    return new Response(MSG.payouts.statementLoadFailed, { status: 502, headers: plain });
  }
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel().catch(() => undefined);
    const status = upstream.status === 401 || upstream.status === 403 ? upstream.status : 502;
    return new Response(status === 502 ? MSG.payouts.statementLoadFailed : 'Not allowed.', { status, headers: plain });
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${statementFileName()}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Dedicated accounts (customers and vendors)
// ---------------------------------------------------------------------------------------------------------

/** GET /wallet/dedicated-account; null when it could not be read (the page then shows the manual transfer only). */
export async function loadDedicatedAccount(request: Request, auth: SignedIn): Promise<DedicatedAccountAnswer | null> {
  const answer = item(await signed<ItemResponse<DedicatedAccountAnswer>>(request, auth, '/wallet/dedicated-account'));
  return answer && typeof answer.configured === 'boolean' ? answer : null;
}

/** POST /wallet/dedicated-account: created once at the provider; the API's message when it could not be. */
export async function createDedicatedAccount(
  request: Request,
  auth: SignedIn,
): Promise<{ ok: true; answer: DedicatedAccountAnswer } | { ok: false; message: string }> {
  const result = await signed<ItemResponse<DedicatedAccountAnswer>>(request, auth, '/wallet/dedicated-account', {
    method: 'POST',
  });
  const answer = item(result);
  if (answer?.account) return { ok: true, answer };
  return { ok: false, message: serverMessage(result.error) ?? MSG.payouts.dedicatedFailed };
}
