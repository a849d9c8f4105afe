import { CallHandler, ExecutionContext, Injectable, NestInterceptor, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { concatMap, finalize, from, Observable, switchMap } from 'rxjs';
import type { User } from '../users/user.entity';
import { AUDIT_SKIPPED } from './audit-targets';
import { AuditService } from './audit.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Records every successful write an admin makes (any non-GET request signed in as an admin), once, whatever the
 * route: see decision 019. A failed request (422, 404, 409...) records nothing; customers' and vendors' own writes
 * are not recorded.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request & { user?: User; id?: string }>();
    if (READS.has(req.method) || req.user?.role !== 'admin') return next.handle();
    const controllerPath = [this.reflector.get<string | string[]>(PATH_METADATA, context.getClass()) ?? '']
      .flat()[0]
      .replace(/^\/+|\/+$/g, '');
    if (AUDIT_SKIPPED.has(controllerPath)) return next.handle();
    return from(this.audit.begin(req, controllerPath || 'app', this.handlerName(context))).pipe(
      switchMap((ctx) =>
        new Observable<unknown>((subscriber) => this.audit.run(ctx, () => next.handle().subscribe(subscriber))).pipe(
          concatMap(async (result) => {
            await this.audit.run(ctx, () => this.audit.finish(ctx, result));
            return result;
          }),
          finalize(() => (ctx.finished = true)),
        ),
      ),
    );
  }

  /**
   * The handler's name, which names the entry's action (category.update): a PATCH beside a PUT on the same path
   * (decision 033) is the same change, so it is recorded under the PUT handler's name.
   */
  private handlerName(context: ExecutionContext): string {
    const handler = context.getHandler();
    if (this.reflector.get<RequestMethod>(METHOD_METADATA, handler) !== RequestMethod.PATCH) return handler.name;
    const path = JSON.stringify(this.reflector.get<unknown>(PATH_METADATA, handler));
    const proto = context.getClass().prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const other = proto[name];
      if (
        typeof other === 'function' &&
        this.reflector.get<RequestMethod>(METHOD_METADATA, other) === RequestMethod.PUT &&
        JSON.stringify(this.reflector.get<unknown>(PATH_METADATA, other)) === path
      )
        return name;
    }
    return handler.name;
  }
}
