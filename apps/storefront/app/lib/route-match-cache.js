// Route matching without recompiling every route on every request (decision 042). Imported for its effect by the
// production server (server.mjs) before anything loads Remix, and by the storefront benchmark's bare baseline.
//
// Remix v2 matches a document request's URL against all the storefront's routes four times (its server runtime, the
// static handler's query, the render's static router and <Scripts>' partial manifest), and @remix-run/router's
// matchRoutes flattens and ranks the whole route tree and compiles a regular expression for each candidate path on
// every call: about a fifth of a rendered page's CPU time (docs/benchmarks.md). The results depend only on the route
// definitions, which are fixed in a server process, so this loads @remix-run/router's CommonJS build once with two of
// its internal functions memoised:
// - compilePath(path, caseSensitive, end): the same [RegExp, params] for the same arguments (the RegExp has no g or y
//   flag, so it keeps no state between matches); at most 1,000 entries.
// - flattenRoutes(routes) at the top level: the ranked branches of one routes array are kept (WeakMap, dropped with
//   the array) while the tree's route count is unchanged (a route added under it, as lazy discovery does in the
//   browser, flattens it again), and rankRouteBranches skips a kept, already ranked list.
// Every match result is still built fresh by matchRoutes itself, so no caller shares one. If the installed router does
// not have the functions by those names (another version), nothing is changed and the reason is returned.
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

const ANCHORS = ['function compilePath(', 'function flattenRoutes(', 'function rankRouteBranches('];

// Appended to the router's own module source, so it rebinds the module's own function declarations (the ones
// matchRoutes and matchPath call).
const MEMOISE = `
;(function jaraRouteMatchCache() {
  var compiledPaths = new Map();
  var compileUncached = compilePath;
  compilePath = function (path, caseSensitive, end) {
    var key = (caseSensitive ? 'c' : 'i') + (end === undefined || end ? 'e' : 'p') + path;
    var compiled = compiledPaths.get(key);
    if (compiled === undefined) {
      compiled = compileUncached(path, caseSensitive, end);
      if (compiledPaths.size < 1000) compiledPaths.set(key, compiled);
    }
    return compiled;
  };
  var flattenUncached = flattenRoutes;
  var rankUncached = rankRouteBranches;
  var byRoutes = new WeakMap();
  var byBranches = new WeakMap();
  var countRoutes = function (routes) {
    var n = routes.length;
    for (var i = 0; i < routes.length; i++) {
      var children = routes[i] && routes[i].children;
      if (children && children.length) n += countRoutes(children);
    }
    return n;
  };
  flattenRoutes = function (routes, branches, parentsMeta, parentPath) {
    if (arguments.length > 1 || !Array.isArray(routes)) return flattenUncached(routes, branches, parentsMeta, parentPath);
    var count = countRoutes(routes);
    var kept = byRoutes.get(routes);
    if (kept !== undefined && kept.count === count) return kept.branches;
    kept = { count: count, branches: flattenUncached(routes), ranked: false };
    byRoutes.set(routes, kept);
    byBranches.set(kept.branches, kept);
    return kept.branches;
  };
  rankRouteBranches = function (list) {
    var kept = byBranches.get(list);
    if (kept !== undefined && kept.ranked) return;
    rankUncached(list);
    if (kept !== undefined) kept.ranked = true;
  };
  Object.defineProperty(module.exports, '__jaraRouteMatchCache', {
    value: { compiledPaths: compiledPaths },
    enumerable: false,
  });
})();
`;

/**
 * Loads @remix-run/router with the memoised functions into Node's module cache, so every later require of it (the
 * Remix server runtime, React Router, Remix's React components) gets that instance.
 * @returns {{ installed: boolean, reason?: string, file?: string }}
 */
export function installRouteMatchCache() {
  let file;
  try {
    file = require.resolve('@remix-run/router');
  } catch {
    return { installed: false, reason: '@remix-run/router is not installed' };
  }
  const cached = require.cache[file];
  if (cached) {
    const active = Boolean(Object.getOwnPropertyDescriptor(cached.exports, '__jaraRouteMatchCache'));
    return active ? { installed: true, file } : { installed: false, reason: 'the router was loaded before', file };
  }
  const source = readFileSync(file, 'utf8');
  const missing = ANCHORS.filter((anchor) => !source.includes(anchor));
  if (missing.length) return { installed: false, reason: `this router version has no ${missing.join(', ')}`, file };
  const mod = new Module(file, null);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(dirname(file));
  mod._compile(`${source}\n${MEMOISE}`, file);
  mod.loaded = true;
  require.cache[file] = mod;
  return { installed: true, file };
}

export const routeMatchCache = installRouteMatchCache();
if (!routeMatchCache.installed) {
  console.warn(`[storefront] route matching is not memoised: ${routeMatchCache.reason}`);
}
