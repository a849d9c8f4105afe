import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import fc from 'fast-check';
import { documentSharedDtos } from '../../src/common/http/openapi-dtos';

/**
 * The API's own OpenAPI document (built in-process exactly as app.factory.ts builds /api/v1/docs) turned into
 * fast-check arbitraries: one per operation, for its path parameters, its JSON or multipart body and a junk query.
 */
export interface SchemaObject {
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  $ref?: string;
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path, e.g. /api/v1/products/{id}. */
  path: string;
  /** The same path as Nest registers it, e.g. /api/v1/products/:id. */
  nestPath: string;
  pathParams: string[];
  /** The body's schema with references resolved (null when the operation takes no body). */
  body: SchemaObject | null;
  multipart: boolean;
  /** Multipart file parts (format: binary). */
  fileFields: string[];
}

export function buildDocument(app: INestApplication): OpenAPIObject {
  documentSharedDtos();
  return SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Jara API').addBearerAuth().build());
}

export function resolveSchema(doc: OpenAPIObject, schema: SchemaObject | undefined): SchemaObject | undefined {
  if (!schema) return undefined;
  if (schema.$ref)
    return resolveSchema(doc, doc.components?.schemas?.[schema.$ref.split('/').pop() as string] as SchemaObject);
  if (schema.type === 'array' && schema.items) return { ...schema, items: resolveSchema(doc, schema.items) };
  if (schema.properties)
    return {
      ...schema,
      properties: Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, resolveSchema(doc, v) as SchemaObject]),
      ),
    };
  return schema;
}

export function operationsOf(doc: OpenAPIObject): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = (item as Record<string, { requestBody?: { content: Record<string, { schema: SchemaObject }> } }>)[
        method
      ];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const multipart = !!content['multipart/form-data'];
      const schema = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
      const body = resolveSchema(doc, schema) ?? null;
      const fileFields = Object.entries(body?.properties ?? {})
        .filter(([, s]) => s.format === 'binary')
        .map(([k]) => k);
      out.push({
        method,
        path,
        nestPath: path.replace(/\{([^}]+)\}/g, ':$1'),
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        body,
        multipart,
        fileFields,
      });
    }
  }
  return out;
}

/** Text that must be stored and shown as text: SQL and markup fragments. */
export const INJECTIONS = [
  "'; DROP TABLE users; --",
  "Robert'); DROP TABLE products;--",
  "' OR '1'='1",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
];

/** Values that break naive code: numbers past every bound, wrong types, prototype keys, huge and odd text. */
export const NASTY: unknown[] = [
  ...INJECTIONS,
  '',
  ' ',
  '1e21',
  '-1',
  'NaN',
  'Infinity',
  '9007199254740993',
  '0x10',
  'null',
  'true',
  '\u0000',
  '😀',
  '\u202e',
  '\ud83d',
  'x'.repeat(5000),
  'ñandú O’Brien',
  '../../etc/passwd',
  '__proto__',
  1e21,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  ['a', 'b'],
  [1, 2],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
];

export interface Hints {
  /** A plausible value for a property of this name (fixture ids, e-mails...), or undefined for the default. */
  plausible?: (name: string, schema: SchemaObject) => fc.Arbitrary<unknown> | undefined;
}

/** A value the schema allows (mostly): what a real client would send, so the request reaches the service. */
export function plausibleFor(name: string, schema: SchemaObject, hints: Hints, depth = 0): fc.Arbitrary<unknown> {
  const hinted = hints.plausible?.(name, schema);
  if (hinted) return hinted;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.type === 'array')
    return fc.array(schema.items ? plausibleFor(name, schema.items, hints, depth + 1) : fc.string(), {
      minLength: 1,
      maxLength: 3,
    });
  if (schema.type === 'object' && schema.properties && depth < 3)
    return fc.record(
      Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, plausibleFor(k, s, hints, depth + 1)])),
    );
  if (schema.type === 'number' || schema.type === 'integer') {
    const min = schema.minimum ?? 0;
    const max = schema.maximum ?? Math.max(min + 1, 5000);
    return fc.integer({ min, max });
  }
  if (schema.type === 'boolean') return fc.boolean();
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2024-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (/email/.test(name)) return fc.stringMatching(/^[a-z]{3,8}$/).map((s) => `fuzz-${s}@example.com`);
  if (/phone/.test(name)) return fc.constantFrom('+2348012345678', '08012345678');
  if (/dob|date/.test(name)) return fc.constantFrom('1990-05-17', '2001-12-31');
  const max = schema.maxLength ?? 60;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('Amaka Obi', 'Lagos', 'A fine thing', 'Guangzhou 1', '100', '15%') },
    { weight: 2, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: Math.min(max, 40) }) },
  );
}

export const nasty = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.double() },
);

/**
 * A body for the schema, in three mixes: a plausible body (every required property, some optional ones), the same
 * with one property made hostile, or every property plausible, hostile or absent at random. Most bodies get past
 * validation and reach the service; the rest probe the validation.
 */
export function bodyFor(schema: SchemaObject | null, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema?.properties ?? {}).filter(([, s]) => s.format !== 'binary');
  if (!props.length) return fc.constant({});
  const required = new Set(schema?.required ?? []);
  const ABSENT = Symbol('absent');
  const present = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== ABSENT));
  const plausible = fc
    .record(
      Object.fromEntries(
        props.map(([k, s]) => [
          k,
          required.has(k) ? plausibleFor(k, s, hints) : fc.oneof(plausibleFor(k, s, hints), fc.constant(ABSENT)),
        ]),
      ),
    )
    .map(present);
  const oneHostile = fc
    .tuple(plausible, fc.constantFrom(...props.map(([k]) => k)), nasty)
    .map(([body, key, value]) => ({ ...body, [key]: value }));
  const mixed = fc
    .record(
      Object.fromEntries(
        props.map(([k, s]) => [
          k,
          fc.oneof(
            { weight: 4, arbitrary: plausibleFor(k, s, hints) },
            { weight: 2, arbitrary: nasty },
            { weight: required.has(k) ? 1 : 3, arbitrary: fc.constant(ABSENT) },
          ),
        ]),
      ),
    )
    .map(present);
  return fc.oneof(
    { weight: 3, arbitrary: plausible },
    { weight: 3, arbitrary: oneHostile },
    { weight: 2, arbitrary: mixed },
  );
}

/** A multipart field's text for a value (objects and arrays as JSON, as a careless client would send them). */
export function formText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Every string inside a value (to subtract what we sent from what we got back before looking for leaks). */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsIn(v, out);
    }
  return out;
}
