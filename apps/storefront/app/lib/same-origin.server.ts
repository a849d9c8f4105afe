import { env } from './env.server';
import { CROSS_SITE_MESSAGE, originVerdict as rule } from './origin-rule.js';

export { CROSS_SITE_MESSAGE };

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

/** Pure decision (origin-rule.js, shared with server.mjs, which refuses cross-site writes before Remix runs). */
export const originVerdict: (facts: OriginFacts) => OriginVerdict = rule;

/** The request URL's own origin plus STOREFRONT_URL / PUBLIC_URL (behind a proxy the public origin differs). */
export function siteOriginsFor(request: Request, configured: readonly string[] = env.siteOrigins): string[] {
  return [...new Set([new URL(request.url).origin, ...configured])];
}

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
