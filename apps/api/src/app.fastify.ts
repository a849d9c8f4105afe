import type { INestApplication, LogLevel, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { requestId, requestLogger, jsonLogger } from './common/http/request-logger.middleware';
import { createValidationPipe } from './common/http/validation';
import type { AppConfig } from './config/config';

/**
 * MEASUREMENT ONLY (issue 25, decision 039): the same AppModule on NestJS's Fastify adapter, started when
 * APP_ADAPTER=fastify so `npm run bench` (list cases, --checkout) can compare it with Express side by side. It is not
 * a supported way to run Jara: the simple-rest prefix (a URL rewrite before routing), weak ETags and 304s, Swagger,
 * multipart uploads (multer) and the express `trust proxy` semantics are not carried over; decision 039 lists what
 * adopting Fastify would take and why it was not adopted.
 */
export async function createFastifyApp(
  config: AppConfig,
  logger: LoggerService | LogLevel[] | false,
  globalPrefix: string,
): Promise<INestApplication> {
  // Loaded only when asked for: production never requires the Fastify adapter.
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  const adapter = new FastifyAdapter({ trustProxy: config.trustProxy as never, bodyLimit: 10 * 1024 * 1024 });
  const fastify = adapter.getInstance();
  // The interceptors and the exception filter speak Express's response (setHeader, status().json()).
  fastify.decorateReply(
    'setHeader',
    function (this: { header(k: string, v: unknown): unknown }, k: string, v: unknown) {
      this.header(k, v);
      return this;
    },
  );
  fastify.decorateReply('json', function (this: { send(body: unknown): unknown }, body: unknown) {
    return this.send(body);
  });
  const app = await NestFactory.create(AppModule.forRoot(config), adapter, { logger, rawBody: true });
  type Next = (error?: unknown) => void;
  const use = (fn: (req: IncomingMessage, res: ServerResponse, next: Next) => void) =>
    app.use(fn as unknown as (...args: unknown[]) => void);
  use(requestId as unknown as (req: IncomingMessage, res: ServerResponse, next: Next) => void);
  if (config.requestLog)
    use(requestLogger(jsonLogger()) as unknown as (req: IncomingMessage, res: ServerResponse, next: Next) => void);
  const headers = helmet({
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
      },
    },
  });
  use(headers as unknown as (req: IncomingMessage, res: ServerResponse, next: Next) => void);
  const anyOrigin = config.corsOrigins.includes('*');
  app.enableCors({
    origin: (origin: string | undefined, done: (error: Error | null, allow?: boolean | string) => void) =>
      done(null, anyOrigin || (!!origin && config.corsOrigins.includes(origin)) ? (origin ?? false) : false),
    credentials: true,
    exposedHeaders: ['X-Total-Count', 'X-Request-Id'],
  });
  app.setGlobalPrefix(globalPrefix);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  return app;
}
