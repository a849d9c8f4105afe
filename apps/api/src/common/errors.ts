import { MSG, type FieldErrors } from '@jara/contracts';

/**
 * Domain errors: what services throw. They say what went wrong in the business's terms and carry no HTTP status;
 * the exception filter (common/filters/all-exceptions.filter.ts) alone turns them into the API's error shape.
 * No code branches on an HTTP exception: a caller that must tell outcomes apart catches these classes (or, better,
 * asks the owning service a question whose answer is a value).
 */
export abstract class DomainError extends Error {
  /** The field errors of a refusal about input (422), if any. */
  readonly errors?: FieldErrors;

  protected constructor(message: string, errors?: FieldErrors) {
    super(message);
    this.name = new.target.name;
    if (errors) this.errors = errors;
  }
}

/** The thing asked for does not exist, or is not the caller's to see (404). */
export class NotFoundError extends DomainError {
  constructor(message: string = MSG.common.notFound) {
    super(message);
  }
}

/** The request is valid but the state of the thing refuses it: already paid, already cancelled, taken (409). */
export class ConflictError extends DomainError {
  constructor(message: string, errors?: FieldErrors) {
    super(message, errors);
  }
}

/** Input the rules refuse, with a message per field (422; `message` is the first field's first message). */
export class InvalidError extends DomainError {
  constructor(errors: FieldErrors, message?: string) {
    super(message ?? Object.values(errors)[0]?.[0] ?? MSG.common.validationFailed, errors);
  }
}

/** A single-field refusal: invalid('status', 'Cannot move ...'). */
export function invalid(field: string, message: string): InvalidError {
  return new InvalidError({ [field]: [message] });
}

/** A short line of stock (409; errors.items names the product). */
export class InsufficientStockError extends ConflictError {}

/** A wallet debit the balance does not cover (422 on the balance field, as the clients read it). */
export class InsufficientBalanceError extends InvalidError {
  constructor(message: string = MSG.money.insufficientBalance) {
    super({ balance: [message] });
  }
}

/** Signed in, but this role or user may not do this (403). */
export class ForbiddenError extends DomainError {
  constructor(message: string = MSG.auth.forbidden) {
    super(message);
  }
}

/** Not signed in, or the credentials are wrong (401). */
export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** A capability that is switched off or not configured here (503). */
export class UnavailableError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** An outside service (gateway, rates provider) failed or answered nonsense (502). */
export class UpstreamError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** Too large to take (413). */
export class TooLargeError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/**
 * A request refused as a whole, not for one field's input: a wrong, spent or expired one-time code, a sign-in method
 * that is switched off here (400; the clients show the message).
 */
export class RefusedError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** Too many tries, or too soon after the last one (429; the filter sets Retry-After from retryAfterSeconds when known). */
export class TooManyAttemptsError extends DomainError {
  readonly retryAfterSeconds?: number;

  constructor(message: string, retryAfterMs?: number) {
    super(message);
    if (retryAfterMs !== undefined) this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** The HTTP status of a domain error: the one mapping, used by the exception filter only. */
export function statusOfDomainError(error: DomainError): number {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof InvalidError) return 422;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof UnavailableError) return 503;
  if (error instanceof UpstreamError) return 502;
  if (error instanceof TooLargeError) return 413;
  if (error instanceof RefusedError) return 400;
  if (error instanceof TooManyAttemptsError) return 429;
  return 500;
}
