// A micro-cache of rendered pages for anonymous visitors, in plain JavaScript for the production server
// (server.mjs). Every visitor without the session cookie gets the same page for a given URL, so the first one's
// render is kept for a few seconds (PAGE_CACHE_SECONDS, default 5; 0 turns it off) and the next ones get its HTML
// without running loaders, API calls or React. This is what absorbs a crowd on the home page or on one product
// (a flash deal shared on WhatsApp) on a 2-core server. See docs/decisions/020-anonymous-page-cache.md.
//
// What is kept, and what is not:
// - only GET/HEAD from a visitor with no session cookie and no Authorization header (signed-in pages, carts and
//   flash messages live in the session: never shared);
// - only a 200 HTML answer with no Set-Cookie and no private/no-store Cache-Control;
// - the page's CSP nonce is per request: a kept page stores it as a placeholder and each hit gets a fresh nonce
//   (the one server.mjs already put in this answer's Content-Security-Policy). A page whose body does not carry
//   its nonce is not kept (it would run nothing under the policy anyway).
// - per-request headers (Content-Security-Policy, X-Request-Id, the security defaults) are the hit's own; the kept
//   ones are the page's (Content-Type, Link, Vary...).

const PLACEHOLDER = '\u0000jara-nonce\u0000';
const OWN_HEADERS = new Set([
  'content-security-policy',
  'x-request-id',
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
  'etag',
  'x-page-cache',
]);

/**
 * Seconds a page is kept (PAGE_CACHE_SECONDS, default 5; 0 off; at most 300).
 * @param {Record<string, string | undefined>} env
 */
export function pageCacheSeconds(env = process.env) {
  const raw = env.PAGE_CACHE_SECONDS?.trim();
  if (!raw) return 5;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= 300 ? value : 5;
}

/**
 * @param {string | undefined} header the request's Cookie header
 * @param {string} name the session cookie's name
 */
function hasCookie(header, name) {
  if (!header) return false;
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * The Express middleware. `nonceOf(res)` is the nonce this answer's policy names (res.locals.cspNonce). Bounded:
 * at most `maxEntries` pages (500), none over `maxBytes` (2 MiB), `maxTotalBytes` (32 MiB) in all; the oldest go
 * first, so a visitor cycling query strings cannot grow it.
 * @param {{ seconds: number, sessionCookie: string, maxEntries?: number, maxBytes?: number, maxTotalBytes?: number,
 *   now?: () => number, nonceOf?: (res: any) => string | undefined }} options
 */
export function pageCache(options) {
  const ttl = options.seconds * 1000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 32 * 1024 * 1024;
  let totalBytes = 0;
  const now = options.now ?? Date.now;
  const nonceOf = options.nonceOf ?? ((res) => res.locals?.cspNonce);
  /** @type {Map<string, { storedAt: number, headers: [string, string | string[]][], body: string, bytes: number }>} */
  const entries = new Map();
  const drop = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  };

  const middleware = (req, res, next) => {
    if (ttl <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (req.get('authorization') || hasCookie(req.get('cookie'), options.sessionCookie)) return next();
    const key = req.originalUrl;
    const entry = entries.get(key);
    if (entry && now() - entry.storedAt < ttl) {
      const nonce = nonceOf(res);
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      res.setHeader('X-Page-Cache', 'hit');
      res.status(200);
      res.send(nonce ? entry.body.replaceAll(PLACEHOLDER, nonce) : entry.body);
      return;
    }
    if (entry) drop(key);
    if (req.method !== 'GET') return next();

    res.setHeader('X-Page-Cache', 'miss');
    /** @type {Buffer[] | null} */
    let chunks = [];
    let size = 0;
    const collect = (chunk, encoding) => {
      if (!chunks || chunk == null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      size += buffer.length;
      if (size > maxBytes) chunks = null;
      else chunks.push(Buffer.from(buffer));
    };
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, encoding, callback) {
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      collect(chunk, encoding);
      if (chunks) keep(key, res, Buffer.concat(chunks).toString('utf8'));
      chunks = null;
      return end.call(this, chunk, encoding, callback);
    };
    next();
  };

  function keep(key, res, html) {
    if (res.statusCode !== 200) return;
    if (!/^text\/html\b/i.test(String(res.getHeader('content-type') ?? ''))) return;
    if (res.getHeader('set-cookie') !== undefined) return;
    if (/\b(private|no-store|no-cache)\b/i.test(String(res.getHeader('cache-control') ?? ''))) return;
    const nonce = nonceOf(res);
    if (!nonce || !html.includes(nonce)) return;
    const headers = Object.entries(res.getHeaders())
      .filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()))
      .map(([name, value]) => [name, Array.isArray(value) ? value.map(String) : String(value)]);
    const body = html.replaceAll(nonce, PLACEHOLDER);
    const bytes = Buffer.byteLength(body);
    drop(key);
    entries.set(key, { storedAt: now(), headers, body, bytes });
    totalBytes += bytes;
    while (entries.size > maxEntries || totalBytes > maxTotalBytes) drop(entries.keys().next().value);
  }

  middleware.size = () => entries.size;
  middleware.bytes = () => totalBytes;
  middleware.clear = () => {
    entries.clear();
    totalBytes = 0;
  };
  return middleware;
}
