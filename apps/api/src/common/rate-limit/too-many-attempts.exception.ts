import { HttpException, HttpStatus } from '@nestjs/common';
import { MSG } from '@jara/contracts';

/** A 429 whose Retry-After header (whole seconds) the exception filter sets from retryAfterSeconds. */
export class TooManyAttemptsException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(retryAfterMs: number, message?: string) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super({ message: message ?? MSG.auth.tooManyAttempts(seconds) }, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = seconds;
  }
}
