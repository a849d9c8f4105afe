import { normalizeRole, type PublicUser, type Role } from '@jara/contracts';
import { STORAGE_KEYS } from './config';

/** The back office session kept in localStorage under the spec's keys. */
export const session = {
  token(): string | null {
    return localStorage.getItem(STORAGE_KEYS.token);
  },
  role(): Role | null {
    const raw = localStorage.getItem(STORAGE_KEYS.role);
    return raw ? normalizeRole(raw) : null;
  },
  user(): PublicUser | null {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as PublicUser;
    } catch {
      return null;
    }
  },
  save(token: string, expiresIn: number, user: PublicUser): void {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.expiresIn, String(expiresIn));
    localStorage.setItem(STORAGE_KEYS.role, normalizeRole(user.role));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
    localStorage.setItem(STORAGE_KEYS.authenticated, 'true');
  },
  saveUser(user: PublicUser): void {
    localStorage.setItem(STORAGE_KEYS.role, normalizeRole(user.role));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  },
  clear(): void {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  },
};
