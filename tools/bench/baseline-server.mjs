// The bare baseline: a plain node:http server with the API's own driver (better-sqlite3 or mysql2) that
// answers each case at /case/<id> with the same JSON as the API, using the case's hand-written query. A case's
// handler gets (request, { user }) for a signed-in case (own lists read the user's id from the token, as the API).
// Started by run.mjs (pinned like the API); settings come from the environment:
//   BENCH_TARGET (JSON from db.mjs benchTarget), BENCH_CTX_FILE, BENCH_PORT, BENCH_PUBLIC_URL,
//   BENCH_JWT_SECRET, BENCH_CASES (comma-separated ids), BENCH_MODE ('floor' for the floor of issue 25: the same
//   builders in their floor mode, see baseline-kit.mjs; anything else: "Base, same SQL").
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { runner } from './baseline-kit.mjs';
import { CASES } from './cases.mjs';
import { openDb } from './db.mjs';

const target = JSON.parse(process.env.BENCH_TARGET);
const ctx = JSON.parse(readFileSync(process.env.BENCH_CTX_FILE, 'utf8'));
const port = Number(process.env.BENCH_PORT);
const publicUrl = process.env.BENCH_PUBLIC_URL;
const secret = process.env.BENCH_JWT_SECRET;
const wanted = new Set((process.env.BENCH_CASES || '').split(',').filter(Boolean));
const floor = process.env.BENCH_MODE === 'floor';
const name = floor ? 'floor' : 'baseline';

const db = await openDb(target);
const env = { publicUrl, floor };
const q = runner(db, env);
const routes = new Map();
for (const c of CASES) {
  if (wanted.size && !wanted.has(c.id)) continue;
  routes.set(`/case/${c.id}`, { auth: c.auth, handle: await c.baseline(db, ctx, env) });
}

/** HS256 bearer token check (as passport-jwt does: signature, algorithm, expiry). */
function verifyToken(header) {
  const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  const [h, p, s] = token?.split('.') ?? [];
  if (!s) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url'));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    if (JSON.parse(Buffer.from(h, 'base64url').toString()).alg !== 'HS256') return null;
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now()) return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * Like the API's JWT strategy + roles guard: the user is loaded fresh, must be active, verified, same token
 * version. Answers { refused: 401 | 403 } or { user } (own lists read the user's id from it).
 */
async function authorize(req, role) {
  const payload = verifyToken(req.headers.authorization);
  if (!payload) return { refused: 401 };
  const user = await q.get('SELECT * FROM users WHERE id = ?', [Number(payload.sub)]);
  if (!user || user.status !== '1' || !user.email_verified_at) return { refused: 401 };
  if ('token_version' in user && payload.ver !== user.token_version) return { refused: 401 };
  if (role === 'admin' && user.role !== 'admin') return { refused: 403 };
  return { user };
}

function send(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

const server = http.createServer(async (req, res) => {
  const path = req.url.split('?')[0];
  if (path === '/health') return send(res, 200, { status: 'ok' });
  const route = routes.get(path);
  if (!route) return send(res, 404, { message: 'Not found' });
  try {
    let auth = null;
    if (route.auth) {
      auth = await authorize(req, route.auth);
      if (auth.refused)
        return send(res, auth.refused, { message: auth.refused === 401 ? 'Unauthenticated.' : 'Forbidden.' });
    }
    const answer = await route.handle(req, auth);
    send(res, answer.status, answer.body, answer.headers);
  } catch (error) {
    console.error(error);
    send(res, 500, { message: 'Internal server error' });
  }
});
server.listen(port, '127.0.0.1', () => console.log(`${name} listening on ${port}`));

const stop = () => {
  server.close(() => db.close().finally(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
