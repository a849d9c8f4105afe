import { describeDto, firstMessages, formToObject, validateInput, type AnyClass, type Class } from '@jara/dto';
import type { Errors } from './form';

export type FormCheck<T> =
  { ok: true; value: T; errors?: undefined } | { ok: false; errors: Errors; value?: undefined };

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

/**
 * The longest value each field of a DTO takes (its MaxLength or Length rule): a loader hands it to the page for the
 * inputs' maxLength attribute, so the page states no limit of its own.
 */
export function maxLengths(dto: AnyClass): Record<string, number> {
  const out: Record<string, number> = {};
  for (const field of describeDto(dto)) if (field.maxLength !== undefined) out[field.name] = field.maxLength;
  return out;
}

/** What a form shows under a field whose value is missing, when the form says the DTO's sentence once above. */
export const REQUIRED_MARK = 'Required.';

/**
 * For the forms that say "fill all required fields" once (spec 5, delivery requests): the DTO's sentence is the
 * "required" message most of its fields share; each error that is that sentence becomes REQUIRED_MARK under its
 * field and the sentence is the form's message (otherwise the first error is). Other errors stay as they are. Works
 * on the API's 422 as on validateForm's errors.
 */
export function requiredOnce(dto: AnyClass, errors: Errors): { message: string | null; errors: Errors } {
  const counts = new Map<string, number>();
  for (const field of describeDto(dto))
    if (field.requiredMessage) counts.set(field.requiredMessage, (counts.get(field.requiredMessage) ?? 0) + 1);
  const sentence = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const out: Errors = {};
  let missing = false;
  for (const [field, text] of Object.entries(errors)) {
    if (!text) continue;
    missing ||= text === sentence;
    out[field] = text === sentence ? REQUIRED_MARK : text;
  }
  return { message: missing && sentence ? sentence : (Object.values(out).find(Boolean) ?? null), errors: out };
}
