import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError, type ValidatorOptions } from 'class-validator';
import type { FieldErrors } from '@jara/contracts';
import type { Class } from './compose';

/** The options the API's validation pipe uses: unknown fields are dropped, every rule is checked. */
export const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidUnknownValues: false,
  stopAtFirstError: false,
};

/** class-validator's error tree as the API's 422 field map: `{field: [messages]}`, nested fields dotted. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const key = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      // A missing value gets only its "required" message, not every rule it also fails.
      const required = error.constraints.isNotEmpty ?? error.constraints.isDefined;
      // Several rules may share one message (a string of the wrong type and length): each message once.
      out[key] = required ? [required] : [...new Set(Object.values(error.constraints))];
    }
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, key));
  }
  return out;
}

export type Validated<T> =
  { ok: true; value: T; errors?: undefined } | { ok: false; errors: FieldErrors; value?: undefined };

/**
 * A plain input (a JSON body, a form's fields) checked by a DTO class exactly as the API checks it: the same
 * transforms, rules, messages and whitelist. The storefront's actions and the back office's forms call this.
 */
export function validateInput<T extends object>(cls: Class<T>, input: unknown): Validated<T> {
  const value = plainToInstance(cls, (input ?? {}) as object) as T;
  const errors = flattenValidationErrors(validateSync(value, VALIDATOR_OPTIONS));
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}

/** What FormData and URLSearchParams have in common (no DOM types: the API compiles this lib too). */
export interface FormFields {
  keys(): Iterable<string>;
  getAll(name: string): unknown[];
}

/** A form's fields as a plain object: one value per name, or every value for the names given in `arrays`. */
export function formToObject(form: FormFields, arrays: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((v): v is string => typeof v === 'string');
    out[key] = arrays.includes(key) ? values : values[0];
  }
  return out;
}

/** The first message of each field: the shape the storefront's forms show under their inputs. */
export function firstMessages(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0] as string]));
}

/**
 * One field checked by its class's rules (for a form's per-field rule): the other fields' values are given so
 * conditional rules (ValidateIf) see them. Answers the field's messages, none when it passes.
 */
export function validateField<T extends object>(
  cls: Class<T>,
  field: string,
  value: unknown,
  others: Record<string, unknown> = {},
): string[] {
  const result = validateInput(cls, { ...others, [field]: value });
  if (result.ok) return [];
  return Object.entries(result.errors)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .flatMap(([, messages]) => messages);
}
