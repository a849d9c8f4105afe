// The storefront's security headers and Content-Security-Policy, in plain JavaScript so the production server
// (server.mjs) can build them for every answer. Remix inlines its boot scripts: each page gets a fresh nonce
// (server.mjs -> getLoadContext -> app/entry.server.tsx -> <Scripts nonce> / <ScrollRestoration nonce> /
// <RemixServer nonce>), so no inline script runs without it. See docs/decisions/018-abuse-limits-and-headers.md.

import { randomBytes } from 'node:crypto';
import { originOf } from './origin-rule.js';

/** A fresh nonce for one page (128 random bits, base64). */
export function newNonce() {
  return randomBytes(16).toString('base64');
}

/** Paystack's hosted checkout: where a payment form's redirect goes (form-action also covers redirects). */
const PAYSTACK_CHECKOUT = 'https://checkout.paystack.com';
const GOOGLE_AUTH = 'https://accounts.google.com';

/**
 * The live-chat widget's hosts (LIVE_CHAT_ID set): its script's origin and, for a host like embed.tawk.to, every
 * host of that site (*.tawk.to), which the widget uses for its frames, fonts and pictures; sockets: wss to the site.
 * @param {Record<string, string | undefined>} env
 * @returns {{ web: string[], sockets: string[] }}
 */
function liveChatSources(env) {
  const none = { web: [], sockets: [] };
  const id = env.LIVE_CHAT_ID?.trim();
  if (!id) return none;
  const template = env.LIVE_CHAT_SRC?.trim() || 'https://embed.tawk.to/{id}';
  const origin = originOf(template.replaceAll('{id}', id));
  if (!origin) return none;
  const { protocol, hostname } = new URL(origin);
  const parts = hostname.split('.');
  if (parts.length <= 2) return { web: [origin], sockets: [] };
  const site = parts.slice(-2).join('.');
  return { web: [origin, `${protocol}//*.${site}`], sockets: [`wss://*.${site}`] };
}

/**
 * The Content-Security-Policy of one page.
 * - script-src: only scripts carrying this page's nonce, and what they load ('strict-dynamic': the route modules,
 *   the live-chat widget when configured); no 'unsafe-inline', no eval.
 * - style-src allows inline styles (React style attributes); scripts are what the policy is about.
 * - img-src: any https picture (product images come from the API's public URL or its bucket), plus the API's own
 *   origin when it is plain http (local runs, e2e).
 * - form-action: this site, Google's sign-in page and Paystack's checkout (a form's redirect is checked too);
 *   PAYSTACK_CHECKOUT_URL names another checkout origin (the browser journeys' fake Paystack), as
 *   GOOGLE_OAUTH_BASE_URL does for sign-in.
 * - frame-ancestors 'none' (no framing: clickjacking), object-src 'none', base-uri 'self'.
 * @param {string} nonce
 * @param {Record<string, string | undefined>} env
 * @returns {string}
 */
export function contentSecurityPolicy(nonce, env = process.env) {
  const api = [env.JARA_PUBLIC_API_URL, env.JARA_API_URL, env.API_PUBLIC_URL]
    .map((value) => originOf(value))
    .filter((origin) => origin && origin.startsWith('http:'));
  const google = originOf(env.GOOGLE_OAUTH_BASE_URL) ?? GOOGLE_AUTH;
  const checkout = originOf(env.PAYSTACK_CHECKOUT_URL) ?? PAYSTACK_CHECKOUT;
  const chat = liveChatSources(env);
  const list = (...sources) => [...new Set(sources.flat().filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(`'nonce-${nonce}'`, `'strict-dynamic'`, `'self'`)}`,
    `style-src ${list(`'self'`, `'unsafe-inline'`, chat.web)}`,
    `img-src ${list(`'self'`, 'data:', 'blob:', 'https:', api)}`,
    `font-src ${list(`'self'`, 'data:', chat.web)}`,
    `connect-src ${list(`'self'`, chat.web, chat.sockets)}`,
    `frame-src ${chat.web.length ? list(chat.web) : `'none'`}`,
    `media-src ${list(`'self'`, chat.web)}`,
    `form-action ${list(`'self'`, google, checkout)}`,
    `frame-ancestors 'none'`,
    `object-src 'none'`,
    `base-uri 'self'`,
  ].join('; ');
}

/**
 * contentSecurityPolicy for one environment, built once: the returned function gives a page's policy for its nonce
 * (the same text contentSecurityPolicy(nonce, env) gives) without reparsing the configured origins on every request.
 * @param {Record<string, string | undefined>} env
 * @returns {(nonce: string) => string}
 */
export function contentSecurityPolicyFor(env = process.env) {
  const marker = 'NONCE_PLACEHOLDER_9d2c';
  const [before, after] = contentSecurityPolicy(marker, env).split(marker);
  return (nonce) => before + nonce + after;
}

/**
 * The headers every storefront answer carries (pages, files, refusals). HSTS only in production over https (a
 * browser ignores it over http; on localhost it would pin every local port to https).
 * @param {{ production: boolean, https: boolean }} facts
 * @returns {Record<string, string>}
 */
export function securityHeaders({ production, https }) {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(production && https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
