// The session cookie's name, in plain JavaScript so the production server (server.mjs: the anonymous page cache)
// and session.server.ts agree on it.
export const SESSION_COOKIE = '__jara_session';
