import { INestApplication, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { jsonLogger, PinoNestLogger, requestId, requestLogger } from './common/http/request-logger.middleware';
import { documentSharedDtos } from './common/http/openapi-dtos';
import { simpleRestPrefix } from './common/http/simple-rest';
import { createValidationPipe } from './common/http/validation';
import type { AppConfig } from './config/config';

export const GLOBAL_PREFIX = 'api/v1';

const LOG_LEVELS: Record<AppConfig['logLevel'], LogLevel[]> = {
  log: ['log', 'warn', 'error'],
  warn: ['warn', 'error'],
  error: ['error'],
};

/** Builds the Nest application with everything main.ts and the tests share. */
export async function createApp(config: AppConfig, logger?: LogLevel[] | false): Promise<NestExpressApplication> {
  const levels = LOG_LEVELS[config.nodeEnv === 'test' ? 'error' : config.logLevel];
  const nestLogger =
    logger ??
    (config.logFormat === 'json'
      ? new PinoNestLogger(jsonLogger(), levels as Array<'log' | 'warn' | 'error'>)
      : levels);
  // APP_ADAPTER=fastify: the bench's side-by-side comparison only (app.fastify.ts, decision 039); never in production.
  if (process.env.APP_ADAPTER === 'fastify') {
    const { createFastifyApp } = await import('./app.fastify');
    return (await createFastifyApp(config, nestLogger, GLOBAL_PREFIX)) as unknown as NestExpressApplication;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: nestLogger,
    bodyParser: true,
    // req.rawBody: Paystack signs the exact bytes of its webhook (HMAC-SHA512), not the parsed JSON.
    rawBody: true,
  });
  configureApp(app, config);
  return app;
}

export function configureApp(app: NestExpressApplication, config: AppConfig): INestApplication {
  // req.ip comes from X-Forwarded-For only when the connection is from a proxy listed in TRUST_PROXY
  // (e.g. the storefront's server); otherwise it is the connection's address and the header is ignored.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(requestId);
  // /api/v1/simple-rest/... is every route again, answering plain records for Refine's stock provider (decision 033).
  app.use(simpleRestPrefix(GLOBAL_PREFIX));
  if (config.requestLog) app.use(requestLogger(jsonLogger()));
  // Security headers (docs/decisions/018): JSON and media answers may load nothing and never be framed; the OpenAPI
  // page loads its own scripts and inline styles. HSTS only in production (browsers ignore it over http anyway).
  const common = {
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
    frameguard: { action: 'deny' as const },
    strictTransportSecurity: config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  const apiHeaders = helmet({
    ...common,
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
  const docsHeaders = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
  });
  const docsPath = `/${GLOBAL_PREFIX}/docs`;
  app.use((req: Request, res: Response, next: NextFunction) =>
    (req.path === docsPath || req.path.startsWith(`${docsPath}/`) ? docsHeaders : apiHeaders)(req, res, next),
  );
  // An unlisted origin gets no CORS header at all (false skips the cors middleware), preflights included.
  const anyOrigin = config.corsOrigins.includes('*');
  app.enableCors({
    origin: (origin: string | undefined, done: (error: Error | null, allow?: boolean | string) => void) =>
      done(null, anyOrigin || (!!origin && config.corsOrigins.includes(origin)) ? (origin ?? false) : false),
    credentials: true,
    exposedHeaders: ['X-Total-Count', 'X-Request-Id'],
  });
  app.setGlobalPrefix(GLOBAL_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());

  documentSharedDtos();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Jara API')
      .setDescription('Shop, marketplace, logistics, wallet and support for Jara. Every path is under /api/v1.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(`${GLOBAL_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${GLOBAL_PREFIX}/docs-json` });
  return app;
}

export function logStartup(config: AppConfig): void {
  const logger = new Logger('Jara');
  const db = config.database.type !== 'sqlite' ? 'MySQL/MariaDB' : `SQLite (${config.database.path})`;
  logger.log(`API listening on ${config.publicUrl}/${GLOBAL_PREFIX} (database: ${db})`);
  logger.log(`OpenAPI docs at ${config.publicUrl}/${GLOBAL_PREFIX}/docs`);
}
