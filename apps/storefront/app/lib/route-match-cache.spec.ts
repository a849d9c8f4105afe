import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * route-match-cache.js patches Node's module cache, which Jest's own module registry does not use: each check runs
 * in a plain Node process that imports it first, as server.mjs does, and compares the memoised router's matchRoutes
 * with @remix-run/router's own code loaded unpatched beside it.
 */
const MODULE = join(__dirname, 'route-match-cache.js');

function inNode(body: string): { status: number | null; out: string; err: string } {
  const script = `
    import { readFileSync } from 'node:fs';
    import Module, { createRequire } from 'node:module';
    const { routeMatchCache } = await import(${JSON.stringify(MODULE)});
    const require = createRequire(${JSON.stringify(MODULE)});
    const file = require.resolve('@remix-run/router');
    const patched = require('@remix-run/router');
    const plain = new Module(file, null);
    plain.paths = Module._nodeModulePaths(file);
    plain._compile(readFileSync(file, 'utf8'), file);
    const unpatched = plain.exports;
    ${body}
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout.trim(), err: run.stderr };
}

// Shaped like the storefront's: pathless layouts, an index, static and dynamic segments, an optional segment, a
// splat, a case-sensitive path and a catch-all.
const ROUTES = `[
  { id: 'root', path: '', children: [
    { id: 'public', children: [
      { id: 'home', index: true },
      { id: 'all', path: 'all_products' },
      { id: 'product', path: 'product/:id' },
      { id: 'category', path: 'category/:slug/:page?' },
      { id: 'Exact', path: 'Exact', caseSensitive: true },
    ] },
    { id: 'account', children: [
      { id: 'orders', path: 'orders' },
      { id: 'invoice', path: 'invoices/:id' },
      { id: 'settings', path: 'settings/*' },
    ] },
    { id: 'guest', path: 'guest/pay/:token' },
    { id: 'splat', path: '*' },
  ] },
]`;
const URLS = [
  '/',
  '/all_products',
  '/all_products/',
  '/ALL_PRODUCTS',
  '/product/4998',
  '/product/a%20b',
  '/category/phones',
  '/category/phones/2',
  '/Exact',
  '/exact',
  '/orders',
  '/invoices/12',
  '/settings/security/two-factor',
  '/guest/pay/abc.def',
  '/nowhere/at/all',
];

describe('route match cache (memoised @remix-run/router matching)', () => {
  it('is installed for the router the storefront uses', () => {
    const run = inNode(`console.log(JSON.stringify({
      installed: routeMatchCache.installed,
      marked: Boolean(Object.getOwnPropertyDescriptor(patched, '__jaraRouteMatchCache')),
    }));`);
    expect(run.err).toBe('');
    expect(JSON.parse(run.out)).toEqual({ installed: true, marked: true });
  });

  it('matches every URL exactly as the unpatched router does, on the first and on later calls', () => {
    const run = inNode(`
      const routes = ${ROUTES};
      const urls = ${JSON.stringify(URLS)};
      const shape = (m) => m && m.map((x) => ({ id: x.route.id, params: x.params, pathname: x.pathname, base: x.pathnameBase }));
      const out = urls.map((url) => ({
        url,
        expected: shape(unpatched.matchRoutes(routes, url)),
        first: shape(patched.matchRoutes(routes, url)),
        again: shape(patched.matchRoutes(routes, url)),
        fresh: shape(patched.matchRoutes(${ROUTES}, url)),
      }));
      console.log(JSON.stringify(out));
    `);
    expect(run.err).toBe('');
    const results = JSON.parse(run.out) as {
      url: string;
      expected: unknown;
      first: unknown;
      again: unknown;
      fresh: unknown;
    }[];
    expect(results).toHaveLength(URLS.length);
    for (const r of results) {
      expect({ url: r.url, match: r.first }).toEqual({ url: r.url, match: r.expected });
      expect({ url: r.url, match: r.again }).toEqual({ url: r.url, match: r.expected });
      expect({ url: r.url, match: r.fresh }).toEqual({ url: r.url, match: r.expected });
    }
    // Real answers, not two nulls agreeing.
    const ids = (url: string) => (results.find((r) => r.url === url)?.expected as { id: string }[]).map((m) => m.id);
    expect(ids('/product/4998')).toEqual(['root', 'public', 'product']);
    expect(ids('/exact')).toEqual(['root', 'splat']);
    expect(ids('/settings/security/two-factor')).toEqual(['root', 'account', 'settings']);
  });

  it('compiles each path once and gives each call its own match objects', () => {
    const run = inNode(`
      const cache = Object.getOwnPropertyDescriptor(patched, '__jaraRouteMatchCache').value;
      const routes = ${ROUTES};
      const a = patched.matchRoutes(routes, '/product/1');
      const size = cache.compiledPaths.size;
      const b = patched.matchRoutes(routes, '/product/2');
      console.log(JSON.stringify({
        grew: cache.compiledPaths.size - size,
        distinct: a[2] !== b[2] && a[2].params !== b[2].params,
        params: [a[2].params.id, b[2].params.id],
      }));
    `);
    expect(run.err).toBe('');
    expect(JSON.parse(run.out)).toEqual({ grew: 0, distinct: true, params: ['1', '2'] });
  });

  it('flattens a routes array again when a route is added under it (lazy route discovery)', () => {
    const run = inNode(`
      const routes = ${ROUTES};
      const before = patched.matchRoutes(routes, '/wallet');
      routes[0].children[1].children.push({ id: 'wallet', path: 'wallet' });
      const after = patched.matchRoutes(routes, '/wallet');
      console.log(JSON.stringify({ before: before.map((m) => m.route.id), after: after.map((m) => m.route.id) }));
    `);
    expect(run.err).toBe('');
    expect(JSON.parse(run.out)).toEqual({ before: ['root', 'splat'], after: ['root', 'account', 'wallet'] });
  });
});
