/**
 * Runtime configuration. The production server (apps/admin/server.mjs) injects window.__JARA_CONFIG__ into
 * index.html, so one build runs against any API; `vite dev` falls back to VITE_API_URL.
 */
const DEFAULT_API_URL = 'http://localhost:3333/api/v1';

function resolveApiUrl(): string {
  const injected = typeof window !== 'undefined' ? window.__JARA_CONFIG__?.apiUrl : undefined;
  const url = injected || import.meta.env.VITE_API_URL || DEFAULT_API_URL;
  return url.replace(/\/+$/, '');
}

export const API_URL = resolveApiUrl();

/** localStorage keys of the session (spec section 3: access_token, expires_in, role, user). */
export const STORAGE_KEYS = {
  token: 'access_token',
  expiresIn: 'expires_in',
  role: 'role',
  user: 'user',
  userId: 'user_id',
  authenticated: 'authenticated',
} as const;
