import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { ListResult } from '../list/list-query';

/** Turns a ListResult into {data, meta:{total, page, per_page}} and sets X-Total-Count. */
@Injectable()
export class ListInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result) => {
        if (!(result instanceof ListResult)) return result;
        const response = context.switchToHttp().getResponse<Response>();
        response.setHeader('X-Total-Count', String(result.total));
        return {
          data: result.data,
          meta: {
            total: result.total,
            page: result.page,
            per_page: result.perPage,
            ...result.extraMeta,
            ...(result.nextCursor !== undefined ? { next_cursor: result.nextCursor } : {}),
          },
        };
      }),
    );
  }
}
