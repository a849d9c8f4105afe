import type { FormRule } from 'antd';
import { describeDto, validateField, type Class } from '@jara/dto';

/**
 * A form field's antd rules, taken from the API's own DTO class (@jara/dto): the same rules, limits and messages as
 * the API's 422, checked in the browser before the request. The asterisk follows the class's "required" rule.
 * Issue 23: no back-office form writes a rule of its own.
 */
export function dtoRules(dto: Class<object>, field: string): FormRule[] {
  const spec = describeDto(dto).find((f) => f.name === field);
  if (!spec) throw new Error(`${dto.name} has no field ${field}`);
  return [
    ({ getFieldsValue }) => ({
      required: spec.required,
      validator: async (_rule, value) => {
        const [message] = validateField(dto, field, value, getFieldsValue(true) as Record<string, unknown>);
        if (message) throw new Error(message);
      },
    }),
  ];
}

/** A text field's counter limit (antd's maxLength / showCount), from the DTO's MaxLength rule. */
export function dtoMaxLength(dto: Class<object>, field: string): number | undefined {
  return describeDto(dto).find((f) => f.name === field)?.maxLength;
}
