/**
 * What the API's OpenAPI document says of a field beyond its rules: a description, an example, a wire format, the
 * item type of an array. Rules (required, enum, lengths, bounds) are never written here: they are read from the
 * field's class-validator decorators, so a rule has one definition (see describeDto).
 */
export interface DocOptions {
  description?: string;
  example?: unknown;
  /** A wire format the rules do not imply, e.g. 'binary' for an uploaded file, 'date-time'. */
  format?: string;
  /** A type the field's TypeScript type does not give: 'string' for a file part, [Number] or [LineDto] for arrays. */
  type?: unknown;
  default?: unknown;
}

/** Keyed by prototype: a subclass sees its parents' notes, its own win. */
const DOCS = new WeakMap<object, Map<string, DocOptions>>();

/** A field's documentation (no rules: see DocOptions). Framework-free: the API turns it into OpenAPI. */
export function Doc(options: DocOptions = {}): PropertyDecorator {
  return (target, key) => {
    const own = DOCS.get(target) ?? new Map<string, DocOptions>();
    own.set(String(key), { ...own.get(String(key)), ...options });
    DOCS.set(target, own);
  };
}

/** The documentation of every documented field of a class, its ancestors' included. */
export function docsOf(cls: { prototype: object }): Map<string, DocOptions> {
  const chain: object[] = [];
  for (let proto = cls.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto))
    chain.unshift(proto);
  const out = new Map<string, DocOptions>();
  for (const proto of chain)
    for (const [key, options] of DOCS.get(proto) ?? []) out.set(key, { ...out.get(key), ...options });
  return out;
}
