import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import jara from './tools/eslint/table-ownership.mjs';

/** Nx module boundaries: apps import libs, never each other; `allow` lists the only exceptions (import paths). */
const moduleBoundaries = (allow) => ({
  enforceBuildableLibDependency: true,
  allow,
  depConstraints: [
    { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
    { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
    { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
    { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
    // Issue 23: the three apps share only the shared libs; the CLI reaches the API through #api-maintenance.
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:storefront', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:admin', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:cli', onlyDependOnLibsWithTags: ['scope:shared', 'scope:api'] },
  ],
});

const FRAMEWORKS = ['@nestjs/*', 'react', 'react-dom', 'typeorm', '@remix-run/*', '@refinedev/*'];

/** Issue 23: input rules and transforms are written once, in libs/dto; apps import its classes, never the libraries. */
const DTO_ONLY = [
  { name: 'class-validator', message: 'Write input rules in libs/dto (@jara/dto) and validate with its classes.' },
  { name: 'class-transformer', message: 'Write input transforms in libs/dto (@jara/dto).' },
];

/** Every HTTP exception class @nestjs/common exports (read from the package, so a new one is covered too). */
const NEST_EXCEPTIONS = Object.keys(await import('@nestjs/common')).filter((name) => name.endsWith('Exception'));

/**
 * Files under apps/api/src/modules that are HTTP layer and may throw Nest's exceptions (decision 027), besides the
 * controllers: a passport strategy answers inside the guard chain, before any service runs.
 */
const HTTP_LAYER_FILES = [
  'apps/api/src/modules/auth/jwt.strategy.ts', // passport's validate(): its 401 is the guard's answer
];

/**
 * jara/table-ownership (tools/eslint/table-ownership.mjs, decision 027): a module writes only its own tables. Genuine
 * exceptions only, each with its reason; a read model needs no entry (reads are allowed).
 */
const TABLE_OWNERSHIP_ALLOW = [
  {
    file: 'apps/api/src/modules/auth/auth.service.ts',
    entity: 'User',
    reason:
      'auth owns the credential columns of users (password, otp_*, google_id, email_verified_at, the e-mail change): ' +
      'sign-up, verification, Google linking and e-mail change are conditional UPDATEs on them (decision 027; issue 23 may merge them into UsersService)',
  },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/build',
      'data',
      'coverage',
      'apps/e2e/artifacts',
      'apps/e2e/test-results',
      'apps/storefront/.cache',
      '**/*.d.ts',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries([])],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The CLI reaches the API through its one maintenance entry point (apps/api/src/maintenance.ts, imported as
    // #api-maintenance); any other import of the API from the CLI (a relative path into apps/api) is refused.
    files: ['tools/cli/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries(['#api-maintenance'])] },
  },
  {
    files: ['apps/storefront/**/*.tsx', 'apps/admin/**/*.tsx', 'apps/storefront/**/*.ts', 'apps/admin/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Issue 23: an input's rules are written once, in libs/dto; no other code declares class-validator rules.
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'tools/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: DTO_ONLY }],
    },
  },
  {
    // Issue 21: services speak in domain errors; only controllers (and the HTTP_LAYER_FILES) import Nest's exceptions.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.controller.ts', ...HTTP_LAYER_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: NEST_EXCEPTIONS,
              message: 'Throw a domain error from apps/api/src/common/errors.ts; the exception filter maps it to HTTP.',
            },
            ...DTO_ONLY,
            {
              name: '@nestjs/event-emitter',
              importNames: ['OnEvent', 'EventEmitter2'],
              message:
                "Write events to the outbox (OutboxService.enqueue in the change's transaction) and listen with OnDomainEvent (common/events.ts), which lets a failure reach the outbox for a retry.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 21: one owner per table (a module writes only the entities of its own folder).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    plugins: { jara },
    rules: { 'jara/table-ownership': ['error', { allow: TABLE_OWNERSHIP_ALLOW }] },
  },
  {
    // The shared libs are framework-free: they run in the API, the storefront (server and browser) and the back office.
    files: ['libs/dto/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: FRAMEWORKS }] },
  },
  {
    files: ['libs/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: DTO_ONLY, patterns: FRAMEWORKS }] },
  },
];
