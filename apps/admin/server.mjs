// Serves the built back office (apps/admin/dist) with plain Node http: SPA fallback to index.html, long-lived
// caching for hashed /assets/*, no-cache for index.html, and the runtime config injected into index.html so the
// API URL is chosen when the server starts, not when the bundle is built.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), 'dist');
const PORT = Number(process.env.PORT || 4200);
const HOST = process.env.HOST || undefined;
const API_URL = process.env.JARA_PUBLIC_API_URL || process.env.JARA_API_URL || 'http://localhost:3333/api/v1';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

/** Gzipped bodies, compressed once per file: built assets do not change while the server runs. */
const gzipCache = new Map();
function gzipped(file) {
  let body = gzipCache.get(file);
  if (!body) {
    body = gzipSync(readFileSync(file));
    gzipCache.set(file, body);
  }
  return body;
}

const indexFile = join(DIST, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`[admin] ${indexFile} is missing: run \`vite build\` in apps/admin first.`);
  process.exit(1);
}

// JSON inside a <script>: escape '<' so a value can never close the tag. The policy below allows this one inline
// script by its hash (it is fixed when the server starts); every other script must come from this origin's files.
const configCode = `window.__JARA_CONFIG__=${JSON.stringify({ apiUrl: API_URL }).replace(/</g, '\\u003c')}`;
const configScript = `<script>${configCode}</script>`;
const configHash = createHash('sha256').update(configCode).digest('base64');
const rawIndex = readFileSync(indexFile, 'utf8');
const indexHtml = rawIndex.includes('<!--jara-config-->')
  ? rawIndex.replace('<!--jara-config-->', configScript)
  : rawIndex.replace('</head>', `${configScript}</head>`);

/** The API's origin, when JARA_PUBLIC_API_URL is absolute (a relative URL is this origin: 'self'). */
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
const apiOrigin = originOf(API_URL);

/**
 * Content-Security-Policy of the back office. It keeps the API token in localStorage (the spec's keys), so what
 * matters most is that no foreign or injected script can run: scripts only from this origin (and the runtime config
 * above, by hash), no 'unsafe-inline', no eval; requests only to this origin and the API; never framed. Styles allow
 * 'unsafe-inline' because Ant Design writes its CSS-in-JS into <style> tags at run time (see decision 018).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${configHash}'`,
  "style-src 'self' 'unsafe-inline'",
  ['img-src', "'self'", 'data:', 'blob:', 'https:', apiOrigin].filter(Boolean).join(' '),
  "font-src 'self' data:",
  ['connect-src', "'self'", apiOrigin].filter(Boolean).join(' '),
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  // Browsers ignore HSTS over plain http; behind an https proxy in production it keeps the site on https.
  ...(process.env.NODE_ENV === 'production' && /^https:/i.test(process.env.ADMIN_URL ?? '')
    ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
    : {}),
};

function sendIndex(req, res) {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES['.html'],
    'Cache-Control': 'no-cache',
    'Content-Length': Buffer.byteLength(indexHtml),
  });
  res.end(req.method === 'HEAD' ? undefined : indexHtml);
}

/** Resolves a URL path inside DIST, or null when it escapes DIST or is not a file. */
function fileFor(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = normalize(join(DIST, decoded));
  if (file !== DIST && !file.startsWith(DIST + sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

const server = createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed');
    return;
  }
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === '/' || pathname === '/index.html') return sendIndex(req, res);

  const file = fileFor(pathname);
  if (!file) {
    // A missing hashed asset is a real 404 (an old tab after a deploy); every other path is a client route.
    if (pathname.startsWith('/assets/') || extname(pathname)) {
      res.writeHead(404, {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
      res.end('Not Found');
      return;
    }
    return sendIndex(req, res);
  }
  if (file === indexFile) return sendIndex(req, res);

  const { size } = statSync(file);
  const ext = extname(file).toLowerCase();
  const gzip = COMPRESSIBLE.has(ext) && size > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    ...(gzip ? { 'Content-Encoding': 'gzip', 'Content-Length': gzipped(file).length } : { 'Content-Length': size }),
    Vary: 'Accept-Encoding',
    'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') return res.end();
  if (gzip) return res.end(gzipped(file));
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
});

server.listen(PORT, HOST, () => {
  console.log(`[admin] back office on http://localhost:${PORT} (API ${API_URL})`);
});

const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
