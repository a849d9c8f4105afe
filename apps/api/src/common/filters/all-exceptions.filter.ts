import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { MSG, type ApiErrorBody } from '@jara/contracts';
import { DomainError, statusOfDomainError } from '../errors';

/** Every error leaves the API as {message} (plus errors for 422). Bad input is never a 500. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toResponse(exception);
    if (status >= 500)
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) return;
    // A 429 says how long to wait (TooManyAttemptsException).
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (status === 429 && typeof retryAfter === 'number') response.setHeader('Retry-After', String(retryAfter));
    response.status(status).json(body);
  }

  private toResponse(exception: unknown): { status: number; body: ApiErrorBody } {
    // Services speak in domain errors; this is the one place they become HTTP answers.
    if (exception instanceof DomainError) {
      const body: ApiErrorBody = { message: exception.message };
      if (exception.errors) body.errors = exception.errors;
      return { status: statusOfDomainError(exception), body };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      if (typeof payload === 'string') return { status, body: { message: payload } };
      const record = payload as Record<string, unknown>;
      const raw = record.message;
      const message = Array.isArray(raw) ? raw.join(', ') : typeof raw === 'string' ? raw : exception.message;
      // Nest turns body-parser's SyntaxError into a plain BadRequestException carrying the parser's text.
      if (status === 400 && !record.errors && /JSON/.test(message) && record.error === 'Bad Request') {
        return { status, body: { message: MSG.common.malformedJson } };
      }
      const body: ApiErrorBody = {
        message:
          status === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message)
            ? MSG.common.notFound
            : message,
      };
      if (record.errors && typeof record.errors === 'object') body.errors = record.errors as ApiErrorBody['errors'];
      return { status, body };
    }
    const err = exception as { type?: string; status?: number; code?: string; message?: string };
    // body-parser
    if (err?.type === 'entity.parse.failed') return { status: 400, body: { message: MSG.common.malformedJson } };
    if (err?.type === 'entity.too.large') return { status: 413, body: { message: 'Request body is too large.' } };
    if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
      return { status: err.status, body: { message: err.message ?? 'Bad request.' } };
    }
    if (exception instanceof QueryFailedError) {
      const code =
        (exception as unknown as { code?: string; driverError?: { code?: string } }).driverError?.code ?? err.code;
      if (code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
        return { status: HttpStatus.CONFLICT, body: { message: 'This record already exists.' } };
      }
      if (code === 'ER_ROW_IS_REFERENCED_2' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
        return {
          status: HttpStatus.CONFLICT,
          body: { message: 'This record is in use and cannot be changed that way.' },
        };
      }
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: MSG.common.serverError } };
  }
}
