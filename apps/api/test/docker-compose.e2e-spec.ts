/**
 * docker-compose.yml (the whole product, production-like) cannot be started where this suite runs: there is no
 * Docker engine. So this reads it, with its Dockerfiles, the proxy configuration and the env template, and checks
 * them against the code:
 *  - every environment variable given to the API instances, the storefront and the back office (and every ENV of
 *    their images) is a setting that app's code reads, the list being scanned from the code itself, so a new
 *    setting is picked up without touching this file; the API instances' environment also passes the API's own
 *    validation (loadConfig), which reads every one of its names;
 *  - the API instances share one image and one environment; every service has a health check or is a one-shot job,
 *    and every dependency waits for it (healthy, or completed);
 *  - each Dockerfile exists, is multi-stage on node:20-bookworm-slim, installs with npm ci, runs as a non-root user
 *    with a HEALTHCHECK, and copies files that exist and that .dockerignore lets through;
 *  - the reverse proxy balances /api/ over every API instance, sets X-Forwarded-For, and the apps trust it;
 *  - secrets are required variables, every variable is in deploy/compose.env.example, nothing seeds demo data.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/config';

const ROOT = resolve(__dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// ----- the settings each app reads, scanned from its code -----------------------------------------------------

/** Source files under `dir` (repository-relative) with one of the extensions, tests and test helpers left out. */
function sourceFiles(dir: string, extensions: string[]): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(join(ROOT, path))) {
      const child = posix.join(path, name);
      if (statSync(join(ROOT, child)).isDirectory()) {
        if (!['node_modules', 'build', 'dist', 'test', 'testing'].includes(name)) walk(child);
      } else if (extensions.some((ext) => name.endsWith(ext)) && !/\.(spec|e2e-spec|test)\.[cm]?[jt]sx?$/.test(name)) {
        out.push(child);
      }
    }
  };
  walk(dir);
  return out;
}

const NAME = '[A-Z][A-Z0-9_]*';
/** `process.env.X`, `env.X`, `source.X` (optional chaining too) and `env['X']`: how the apps read a setting. */
const ENV_MEMBER = new RegExp(`\\b(?:process\\.env|env|source)(?:\\?\\.|\\.)(${NAME})\\b`, 'g');
const ENV_INDEX = new RegExp(`\\b(?:process\\.env|env|source)\\??\\.?\\[\\s*['"\`](${NAME})['"\`]\\s*\\]`, 'g');
/**
 * A configuration module also names settings as the first or second argument of its helpers: str('API_PORT', ...),
 * int('AUTH_RATE_TTL', ...), urlList(env, 'STOREFRONT_URL') (a Symbol's description is not a setting).
 */
const HELPER_ARGUMENT = new RegExp(
  `\\b(?!Symbol\\b)[A-Za-z_$][\\w$]*\\(\\s*(?:[\\w$.]+\\s*,\\s*)?['"\`](${NAME})['"\`]`,
  'g',
);

/** The environment variable names read by `files` (and, in `configModules`, named by their helpers' arguments). */
function settingsReadBy(files: string[], configModules: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of [...files, ...configModules]) {
    const text = read(file);
    const patterns = configModules.includes(file) ? [ENV_MEMBER, ENV_INDEX, HELPER_ARGUMENT] : [ENV_MEMBER, ENV_INDEX];
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]);
  }
  return names;
}

const API_CONFIG = 'apps/api/src/config/config.ts';
/** The API image runs the API and the jara CLI (tools/cli), both configured by the API's config module. */
const SETTINGS: Record<'api' | 'storefront' | 'admin', Set<string>> = {
  api: settingsReadBy(
    [...sourceFiles('apps/api/src', ['.ts']), ...sourceFiles('tools/cli/src', ['.ts'])],
    [API_CONFIG],
  ),
  storefront: settingsReadBy(
    ['apps/storefront/server.mjs', ...sourceFiles('apps/storefront/app', ['.ts', '.tsx', '.js', '.mjs'])],
    ['apps/storefront/app/lib/env.server.ts'],
  ),
  // The back office is a browser app: only its Node server reads the environment.
  admin: settingsReadBy(['apps/admin/server.mjs'], []),
};

// ----- docker-compose.yml ----------------------------------------------------------------------------------

