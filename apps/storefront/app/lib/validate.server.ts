import { firstMessages, formToObject, validateInput, type Class } from '@jara/dto';
import type { Errors } from './form';

export type FormCheck<T> = { ok: true; value: T; errors?: undefined } | { ok: false; errors: Errors; value?: undefined };

/**
 * A submitted form checked by the API's own DTO class (@jara/dto), on the server: the same rules, limits and
 * messages as the API's 422, as the field-error map the forms show under their inputs (first message per field).
 * `arrays` names the fields sent several times (checkboxes). Issue 23: actions write no rule of their own.
 */
export function validateForm<T extends object>(
  dto: Class<T>,
  form: FormData | Record<string, unknown>,
  arrays: readonly string[] = [],
): FormCheck<T> {
  const input = form instanceof FormData ? formToObject(form, arrays) : form;
  const result = validateInput(dto, input);
  return result.ok ? { ok: true, value: result.value } : { ok: false, errors: firstMessages(result.errors) };
}

