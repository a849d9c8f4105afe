// The storefront's cross-site write rule, in plain JavaScript so both the Remix actions (same-origin.server.ts)
// and the production server (server.mjs, before Remix runs) apply the very same rule.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The http(s) origin of a URL, or null when it is not one.
 * @param {string | null | undefined} value
 * @returns {string | null}
 */
export function originOf(value) {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Reads never change state and pass; a write passes when its Origin (or, without one, its Referer) names one of
 * the site's origins. "Origin: null" (sandboxed frames, cross-site redirect chains) is refused. A write with
 * neither header passes: browsers always send Origin on a cross-site POST, so only non-browser clients (which
 * carry no victim's cookie) arrive without both.
 * @param {{ method: string, origin: string | null, referer: string | null, siteOrigins: readonly string[] }} facts
 * @returns {'allow' | 'refuse'}
 */
export function originVerdict({ method, origin, referer, siteOrigins }) {
  if (SAFE_METHODS.has(method.toUpperCase())) return 'allow';
  const claimed = origin?.trim() ? origin.trim() : referer?.trim() ? referer.trim() : null;
  if (claimed === null) return 'allow';
  const from = originOf(claimed);
  return from !== null && siteOrigins.includes(from) ? 'allow' : 'refuse';
}

/**
 * Origins the storefront is served from by configuration (STOREFRONT_URL and PUBLIC_URL, comma-separated).
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function configuredSiteOrigins(env) {
  const entries = [env.STOREFRONT_URL, env.PUBLIC_URL].flatMap((v) => (v ?? '').split(',')).map((v) => v.trim());
  return [...new Set(entries.map(originOf).filter((o) => o !== null))];
}

export const CROSS_SITE_MESSAGE = 'This form was sent from another site and has been refused.';
