import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import pino, { type Logger as Pino } from 'pino';
import { redactGuestTokens } from '@jara/contracts';

/** A request id from the caller (the storefront, a proxy) is kept when it looks like one; otherwise a new one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export type RequestWithId = Request & { id?: string };

/**
 * Gives every request an id (X-Request-Id in, the same or a new one out), so a storefront page, the API calls it made
 * and their log lines can be followed together.
 */
export function requestId(req: RequestWithId, res: Response, next: NextFunction): void {
  // The header as node:http gives it (Express's req.header() reads the same), so the middleware also runs on the
  // raw request of the Fastify adapter the bench compares (app.fastify.ts).
  const raw = req.headers['x-request-id'];
  const given = typeof raw === 'string' ? raw : undefined;
  const id = given && REQUEST_ID.test(given) ? given : randomUUID();
  req.id = id;
  res.setHeader('X-Request-Id', id);
  next();
}

let shared: Pino | null = null;

/**
 * The API's structured logger: JSON lines (pino) on stdout. The destination is asynchronous (sonic-boom writes
 * while the event loop serves the next requests instead of a blocking write per line); pino flushes it
 * synchronously when the process exits, so the last lines before a shutdown or a crash are kept.
 */
export function jsonLogger(level = 'info'): Pino {
  shared ??= pino(
    { level, base: { service: 'jara-api' }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: false }),
  );
  return shared;
}

/**
 * One JSON line per request: id, method, path, status, duration. Query strings are left out (they may carry codes or
 * e-mails), and so are bodies and headers; a guest's link token in the path is replaced by ':token'.
 */
export function requestLogger(logger: Pino) {
  return (req: RequestWithId, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          req_id: req.id,
          method: req.method,
          // A guest's link token is never logged (decision 032).
          path: redactGuestTokens((req.originalUrl ?? req.url).split('?')[0]),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    });
    next();
  };
}

/** Nest's own log lines (startup, warnings, errors) through the same JSON logger, with their context. */
export class PinoNestLogger {
  constructor(
    private readonly logger: Pino,
    private readonly levels: ReadonlyArray<'log' | 'warn' | 'error'>,
  ) {}

  log(message: unknown, context?: string): void {
    if (this.levels.includes('log')) this.logger.info({ context }, String(message));
  }

  warn(message: unknown, context?: string): void {
    if (this.levels.includes('warn')) this.logger.warn({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }

  debug(): void {
    return undefined;
  }

  verbose(): void {
    return undefined;
  }
}
