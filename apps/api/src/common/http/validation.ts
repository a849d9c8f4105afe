import { HttpStatus, UnprocessableEntityException, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { MSG, type FieldErrors } from '@jara/contracts';
import { flattenValidationErrors, VALIDATOR_OPTIONS } from '@jara/dto';

/** 422 with {message, errors: {field: [messages]}}; message is the first field error, as Laravel-style clients expect. */
export class ValidationFailedException extends UnprocessableEntityException {
  constructor(
    public readonly errors: FieldErrors,
    message?: string,
  ) {
    super({ message: message ?? firstMessage(errors) ?? MSG.common.validationFailed, errors });
  }
}

/**
 * Shortcut for a single-field 422, as a domain error (services throw it; the filter answers 422). Kept here under its
 * old name for the HTTP layer's callers; services import `invalid` from common/errors.
 */
export { invalid as fieldError } from '../errors';

function firstMessage(errors: FieldErrors): string | undefined {
  return Object.values(errors)[0]?.[0];
}

/** A lone UTF-16 surrogate (text no UTF-8 can hold; the validator library's encodeURI throws on it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Strings of a parsed body, query or path with each lone surrogate replaced by U+FFFD (plain objects and arrays only). */
export function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
    // defineProperty: a key named __proto__ (JSON.parse makes it an own key) stays a plain key, as it came.
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, wellFormed(k) as string, {
        value: wellFormed(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

/**
 * Input text is made well-formed before validation: `{"email": "\ud83d"}` is valid JSON, and IsEmail (validator's
 * isByteLength) threw a URIError on it, a 500 instead of the 422 any other bad address gets.
 */
class InputValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const input =
      metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param' ? wellFormed(value) : value;
    return super.transform(input, metadata);
  }
}

/**
 * The API's pipe answers a ValidationFailedException (HTTP layer); maintenance code that runs the same checks outside
 * HTTP (the CLI's import) passes a factory of a domain error instead, e.g. `(errors) => new InvalidError(errors)`.
 */
export function createValidationPipe(
  toError: (errors: FieldErrors) => Error = (errors) => new ValidationFailedException(errors),
): ValidationPipe {
  return new InputValidationPipe({
    ...VALIDATOR_OPTIONS,
    transform: true,
    errorHttpStatusCode: HttpStatus.UNPROCESSABLE_ENTITY,
    exceptionFactory: (errors) => toError(flattenValidationErrors(errors)),
  });
}
