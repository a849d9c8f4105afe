import type { FormRule } from 'antd';
import { describeDto, fieldsOf, validateField, type Class, type FieldSpec } from '@jara/dto';

/** Each class's fields as its rules describe them, read once (forms ask on every render). */
const SPECS = new WeakMap<Class<object>, { fields: FieldSpec[]; names: string[] }>();
function specsOf(dto: Class<object>) {
  let specs = SPECS.get(dto);
  if (!specs) SPECS.set(dto, (specs = { fields: describeDto(dto), names: fieldsOf(dto) }));
  return specs;
}

/** The form's values of the class's own fields: the others (an upload's File list, a UI-only field) are not input. */
function ownValues(dto: Class<object>, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    specsOf(dto)
      .names.filter((name) => name in values)
      .map((name) => [name, values[name]]),
  );
}

/**
 * A form field's antd rules, taken from the API's own DTO class (@jara/dto): the same rules, limits and messages as
 * the API's 422, checked in the browser before the request. The asterisk follows the class's "required" rule.
 * Issue 23: no back-office form writes a rule of its own.
 */
export function dtoRules(dto: Class<object>, field: string): FormRule[] {
  const spec = specsOf(dto).fields.find((f) => f.name === field);
  if (!spec) throw new Error(`${dto.name} has no field ${field}`);
  return [
    ({ getFieldsValue }) => ({
      required: spec.required,
      validator: async (_rule, value) => {
        const others = ownValues(dto, getFieldsValue(true) as Record<string, unknown>);
        const [message] = validateField(dto, field, value, others);
        if (message) throw new Error(message);
      },
    }),
  ];
}

/** A text field's counter limit (antd's maxLength / showCount), from the DTO's MaxLength rule. */
export function dtoMaxLength(dto: Class<object>, field: string): number | undefined {
  return specsOf(dto).fields.find((f) => f.name === field)?.maxLength;
}

/**
 * The Form.Item props of a Select (or other role-less widget) checked by a DTO field: its rules, with the required
 * mark drawn by the `jara-required` class instead of antd's `required`, which would put aria-required on the Select's
 * role-less wrapper (an axe violation). The mark still follows the class's "required" rule.
 */
export function dtoSelectProps(
  dto: Class<object>,
  field: string,
): { rules: FormRule[]; required: false; className?: string } {
  const required = specsOf(dto).fields.find((f) => f.name === field)?.required ?? false;
  return { rules: dtoRules(dto, field), required: false, className: required ? 'jara-required' : undefined };
}