interface Healthcheck {
  test?: string | string[];
  disable?: boolean;
}
interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: Healthcheck;
  depends_on?: string[] | Record<string, { condition?: string }>;
  restart?: string;
  ports?: string[];
  volumes?: string[];
}
interface Compose {
  name?: string;
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** YAML merge keys (<<: *api) are resolved, as docker compose does. */
const readCompose = (file: string) => parse(read(file), { merge: true }) as Compose;

/** A service's environment as name -> raw value (before interpolation); both of compose's forms. */
function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

const INTERPOLATION = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** The variables a compose text refers to (`$$` is a literal dollar for the container), and whether required. */
function variablesIn(text: string): Map<string, { required: boolean }> {
  const found = new Map<string, { required: boolean }>();
  for (const [whole, braced, operator, , bare] of text.matchAll(INTERPOLATION)) {
    if (whole === '$$') continue;
    const name = braced ?? bare;
    const required = operator === ':?' || operator === '?';
    found.set(name, { required: required || (found.get(name)?.required ?? false) });
  }
  return found;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $VAR, $$. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(INTERPOLATION, (whole, braced?: string, operator?: string, arg?: string, bare?: string) => {
    if (whole === '$$') return '$';
    const name = (braced ?? bare) as string;
    const set = vars[name];
    switch (operator) {
      case ':-':
        return set ? set : (arg ?? '');
      case '-':
        return set === undefined ? (arg ?? '') : set;
      case ':?':
      case '?':
        if (set === undefined || (operator === ':?' && set === '')) throw new Error(`${name} is required: ${arg}`);
        return set;
      default:
        return set ?? '';
    }
  });
}

const COMPOSE_FILE = 'docker-compose.yml';
const composeText = read(COMPOSE_FILE);
const compose = readCompose(COMPOSE_FILE);
const services = compose.services;
const serviceNames = Object.keys(services);
const apiServices = serviceNames.filter((name) => /^api-\d+$/.test(name));
const APPS: Array<{ service: string; app: keyof typeof SETTINGS }> = [
  ...apiServices.map((service) => ({ service, app: 'api' as const })),
  { service: 'storefront', app: 'storefront' },
  { service: 'admin', app: 'admin' },
];

/** What an operator puts in .env: a fake value for every required variable (letters and digits, 40 long). */
const requiredVariables = [...variablesIn(composeText)].filter(([, v]) => v.required).map(([name]) => name);
const FAKE_SECRETS = Object.fromEntries(
  requiredVariables.map((name) => [
    name,
    `t${name.toLowerCase().replace(/[^a-z0-9]/g, '')}${'0'.repeat(40)}`.slice(0, 40),
  ]),
);
const envOf = (service: string) =>
  Object.fromEntries(
    Object.entries(environmentOf(services[service])).map(([key, value]) => [key, interpolate(value, FAKE_SECRETS)]),
  );

const dependenciesOf = (service: Service): Record<string, { condition?: string }> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, {}]))
    : (service.depends_on ?? {});

const hasHealthcheck = (service: Service) =>
  !!service.healthcheck &&
  !service.healthcheck.disable &&
  !!service.healthcheck.test &&
  service.healthcheck.test !== 'NONE';

/** A one-shot job (creates a bucket, then exits): never restarted. */
const isOneShot = (file: Compose, name: string) => file.services[name].restart === 'no';

// ----- Dockerfiles ---------------------------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}
interface Dockerfile {
  path: string;
  args: Record<string, string>;
  stages: Array<{ from: string; name?: string; instructions: Instruction[] }>;
}

function readDockerfile(path: string): Dockerfile {
  const lines = read(path)
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const file: Dockerfile = { path, args: {}, stages: [] };
  for (const line of lines) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line) as RegExpExecArray;
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === 'FROM') {
      const [, from, name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction.args) as RegExpExecArray;
      file.stages.push({ from, name, instructions: [] });
    } else if (!file.stages.length && instruction.keyword === 'ARG') {
      const [name, value = ''] = instruction.args.split('=');
      file.args[name] = value;
    } else {
      file.stages.at(-1)?.instructions.push(instruction);
    }
  }
  return file;
}

