import { getMetadataStorage } from 'class-validator';
import { docsOf, type DocOptions } from './doc';
import { fieldsOf, type AnyClass } from './compose';

/** A field as its rules describe it: what a form needs (required, bounds) and what OpenAPI needs (type, enum). */
export interface FieldSpec {
  name: string;
  required: boolean;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** The message of the field's "required" rule, if it has one. */
  requiredMessage?: string;
  /** Every literal message the field's rules answer with. */
  messages: string[];
  doc: DocOptions;
}

const TYPE_OF_RULE: Record<string, FieldSpec['type']> = {
  isString: 'string',
  isEmail: 'string',
  isUrl: 'string',
  isInt: 'integer',
  isNumber: 'number',
  isBoolean: 'boolean',
  isArray: 'array',
  isDate: 'string',
};
const FORMAT_OF_RULE: Record<string, string> = { isEmail: 'email', isUrl: 'uri', isDate: 'date-time' };

function designType(cls: AnyClass, name: string): FieldSpec['type'] | undefined {
  // design:type exists where the compiler emits decorator metadata (the API's build); bundlers leave it out.
  const reflect = Reflect as unknown as { getMetadata?: (key: string, target: object, name: string) => unknown };
  const type = reflect.getMetadata?.('design:type', cls.prototype, name);
  if (type === String) return 'string';
  if (type === Number) return 'number';
  if (type === Boolean) return 'boolean';
  if (type === Array) return 'array';
  if (type === Date) return 'string';
  return undefined;
}

function message(rule: { message?: unknown }): string | undefined {
  return typeof rule.message === 'string' ? rule.message : undefined;
}

/** Every field of a DTO class, read from its class-validator rules (and its Doc notes), its ancestors' included. */
export function describeDto(cls: AnyClass): FieldSpec[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(
    cls as unknown as new () => unknown,
    '',
    true,
    false,
  );
  const docs = docsOf(cls);
  return fieldsOf(cls).map((name) => {
    const rules = metadata.filter((m) => m.propertyName === name);
    const spec: FieldSpec = { name, required: true, doc: docs.get(name) ?? {}, messages: [] };
    for (const rule of rules) {
      const c = rule.constraints ?? [];
      if (rule.type === 'conditionalValidation') spec.required = false;
      const ruleName = rule.name ?? '';
      const text = message(rule);
      if (text && !spec.messages.includes(text)) spec.messages.push(text);
      spec.type ??= TYPE_OF_RULE[ruleName];
      if (FORMAT_OF_RULE[ruleName]) spec.format = FORMAT_OF_RULE[ruleName];
      if (ruleName === 'isIn') spec.enum = [...(c[0] as unknown[])];
      if (ruleName === 'maxLength') spec.maxLength = c[0] as number;
      if (ruleName === 'minLength') spec.minLength = c[0] as number;
      if (ruleName === 'isLength') [spec.minLength, spec.maxLength] = [c[0] as number, c[1] as number | undefined];
      if (ruleName === 'min') spec.minimum = c[0] as number;
      if (ruleName === 'max') spec.maximum = c[0] as number;
      if (ruleName === 'isNotEmpty' || rule.type === 'isDefined' || ruleName === 'isDefined')
        spec.requiredMessage ??= message(rule);
    }
    spec.type ??= designType(cls, name);
    if (spec.enum && spec.type === undefined) spec.type = typeof spec.enum[0] === 'number' ? 'number' : 'string';
    return spec;
  });
}
