import { env, originOf } from './env.server';

/**
 * Cross-site request forgery guard for the storefront's actions (login CSRF and every other state change).
 *
 * Remix 2.17 has no hook that runs before an action: entry.server's handleDataRequest and handleRequest only see
 * the response after the action has run, and resource routes (logout, newsletter) bypass them. So every action
 * starts with `assertSameOrigin(request)`; app/lib/same-origin.server.spec.ts loads every route module and fails
 * when one exporting an action does not refuse a cross-site POST with 403.
 */

export type OriginVerdict = 'allow' | 'refuse';

export interface OriginFacts {
  method: string;
  /** The Origin header, or null when absent. */
  origin: string | null;
  /** The Referer header, or null when absent. */
  referer: string | null;
  /** Origins the site is served from (the request URL's own and the configured public ones). */
  siteOrigins: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Pure decision: reads never change state and pass; a write passes when its Origin (or, without one, its Referer)
 * names one of the site's origins. "Origin: null" (sandboxed frames, cross-site redirect chains) is refused.
 * A write with neither header passes: browsers always send Origin on a cross-site POST, so only non-browser
 * clients (which carry no victim's cookie) arrive without both.
 */
export function originVerdict({ method, origin, referer, siteOrigins }: OriginFacts): OriginVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return 'allow';
  const claimed = origin?.trim() ? origin.trim() : referer?.trim() ? referer.trim() : null;
  if (claimed === null) return 'allow';
  const from = originOf(claimed);
  return from !== null && siteOrigins.includes(from) ? 'allow' : 'refuse';
}

/** The request URL's own origin plus STOREFRONT_URL / PUBLIC_URL (behind a proxy the public origin differs). */
export function siteOriginsFor(request: Request, configured: readonly string[] = env.siteOrigins): string[] {
  return [...new Set([new URL(request.url).origin, ...configured])];
}

export const CROSS_SITE_MESSAGE = 'This form was sent from another site and has been refused.';

/** First line of every action: throws a 403 response for a cross-site write. */
export function assertSameOrigin(request: Request): void {
  const verdict = originVerdict({
    method: request.method,
    origin: request.headers.get('Origin'),
    referer: request.headers.get('Referer'),
    siteOrigins: siteOriginsFor(request),
  });
  if (verdict === 'refuse') {
    throw new Response(CROSS_SITE_MESSAGE, {
      status: 403,
      statusText: 'Forbidden',
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
}
