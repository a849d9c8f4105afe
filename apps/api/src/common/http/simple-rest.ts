import type { NextFunction, Request, Response } from 'express';

/**
 * Refine's stock simple-rest provider reads every answer as the record itself (a list is an array, its total in
 * X-Total-Count), where our clients read the envelope ({data, meta} and {data}). The same routes answer both:
 * under /api/v1/simple-rest/... the API serves the plain shape (decision 033). The prefix, not a header, picks the
 * shape, so a proxy or CDN never serves one shape for the other.
 */
export const SIMPLE_REST_SEGMENT = 'simple-rest';

const PLAIN = Symbol('jara:simpleRest');

/** Strips /{prefix}/simple-rest from the path (routing, guards and audit then see the one route) and marks the request. */
export function simpleRestPrefix(globalPrefix: string) {
  const mount = `/${globalPrefix}/${SIMPLE_REST_SEGMENT}`;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.url === mount || req.url.startsWith(`${mount}/`) || req.url.startsWith(`${mount}?`)) {
      req.url = `/${globalPrefix}${req.url.slice(mount.length)}`;
      (req as Request & { [PLAIN]?: true })[PLAIN] = true;
    }
    next();
  };
}

/** Whether the request came through the simple-rest prefix (answer plain records). */
export function wantsPlainRecords(req: Request): boolean {
  return (req as Request & { [PLAIN]?: true })[PLAIN] === true;
}

/** One record's answer as simple-rest reads it: `{data: {...}}` (with or without a message) becomes the record. */
export function plainRecord(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('data' in body)) return body;
  const data = (body as { data: unknown }).data;
  return data !== null && typeof data === 'object' ? data : body;
}
