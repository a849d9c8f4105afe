import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as contracts from '@jara/contracts';
import * as dto from '@jara/dto';
import { listRoutes, type RouteInfo } from './support/routes';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 23: one schema per input. Every body the API validates is a class of @jara/dto, every class there is some
 * route's body, and the storefront and the back office state no rule of their own: they validate the same classes
 * (validateForm on the storefront's server, dtoRules in the back office), so no DTO message appears in their code.
 */
const ROOT = join(__dirname, '..', '..', '..');
const dtoClasses = Object.entries(dto).filter(
  ([, value]) =>
    typeof value === 'function' &&
    /^class\s/.test(Function.prototype.toString.call(value)) &&
    dto.fieldsOf(value as dto.AnyClass).length > 0,
) as Array<[string, dto.AnyClass]>;

/** Every literal message a DTO class's rules answer with. */
function dtoMessages(): Set<string> {
  const out = new Set<string>();
  for (const [, cls] of dtoClasses)
    for (const field of dto.describeDto(cls)) for (const text of field.messages) if (text.length > 12) out.add(text);
  return out;
}

/** The contracts' names of those messages (e.g. MSG.auth.enterEmail), by walking every exported object. */
function messageNames(messages: Set<string>): string[] {
  const names: string[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (typeof value === 'string' && messages.has(value)) names.push(path);
    else if (value && typeof value === 'object' && depth < 4)
      for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`, depth + 1);
  };
  for (const [name, value] of Object.entries(contracts)) walk(value, name, 0);
  return names;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' || entry === 'build' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.spec\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('One schema per input (issue 23)', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  beforeAll(async () => {
    t = await startTestApp();
    routes = listRoutes(t.app);
  });
  afterAll(() => t.close());

  it('validates every request body with a class of @jara/dto', () => {
    const shared = new Set<unknown>(dtoClasses.map(([, cls]) => cls));
    const withBody = routes.filter((r) => r.body !== undefined);
    expect(withBody.length).toBeGreaterThan(40);
    const local = withBody
      .filter((r) => !shared.has(r.body))
      .map((r) => `${r.method.toUpperCase()} ${r.path} (${r.handler})`);
    expect(local).toEqual([]);
  });

  it('has no class in @jara/dto that no route reads', () => {
    const used = new Set(routes.map((r) => r.body));
    // A class is in use as a route's body, or as a parent or member of one (e.g. a line of an order).
    const unused = dtoClasses
      .filter(([, cls]) => !used.has(cls))
      .filter(([, cls]) => ![...used].some((body) => typeof body === 'function' && body.prototype instanceof cls))
      .map(([name]) => name);
    expect(unused.filter((name) => !NESTED_ONLY.includes(name))).toEqual([]);
  });

  it('finds no rule of a shared DTO written again in the storefront or the back office', () => {
    const messages = dtoMessages();
    expect(messages.size).toBeGreaterThan(30);
    const names = messageNames(messages).filter((name) => !SHOWN_NOT_CHECKED.includes(name));
    const offenders: string[] = [];
    for (const file of [...sources(join(ROOT, 'apps/storefront/app')), ...sources(join(ROOT, 'apps/admin/src'))]) {
      const text = readFileSync(file, 'utf8');
      for (const name of names)
        if (new RegExp(`\\b${name.replace(/\./g, '\\.')}\\b`).test(text))
          offenders.push(`${relative(ROOT, file)}: ${name}`);
      for (const message of messages)
        if (
          !SHOWN_NOT_CHECKED.some(
            (name) =>
              name.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], contracts) === message,
          ) &&
          (text.includes(`'${message}'`) || text.includes(`"${message}"`))
        )
          offenders.push(`${relative(ROOT, file)}: '${message}'`);
    }
    expect(offenders).toEqual([]);
  });

  it("checks the storefront's forms and the back office's fields with the class the API route reads", () => {
    const bodies = routes.map((r) => r.body).filter((body): body is dto.AnyClass => typeof body === 'function');
    const used = new Map<string, string[]>();
    for (const file of [...sources(join(ROOT, 'apps/storefront/app')), ...sources(join(ROOT, 'apps/admin/src'))])
      // validateForm(Dto, ...), dtoRules(Dto, ...) and <DtoNoteField dto={Dto}> in forms; `create: Dto` / `update: Dto` in
      // the back office's descriptions.
      for (const match of readFileSync(file, 'utf8').matchAll(
        /\b(?:validateForm|dtoRules|dtoMaxLength)\(\s*([A-Z]\w+)|\b(?:create|update):\s*([A-Z]\w+Dto)\b|\bdto=\{([A-Z]\w+Dto)\}/g,
      )) {
        const name = (match[1] ?? match[2] ?? match[3]) as string;
        used.set(name, [...(used.get(name) ?? []), relative(ROOT, file)]);
      }
    expect(used.size).toBeGreaterThanOrEqual(FORMS_AT_LEAST);
    const strangers = [...used.keys()].filter((name) => {
      const cls = (dto as Record<string, unknown>)[name];
      // The route's own body, or a parent of it (a form that sends part of a body, e.g. the e-mail of VerifyOtpDto).
      return !bodies.some((body) => body === cls || (typeof cls === 'function' && body.prototype instanceof cls));
    });
    expect(strangers).toEqual([]);
  });

  it('documents each shared DTO in OpenAPI from its rules', async () => {
    const doc = (await t.http().get('/api/v1/docs-json').expect(200)).body as {
      components: {
        schemas: Record<string, { required?: string[]; properties: Record<string, Record<string, unknown>> }>;
      };
    };
    const category = doc.components.schemas.CreateCategoryDto;
    expect(category.required).toEqual(['name']);
    expect(category.properties.name).toMatchObject({ type: 'string', maxLength: 100 });
    expect(category.properties.status).toMatchObject({ enum: [0, 1], default: 1 });
    const register = doc.components.schemas.RegisterDto;
    expect(register.properties.password).toMatchObject({ type: 'string', minLength: contracts.PASSWORD_MIN_LENGTH });
    expect(register.properties.email).toMatchObject({ type: 'string', format: 'email', example: 'ada@example.com' });
    // An update is the create's fields, each optional, documented from the same rules.
    const update = doc.components.schemas.UpdateLocationDto;
    expect(update.required ?? []).toEqual([]);
    expect(Object.keys(update.properties).sort()).toEqual(
      Object.keys(doc.components.schemas.CreateLocationDto.properties).sort(),
    );
  });
});

/** Distinct DTO classes the storefront's actions and the back office's forms validate with (at least). */
const FORMS_AT_LEAST = 35;

/** Classes that are only ever a member of another DTO (validated through it: ValidateNested + Type). */
const NESTED_ONLY = ['OrderLineDto'];

/** DTO messages the apps show for another reason than checking input: the 404 of a record that is not there. */
const SHOWN_NOT_CHECKED = ['MSG.deliveries.notFound', 'MSG.support.notFound'];