/** `ENV A=1 B="two words"` (and the old `ENV A 1`) -> the names. */
function envNames(args: string): string[] {
  if (!args.includes('=')) return [args.split(/\s+/)[0]];
  return [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(?:"[^"]*"|'[^']*'|\S*)/g)].map((match) => match[1]);
}

/** COPY sources from the build context (not --from=stage), as written. */
function contextSources(instruction: Instruction): string[] {
  if (instruction.keyword !== 'COPY' && instruction.keyword !== 'ADD') return [];
  const words = instruction.args.split(/\s+/);
  if (words.some((word) => word.startsWith('--from'))) return [];
  const paths = words.filter((word) => !word.startsWith('--'));
  return paths.slice(0, -1);
}

/** A glob of Dockerfile COPY / .dockerignore (`*`, `**`, `?`) as an anchored regular expression. */
function globRegExp(glob: string): RegExp {
  let pattern = '';
  const source = glob.replace(/^\/+|\/+$/g, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '*' && source[i + 1] === '*') {
      pattern += source[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += source[i + 2] === '/' ? 2 : 1;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else pattern += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

const dockerignore = read('.dockerignore')
  .split(/\r?\n/)
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => ({ exclude: !line.startsWith('!'), pattern: globRegExp(line.replace(/^!/, '')) }));

/** Whether .dockerignore keeps `path` (repository-relative) out of the build context: it or a parent is excluded. */
function ignoredByDocker(path: string): boolean {
  const parts = path.split('/');
  return parts.some((_, i) => {
    const prefix = parts.slice(0, i + 1).join('/');
    let excluded = false;
    for (const rule of dockerignore) if (rule.pattern.test(prefix)) excluded = rule.exclude;
    return excluded;
  });
}

/** Repository files matching a COPY source (a file, a folder or a glob over file names). */
function filesMatching(source: string): string[] {
  const clean = source.replace(/^\.\//, '').replace(/\/+$/, '');
  if (!/[*?]/.test(clean)) return existsSync(join(ROOT, clean)) ? [clean] : [];
  const dir = posix.dirname(clean);
  const pattern = globRegExp(posix.basename(clean));
  return existsSync(join(ROOT, dir))
    ? readdirSync(join(ROOT, dir))
        .filter((n) => pattern.test(n))
        .map((n) => `${dir}/${n}`)
    : [];
}

function dockerfileOf(service: Service): string | null {
  if (!service.build) return null;
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  return posix.join(build.context ?? '.', build.dockerfile ?? 'Dockerfile').replace(/^\.\//, '');
}

const builtServices = serviceNames.filter((name) => services[name].build);

// ----- the reverse proxy ---------------------------------------------------------------------------------------

const proxyMount = (services.proxy?.volumes ?? [])
  .map((volume) => volume.split(':'))
  .find(([source, target]) => source.startsWith('./') && /nginx/.test(target ?? ''));
const proxyConfigPath = proxyMount?.[0].replace(/^\.\//, '') ?? '';
const proxyConfig = proxyConfigPath && existsSync(join(ROOT, proxyConfigPath)) ? read(proxyConfigPath) : '';

/** The nginx blocks `keyword name { ... }` at the top level of the configuration (comments removed). */
function nginxBlocks(config: string, keyword: string): Array<{ name: string; body: string }> {
  const text = config.replace(/#[^\n]*/g, '');
  const blocks: Array<{ name: string; body: string }> = [];
  const opener = new RegExp(`(?:^|[;{}\\s])${keyword}\\s*([^\\s{;]*)\\s*\\{`, 'g');
  for (const match of text.matchAll(opener)) {
    let depth = 1;
    let i = (match.index ?? 0) + match[0].length;
    const start = i;
    while (depth && i < text.length) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
      i++;
    }
    blocks.push({ name: match[1], body: text.slice(start, i - 1) });
  }
  return blocks;
}

// ===== the tests ===============================================================================================

describe('docker-compose.yml (production-like), checked against the code', () => {
  it('the scan of the code finds the settings each app is known to read', () => {
    for (const name of [
      'DATABASE_URL',
      'JWT_SECRET',
      'REDIS_URL',
      'TRUST_PROXY',
      'API_PORT',
      'S3_BUCKET',
      'SMTP_URL',
    ]) {
      expect(SETTINGS.api).toContain(name);
    }
    for (const name of [
      'JARA_API_URL',
      'SESSION_SECRET',
      'STOREFRONT_URL',
      'PUBLIC_URL',
      'TRUST_PROXY',
      'PORT',
      'HOST',
    ]) {
      expect(SETTINGS.storefront).toContain(name);
    }
    expect([...SETTINGS.admin].sort()).toEqual(expect.arrayContaining(['HOST', 'JARA_PUBLIC_API_URL', 'PORT']));
  });

  it('runs the product: databases, storage, mail, two API instances, a proxy, the storefront and the back office', () => {
    expect(apiServices.length).toBeGreaterThanOrEqual(2);
    for (const name of ['mysql', 'redis', 'minio', 'mailpit', 'proxy', 'storefront', 'admin']) {
      expect(serviceNames).toContain(name);
    }
    expect(services.mysql.image).toMatch(/^mysql:8\.4/);
    expect(services.redis.image).toMatch(/^redis:7/);
    expect(String(services.mysql.command)).toContain('utf8mb4');
  });

  it.each(APPS)('every environment variable given to $service is a setting the $app code reads', ({ service, app }) => {
    const names = Object.keys(environmentOf(services[service]));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !SETTINGS[app].has(name))).toEqual([]);
  });

  it('every ENV of an app image is a setting that app reads', () => {
    for (const { service, app } of APPS) {
      const dockerfile = readDockerfile(dockerfileOf(services[service]) as string);
      const names = dockerfile.stages
        .at(-1)
        ?.instructions.filter((i) => i.keyword === 'ENV')
        .flatMap((i) => envNames(i.args));
      expect({ [dockerfile.path]: (names ?? []).filter((name) => !SETTINGS[app].has(name)) }).toEqual({
        [dockerfile.path]: [],
      });
    }
  });

  it('the API instances share one image and one environment', () => {
    const [first, ...others] = apiServices;
    for (const other of others) {
      expect(environmentOf(services[other])).toEqual(environmentOf(services[first]));
      expect(dockerfileOf(services[other])).toBe(dockerfileOf(services[first]));
      expect(services[other].image).toBe(services[first].image);
    }
  });

  it("the API instances' environment passes the API's own validation, which reads every name given", () => {
    const given = envOf(apiServices[0]);
    const seen = new Set<string>();
    const recording = new Proxy(given, {
      get(target, key) {
        if (typeof key === 'string') seen.add(key);
        return Reflect.get(target, key);
      },
    });
    const config = loadConfig(recording);
    expect(Object.keys(given).filter((name) => !seen.has(name))).toEqual([]);

    expect(config.nodeEnv).toBe('production');
    expect(config.database.type).toBe('mysql');
    expect(config.database.type !== 'sqlite' && new URL(config.database.url).hostname).toBe('mysql');
    expect(config.migrationsRun).toBe(true);
    expect(config.redis.url && new URL(config.redis.url).hostname).toBe('redis');
    expect(config.storage.s3).toMatchObject({ forcePathStyle: true });
    expect(new URL(config.storage.s3?.endpoint ?? '').hostname).toBe('minio');
    expect(config.mail.smtpUrl && new URL(config.mail.smtpUrl).hostname).toBe('mailpit');
    expect(config.trustProxy).not.toBe(false);
    expect(config.jwt.secret).toBe(FAKE_SECRETS.JWT_SECRET);
  });

  it('the hosts the apps are pointed at are services of this file', () => {
    for (const { service } of APPS) {
      for (const [name, value] of Object.entries(envOf(service))) {
        if (!/^[a-z][a-z0-9+.-]*:\/\//.test(value)) continue;
        const host = new URL(value.split(',')[0]).hostname;
        if (host === 'localhost' || host.includes('.')) continue; // a public address, or this machine
        expect({ [`${service} ${name}`]: serviceNames.includes(host) }).toEqual({ [`${service} ${name}`]: true });
      }
    }
  });

  it('secrets are required variables, never written in the file; production mode, no demo data', () => {
    const secrets: Array<[string, string]> = [
      ...apiServices.map((s) => [s, 'JWT_SECRET'] as [string, string]),
      ['storefront', 'SESSION_SECRET'],
    ];
    for (const [service, name] of secrets) {
      expect(environmentOf(services[service])[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?[^}]*\\}$`));
    }
    for (const name of [...apiServices, 'storefront'])
      expect(environmentOf(services[name]).NODE_ENV).toBe('production');
    for (const [name, service] of Object.entries(services)) {
      expect({ [name]: /\bseed\b/.test(JSON.stringify([service.command ?? '', service.entrypoint ?? ''])) }).toEqual({
        [name]: false,
      });
    }
    expect(requiredVariables).toEqual(expect.arrayContaining(['JWT_SECRET', 'SESSION_SECRET']));
  });

  it('every service has a health check or is a one-shot job, and every dependency waits for it', () => {
    for (const [name, service] of Object.entries(services)) {
      expect({ [name]: hasHealthcheck(service) || isOneShot(compose, name) }).toEqual({ [name]: true });
      if (isOneShot(compose, name)) {
        const waiting = Object.values(services).filter(
          (other) => dependenciesOf(other)[name]?.condition === 'service_completed_successfully',
        );
        expect({ [`${name} is waited for`]: waiting.length > 0 }).toEqual({ [`${name} is waited for`]: true });
      }
      for (const [dependency, { condition }] of Object.entries(dependenciesOf(service))) {
        expect(serviceNames).toContain(dependency);
        const expected = isOneShot(compose, dependency) ? 'service_completed_successfully' : 'service_healthy';
        expect({ [`${name} -> ${dependency}`]: condition }).toEqual({ [`${name} -> ${dependency}`]: expected });
      }
    }
  });

  it('MySQL, Redis and MinIO keep their data in declared volumes', () => {
    for (const name of ['mysql', 'redis', 'minio']) {
      const named = (services[name].volumes ?? []).map((v) => v.split(':')[0]).filter((s) => !/^[./~]/.test(s));
      expect({ [name]: named.length }).toEqual({ [name]: 1 });
      expect(Object.keys(compose.volumes ?? {})).toContain(named[0]);
    }
  });

  it.each(builtServices)('the Dockerfile of %s exists: multi-stage, npm ci, non-root, with a HEALTHCHECK', (name) => {
    const path = dockerfileOf(services[name]) as string;
    expect(existsSync(join(ROOT, path))).toBe(true);
    const dockerfile = readDockerfile(path);
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    const stageNames = dockerfile.stages.map((stage) => stage.name);
    for (const stage of dockerfile.stages) {
      if (stageNames.includes(stage.from)) continue;
      const base = stage.from.replace(
        /\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g,
        (_, arg: string) => dockerfile.args[arg] ?? '',
      );
      expect(base).toMatch(/^node:20[\w.-]*-bookworm-slim$/);
    }
    const all = dockerfile.stages.flatMap((stage) => stage.instructions);
    expect(all.some((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args))).toBe(true);

    const target = typeof services[name].build === 'object' ? services[name].build.target : undefined;
    const final = target ? dockerfile.stages.find((stage) => stage.name === target) : dockerfile.stages.at(-1);
    const of = (keyword: string) => final?.instructions.filter((i) => i.keyword === keyword) ?? [];
    const user = of('USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(of('HEALTHCHECK').at(-1)?.args).toMatch(/\bCMD\b/);
    expect(of('CMD').length + of('ENTRYPOINT').length).toBeGreaterThan(0);
    // The runtime stage installs nothing: it copies what earlier stages built.
    expect(of('RUN').filter((i) => /\bnpm (ci|install)\b/.test(i.args))).toEqual([]);
  });

  it.each(builtServices)('the Dockerfile of %s copies files that exist and that .dockerignore lets through', (name) => {
    const dockerfile = readDockerfile(dockerfileOf(services[name]) as string);
    const sources = dockerfile.stages.flatMap((stage) => stage.instructions.flatMap(contextSources));
    for (const source of sources) {
      const files = filesMatching(source);
      expect({ [source]: files.length > 0 }).toEqual({ [source]: true });
      expect({ [source]: files.filter(ignoredByDocker) }).toEqual({ [source]: [] });
    }
    // npm ci needs every workspace's package.json (libs/*) before it runs.
    if (sources.includes('package-lock.json')) {
      for (const lib of readdirSync(join(ROOT, 'libs')).filter((l) =>
        existsSync(join(ROOT, 'libs', l, 'package.json')),
      )) {
        expect(sources).toContain(`libs/${lib}/package.json`);
      }
    }
  });

  it('the storefront image holds every file its server.mjs imports from the repository', () => {
    const dockerfile = readDockerfile(dockerfileOf(services.storefront) as string);
    const copied = dockerfile.stages.at(-1)?.instructions.flatMap(contextSources).flatMap(filesMatching) ?? [];
    const imports = [...read('apps/storefront/server.mjs').matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)];
    expect(imports.length).toBeGreaterThan(0);
    for (const [, path] of imports) {
      const file = posix.join('apps/storefront', path);
      const covered = copied.some((c) => file === c || file.startsWith(`${c}/`));
      expect({ [file]: covered }).toEqual({ [file]: true });
    }
  });

  it("the storefront's packages are production dependencies (the runtime image installs only those)", () => {
    const { dependencies } = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const files = ['apps/storefront/server.mjs', ...sourceFiles('apps/storefront/app', ['.ts', '.tsx', '.js', '.mjs'])];
    const packages = new Set<string>();
    for (const file of files) {
      for (const [, specifier] of read(file).matchAll(
        /\b(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+['"]([^'"]+)['"]/g,
      )) {
        if (/^(\.|~\/|node:|@jara\/)/.test(specifier)) continue;
        packages.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      }
    }
    expect(packages.size).toBeGreaterThan(0);
    expect([...packages].filter((name) => !dependencies[name])).toEqual([]);
  });

  it('the API image compiles every folder the server build includes', () => {
    const { include } = JSON.parse(read('tsconfig.server.json')) as { include: string[] };
    const dockerfile = readDockerfile(dockerfileOf(services[apiServices[0]]) as string);
    const copied = dockerfile.stages.flatMap((stage) => stage.instructions.flatMap(contextSources));
    for (const glob of include) {
      const folder = glob.split('/*')[0];
      expect({ [glob]: copied.some((c) => folder === c || folder.startsWith(`${c}/`)) }).toEqual({ [glob]: true });
    }
  });

  it('the reverse proxy balances /api/ over every API instance and sets X-Forwarded-For; the apps trust it', () => {
    expect(proxyConfig).not.toBe('');
    const apiPort = environmentOf(services[apiServices[0]]).API_PORT ?? '3333';
    const upstreams = nginxBlocks(proxyConfig, 'upstream');
    const apiUpstream = upstreams.find((u) =>
      apiServices.every((s) => new RegExp(`\\bserver\\s+${s}:${apiPort}\\b`).test(u.body)),
    );
    expect(apiUpstream).toBeDefined();
    // No other upstream names an API instance (every /api/ route goes through the balanced one).
    for (const u of upstreams.filter((u) => u !== apiUpstream)) {
      expect(apiServices.filter((s) => u.body.includes(`${s}:`))).toEqual([]);
    }

    const servers = nginxBlocks(proxyConfig, 'server');
    const apiServers = servers.filter((s) => /location\s+\/api\/\s*\{/.test(s.body));
    expect(apiServers.length).toBeGreaterThan(0);
    for (const server of apiServers) {
      const location = nginxBlocks(server.body, 'location').find((l) => l.name === '/api/');
      expect(location?.body).toMatch(new RegExp(`proxy_pass\\s+http://${apiUpstream?.name}\\s*;`));
      expect(server.body).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$(remote_addr|proxy_add_x_forwarded_for)\s*;/);
    }

    // The storefront calls the API through the proxy, on a port that serves /api/.
    const apiUrl = new URL(envOf('storefront').JARA_API_URL);
    expect(apiUrl.hostname).toBe('proxy');
    const port = apiUrl.port || '80';
    expect(apiServers.some((s) => new RegExp(`\\blisten\\s+${port}\\b`).test(s.body))).toBe(true);

    for (const name of [...apiServices, 'storefront']) {
      expect(environmentOf(services[name]).TRUST_PROXY ?? 'false').not.toMatch(/^(|0|false|no|off|none)$/i);
    }
    // The proxy starts once the API instances are ready.
    for (const name of apiServices) expect(dependenciesOf(services.proxy)[name]?.condition).toBe('service_healthy');
  });

  it('every variable of the file is in deploy/compose.env.example, and the README names the required ones', () => {
    const template = new Set(
      [...read('deploy/compose.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]),
    );
    expect([...variablesIn(composeText).keys()].filter((name) => !template.has(name))).toEqual([]);
    const readme = read('README.md');
    expect(requiredVariables.filter((name) => !readme.includes(name))).toEqual([]);
  });

  it('docker-compose.dev.yml (optional services for local development) has health checks too', () => {
    const dev = readCompose('docker-compose.dev.yml');
    for (const [name, service] of Object.entries(dev.services)) {
      expect({ [name]: hasHealthcheck(service) || isOneShot(dev, name) }).toEqual({ [name]: true });
    }
  });
});
