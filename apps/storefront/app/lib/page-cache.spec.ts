// @ts-expect-error compression ships no types; server.mjs uses it from plain JavaScript.
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { pageCache, pageCacheSeconds } from './page-cache.js';
import { newNonce } from './security-headers.js';
import { SESSION_COOKIE } from './session-cookie.js';

/**
 * The anonymous page cache in front of a stand-in for Remix's handler, wired as server.mjs wires it: a nonce per
 * request in res.locals and the policy header, compression before the cache, the page streamed in several writes.
 */
function site(options: { seconds?: number; now?: () => number; maxEntries?: number; maxTotalBytes?: number } = {}) {
  let renders = 0;
  const app = express();
  app.use((_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`);
    res.setHeader('X-Request-Id', `req-${Math.random()}`);
    next();
  });
  app.use(compression({ threshold: 0 }));
  const cache = pageCache({ seconds: options.seconds ?? 5, sessionCookie: SESSION_COOKIE, ...options });
  app.use(cache);
  app.all('*', (req: Request, res: Response) => {
    renders += 1;
    const nonce = res.locals.cspNonce as string;
    const render = `render ${renders}`;
    if (req.path === '/sets-cookie') res.setHeader('Set-Cookie', `${SESSION_COOKIE}=abc; HttpOnly`);
    if (req.path === '/private') res.setHeader('Cache-Control', 'private, no-store');
    if (req.path === '/missing') res.status(404);
    if (req.path === '/data') {
      res.type('text/x-script').send(render);
      return;
    }
    res.type('text/html');
    res.setHeader('Link', '</assets/root.css>; rel=preload; as=style');
    // Streamed in pieces, as Remix writes a rendered page (string, Buffer and Uint8Array chunks).
    res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head>`);
    res.write(Buffer.from(`<body><p>${render} of ${req.originalUrl}</p>`));
    res.end(
      new TextEncoder().encode(
        `<script nonce="${nonce}">window.b=2</script>${'x'.repeat(req.path === '/big' ? 4096 : 10)}</body></html>`,
      ),
    );
  });
  return { app, cache, renders: () => renders };
}

const nonceOfPolicy = (res: request.Response) => /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])?.[1];

describe('the anonymous page cache (server.mjs, app/lib/page-cache.js)', () => {
  it('renders a page once for visitors without a session, and gives every answer its own nonce', async () => {
    const { app, renders } = site();
    const first = await request(app).get('/product/7?x=1');
    const second = await request(app).get('/product/7?x=1').set('Accept-Encoding', 'gzip');
    const third = await request(app).get('/product/7?x=1');
    expect(renders()).toBe(1);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect([second.headers['x-page-cache'], third.headers['x-page-cache']]).toEqual(['hit', 'hit']);
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect(res.text).toContain('<p>render 1 of /product/7?x=1</p>');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.link).toBe('</assets/root.css>; rel=preload; as=style');
      // Both inline scripts carry this answer's nonce, the one its own policy names; none carries another's.
      const nonce = nonceOfPolicy(res);
      expect(nonce).toBeTruthy();
      expect(res.text.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      expect(res.text).not.toContain('\u0000');
    }
    expect(new Set([first, second, third].map(nonceOfPolicy)).size).toBe(3);
    expect(new Set([first, second, third].map((r) => r.headers['x-request-id'])).size).toBe(3);
    // Compressed for the client that asked, from the uncompressed copy.
    expect(second.headers['content-encoding']).toBe('gzip');
    // Another URL (another query string) is another page.
    await request(app).get('/product/7?x=2');
    expect(renders()).toBe(2);
  });

  it('never shares a signed-in page, a page that sets a cookie, a private page, an error or a non-HTML answer', async () => {
    const { app, renders } = site();
    const twice = async (path: string, cookie?: string) => {
      for (let i = 0; i < 2; i++) {
        const req = request(app).get(path);
        if (cookie) req.set('Cookie', cookie);
        await req;
      }
    };
    await twice('/account', `theme=dark; ${SESSION_COOKIE}=signed-in-visitor`);
    expect(renders()).toBe(2);
    const withBearer = async () => request(app).get('/account').set('Authorization', 'Bearer x');
    await withBearer();
    await withBearer();
    expect(renders()).toBe(4);
    await twice('/sets-cookie');
    await twice('/private');
    await twice('/missing');
    await twice('/data');
    expect(renders()).toBe(12);
    // Other cookies (an analytics id) do not make a visitor signed in.
    await twice('/about', 'theme=dark');
    expect(renders()).toBe(13);
    // The signed-in visitor's page was not kept for the anonymous one either.
    const anonymous = await request(app).get('/account');
    expect(anonymous.headers['x-page-cache']).toBe('miss');
  });

  it('keeps a page PAGE_CACHE_SECONDS, and nothing at 0', async () => {
    let clock = 1_000_000;
    const { app, renders } = site({ seconds: 5, now: () => clock });
    await request(app).get('/');
    clock += 4_999;
    await request(app).get('/');
    expect(renders()).toBe(1);
    clock += 1;
    const fresh = await request(app).get('/');
    expect(fresh.text).toContain('render 2');
    expect(renders()).toBe(2);

    const off = site({ seconds: 0 });
    await request(off.app).get('/');
    await request(off.app).get('/');
    expect(off.renders()).toBe(2);
    expect(off.cache.size()).toBe(0);

    expect(pageCacheSeconds({})).toBe(5);
    expect(pageCacheSeconds({ PAGE_CACHE_SECONDS: '0' })).toBe(0);
    expect(pageCacheSeconds({ PAGE_CACHE_SECONDS: '60' })).toBe(60);
    for (const bad of ['1e21', '-1', '2.5', 'ten', '301'])
      expect(pageCacheSeconds({ PAGE_CACHE_SECONDS: bad })).toBe(5);
  });

  it('stays bounded when a visitor cycles query strings', async () => {
    const { app, cache } = site({ maxEntries: 10, maxTotalBytes: 20_000 });
    for (let i = 0; i < 40; i++) await request(app).get(`/all_products?q=${i}`);
    expect(cache.size()).toBeLessThanOrEqual(10);
    for (let i = 0; i < 10; i++) await request(app).get(`/big?n=${i}`);
    expect(cache.bytes()).toBeLessThanOrEqual(20_000);
    expect(cache.size()).toBeGreaterThan(0);
    // The newest pages are the ones kept.
    const newest = await request(app).get('/big?n=9');
    expect(newest.headers['x-page-cache']).toBe('hit');
  });

  it('answers HEAD from a kept page and never stores one', async () => {
    const { app, renders, cache } = site();
    await request(app).head('/faq');
    expect(cache.size()).toBe(0);
    await request(app).get('/faq');
    const head = await request(app).head('/faq');
    expect(head.status).toBe(200);
    expect(head.headers['x-page-cache']).toBe('hit');
    expect(renders()).toBe(2);
  });
});
