import { HttpStatus, UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';
import { MSG, type FieldErrors } from '@jara/contracts';

/** 422 with {message, errors: {field: [messages]}}; message is the first field error, as Laravel-style clients expect. */
export class ValidationFailedException extends UnprocessableEntityException {
  constructor(public readonly errors: FieldErrors, message?: string) {
    super({ message: message ?? firstMessage(errors) ?? MSG.common.validationFailed, errors });
  }
}

/** Shortcut for a single-field 422. */
export function fieldError(field: string, message: string): ValidationFailedException {
  return new ValidationFailedException({ [field]: [message] });
}

function firstMessage(errors: FieldErrors): string | undefined {
  return Object.values(errors)[0]?.[0];
}

export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      // A missing value gets only its "required" message, not every rule it also fails.
      const required = error.constraints.isNotEmpty ?? error.constraints.isDefined;
      out[key] = required ? [required] : Object.values(error.constraints);
    }
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, key));
  }
  return out;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    stopAtFirstError: false,
    errorHttpStatusCode: HttpStatus.UNPROCESSABLE_ENTITY,
    exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
  });
}
