import type { AuthProvider, HttpError } from '@refinedev/core';
import {
  MSG,
  normalizeRole,
  type ItemResponse,
  type LoginRequest,
  type LoginResponse,
  type PublicUser,
} from '@jara/contracts';
import { API_URL } from './config';
import { http, toHttpError } from './http';
import { session } from './session';

/** Only this role may use the back office (spec section 6); the API enforces it too. */
export const BACK_OFFICE_ROLE = 'admin';
/** The rider (issue 26) signs in to the back office too, for their one page. */
export const RIDER_ROLE = 'rider';
export const RIDER_HOME = '/rider';
const mayUseBackOffice = (role: unknown) => {
  const r = normalizeRole(role);
  return r === BACK_OFFICE_ROLE || r === RIDER_ROLE;
};

export interface Identity {
  id: number;
  name: string;
  email: string;
  role: string;
  avatar?: string;
}

function loginError(error: HttpError): HttpError {
  // useLogin shows `name` as the toast title and `message` as its text.
  return { ...error, name: MSG.auth.loginFailed, message: error.message || MSG.auth.loginFailed };
}

export const authProvider: AuthProvider = {
  login: async ({ email, password }: LoginRequest) => {
    let body: LoginResponse;
    try {
      const res = await http.post<LoginResponse>(`${API_URL}/auth/login`, { email, password });
      body = res.data;
    } catch (error) {
      // e.g. 'Please verify your email first.' or 'Invalid email or password.': the server's own words.
      return { success: false, error: loginError(toHttpError(error)) };
    }
    if (!body?.token || !body.user) {
      return { success: false, error: loginError({ message: MSG.auth.loginFailed, statusCode: 500 }) };
    }
    if (!mayUseBackOffice(body.user.role)) {
      // Nothing is stored for a role that may not use the back office.
      return { success: false, error: loginError({ message: MSG.pages.unauthorized, statusCode: 403 }) };
    }
    session.save(body.token, body.expires_in, body.user);
    return {
      success: true,
      redirectTo: normalizeRole(body.user.role) === RIDER_ROLE ? RIDER_HOME : '/',
      successNotification: { message: body.message || MSG.auth.loginSuccess },
    };
  },

  logout: async () => {
    // End the token (and every other token of this admin) on the server first; the local session goes either way.
    if (session.token()) await http.post(`${API_URL}/auth/logout`).catch(() => undefined);
    session.clear();
    return { success: true, redirectTo: '/login' };
  },

  check: async () => {
    if (!session.token()) return { authenticated: false, redirectTo: '/login', logout: true };
    try {
      const res = await http.get<ItemResponse<PublicUser>>(`${API_URL}/user`);
      const user = res.data.data;
      if (!mayUseBackOffice(user.role)) {
        session.clear();
        return {
          authenticated: false,
          logout: true,
          redirectTo: '/login',
          error: { name: MSG.auth.loginFailed, message: MSG.pages.unauthorized, statusCode: 403 },
        };
      }
      session.saveUser(user);
      return { authenticated: true };
    } catch (error) {
      const httpError = toHttpError(error);
      if (httpError.statusCode === 401 || httpError.statusCode === 403) {
        session.clear();
        return { authenticated: false, logout: true, redirectTo: '/login', error: httpError };
      }
      // The API is unreachable or failing: keep the session and let each page show its own error.
      return { authenticated: true };
    }
  },

  onError: async (error: HttpError) => {
    const status = error?.statusCode ?? (error as { status?: number })?.status;
    if (status === 401) {
      session.clear();
      return { logout: true, redirectTo: '/login', error };
    }
    return { error };
  },

  getIdentity: async (): Promise<Identity | null> => {
    const user = session.user();
    if (!user) return null;
    return {
      id: user.id,
      name: user.name || user.email,
      email: user.email,
      role: user.role,
      avatar: user.image ?? undefined,
    };
  },

  getPermissions: async () => session.role(),
};
