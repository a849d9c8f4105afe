// The storefront's request ids, in plain JavaScript so both the production server (server.mjs, which gives every
// request its id) and the Remix side (request-context.server.ts, which sends it to the API) apply the same rule.
// The API keeps an X-Request-Id under the very same pattern (apps/api/src/common/http/request-logger.middleware.ts),
// so one id follows a page, every API call its loaders and actions make, and their log lines.
import { randomUUID } from 'node:crypto';

/** What an X-Request-Id must look like to be kept (a proxy's or a load balancer's id); anything else gets a new one. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * @param {unknown} value
 * @returns {value is string}
 */
export function isRequestId(value) {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

/**
 * The id of an incoming request: the X-Request-Id it came with (from a reverse proxy) when it matches the pattern,
 * else a new UUID.
 * @param {string | null | undefined} given
 * @returns {string}
 */
export function requestIdFrom(given) {
  return isRequestId(given) ? given : randomUUID();
}
