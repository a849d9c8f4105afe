import { createCookieSessionStorage, redirect, type Session, type SessionStorage } from '@remix-run/node';
import { normalizeRole, type PublicUser, type Role } from '@jara/contracts';
import { env } from './env.server';
import { signInPath } from './navigation';
import type { ToastMessage } from '~/lib/toast';
import { SESSION_COOKIE } from './session-cookie.js';

/** What the cookie holds. The token never leaves the server: the cookie is httpOnly and loaders never return it. */
export interface SessionData {
  token: string;
  role: Role;
  name: string;
  userId: number;
  pendingEmail: string;
  /** Google sign-in in progress: the OAuth state and the PKCE code verifier, single use. */
  googleState: string;
  googleVerifier: string;
  /** The payment this browser last started in test mode: what the test checkout (/pay/test) shows. */
  testCheckout: TestCheckout;
  /** A funding started from the checkout's wallet shortfall: where to come back to once it is credited. */
  fundReturn: '/checkout';
  /** A guest's card payment of a fee (decision 032): which pay link to verify it with when the gateway sends them back. */
  guestPay: { token: string; reference: string };
}

export interface TestCheckout {
  reference: string;
  amount_minor: number;
  currency: string;
  description: string;
}

export interface SessionFlash {
  toast: ToastMessage;
}

export type JaraSession = Session<SessionData, SessionFlash>;

const COOKIE_NAME = SESSION_COOKIE;
const DEFAULT_MAX_AGE = 60 * 60 * 24; // the API's token lifetime (expires_in) replaces this at login

const storages = new Map<string, SessionStorage<SessionData, SessionFlash>>();

function storage(secure: boolean): SessionStorage<SessionData, SessionFlash> {
  const key = `${secure}:${env.sessionSecret}`;
  let found = storages.get(key);
  if (!found) {
    found = createCookieSessionStorage<SessionData, SessionFlash>({
      cookie: {
        name: COOKIE_NAME,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        secrets: [env.sessionSecret],
        maxAge: DEFAULT_MAX_AGE,
      },
    });
    storages.set(key, found);
  }
  return found;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Secure in production, except over plain http on a loopback host (local runs and the e2e suite).
 * COOKIE_SECURE=true|false overrides the decision.
 */
export function cookieSecure(request: Request): boolean {
  const forced = env.cookieSecure;
  if (forced !== undefined) return forced;
  if (!env.production) return false;
  const url = new URL(request.url);
  return !(url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

export function getSession(request: Request): Promise<JaraSession> {
  return storage(cookieSecure(request)).getSession(request.headers.get('Cookie'));
}

export function commitSession(request: Request, session: JaraSession, maxAge?: number): Promise<string> {
  return storage(cookieSecure(request)).commitSession(session, maxAge ? { maxAge } : undefined);
}

export function destroySession(request: Request, session: JaraSession): Promise<string> {
  return storage(cookieSecure(request)).destroySession(session);
}

export function flashToast(session: JaraSession, toast: Omit<ToastMessage, 'id'>): void {
  session.flash('toast', { ...toast, id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}` });
}

/** Stores a fresh login (token + the few user fields the guards need) and clears any pending e-mail. */
export function signIn(session: JaraSession, token: string, user: Pick<PublicUser, 'id' | 'name' | 'role'>): void {
  session.set('token', token);
  session.set('role', normalizeRole(user.role));
  session.set('name', user.name ?? '');
  session.set('userId', user.id);
  session.unset('pendingEmail');
  session.unset('googleState');
  session.unset('googleVerifier');
}

export interface SignedIn {
  session: JaraSession;
  token: string;
  role: Role;
}

function loginRedirect(request: Request): string {
  const url = new URL(request.url);
  return signInPath(url.pathname + url.search);
}

/** Guard of spec 2.2: no session goes to /login, a role outside `roles` goes to /unauthorized. */
export async function requireUser(request: Request, roles?: readonly Role[]): Promise<SignedIn> {
  const session = await getSession(request);
  const token = session.get('token');
  if (!token) throw redirect(loginRedirect(request));
  const role = normalizeRole(session.get('role'));
  if (roles && !roles.includes(role)) throw redirect('/unauthorized');
  return { session, token, role };
}

/** A 401 from the API: the token is no longer good, so clear the session and sign in again. */
export async function signOutAndRedirect(request: Request, session: JaraSession): Promise<never> {
  throw redirect(loginRedirect(request), { headers: { 'Set-Cookie': await destroySession(request, session) } });
}

/** A placeholder origin to resolve targets against: only what stays on it is a path of this site. */
const HERE = 'http://storefront.invalid';

function staysHere(target: string): URL | null {
  try {
    const url = new URL(target, HERE);
    return url.origin === HERE ? url : null;
  } catch {
    return null;
  }
}

/**
 * Only same-site paths are followed after login. The target is resolved the way a browser resolves a Location
 * header (tabs and newlines dropped, a backslash read as a slash), so '/\t/evil.example' or '/\\evil.example' is
 * seen as the other site it names; the once-decoded form is checked too ('/%09/evil.example'). What is returned is
 * the resolved path, so the browser follows exactly what was checked.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/dashboard'): string {
  if (typeof to !== 'string' || !to.startsWith('/')) return fallback;
  const url = staysHere(to);
  if (!url) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  if (!staysHere(decoded)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** Loader of the sign-in pages: someone already signed in goes to the dashboard. */
export async function redirectIfSignedIn(request: Request): Promise<null> {
  const session = await getSession(request);
  if (session.get('token')) throw redirect('/dashboard');
  return null;
}
