import type { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import { isRequestId } from './request-id.js';

/** What server.mjs knows about the request being handled. */
export interface RequestContext {
  /** The browser's address (Express req.ip, after the storefront's own TRUST_PROXY). */
  clientAddress?: string;
  /** The request's id (request-id.js): answered in the storefront's X-Request-Id and sent on to the API. */
  requestId?: string;
}

/** server.mjs puts its AsyncLocalStorage here; the key is shared through the global symbol registry. */
export const REQUEST_CONTEXT_KEY = Symbol.for('jara.storefront.requestContext');

type WithContext = { [REQUEST_CONTEXT_KEY]?: AsyncLocalStorage<RequestContext> };

function store(): RequestContext | undefined {
  return (globalThis as WithContext)[REQUEST_CONTEXT_KEY]?.getStore();
}

/**
 * The browser's address for the request in progress, or undefined when it is unknown: outside a request,
 * or under `remix vite:dev`, which does not run server.mjs.
 */
export function clientAddress(): string | undefined {
  const raw = store()?.clientAddress;
  if (!raw || !isIP(raw)) return undefined;
  // An IPv4 client on a dual-stack socket reads ::ffff:1.2.3.4; send the plain IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  return mapped ? mapped[1] : raw;
}

/** The id of the request in progress, or undefined outside a request or under `remix vite:dev` (the API then makes one). */
export function requestId(): string | undefined {
  const id = store()?.requestId;
  return isRequestId(id) ? id : undefined;
}

/**
 * The headers every call to the API carries for the request in progress: X-Forwarded-For (the browser's address, so
 * the API's per-address limits count shoppers, not the shop; believed only from proxies in the API's TRUST_PROXY)
 * and X-Request-Id (so the API's log lines and its answer carry the storefront request's id). Empty outside a request.
 */
export function forwardedHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const address = clientAddress();
  if (address) headers['X-Forwarded-For'] = address;
  const id = requestId();
  if (id) headers['X-Request-Id'] = id;
  return headers;
}
