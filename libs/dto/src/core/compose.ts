import { IsOptional, getMetadataStorage } from 'class-validator';
import { docsOf } from './doc';

/** Several property decorators applied as one (a field's rule set, named once and reused). */
export function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Class<T = unknown> = new (...args: any[]) => T;
/** Any class, abstract ones included (a PartialType result). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyClass = abstract new (...args: any[]) => unknown;

/** Every field a DTO class validates or documents, its ancestors' included, in declaration order. */
export function fieldsOf(cls: AnyClass): string[] {
  const names = getMetadataStorage()
    .getTargetValidationMetadatas(cls as unknown as new () => unknown, '', true, false)
    .map((m) => m.propertyName);
  return [...new Set([...names, ...docsOf(cls).keys()])];
}

/**
 * The same fields, each optional (an update: absent leaves it alone). Rules, transforms and documentation are
 * inherited from the base class, not copied: a rule stays defined once.
 */
export function PartialType<T>(base: Class<T>): Class<Partial<T>> {
  abstract class PartialDto extends (base as unknown as Class<object>) {}
  for (const name of fieldsOf(base)) IsOptional()(PartialDto.prototype, name);
  Object.defineProperty(PartialDto, 'name', { value: `Partial${base.name}` });
  return PartialDto as unknown as Class<Partial<T>>;
}
