import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, publicApi } from './api.server';
import { REQUEST_CONTEXT_KEY, type RequestContext } from './request-context.server';
import { REQUEST_ID_PATTERN, requestIdFrom } from './request-id.js';

describe('api() forwards the browser address and the request id', () => {
  let server: Server;
  let seen: IncomingHttpHeaders[] = [];
  const context = new AsyncLocalStorage<RequestContext>();
  const saved = process.env.JARA_API_URL;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      res.setHeader('Content-Type', 'application/json');
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.JARA_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    process.env.JARA_API_URL = saved;
    delete (globalThis as Record<symbol, unknown>)[REQUEST_CONTEXT_KEY];
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
  });

  it('sends X-Forwarded-For with the address server.mjs stored for this request, and none when it is unknown', async () => {
    (globalThis as Record<symbol, unknown>)[REQUEST_CONTEXT_KEY] = context;
    const [first, second] = await Promise.all([
      context.run({ clientAddress: '203.0.113.9' }, () => api('/auth/login', { json: { email: 'a@example.com' } })),
      context.run({ clientAddress: '2001:db8::7' }, () => api('/products')),
      context.run({ clientAddress: '::ffff:198.51.100.4' }, () => api('/products')),
    ]);
    expect(first.ok && second.ok).toBe(true);
    expect(seen.map((h) => h['x-forwarded-for']).sort()).toEqual(['198.51.100.4', '2001:db8::7', '203.0.113.9']);

    // No header when the address is unknown (outside a request, under vite dev) or not an address.
    seen = [];
    await api('/products');
    await context.run({ clientAddress: 'evil\r\nX-Admin: 1' }, () => api('/products'));
    delete (globalThis as Record<symbol, unknown>)[REQUEST_CONTEXT_KEY];
    await api('/products');
    expect(seen).toHaveLength(3);
    for (const headers of seen) expect(headers['x-forwarded-for']).toBeUndefined();
  });

  it('sends X-Request-Id with the id server.mjs gave this request, each concurrent request its own', async () => {
    (globalThis as Record<symbol, unknown>)[REQUEST_CONTEXT_KEY] = context;
    const ids = ['0f8c2a4e-7d1b-4c3a-9e5f-1a2b3c4d5e6f', 'proxy-id:42.abc_DEF', requestIdFrom(undefined)];
    // Each storefront request makes a couple of API calls, interleaved with the others' (as a page's loaders do).
    await Promise.all(
      ids.map((requestId) =>
        context.run({ requestId }, async () => {
          await api('/products');
          await new Promise((resolve) => setTimeout(resolve, 5));
          await api('/user', { token: 'token', headers: { 'X-Request-Id': 'caller-cannot-replace-it' } });
        }),
      ),
    );
    expect(seen).toHaveLength(6);
    const sent = seen.map((h) => h['x-request-id']);
    expect([...sent].sort()).toEqual([...ids, ...ids].sort());
    for (const id of sent) expect(id).toMatch(REQUEST_ID_PATTERN);
  });

  it('sends no X-Request-Id outside a request (the API makes its own) or when the stored one is not an id', async () => {
    (globalThis as Record<symbol, unknown>)[REQUEST_CONTEXT_KEY] = context;
    await api('/products');
    await context.run({ clientAddress: '203.0.113.9' }, () => api('/products'));
    await context.run({ requestId: 'short' }, () => api('/products'));
    await context.run({ requestId: 'evil\r\nX-Admin: 1 padded' }, () => api('/products'));
    delete (globalThis as Record<symbol, unknown>)[REQUEST_CONTEXT_KEY];
    await api('/products');
    expect(seen).toHaveLength(5);
    for (const headers of seen) expect(headers['x-request-id']).toBeUndefined();
  });
});

describe('requestIdFrom (server.mjs)', () => {
  it("keeps a proxy's id that matches the API's pattern and makes a UUID for anything else", () => {
    for (const kept of ['abcdefgh', 'req-0f8c2a4e.7d1b:4c3a_9e5f', 'A'.repeat(100)])
      expect(requestIdFrom(kept)).toBe(kept);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const refused of [
      undefined,
      null,
      '',
      'short',
      'A'.repeat(101),
      'has space in it',
      'a/b/c/d/e/f',
      'x'.repeat(8) + '\n',
    ])
      expect(requestIdFrom(refused)).toMatch(uuid);
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe('publicApi(): anonymous public reads through the public read cache', () => {
  let server: Server;
  const hits: string[] = [];
  const saved = process.env.JARA_API_URL;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.setHeader('Content-Type', 'application/json');
      if (req.url?.includes('missing')) {
        res.statusCode = 404;
        res.end('{"message":"Product not found"}');
        return;
      }
      res.end(JSON.stringify({ data: { id: 1, url: req.url, authorized: Boolean(req.headers.authorization) } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.JARA_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    process.env.JARA_API_URL = saved;
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks the API once for many visitors, without a token, and gives each the same answer', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => publicApi<{ data: { url: string } }>('/products/41')));
    answers.push(await publicApi('/products/41'));
    expect(hits.filter((url) => url.endsWith('/products/41'))).toHaveLength(1);
    for (const answer of answers) {
      expect(answer).toMatchObject({
        ok: true,
        status: 200,
        data: { data: { url: '/api/v1/products/41', authorized: false } },
      });
    }
  });

  it('with a token (signed in) asks the API directly every time, with that token, and keeps nothing', async () => {
    const first = await publicApi<{ data: { authorized: boolean } }>('/products/42', { token: 'signed-in' });
    const second = await publicApi<{ data: { authorized: boolean } }>('/products/42', { token: 'signed-in' });
    expect([first.data?.data.authorized, second.data?.data.authorized]).toEqual([true, true]);
    expect(hits.filter((url) => url.endsWith('/products/42'))).toHaveLength(2);
    // Nor did the signed-in answer land in the cache an anonymous visitor reads.
    const anonymous = await publicApi<{ data: { authorized: boolean } }>('/products/42');
    expect(anonymous.data?.data.authorized).toBe(false);
    expect(hits.filter((url) => url.endsWith('/products/42'))).toHaveLength(3);
  });

  it('passes a failure through with its status and never keeps it', async () => {
    const first = await publicApi('/products/missing-1');
    const second = await publicApi('/products/missing-1');
    expect(first).toMatchObject({ ok: false, status: 404, error: { message: 'Product not found' } });
    expect(second.status).toBe(404);
    expect(hits.filter((url) => url.endsWith('/products/missing-1'))).toHaveLength(2);
  });
});
