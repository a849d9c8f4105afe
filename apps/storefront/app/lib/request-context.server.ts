import type { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';

/** What server.mjs knows about the request being handled. */
export interface RequestContext {
  /** The browser's address (Express req.ip, after the storefront's own TRUST_PROXY). */
  clientAddress?: string;
}

/** server.mjs puts its AsyncLocalStorage here; the key is shared through the global symbol registry. */
export const REQUEST_CONTEXT_KEY = Symbol.for('jara.storefront.requestContext');

type WithContext = { [REQUEST_CONTEXT_KEY]?: AsyncLocalStorage<RequestContext> };

/**
 * The browser's address for the request in progress, or undefined when it is unknown: outside a request,
 * or under `remix vite:dev`, which does not run server.mjs.
 */
export function clientAddress(): string | undefined {
  const raw = (globalThis as WithContext)[REQUEST_CONTEXT_KEY]?.getStore()?.clientAddress;
  if (!raw || !isIP(raw)) return undefined;
  // An IPv4 client on a dual-stack socket reads ::ffff:1.2.3.4; send the plain IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  return mapped ? mapped[1] : raw;
}
