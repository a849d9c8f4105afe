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
  /** Public origin of the storefront, for canonical URLs and sitemaps. */
  get storefrontUrl(): string {
    return trimSlash(process.env.STOREFRONT_URL?.trim() || 'http://localhost:3000');
  },
  /** Secret of the link cipher (encrypted category ids and product types in URLs). */
  get linkSecret(): string {
    return process.env.LINK_SECRET?.trim() || `jara-link-secret-dev:${sessionSecret()}`;
  },
  /** Gifts page: highest price in naira (spec: well-rated products under this price). */
  get giftMaxPrice(): number {
    const value = Number(process.env.GIFT_MAX_PRICE);
    return Number.isFinite(value) && value > 0 ? value : 50000;
  },
};
