import { setMaxListeners } from 'node:events';
import { redactGuestTokens, type ApiErrorBody, type FieldErrors } from '@jara/contracts';
import { env } from './env.server';
import { forwardedHeaders } from './request-context.server';
import { publicReads } from './swr-cache.server';

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  /** The parsed JSON body on success. */
  data: T | null;
  /** The parsed error body ({message, errors}) on failure; status 0 when the API could not be reached. */
  error: ApiErrorBody | null;
}

interface ApiOptions {
  method?: string;
  token?: string | null;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key); they cannot replace Authorization, Accept, X-Forwarded-For or X-Request-Id. */
  headers?: Record<string, string>;
}

/** Calls the Jara API from the server. Never throws: network failures come back as status 0. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  // The API sees every call coming from this server: tell it whose request this is (X-Forwarded-For, so its
  // per-address limits count shoppers, not the shop) and which storefront request made the call (X-Request-Id,
  // answered back and written in its log lines).
  const forwarded = forwardedHeaders();
  const headers: Record<string, string> = { ...options.headers, ...forwarded, Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  // A page's loader may run a dozen API calls on the request's one signal: each adds an abort listener.
  if (options.signal) setMaxListeners(50, options.signal);
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    // A navigation away aborts its loader's calls: not an outage.
    if (!options.signal?.aborted) {
      const id = forwarded['X-Request-Id'];
      console.error(
        `[storefront] API ${redactGuestTokens(path)} unreachable${id ? ` (request ${id})` : ''}:`,
        cause instanceof Error ? cause.message : cause,
      );
    }
    return { ok: false, status: 0, data: null, error: null };
  }
  let parsed: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T, error: null };
  const error = parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
  return { ok: false, status: response.status, data: null, error };
}

/**
 * A GET of a public read. Without a token (a visitor who is not signed in) it goes through the public read cache
 * (swr-cache.server.ts): the same answer for every such visitor, so one API call serves them all for
 * PUBLIC_CACHE_SECONDS. Only successes are kept; a failure (404, 5xx, unreachable) is this request's own answer,
 * status intact, and the shared fetch ignores any one visitor's signal. With a token (signed in: an owner may see
 * their own draft, a reviewer their new review) it is a direct call with that token.
 */
export async function publicApi<T>(
  path: string,
  options: { token?: string | null; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  if (options.token) return api<T>(path, options);
  let own: ApiResult<T> | undefined;
  const cached = await publicReads.get(path, async () => {
    own = await api<T>(path);
    return own.ok ? own : undefined;
  });
  // A miss that joined another request's failed fetch has no answer of its own yet: ask once more.
  return (cached as ApiResult<T> | undefined) ?? own ?? api<T>(path, { signal: options.signal });
}

/** First message of each field of a 422 answer, for the forms. */
export function fieldErrors(error: ApiErrorBody | null, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const errors: FieldErrors | undefined = error?.errors;
  if (!errors) return out;
  for (const field of fields) {
    const first = errors[field]?.[0];
    if (first) out[field] = first;
  }
  return out;
}

/** The server's own message: msg first (as the original clients read it), then message. */
export function serverMessage(error: ApiErrorBody | null): string | undefined {
  return error?.msg || error?.message || undefined;
}
