import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { plainRecord, wantsPlainRecords } from '../http/simple-rest';
import { ListResult } from '../list/list-query';

/**
 * Turns a ListResult into {data, meta:{total, page, per_page}} and sets X-Total-Count. Under the simple-rest
 * prefix (decision 033) a list answers the bare array and one record the record itself, the total still in the header.
 */
@Injectable()
export class ListInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const plain = context.getType() === 'http' && wantsPlainRecords(context.switchToHttp().getRequest<Request>());
    return next.handle().pipe(
      map((result) => {
        if (!(result instanceof ListResult)) return plain ? plainRecord(result) : result;
        const response = context.switchToHttp().getResponse<Response>();
        response.setHeader('X-Total-Count', String(result.total));
        if (plain) return result.data;
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
