/** Server-side settings, read once. Never imported by browser code. */
const DEV_SESSION_SECRET = 'jara-storefront-dev-secret-change-me';

let warned = false;

function sessionSecret(): string {
  const value = process.env.SESSION_SECRET?.trim();
  if (value) return value;
  if (!warned) {
    warned = true;
    console.warn('[storefront] SESSION_SECRET is not set: using the development secret. Set it in production.');
  }
  return DEV_SESSION_SECRET;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export const env = {
  get apiUrl(): string {
    return trimSlash(process.env.JARA_API_URL?.trim() || 'http://localhost:3333/api/v1');
  },
  get adminUrl(): string {
    return trimSlash(process.env.ADMIN_URL?.trim() || 'http://localhost:4200');
  },
  get googleClientId(): string | undefined {
    return process.env.GOOGLE_CLIENT_ID?.trim() || undefined;
  },
  /** 'true' or 'false' forces the cookie's Secure flag; unset decides per request. */
  get cookieSecure(): boolean | undefined {
    const value = process.env.COOKIE_SECURE?.trim().toLowerCase();
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return undefined;
  },
  get production(): boolean {
    return process.env.NODE_ENV === 'production';
  },
  get sessionSecret(): string {
    return sessionSecret();
  },
};
