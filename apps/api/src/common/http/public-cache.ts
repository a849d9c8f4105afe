import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Observable, tap } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/config';

export const PUBLIC_CACHE_KEY = 'jara:publicCache';

/**
 * Marks a public GET whose anonymous answer is the same for everybody, so a proxy or CDN may keep it for
 * PUBLIC_CACHE_SECONDS (and serve it stale while it revalidates). Answers to a request with a token stay private:
 * an admin or a vendor sees more than a visitor.
 */
export const PublicCache = () =>
  applyDecorators(
    SetMetadata(PUBLIC_CACHE_KEY, true),
    ApiResponse({ status: 304, description: 'Not modified (the ETag sent in If-None-Match still matches)' }),
  );

/** The Cache-Control value for an anonymous answer of a @PublicCache() route. */
export function publicCacheControl(seconds: number): string {
  if (seconds <= 0) return 'no-cache';
  return `public, max-age=${seconds}, stale-while-revalidate=${seconds * 2}`;
}

/**
 * Sets Cache-Control and Vary on @PublicCache() routes. Express adds a weak ETag to every JSON body and answers
 * 304 to a matching If-None-Match, so a cached copy is revalidated without sending the body again.
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const cacheable = this.reflector.getAllAndOverride<boolean>(PUBLIC_CACHE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<Request>();
    if (!cacheable || request.method !== 'GET') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      tap(() => {
        response.setHeader('Vary', 'Authorization');
        response.setHeader(
          'Cache-Control',
          request.headers.authorization ? 'private, no-cache' : publicCacheControl(this.config.publicCacheSeconds),
        );
      }),
    );
  }
}
