import { useEffect, useState } from 'react';

export type Errors = Record<string, string | undefined>;

export function text(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Field errors shown under inputs: seeded by the action's errors (so they render without JavaScript),
 * replaced by client-side checks, and cleared field by field on typing.
 */
export function useFieldErrors(serverErrors: Errors | undefined) {
  const [errors, setErrors] = useState<Errors>(() => serverErrors ?? {});
  useEffect(() => {
    setErrors(serverErrors ?? {});
  }, [serverErrors]);
  const clear = (field: string) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  return { errors, setErrors, clear };
}

export function hasErrors(errors: Errors): boolean {
  return Object.values(errors).some(Boolean);
}
