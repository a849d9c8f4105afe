import { ApiProperty } from '@nestjs/swagger';
import * as dto from '@jara/dto';

const documented = new WeakSet<dto.AnyClass>();

/** A DTO class exported by @jara/dto (its exports also hold helpers, constants and decorator factories). */
function isDtoClass(value: unknown): value is dto.AnyClass {
  return (
    typeof value === 'function' &&
    /^class\s/.test(Function.prototype.toString.call(value)) &&
    dto.fieldsOf(value as dto.AnyClass).length > 0
  );
}

/**
 * The OpenAPI schema of every shared DTO, read from its class-validator rules (required, type, enum, lengths, bounds)
 * and its Doc notes (description, example, format): @jara/dto knows no Nest, so the API writes Nest's swagger
 * metadata onto the shared classes here, once, before any document is built. A rule is thus stated once and
 * documented from that one statement.
 */
export function documentSharedDtos(): void {
  for (const cls of Object.values(dto)) {
    if (!isDtoClass(cls) || documented.has(cls)) continue;
    documented.add(cls);
    for (const field of dto.describeDto(cls)) {
      const { doc, name, required, requiredMessage: _message, messages: _messages, type, ...rules } = field;
      const docType = doc.type;
      ApiProperty({
        required,
        ...(type && !docType && !(type === 'array') ? { type } : {}),
        ...(type === 'array' && !docType ? { type: 'array', items: { type: 'string' } } : {}),
        ...Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined)),
        ...(doc as Record<string, unknown>),
      } as Parameters<typeof ApiProperty>[0])(cls.prototype, name);
    }
  }
}
