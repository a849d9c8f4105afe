import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from './api.server';
import { REQUEST_CONTEXT_KEY, type RequestContext } from './request-context.server';

describe('api() forwards the browser address', () => {
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
});
