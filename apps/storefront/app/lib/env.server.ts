import { configuredSiteOrigins as siteOriginsFromEnv, originOf } from './origin-rule.js';

/** Server-side settings, read once. Never imported by browser code. */
const DEV_SESSION_SECRET = 'jara-storefront-dev-secret-change-me';
export const SESSION_SECRET_MIN_LENGTH = 32;

export type EnvSource = Record<string, string | undefined>;

/** The settings that stop the storefront from starting, one line each. */
export class StorefrontConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`[storefront] Refusing to start:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example.`);
    this.name = 'StorefrontConfigError';
  }
}

function isProduction(source: EnvSource): boolean {
  return source.NODE_ENV?.trim() === 'production';
}

export { originOf };

/** STOREFRONT_URL and PUBLIC_URL: comma-separated public URLs of the storefront (the first STOREFRONT_URL is canonical). */
function urlList(source: EnvSource, key: 'STOREFRONT_URL' | 'PUBLIC_URL'): string[] {
  return (source[key] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Pure check of the environment: what is wrong with it, or [] when the storefront may start. In production the
 * session cookie must be signed with a real secret (the built-in development one is public in this repository);
 * outside production the development fallback is used and nothing is required.
 */
export function storefrontEnvProblems(source: EnvSource): string[] {
  const problems: string[] = [];
  const secret = source.SESSION_SECRET?.trim() ?? '';
  if (isProduction(source)) {
    if (!secret)
      problems.push(`SESSION_SECRET is required in production (at least ${SESSION_SECRET_MIN_LENGTH} characters)`);
    else if (secret.length < SESSION_SECRET_MIN_LENGTH)
      problems.push(`SESSION_SECRET must be at least ${SESSION_SECRET_MIN_LENGTH} characters long`);
  }
  for (const key of ['STOREFRONT_URL', 'PUBLIC_URL'] as const) {
    for (const entry of urlList(source, key)) {
      if (!originOf(entry))
        problems.push(`${key} entry "${entry}" must be an http(s) URL such as https://shop.example.ng`);
    }
  }
  problems.push(...liveChatProblems(source));
  return problems;
}

/** The live-chat widget's default script: Tawk.to's embed URL, `{id}` being the property and widget ids. */
export const LIVE_CHAT_DEFAULT_SRC = 'https://embed.tawk.to/{id}';
const LIVE_CHAT_ID = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

function liveChatProblems(source: EnvSource): string[] {
  const id = source.LIVE_CHAT_ID?.trim();
  if (!id) return [];
  if (!LIVE_CHAT_ID.test(id) || id.includes('..'))
    return ['LIVE_CHAT_ID may use letters, digits, ".", "_", "-" and "/" only (e.g. 64ab12cd34ef/1h5abcde)'];
  const template = source.LIVE_CHAT_SRC?.trim() || LIVE_CHAT_DEFAULT_SRC;
  let url: URL;
  try {
    url = new URL(template.replaceAll('{id}', id));
  } catch {
    return [`LIVE_CHAT_SRC "${template}" must be a URL such as ${LIVE_CHAT_DEFAULT_SRC}`];
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && !isProduction(source))) return [];
  return [`LIVE_CHAT_SRC "${template}" must be an https URL${isProduction(source) ? ' in production' : ''}`];
}

/**
 * The Support Center's third-party live-chat widget (spec 2.18): the script's URL when LIVE_CHAT_ID is set, else
 * null (nothing is loaded). LIVE_CHAT_SRC is the script URL with `{id}` where the id goes (default: Tawk.to).
 */
export function liveChatFrom(source: EnvSource): { src: string } | null {
  const id = source.LIVE_CHAT_ID?.trim();
  if (!id || liveChatProblems(source).length) return null;
  const template = source.LIVE_CHAT_SRC?.trim() || LIVE_CHAT_DEFAULT_SRC;
  return { src: new URL(template.replaceAll('{id}', id)).href };
}

/** UPLOAD_MAX_BYTES, shared with the API: the largest file the storefront accepts and forwards (default 5 MiB). */
export function uploadMaxBytesFrom(source: EnvSource): number {
  const value = Number(source.UPLOAD_MAX_BYTES?.trim());
  return Number.isInteger(value) && value >= 1024 && value <= 100 * 1024 * 1024 ? value : 5 * 1024 * 1024;
}

/** Throws a StorefrontConfigError listing every problem (called once when the server build is loaded). */
export function assertStorefrontEnv(source: EnvSource = process.env): void {
  const problems = storefrontEnvProblems(source);
  if (problems.length) throw new StorefrontConfigError(problems);
}

let warned = false;

/** The cookie secret; the development fallback only outside production. */
export function sessionSecretFrom(source: EnvSource): string {
  const value = source.SESSION_SECRET?.trim();
  if (value) return value;
  if (isProduction(source)) throw new StorefrontConfigError(storefrontEnvProblems(source));
  if (!warned) {
    warned = true;
    console.warn('[storefront] SESSION_SECRET is not set: using the development secret (refused in production).');
  }
  return DEV_SESSION_SECRET;
}

/** Origins the storefront is served from (STOREFRONT_URL and PUBLIC_URL entries), for the form-origin check. */
export const configuredSiteOrigins: (source: EnvSource) => string[] = siteOriginsFromEnv;

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** Where the browser is sent to choose an account. */
  authUrl: string;
  /** Where the server exchanges the code (with the PKCE verifier and the client secret). */
  tokenUrl: string;
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
  /**
   * Google sign-in (authorization-code flow with PKCE): null unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are
   * set. GOOGLE_OAUTH_BASE_URL points the authorization and token endpoints at one other origin (a local fake).
   */
  get google(): GoogleSettings | null {
    const clientId = process.env.GOOGLE_CLIENT_ID?.trim();
    const clientSecret = process.env.GOOGLE_CLIENT_SECRET?.trim();
    if (!clientId || !clientSecret) return null;
    const base = process.env.GOOGLE_OAUTH_BASE_URL?.trim() ? trimSlash(process.env.GOOGLE_OAUTH_BASE_URL.trim()) : null;
    return {
      clientId,
      clientSecret,
      authUrl: base ? `${base}/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: base ? `${base}/token` : 'https://oauth2.googleapis.com/token',
    };
  },
  /** 'true' or 'false' forces the cookie's Secure flag; unset decides per request. */
  get cookieSecure(): boolean | undefined {
    const value = process.env.COOKIE_SECURE?.trim().toLowerCase();
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return undefined;
  },
  get production(): boolean {
    return isProduction(process.env);
  },
  get sessionSecret(): string {
    return sessionSecretFrom(process.env);
  },
  /** Public origin of the storefront, for canonical URLs and sitemaps (the first STOREFRONT_URL entry). */
  get storefrontUrl(): string {
    return trimSlash(urlList(process.env, 'STOREFRONT_URL')[0] || 'http://localhost:3000');
  },
  /** Origins besides the request's own that the storefront's forms are posted from (behind a proxy). */
  get siteOrigins(): string[] {
    return configuredSiteOrigins(process.env);
  },
  /** Secret of the link cipher (encrypted category ids and product types in URLs). */
  get linkSecret(): string {
    return process.env.LINK_SECRET?.trim() || `jara-link-secret-dev:${sessionSecretFrom(process.env)}`;
  },
  /** The Support Center's live-chat widget script, or null when LIVE_CHAT_ID is unset. */
  get liveChat(): { src: string } | null {
    return liveChatFrom(process.env);
  },
  /** Largest accepted upload in bytes (UPLOAD_MAX_BYTES, as the API). */
  get uploadMaxBytes(): number {
    return uploadMaxBytesFrom(process.env);
  },
  /** Gifts page: highest price in naira (spec: well-rated products under this price). */
  get giftMaxPrice(): number {
    const value = Number(process.env.GIFT_MAX_PRICE);
    return Number.isFinite(value) && value > 0 ? value : 50000;
  },
};

// Runs when the server build is loaded (remix-serve and the Express server import it at start-up): a production
// storefront without its secrets stops here with the list of what to set, like the API's config check.
assertStorefrontEnv(process.env);
