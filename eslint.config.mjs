import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';

/** Nx module boundaries: apps import libs, never each other; `allow` lists the only exceptions (import paths). */
const moduleBoundaries = (allow) => ({
  enforceBuildableLibDependency: true,
  allow,
  depConstraints: [
    { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
    { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
    { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
    { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
  ],
});

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
    files: ['libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@nestjs/*', 'react', 'react-dom', 'typeorm', '@remix-run/*', '@refinedev/*'] }],
    },
  },
];
