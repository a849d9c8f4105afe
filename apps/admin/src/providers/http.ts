import type { HttpError } from '@refinedev/core';
import { axiosInstance } from '@refinedev/simple-rest';
import { MSG, type ApiErrorBody } from '@jara/contracts';
import { session } from './session';

/** Shown when the API cannot be reached at all (no HTTP answer). Not a spec message. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the Jara API. Check your connection and try again.';

/** The shared axios instance of @refinedev/simple-rest, with our bearer token on every call. */
export const http = axiosInstance;

http.interceptors.request.use((config) => {
  const token = session.token();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Accept', 'application/json');
  return config;
});

interface MaybeAxiosError {
  message?: unknown;
  statusCode?: unknown;
  response?: { status?: number; data?: unknown };
}

/**
 * Maps whatever the HTTP layer threw into Refine's HttpError: the API's `{message, errors?}` envelope becomes
 * `message` and `errors` (field -> messages), so forms can show the server's field errors.
 */
export function toHttpError(error: unknown): HttpError {
  const e = (error ?? {}) as MaybeAxiosError;
  const status = e.response?.status ?? (typeof e.statusCode === 'number' ? e.statusCode : 0);
  const body = (e.response?.data ?? null) as Partial<ApiErrorBody> | null;
  const serverMessage = body && typeof body === 'object' ? body.message || body.msg : undefined;
  const message =
    serverMessage ||
    (status === 0 ? NETWORK_ERROR_MESSAGE : status >= 500 ? MSG.common.serverError : undefined) ||
    (typeof e.message === 'string' && e.message) ||
    MSG.common.serverError;
  const httpError: HttpError = { message, statusCode: status };
  if (body && typeof body === 'object' && body.errors && typeof body.errors === 'object') {
    httpError.errors = body.errors;
  }
  return httpError;
}

/** Runs a call and rethrows failures as HttpError. */
export async function withHttpError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toHttpError(error);
  }
}

/** The first server message of a field (the clients read errors.email[0]). */
export function fieldError(error: HttpError | null | undefined, field: string): string | undefined {
  const value = error?.errors?.[field];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'message' in value) return String(value.message);
  return undefined;
}
